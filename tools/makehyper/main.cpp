// SPDX-License-Identifier: GPL-3.0-or-later
// makehyper: solves 1-, 2- or 3-chequer hypergammon by value iteration and writes the database in
// GNU Backgammon's format, with gnubg 1.07's makehyper options. The solver lives in bearoff/
// (hypergammon_solver.h); this file parses options, reports progress and exits.
#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "bearoff/database_file.h"
#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_solver.h"

namespace po = boost::program_options;
namespace bo = tavla::bearoff;

namespace {

// Exit codes: 1 bad usage (as gnubg), 2 unusable restart file (as gnubg), 3 writing failed.
constexpr int kExitUsage = 1;
constexpr int kExitRestart = 2;
constexpr int kExitIo = 3;
constexpr int kExitStopped = 4;  // --iterations reached before convergence

int fail(int code, const std::string& message) {
  std::cerr << "makehyper: " << message << '\n';
  return code;
}

// A threshold as gnubg accepts it (0 to 1), but the whole argument must be a number.
std::optional<double> parse_threshold(const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE) return std::nullopt;
  return v;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options(
      "Options (as gnubg's makehyper, plus --threads, --gnubg-order, --fast and --iterations)");
  // clang-format off
  options.add_options()
    ("help,h", "Show help options")
    ("chequers,c", po::value<int>()->value_name("C")->default_value(3),
     "The number of chequers (0<C<4). Default is 3")
    ("restart,r", po::value<std::string>()->value_name("filename"),
     "Restart calculation of database from \"filename\" (a checkpoint or database in gnubg's "
     "format, also gnubg's own)")
    ("threshold,t", po::value<std::string>()->value_name("T"),
     "The convergence threshold (T): stop when no value changes by more than T in an "
     "iteration. Default is 1e-5")
    ("no-checkpoint,n", "Do not write a checkpoint file after each iteration")
    ("version,v", "Print version info and exit")
    ("outfile,f", po::value<std::string>()->value_name("filename"),
     "Output filename. Default is hyper<C>.bd; the checkpoint is <filename>.tmp")
    ("threads", po::value<int>()->value_name("N"), "Threads to use with --fast (default: all cores for -c 3, one otherwise)")
    ("gnubg-order",
     "Iterate exactly as gnubg's makehyper (one thread, its number of iterations): the file is "
     "gnubg's byte for byte. The default for -c 1 and -c 2 (seconds)")
    ("fast",
     "tavla's faster scheme (by total pips, parallel, fewer iterations; a restart continues bit "
     "for bit): the equities agree with gnubg's within the threshold, the probabilities too "
     "except where plays tie exactly (either play's are right). The default for -c 3")
    ("iterations", po::value<int>()->value_name("N"),
     "Stop after N iterations even if not converged, keeping the checkpoint (continue with "
     "-r <filename>.tmp); exit status 4");
  // clang-format on

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return fail(kExitUsage, std::string(e.what()) + " (try --help)");
  }
  if (vm.count("help")) {
    std::cout << "Usage:\n  makehyper [OPTION...]\n\n"
              << "Solves C-chequer hypergammon by value iteration and writes the database\n"
              << "(probabilities and cubeful money equities of every position) in GNU\n"
              << "Backgammon's format. Progress goes to stderr. Exit status: 0 done, 1 bad\n"
              << "usage, 2 unusable restart file, 3 writing failed, 4 stopped by --iterations.\n\n"
              << options << '\n';
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "makehyper (tavla), writes GNU Backgammon 1.07's hypergammon database format\n";
    return 0;
  }
  const int chequers = vm["chequers"].as<int>();
  if (chequers < 1 || chequers > 3)
    return fail(kExitUsage,
                "the number of chequers (-c) must be 1, 2 or 3, not " + std::to_string(chequers));
  double threshold = 1e-5;
  if (vm.count("threshold")) {
    const auto t = parse_threshold(vm["threshold"].as<std::string>());
    if (!t) return fail(kExitUsage, "-t expects a number, e.g. -t 1e-5");
    if (*t > 1.0 || *t < 0.0) return fail(kExitUsage, "Valid thresholds are 0.0 - 1.0");
    threshold = *t;
  }
  int threads = 0;
  if (vm.count("threads")) {
    threads = vm["threads"].as<int>();
    if (threads < 1) return fail(kExitUsage, "--threads must be at least 1");
  }
  const bool checkpoint = !vm.count("no-checkpoint");
  std::optional<int> max_iterations;
  if (vm.count("iterations")) {
    max_iterations = vm["iterations"].as<int>();
    if (*max_iterations < 1) return fail(kExitUsage, "--iterations must be at least 1");
    if (!checkpoint)
      return fail(kExitUsage, "--iterations without a checkpoint (-n) would lose the work");
  }
  const std::filesystem::path out = vm.count("outfile")
                                        ? vm["outfile"].as<std::string>()
                                        : "hyper" + std::to_string(chequers) + ".bd";
  const std::filesystem::path tmp = bo::checkpoint_path(out);
  {  // Refuse early, not after hours of work, when the output cannot be created.
    auto probe = bo::AtomicFile::create(out);
    if (!probe) return fail(kExitIo, probe.error());
  }

  const auto t0 = std::chrono::steady_clock::now();
  if (vm.count("gnubg-order") && vm.count("fast"))
    return fail(kExitUsage, "--gnubg-order and --fast exclude each other");
  // gnubg's own files where that takes seconds; the fast scheme where gnubg's takes hours.
  const bool gnubg_order = vm.count("gnubg-order") > 0 || (chequers <= 2 && !vm.count("fast"));
  if (gnubg_order && vm.count("threads"))
    return fail(kExitUsage, "--threads needs --fast (gnubg's order is sequential)");
  auto created = bo::HypergammonSolver::create(
      chequers, threads, gnubg_order ? bo::HyperMethod::kGnubg : bo::HyperMethod::kLevels);
  if (!created) return fail(kExitUsage, created.error());
  bo::HypergammonSolver& solver = created.value();
  const uint64_t n = solver.positions_per_side();
  const auto census = solver.census();
  std::fprintf(stderr,
               "%d-chequer hypergammon: %llu positions per side, %llu pairs (game over %llu, "
               "non-contact %llu, contact %llu, impossible %llu)\n",
               chequers, (unsigned long long)n, (unsigned long long)(n * n),
               (unsigned long long)census.game_over, (unsigned long long)census.non_contact,
               (unsigned long long)census.contact, (unsigned long long)census.illegal);
  std::fprintf(stderr, "Output %s (%llu bytes)%s, threshold %g, %.0f MB of tables\n",
               out.string().c_str(), (unsigned long long)bo::hyper_file_size(chequers),
               checkpoint ? (", checkpoint " + tmp.string()).c_str() : "", threshold,
               solver.memory_bytes() / 1e6);
  if (vm.count("restart")) {
    const std::string from = vm["restart"].as<std::string>();
    if (auto e = solver.load(from)) return fail(kExitRestart, e->message);
    std::fprintf(stderr, "Restarting from %s\n", from.c_str());
  } else {
    std::fprintf(stderr, "Start guess: every undecided position a gammon win (as gnubg)\n");
  }
  std::fprintf(stderr, "Set-up: %.2f s\n", seconds_since(t0));

  bo::HyperRun run;
  run.threshold = threshold;
  run.output = out;
  run.checkpoint = checkpoint;
  run.max_iterations = max_iterations.value_or(0);
  auto outcome = bo::run_value_iteration(solver, run, [](const bo::HyperIteration& it) {
    const auto& c = it.sweep.change;
    std::fprintf(stderr,
                 "Iteration %3d: norm %.6g (probabilities %.2g %.2g %.2g %.2g %.2g, cubeless %.2g, "
                 "cubeful %.2g %.2g %.2g %.2g) %.2f s\n",
                 it.iteration, it.sweep.norm(), c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
                 c[8], c[9], it.seconds);
  });
  if (!outcome) return fail(kExitIo, outcome.error());
  if (*outcome == bo::HyperOutcome::kStopped) {
    std::fprintf(stderr, "Stopped after %d iterations, not converged; continue with -r %s\n",
                 run.max_iterations, tmp.string().c_str());
    return kExitStopped;
  }
  std::fprintf(stderr, "Wrote %s; total time %.2f s\n", out.string().c_str(), seconds_since(t0));
  return 0;
}
