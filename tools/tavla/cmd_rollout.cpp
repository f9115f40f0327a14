// SPDX-License-Identifier: GPL-3.0-or-later
// tavla rollout POSITION: rollouts of a position, of the candidate moves of a roll, or of a cube
// decision, with a live progress line on a terminal.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>

#include "engine/gnubg_id.h"
#include "engine/move_text.h"
#include "eval/cube_decision.h"
#include "eval/search.h"
#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "rollout/rollout.h"
#include "tavla/commands.h"
#include "text/board_drawing.h"
#include "text/json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

struct Candidate {
  std::string label;
  rollout::Alternative alt;
};

void print_stats_text(const std::vector<Candidate>& cands,
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

std::string stats_json(const std::string& id, const std::vector<Candidate>& cands,
                       const std::vector<rollout::AlternativeStats>& stats,
                       const rollout::RolloutSettings& st) {
  text::JsonWriter w;
  w.begin_object();
  w.field("id", id);
  w.field("trials", stats.empty() ? 0 : stats[0].trials);
  w.field("seed", static_cast<long long>(st.seed));
  w.field("cubeful", st.cubeful);
  w.field("variance_reduction", st.variance_reduction);
  w.key("results").begin_array();
  for (size_t i = 0; i < cands.size(); ++i) {
    w.begin_object();
    w.field("label", cands[i].label);
    w.key("mean").begin_array();
    for (float v : stats[i].mean) w.value(static_cast<double>(v));
    w.end_array();
    w.key("std_error").begin_array();
    for (float v : stats[i].std_error) w.value(static_cast<double>(v));
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace

int cmd_rollout(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla rollout POSITION [options]\n\n"
      "Rolls out a position (no dice), the best candidate moves of a roll (dice set), or with\n"
      "--cube the cube decision (no double and double/take on the same dice). Results are for the\n"
      "player on roll (for moves: the mover): Win W(g) W(bg) L(g) L(bg), cubeless and cubeful\n"
      "equity, with standard errors.\n\noptions");
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
      "json", "print JSON")("weights", po::value<std::string>(), "weights file");
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
  if (!vm.count("position")) {
    std::cerr << "tavla rollout: no position given (try tavla rollout --help)\n";
    return 2;
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
  std::optional<std::filesystem::path> weights;
  if (vm.count("weights")) weights = vm["weights"].as<std::string>();
  auto nets = eval::NetSet::find(weights);
  if (!nets) {
    std::cerr << "tavla rollout: " << nets.error() << "\n";
    return 1;
  }

  rollout::RolloutSettings st;
  st.trials = vm["trials"].as<int>();
  st.threads = vm["threads"].as<int>();
  if (st.trials < 1 || st.threads < 1 || st.threads > 64) {
    std::cerr << "tavla rollout: --trials must be >= 1 and --threads 1..64\n";
    return 2;
  }
  st.seed = vm.count("seed") ? vm["seed"].as<uint32_t>() : std::random_device{}();
  st.cubeful = !vm.count("cubeless");
  st.variance_reduction = !vm.count("no-variance-reduction");
  st.rotate = !vm.count("random-dice");
  st.initial = vm.count("initial") > 0;
  if (st.initial) st.rotate = false;  // as gnubg: opening rollouts use plain random dice
  if (vm.count("truncate")) {
    st.truncate = true;
    st.truncate_plies = vm["truncate"].as<int>();
  }
  // As gnubg's `set rollout cubeful off`: only the rollout's results become cubeless; chequer
  // play keeps its own (cubeful) setting.
  for (int p = 0; p < 2; ++p) {
    if (vm.count("plies")) st.chequer[p].context.plies = vm["plies"].as<int>();
    if (vm.count("cube-plies")) st.cube[p].plies = vm["cube-plies"].as<int>();
  }
  st.chequer_late = st.chequer;
  st.cube_late = st.cube;
  if (vm.count("std-error")) {
    st.stop_on_std_error = true;
    st.std_error_limit = vm["std-error"].as<float>();
  }

  auto dbs = bearoff::open_default_databases(false);
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);

  // What to roll out.
  std::vector<Candidate> cands;
  const engine::MatchState& ms = game->match;
  if (ms.dice_rolled()) {
    eval::Search search(*nets, provider ? &*provider : nullptr);
    auto moves = search.rank_moves(game->board, ms.dice[0], ms.dice[1], *ci,
                                   eval::level_setup(eval::Level::kExpert));
    const int k = std::min<int>(vm["moves"].as<int>(), static_cast<int>(moves.size()));
    for (int i = 0; i < k; ++i)
      cands.push_back({engine::format_move(game->board, moves[i].move.move),
                       {moves[i].move.after.swapped(), eval::with_on_roll(*ci, 1 - ci->on_roll),
                        true, true, ci->cube}});
    if (cands.empty()) {
      std::cerr << "tavla rollout: no legal move to roll out\n";
      return 1;
    }
  } else if (vm.count("cube")) {
    if (!eval::may_double(*ci)) {
      std::cerr << "tavla rollout: the player on roll cannot double here\n";
      return 1;
    }
    cands.push_back({"No double", {game->board, *ci, false, false, ci->cube}});
    cands.push_back({"Double, take", {game->board, eval::after_double_take(*ci), false, false, ci->cube}});
  } else {
    // As gnubg's rollout command: the player on roll does not consider the cube on the first turn.
    cands.push_back({"Position", {game->board, *ci, false, false, ci->cube}});
  }

  std::vector<rollout::Alternative> alts;
  for (const auto& c : cands) alts.push_back(c.alt);
  rollout::Rollout ro(*nets, provider ? &*provider : nullptr, st, alts);
  const bool tty = isatty(STDERR_FILENO);
  const auto t0 = std::chrono::steady_clock::now();
  ro.run(st.trials, [&](const rollout::Progress& p) {
    if (!tty) return;
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double rate = p.trials_done / std::max(secs, 1e-9);
    const int k = st.cubeful ? rollout::kCubefulEquity : rollout::kCubelessEquity;
    std::fprintf(stderr, "\r%d/%d trials  %.1f/s  ETA %.0fs  %s %+.4f ± %.4f   ", p.trials_done,
                 p.trials_total, rate, (p.trials_total - p.trials_done) / std::max(rate, 1e-9),
                 cands[0].label.c_str(), p.stats[0].mean[k], p.stats[0].std_error[k]);
    std::fflush(stderr);
  });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (tty) std::fprintf(stderr, "\n");

  auto stats = ro.stats();
  if (vm.count("json")) {
    std::cout << stats_json(id, cands, stats, st) << "\n";
  } else {
    std::cout << text::draw_board(game->board, game->match);
    std::printf("\nRollout: %d trials, seed %u, %s, %s, %s dice, %.1f s (%.1f trials/s)\n",
                ro.trials_done(), st.seed, st.cubeful ? "cubeful" : "cubeless",
                st.variance_reduction ? "variance reduction" : "no variance reduction",
                st.rotate ? "quasi-random" : "random", secs, ro.trials_done() / std::max(secs, 1e-9));
    print_stats_text(cands, stats, st.cubeful);
  }
  return 0;
}

}  // namespace tavla::cli
