// SPDX-License-Identifier: GPL-3.0-or-later
// makebearoff: generates gnubg bearoff databases, byte-identical to GNU Backgammon 1.07's
// makebearoff for the same options. All generation lives in bearoff/; this file parses options,
// reports progress and exits.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "bearoff/bearoff_index.h"
#include "bearoff/one_sided_database.h"
#include "bearoff/one_sided_generator.h"
#include "bearoff/two_sided_database.h"
#include "bearoff/two_sided_generator.h"

namespace po = boost::program_options;
namespace bo = tavla::bearoff;

namespace {

// Exit codes as gnubg's makebearoff: 1 for bad usage, 2 for impossible requests, 3 for I/O.
constexpr int kExitUsage = 1;
constexpr int kExitRequest = 2;
constexpr int kExitIo = 3;

int fail(int code, const std::string& message) {
  std::cerr << "makebearoff: " << message << '\n';
  return code;
}

// A progress bar on stderr, only when stderr is a terminal.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled), start_(Clock::now()) {}

  void operator()(uint64_t done, uint64_t total) {
    if (!enabled_ || total == 0) return;
    const auto now = Clock::now();
    if (done < total && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    constexpr int kWidth = 40;
    const double f = static_cast<double>(done) / static_cast<double>(total);
    const int filled = static_cast<int>(f * kWidth);
    std::string bar(filled, '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r[%s] %5.1f%%  %llu/%llu  %.1f s ", bar.c_str(), 100.0 * f,
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 seconds());
    if (done >= total) std::fputc('\n', stderr);
    std::fflush(stderr);
  }

  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point start_, last_{};
};

void print_line(const char* label, const std::string& value) {
  std::fprintf(stderr, "%-37s: %12s\n", label, value.c_str());
}

// "PxC" with both numbers positive; nullopt when malformed.
std::optional<std::pair<int, int>> parse_two_sided(const std::string& text) {
  const auto x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 == text.size()) return std::nullopt;
  int points = 0, chequers = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (i == x) continue;
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    int& v = i < x ? points : chequers;
    v = v * 10 + (text[i] - '0');
    if (v > 1000) return std::nullopt;
  }
  return std::make_pair(points, chequers);
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options("Options (as gnubg's makebearoff)");
  // clang-format off
  options.add_options()
    ("help,h", "Show help options")
    ("two-sided,t", po::value<std::string>()->value_name("PxC"),
     "Number of points (P) and number of chequers (C) for two-sided database")
    ("one-sided,o", po::value<int>()->value_name("P"),
     "Number of points (P) for one-sided database")
    ("xhash-size,s", po::value<long long>()->value_name("N"),
     "Use cache of size N bytes (accepted for compatibility; tavla keeps the database in memory)")
    ("old-bearoff,O", po::value<std::string>()->value_name("filename"),
     "Reuse already generated bearoff database \"filename\"")
    ("no-header,H", "Do not write header")
    ("no-cubeful,C", "Do not calculate cubeful equities for two-sided databases")
    ("no-compress,c", "Do not use compression scheme for one-sided databases")
    ("no-gammon,g", "Do not include gammon distribution for one-sided databases")
    ("normal-dist,n", "Approximate one-sided bearoff database with normal distributions")
    ("version,v", "Prints version and exits")
    ("outfile,f", po::value<std::string>()->value_name("filename"), "Required output filename")
    ("threads", po::value<int>()->value_name("N"),
     "Threads to use (default: all cores)");
  // clang-format on

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return fail(kExitUsage, std::string(e.what()) + " (try --help)");
  }
  if (vm.count("help")) {
    std::cout << "Usage:\n  makebearoff [OPTION...] -f FILE\n\n"
              << "Generates a one-sided (-o P) or two-sided (-t PxC) bearoff database in\n"
              << "GNU Backgammon's format.\n\n"
              << options << '\n';
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "makebearoff (tavla), output identical to GNU Backgammon 1.07's makebearoff\n";
    return 0;
  }
  if (!vm.count("outfile")) return fail(kExitUsage, "Required argument -f missing");
  const std::filesystem::path out = vm["outfile"].as<std::string>();
  const bool one_sided = vm.count("one-sided") > 0;
  const bool two_sided = vm.count("two-sided") > 0;
  if (one_sided == two_sided)
    return fail(kExitUsage, "give exactly one of -o P (one-sided) and -t PxC (two-sided)");
  if (vm.count("xhash-size") && vm["xhash-size"].as<long long>() <= 0)
    return fail(kExitUsage, "the cache size (-s) must be positive");
  int threads = 0;
  if (vm.count("threads")) {
    threads = vm["threads"].as<int>();
    if (threads < 1) return fail(kExitUsage, "--threads must be at least 1");
  }
  const std::string old_name = vm.count("old-bearoff") ? vm["old-bearoff"].as<std::string>() : "";
  ProgressBar progress(::isatty(STDERR_FILENO));
  auto report = [&](uint64_t done, uint64_t total) { progress(done, total); };

  if (one_sided) {
    bo::OneSidedSettings s;
    s.points = vm["one-sided"].as<int>();
    s.header = !vm.count("no-header");
    s.compressed = !vm.count("no-compress");
    s.gammon = !vm.count("no-gammon");
    s.normal = vm.count("normal-dist") > 0;
    s.threads = threads;
    if (s.points < 1 || s.points > bo::kMaxOneSidedPoints)
      return fail(kExitRequest, "Size of one-sided bearoff database should be 1 to " +
                                    std::to_string(bo::kMaxOneSidedPoints) + " points");
    std::optional<bo::OneSidedDatabase> old;
    if (!old_name.empty()) {
      auto db = bo::OneSidedDatabase::open(old_name);
      if (!db) return fail(kExitRequest, db.error());
      old = std::move(db).value();
      s.old = &*old;
    }
    if (auto e = bo::check_one_sided_settings(s)) return fail(kExitRequest, e->message);

    const uint64_t n = bo::position_count(s.points, 15);
    std::fprintf(stderr, "%-37s\n", "One-sided database");
    print_line("Number of points", std::to_string(s.points));
    print_line("Number of chequers", "15");
    print_line("Number of positions", std::to_string(n));
    print_line("Approximate by normal distribution", s.normal ? "yes" : "no");
    print_line("Include gammon distributions", s.gammon || s.normal ? "yes" : "no");
    print_line("Use compression scheme", s.compressed && !s.normal ? "yes" : "no");
    print_line("Write header", s.header ? "yes" : "no");
    print_line("Reuse old bearoff database", old ? "yes " + old_name : "no");

    auto table = bo::generate_one_sided(s, report);
    if (!table) return fail(kExitRequest, table.error());
    if (auto e = bo::write_one_sided_database(*table, s, out)) return fail(kExitIo, e->message);
  } else {
    const auto pc = parse_two_sided(vm["two-sided"].as<std::string>());
    if (!pc) return fail(kExitUsage, "-t expects PxC, e.g. -t 6x6");
    bo::TwoSidedSettings s;
    s.points = pc->first;
    s.chequers = pc->second;
    s.cubeful = !vm.count("no-cubeful");
    s.header = !vm.count("no-header");
    s.threads = threads;
    std::optional<bo::TwoSidedDatabase> old;
    if (!old_name.empty()) {
      auto db = bo::TwoSidedDatabase::open(old_name);
      if (!db) return fail(kExitRequest, db.error());
      old = std::move(db).value();
      s.old = &*old;
    }
    if (auto e = bo::check_two_sided_settings(s)) return fail(kExitRequest, e->message);

    const uint64_t n = bo::position_count(s.points, s.chequers);
    std::fprintf(stderr, "%-37s\n", "Two-sided database");
    print_line("Number of points", std::to_string(s.points));
    print_line("Number of chequers", std::to_string(s.chequers));
    print_line("Calculate equities", s.cubeful ? "cubeless and cubeful" : "cubeless only");
    print_line("Write header", s.header ? "yes" : "no");
    print_line("Number of one-sided positions", std::to_string(n));
    print_line("Total number of positions", std::to_string(n * n));
    print_line("Size of resulting file",
               std::to_string(n * n * (s.cubeful ? 8 : 2) + (s.header ? 40 : 0)) + " bytes");
    print_line("Reuse old bearoff database", old ? "yes " + old_name : "no");

    auto table = bo::generate_two_sided(s, report);
    if (!table) return fail(kExitRequest, table.error());
    if (auto e = bo::write_two_sided_database(*table, s, out)) return fail(kExitIo, e->message);
  }
  std::fprintf(stderr, "Wrote %s in %.2f s\n", out.string().c_str(), progress.seconds());
  return 0;
}
