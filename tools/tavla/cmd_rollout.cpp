// SPDX-License-Identifier: GPL-3.0-or-later
// tavla rollout POSITION: rollouts of a position, of the candidate moves of a roll, or of a cube
// decision, with a live progress line on a terminal. Under mpirun/srun the trials are shared by the
// ranks (mpi/distributed_rollout.h) and rank 0 prints; --save FILE checkpoints finished trials.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>

#include "analysis/batch_checkpoint.h"
#include "analysis/position_rollout.h"
#include "analysis/rollout_checkpoint.h"
#include "engine/gnubg_id.h"
#include "engine/move_text.h"
#include "eval/cube_decision.h"
#include "eval/search.h"
#include "eval/weights.h"
#include "mpi/distributed_lines.h"
#include "mpi/distributed_rollout.h"
#include "mpi/world.h"
#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "rollout/rollout.h"
#include "tavla/commands.h"
#include "text/analysis_json.h"
#include "text/board_drawing.h"
#include "text/rollout_json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

void print_stats_text(const std::vector<analysis::RolloutCandidate>& cands,
                      const std::vector<rollout::AlternativeStats>& stats, bool cubeful) {
  std::printf("\n%-28s %6s %6s %6s %6s %6s %8s %8s %7s\n", "", "Win", "W(g)", "W(bg)", "L(g)",
              "L(bg)", "Equity", "Cubeful", "Trials");
  for (size_t i = 0; i < cands.size(); ++i) {
    const auto& s = stats[i];
    std::printf("%-28s %6.4f %6.4f %6.4f %6.4f %6.4f %+8.4f %+8.4f %7d\n", cands[i].label.c_str(),
                s.mean[0], s.mean[1], s.mean[2], s.mean[3], s.mean[4], s.mean[5],
                cubeful ? s.mean[6] : 0.0f, s.trials);
    std::printf("%-28s %6.4f %6.4f %6.4f %6.4f %6.4f %8.4f %8.4f\n", "  std. error", s.std_error[0],
                s.std_error[1], s.std_error[2], s.std_error[3], s.std_error[4], s.std_error[5],
                cubeful ? s.std_error[6] : 0.0f);
  }
}

// Rank 0 of `rollout --batch --save FILE`: reads FILE when present (it must be of the same
// settings, weights and input lines; its seed is taken unless --seed says another) and opens it
// for appending. Returns the error, or "".
std::string batch_checkpoint(const std::filesystem::path& file,
                             const std::optional<std::filesystem::path>& weights_file,
                             bool bearoff, const std::vector<std::string>& input,
                             bool seed_given, analysis::RolloutRequest& req,
                             std::optional<analysis::BatchCheckpoint>& resume,
                             analysis::BatchCheckpointWriter& save) {
  // The nets by a hash of their binary form (FNV-1a, 64 bits), and whether races end exactly.
  auto w = eval::find_weights(weights_file);
  if (!w) return w.error();
  uint64_t hash = 14695981039346656037ull;
  for (std::byte b : eval::format_weights_binary(*w))
    hash = (hash ^ static_cast<uint64_t>(b)) * 1099511628211ull;
  char name[40];
  std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(hash));
  const std::string signature =
      analysis::batch_signature(req, std::string(name) + (bearoff ? "+bearoff" : "+no-bearoff"));
  if (std::filesystem::exists(file)) {
    auto cp = analysis::read_batch_checkpoint(file);
    if (!cp) return cp.error();
    if (cp->signature != signature)
      return file.string() + ": the checkpoint is of other settings or nets (" + cp->signature +
             "), not of these (" + signature + ")";
    if (seed_given && cp->seed != req.seed)
      return file.string() + ": the checkpoint has seed " + std::to_string(cp->seed) + ", not " +
             std::to_string(req.seed);
    for (const auto& [index, answer] : cp->answers)
      if (static_cast<size_t>(index) >= input.size() || input[index] != answer.first)
        return file.string() + ": the checkpoint answers '" + answer.first + "' as position " +
               std::to_string(index + 1) + " of the input, which is " +
               (static_cast<size_t>(index) < input.size() ? "'" + input[index] + "'"
                                                          : "missing") +
               ": another batch";
    req.seed = cp->seed;
    resume = std::move(*cp);
  }
  if (auto e = save.open(file, signature, req.seed, resume ? &*resume : nullptr)) return *e;
  return "";
}

}  // namespace

int cmd_rollout(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla rollout POSITION [options]\n\n"
      "Rolls out a position (no dice), the best candidate moves of a roll (dice set), or with\n"
      "--cube the cube decision (no double and double/take on the same dice). Results are for the\n"
      "player on roll (for moves: the mover): Win W(g) W(bg) L(g) L(bg), cubeless and cubeful\n"
      "equity, with standard errors.\n\n"
      "Started by mpirun or srun (mpirun -np N tavla rollout ...), the trials are shared by the\n"
      "ranks and their threads; the results are those of one process, bit for bit, and rank 0\n"
      "prints them. --save FILE appends every finished trial to FILE; the same command again\n"
      "(with any number of ranks or threads, more trials, another --std-error) resumes from it.\n"
      "With --batch each line of standard input is rolled out with the options given, and\n"
      "answered with one JSON line (a bad line: {\"id\": ..., \"error\": ...}); under mpirun the\n"
      "lines are shared by the ranks, answered in input order; --save FILE keeps every answer\n"
      "as it finishes, and the same command on the same input (any number of ranks) resumes,\n"
      "rolling out only the positions not yet answered.\n"
      "\noptions");
  opts.add_options()("help,h", "show this help")("position", po::value<std::string>(),
                                                  "gnubg ID, position ID or XGID")(
      "trials", po::value<int>()->default_value(1296), "number of trials")(
      "seed", po::value<uint32_t>(), "dice seed (default: random, printed)")(
      "threads", po::value<int>()->default_value(1), "threads (results do not depend on it)")(
      "truncate", po::value<int>(), "truncate after N half-moves")(
      "cubeless", "cubeless rollout (default cubeful)")(
      "no-variance-reduction", "no luck adjustment")("random-dice", "plain random dice")(
      "initial", "roll out as an opening position (no doubles on the first roll)")(
      "plies", po::value<int>(), "chequer-play plies (default 0)")(
      "cube-plies", po::value<int>(), "cube-decision plies (default 2)")(
      "cube", "roll out the cube decision (no double vs double/take)")(
      "moves", po::value<int>()->default_value(5), "with dice: how many candidate moves")(
      "std-error", po::value<float>(), "stop when every equity's standard error is below this")(
      "json", "print JSON")(
      "progress", "progress lines on stderr even when it is not a terminal (e.g. under mpirun)")(
      "save", po::value<std::string>(),
      "checkpoint finished trials in this file, resume from it if present")(
      "batch", "roll out the positions of standard input's lines, one JSON line each")(
      "weights", po::value<std::string>(), "weights file");
  po::positional_options_description pos;
  pos.add("position", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla rollout: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  const bool batch = vm.count("batch") > 0;
  if (batch && vm.count("position")) {
    std::cerr << "tavla rollout: --batch reads the positions from standard input and takes no "
                 "POSITION\n";
    return 2;
  }
  if (!batch && !vm.count("position")) {
    std::cerr << "tavla rollout: no position given (try tavla rollout --help)\n";
    return 2;
  }
  std::optional<std::filesystem::path> weights;
  if (vm.count("weights")) weights = vm["weights"].as<std::string>();
  auto nets = eval::NetSet::find(weights);
  if (!nets) {
    std::cerr << "tavla rollout: " << nets.error() << "\n";
    return 1;
  }

  analysis::RolloutRequest req;
  req.trials = vm["trials"].as<int>();
  req.threads = vm["threads"].as<int>();
  if (req.trials < 1 || req.threads < 1 || req.threads > 64) {
    std::cerr << "tavla rollout: --trials must be >= 1 and --threads 1..64\n";
    return 2;
  }
  req.cubeful = !vm.count("cubeless");
  req.variance_reduction = !vm.count("no-variance-reduction");
  req.random_dice = vm.count("random-dice") > 0;
  req.initial = vm.count("initial") > 0;
  if (vm.count("truncate")) req.truncate = vm["truncate"].as<int>();
  if (vm.count("plies")) req.plies = vm["plies"].as<int>();
  if (vm.count("cube-plies")) req.cube_plies = vm["cube-plies"].as<int>();
  if (vm.count("std-error")) req.std_error = vm["std-error"].as<float>();
  req.cube = vm.count("cube") > 0;
  req.moves = vm["moves"].as<int>();

  auto dbs = bearoff::open_default_databases(false);
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);

  eval::Search search(*nets, provider ? &*provider : nullptr);
  if (batch) {
    const mpi::World world;
    // With --save, rank 0 reads the whole input first: a checkpoint is only resumed for the same
    // lines.
    std::vector<std::string> input;
    std::optional<analysis::BatchCheckpoint> resume;
    analysis::BatchCheckpointWriter save;
    uint32_t ok = 1;
    if (world.rank() == 0) {
      req.seed = vm.count("seed") ? vm["seed"].as<uint32_t>() : std::random_device{}();
      if (vm.count("save")) {
        while (auto line = read_batch_line()) input.push_back(std::move(*line));
        std::string error = batch_checkpoint(vm["save"].as<std::string>(), weights,
                                             provider.has_value(), input, vm.count("seed") > 0, req, resume,
                                             save);
        if (!error.empty()) {
          std::cerr << "tavla rollout: " << error << "\n";
          ok = 0;
        }
      }
    }
    if (!mpi::broadcast(world, ok)) return world.rank() == 0 ? 1 : 0;  // rank 0 said why
    req.seed = mpi::broadcast(world, req.seed);
    const rollout::RolloutSettings st = analysis::rollout_settings(req);
    const auto answer = [&](const std::string& line) {
      auto game = engine::game_from_text(line);
      if (!game) return text::error_json(line, game.error());
      auto ci = eval::cube_info(game->match);
      if (!ci) return text::error_json(line, ci.error());
      auto cands = analysis::rollout_candidates(*game, *ci, req, search);
      if (!cands) return text::error_json(line, cands.error());
      std::vector<rollout::Alternative> alts;
      for (const auto& c : *cands) alts.push_back(c.alt);
      rollout::Rollout ro(*nets, provider ? &*provider : nullptr, st, alts);
      ro.run(st.trials);
      return text::rollout_json(line, *cands, ro.stats(), st);
    };
    size_t next = 0;
    const auto next_line = [&]() -> std::optional<std::string> {
      if (!save.is_open()) return read_batch_line();
      if (next == input.size()) return std::nullopt;
      return input[next++];
    };
    mpi::LineHooks hooks;
    if (save.is_open()) {
      mpi::set_stop_note("tavla rollout: the finished positions are kept in " +
                         vm["save"].as<std::string>() + ": the same command resumes from it");
      hooks.known = [&](int index, const std::string&) -> std::optional<std::string> {
        if (!resume) return std::nullopt;
        auto it = resume->answers.find(index);
        if (it == resume->answers.end()) return std::nullopt;
        return it->second.second;
      };
      hooks.finished = [&](int index, const std::string& line, const std::string& a) {
        save.append(index, line, a);
      };
    }
    mpi::answer_lines(
        world, next_line, answer, [](const std::string& json) { std::cout << json << std::endl; },
        hooks);
    if (save.failed()) {
      std::cerr << "tavla rollout: " << vm["save"].as<std::string>()
                << ": writing the checkpoint failed\n";
      return 1;
    }
    return 0;
  }

  const std::string id = vm["position"].as<std::string>();
  auto game = engine::game_from_text(id);
  if (!game) {
    std::cerr << "tavla rollout: " << game.error() << "\n";
    return 1;
  }
  auto ci = eval::cube_info(game->match);
  if (!ci) {
    std::cerr << "tavla rollout: " << ci.error() << "\n";
    return 1;
  }
  // What to roll out.
  auto candidates = analysis::rollout_candidates(*game, *ci, req, search);
  if (!candidates) {
    std::cerr << "tavla rollout: " << candidates.error() << "\n";
    return 1;
  }
  const std::vector<analysis::RolloutCandidate>& cands = *candidates;

  // Every rank got here with the same candidates (same command, deterministic search). Rank 0
  // chooses the seed (--seed, the checkpoint's, or a random one), reads and opens the checkpoint,
  // and tells the others the seed, or that it failed.
  const mpi::World world;
  const bool root = world.rank() == 0;
  std::optional<analysis::RolloutCheckpoint> resume;
  analysis::CheckpointWriter save;
  uint32_t ok = 1;
  if (root) {
    req.seed = vm.count("seed") ? vm["seed"].as<uint32_t>() : std::random_device{}();
    if (vm.count("save")) {
      const std::filesystem::path file = vm["save"].as<std::string>();
      const std::string signature = analysis::checkpoint_signature(id, req, cands);
      std::string error;
      if (std::filesystem::exists(file)) {
        auto cp = analysis::read_rollout_checkpoint(file, static_cast<int>(cands.size()));
        if (!cp) {
          error = cp.error();
        } else if (cp->signature != signature) {
          error = file.string() + ": the checkpoint is of another rollout (" + cp->signature +
                  "), not of this one (" + signature + ")";
        } else if (vm.count("seed") && cp->seed != req.seed) {
          error = file.string() + ": the checkpoint has seed " + std::to_string(cp->seed) +
                  ", not " + std::to_string(req.seed);
        } else {
          req.seed = cp->seed;
          resume = std::move(*cp);
        }
      }
      if (error.empty())
        if (auto e = save.open(file, signature, req.seed, resume ? &*resume : nullptr)) error = *e;
      if (!error.empty()) {
        std::cerr << "tavla rollout: " << error << "\n";
        ok = 0;
      }
    }
  }
  if (!mpi::broadcast(world, ok)) return world.rank() == 0 ? 1 : 0;  // rank 0 said why
  req.seed = mpi::broadcast(world, req.seed);
  const rollout::RolloutSettings st = analysis::rollout_settings(req);

  std::vector<rollout::Alternative> alts;
  for (const auto& c : cands) alts.push_back(c.alt);
  rollout::Rollout ro(*nets, provider ? &*provider : nullptr, st, alts);
  // The signature does not cover the weights or the bearoff databases: rank 0 plays the
  // checkpoint's first trial again, and its results must be the stored ones, bit for bit.
  if (save.is_open())
    mpi::set_stop_note("tavla rollout: the finished trials are kept in " +
                       vm["save"].as<std::string>() + ": the same command resumes from it");
  if (root && resume && !resume->trials.empty()) {
    const analysis::CheckpointTrial& t = resume->trials.front();
    const auto again = ro.play_trials({t.index});
    for (size_t a = 0; a < t.results.size(); ++a)
      if (std::memcmp(again[0][a].data(), t.results[a].data(), sizeof(rollout::Outputs)) != 0) {
        std::cerr << "tavla rollout: " << vm["save"].as<std::string>() << ": trial " << t.index
                  << " plays differently now: the checkpoint was made with other weights or "
                     "bearoff databases\n";
        ok = 0;
        break;
      }
  }
  if (!mpi::broadcast(world, ok)) return world.rank() == 0 ? 1 : 0;  // rank 0 said why
  // A live line on a terminal; with --progress (mpirun's ranks write to pipes) one line a report.
  const bool tty = isatty(STDERR_FILENO);
  const bool lines = !tty && vm.count("progress");
  const auto t0 = std::chrono::steady_clock::now();
  const auto show_progress = [&](const rollout::Progress& p) {
    if (!(tty || lines) || !root) return;
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double rate = p.trials_done / std::max(secs, 1e-9);
    const int k = st.cubeful ? rollout::kCubefulEquity : rollout::kCubelessEquity;
    std::fprintf(stderr, "%s%d/%d trials  %.1f/s  ETA %.0fs  %s %+.4f ± %.4f   %s",
                 lines ? "" : "\r", p.trials_done, p.trials_total, rate,
                 (p.trials_total - p.trials_done) / std::max(rate, 1e-9), cands[0].label.c_str(),
                 p.stats[0].mean[k], p.stats[0].std_error[k], lines ? "\n" : "");
    std::fflush(stderr);
  };
  if (world.distributed() || save.is_open()) {
    mpi::DistributedRolloutOptions o;
    o.trials = st.trials;
    // One trial a chunk for one thread; with more, a chunk waits for its slowest trial, so four
    // trials a thread keep the threads busier (at the cost of more trials lost to a kill).
    o.chunk = st.threads == 1 ? 1 : 4 * st.threads;
    o.resume = resume ? &*resume : nullptr;
    o.save = save.is_open() ? &save : nullptr;
    const mpi::TransferCount sent = mpi::run_distributed(world, ro, o, show_progress);
    if (!root) return 0;
    if (world.distributed())
      std::fprintf(stderr, "tavla rollout: %d ranks; rank 0 received %lld messages, %lld bytes\n",
                   world.size(), sent.messages, sent.bytes);
  } else {
    ro.run(st.trials, show_progress);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (tty) std::fprintf(stderr, "\n");

  auto stats = ro.stats();
  if (vm.count("json")) {
    std::cout << text::rollout_json(id, cands, stats, st) << "\n";
  } else {
    std::cout << text::draw_board(game->board, game->match);
    std::printf("\nRollout: %d trials, seed %u, %s, %s, %s dice, %.1f s (%.1f trials/s)\n",
                ro.trials_done(), st.seed, st.cubeful ? "cubeful" : "cubeless",
                st.variance_reduction ? "variance reduction" : "no variance reduction",
                st.rotate ? "quasi-random" : "random", secs, ro.trials_done() / std::max(secs, 1e-9));
    print_stats_text(cands, stats, st.cubeful);
  }
  if (save.failed()) {  // the results above stand; the checkpoint does not hold them all
    std::cerr << "tavla rollout: " << vm["save"].as<std::string>()
              << ": writing the checkpoint failed\n";
    return 1;
  }
  return 0;
}

}  // namespace tavla::cli
