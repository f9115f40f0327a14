// SPDX-License-Identifier: GPL-3.0-or-later
// tavla duel: head-to-head between two playing configurations (cubeless money games, mirrored
// dice, luck-adjusted results with 95% confidence intervals). The logic is in strength/duel.h.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "engine/position_id.h"
#include "strength/duel.h"
#include "tavla/commands.h"
#include "tavla/player_options.h"
#include "text/json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

void json_estimate(text::JsonWriter& w, const char* key, const strength::Estimate& e) {
  w.key(key).begin_object();
  w.field("mean", e.mean);
  w.field("ci95_low", e.low());
  w.field("ci95_high", e.high());
  w.field("pair_std_dev", e.std_dev);
  w.end_object();
}

// Starting positions: one per line, a gnubg position ID of the side to move first (on roll, before
// rolling) as the line's first word, optionally followed by ":MATCHID" or anything else; or a
// label file's line (CLASS POSID ...). '#' lines and blank lines are skipped.
engine::Result<std::vector<engine::Board>> read_starts(const std::string& file) {
  std::ifstream in(file);
  if (!in) return engine::Error{"cannot open " + file};
  std::vector<engine::Board> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::istringstream words(line);
    std::string first, second;
    if (!(words >> first) || first[0] == '#') continue;
    words >> second;
    auto id_of = [](const std::string& w) { return w.substr(0, w.find(':')); };
    auto board = engine::board_from_position_id(id_of(first));
    if (!board && !second.empty()) board = engine::board_from_position_id(id_of(second));
    if (!board)
      return engine::Error{file + ":" + std::to_string(n) + ": no position ID (" +
                           board.error() + ")"};
    if (board->checkers_on_board(engine::Board::kOnRoll) == 0 ||
        board->checkers_on_board(engine::Board::kOpponent) == 0)
      return engine::Error{file + ":" + std::to_string(n) + ": the game is already over"};
    out.push_back(*board);
  }
  if (out.empty()) return engine::Error{file + ": no positions"};
  return out;
}

}  // namespace

int cmd_duel(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla duel [options]\n\n"
      "Plays configuration A against configuration B: money games, cubeless by default (no\n"
      "doubling cube; gammons and backgammons count 2 and 3; --cube plays with the cube, each side\n"
      "deciding doubles and takes with its own settings, no Jacoby rule, no beavers), with mirrored\n"
      "dice: every dice sequence is played twice with the sides swapped. Reports the points per\n"
      "game won by A, raw and luck-adjusted (the luck of every roll is measured by A's nets at\n"
      "0 ply and taken out, times the cube in force: same mean, smaller variance; --luck-plies\n"
      "values each roll's best 0-ply play deeper, for a smaller variance still), with 95%\n"
      "confidence intervals over mirrored pairs, win, gammon and backgammon rates. Results depend\n"
      "only on the seed, not on --threads.\n\noptions");
  opts.add_options()("help,h", "show this help")(
      "games", po::value<int>()->default_value(1000), "number of games (even: mirrored pairs)")(
      "seed", po::value<uint32_t>()->default_value(1), "dice seed")(
      "threads", po::value<int>()->default_value(1), "threads (results do not depend on it)")(
      "no-luck", "no luck adjustment (faster; adjusted = raw)")(
      "luck-plies", po::value<int>()->default_value(0),
      "plies (0..2) at which A's nets value the best 0-ply play of every roll for the luck "
      "adjustment (cubeless, pruning nets)")(
      "cube", "money play with the doubling cube (default cubeless)")(
      "positions", po::value<std::string>(),
      "start pair p from the p-th position of this file (cycled) instead of the opening: one\n"
      "gnubg position ID per line (side on roll first), or a label file")(
      "progress", "show progress on stderr even when it is not a terminal")(
      "json", "print JSON")("weights", po::value<std::string>(),
                            "weights file of both players (unless --weights-a/-b say otherwise)");
  add_player_options(opts, "-a", "player A");
  add_player_options(opts, "-b", "player B");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla duel: " << e.what() << " (try tavla duel --help)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  const int games = vm["games"].as<int>();
  const int threads = vm["threads"].as<int>();
  if (games < 2 || games % 2 != 0) {
    std::cerr << "tavla duel: --games must be an even number >= 2 (mirrored pairs), got " << games
              << "\n";
    return 2;
  }
  if (threads < 1 || threads > 64) {
    std::cerr << "tavla duel: --threads must be 1..64, got " << threads << "\n";
    return 2;
  }
  NetLoader loader;
  std::array<strength::PlayerConfig, 2> players;
  for (int p = 0; p < 2; ++p) {
    auto cfg = player_from_options(vm, p == 0 ? "-a" : "-b", loader, "weights");
    if (!cfg) {
      std::cerr << "tavla duel: " << cfg.error() << "\n";
      return 2;
    }
    players[p] = *cfg;
  }

  auto dbs = bearoff::open_default_databases(true, [](const std::string& what) {
    std::cerr << "tavla: " << what << " (once)\n";
  });
  if (!dbs) std::cerr << "tavla duel: no bearoff databases (" << dbs.error() << ")\n";
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);

  strength::DuelSettings st;
  if (vm.count("positions")) {
    auto starts = read_starts(vm["positions"].as<std::string>());
    if (!starts) {
      std::cerr << "tavla duel: --positions: " << starts.error() << "\n";
      return 2;
    }
    st.starts = std::move(*starts);
  }
  st.pairs = games / 2;
  st.seed = vm["seed"].as<uint32_t>();
  st.threads = threads;
  st.luck_adjustment = !vm.count("no-luck");
  st.luck_plies = vm["luck-plies"].as<int>();
  if (st.luck_plies < 0 || st.luck_plies > 2) {
    std::cerr << "tavla duel: --luck-plies must be 0, 1 or 2 (got " << st.luck_plies << ")\n";
    return 2;
  }
  if (st.luck_plies > 0 && !st.luck_adjustment) {
    std::cerr << "tavla duel: --luck-plies needs the luck adjustment (drop --no-luck)\n";
    return 2;
  }
  st.cube = vm.count("cube") > 0;
  strength::Duel duel(players[0], players[1], provider ? &*provider : nullptr, st);

  const bool show = isatty(STDERR_FILENO) || vm.count("progress");
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  auto pairs = duel.run([&](const strength::DuelProgress& p) {
    if (!show) return;
    const double secs = elapsed();
    const double rate = 2.0 * p.pairs_done / std::max(secs, 1e-9);
    constexpr int kWidth = 30;
    const int filled = p.pairs_total ? kWidth * p.pairs_done / p.pairs_total : kWidth;
    std::fprintf(stderr, "\r[%-*.*s] %d/%d games  %.1f games/s  ETA %.0fs   ", kWidth, filled,
                 "##############################", 2 * p.pairs_done, 2 * p.pairs_total, rate,
                 rate > 0 ? 2.0 * (p.pairs_total - p.pairs_done) / rate : 0.0);
    std::fflush(stderr);
  });
  const double secs = elapsed();
  if (show) std::fprintf(stderr, "\n");
  const strength::DuelSummary s = strength::summarize(pairs);
  const double rate = s.games / std::max(secs, 1e-9);

  if (vm.count("json")) {
    text::JsonWriter w;
    w.begin_object();
    w.field("a", players[0].name);
    w.field("b", players[1].name);
    w.field("games", s.games);
    w.field("pairs", s.pairs);
    w.field("seed", static_cast<long long>(st.seed));
    w.field("cubeless", !st.cube);
    w.field("luck_adjustment", st.luck_adjustment);
    if (st.luck_adjustment) w.field("luck_plies", static_cast<long long>(st.luck_plies));
    if (!st.starts.empty()) w.field("starting_positions", static_cast<long long>(st.starts.size()));
    json_estimate(w, "points_per_game", s.raw);
    json_estimate(w, "adjusted_points_per_game", s.adjusted);
    if (st.luck_adjustment) json_estimate(w, "luck_difference", s.luck);
    w.field("wins_a", s.wins_a);
    w.field("gammons_a", s.gammons_a);
    w.field("backgammons_a", s.backgammons_a);
    w.field("gammons_b", s.gammons_b);
    w.field("backgammons_b", s.backgammons_b);
    if (st.cube) {
      w.field("passes", s.passes);
      w.field("mean_cube", s.mean_cube);
    }
    w.field("mean_turns", s.mean_turns);
    w.field("unfinished", s.unfinished);
    w.field("seconds", secs);
    w.field("games_per_second", rate);
    w.end_object();
    std::cout << w.str() << "\n";
  } else {
    std::printf("A: %s\nB: %s\n", players[0].name.c_str(), players[1].name.c_str());
    const std::string luck_by =
        ", luck-adjusted by A's nets at " + std::to_string(st.luck_plies) + " ply";
    std::printf("%d games (%d mirrored pairs), seed %u, %s money%s\n", s.games, s.pairs, st.seed,
                st.cube ? "cubeful" : "cubeless", st.luck_adjustment ? luck_by.c_str() : "");
    if (!st.starts.empty())
      std::printf("from %zu starting positions of %s\n", st.starts.size(),
                  vm["positions"].as<std::string>().c_str());
    std::printf("points per game for A:  %+.4f  (95%% CI %+.4f .. %+.4f)\n", s.raw.mean,
                s.raw.low(), s.raw.high());
    if (st.luck_adjustment)
      std::printf("luck-adjusted:          %+.4f  (95%% CI %+.4f .. %+.4f)\n", s.adjusted.mean,
                  s.adjusted.low(), s.adjusted.high());
    if (st.luck_adjustment) {
      std::printf("A's luck minus B's:     %+.4f  (95%% CI %+.4f .. %+.4f)\n", s.luck.mean,
                  s.luck.low(), s.luck.high());
      std::printf("  (raw minus adjusted; its true mean is 0, so this interval misses 0 in 1 duel "
                  "in 20)\n");
    }
    std::printf("A wins %.1f%% of the games; gammons A %.1f%% B %.1f%%, backgammons A %.1f%% B "
                "%.1f%%\n",
                100 * s.wins_a, 100 * s.gammons_a, 100 * s.gammons_b, 100 * s.backgammons_a,
                100 * s.backgammons_b);
    if (st.cube)
      std::printf("%.1f%% of the games ended by a pass; mean final cube %.2f\n", 100 * s.passes,
                  s.mean_cube);
    std::printf("%.1f rolls per game; %.1f s, %.2f games/s\n", s.mean_turns, secs, rate);
    if (s.unfinished)
      std::printf("%d games stopped unfinished after %d rolls (counted 0)\n", s.unfinished,
                  st.max_turns);
  }
  return 0;
}

}  // namespace tavla::cli
