// SPDX-License-Identifier: GPL-3.0-or-later
// tavla bearoff POSITION | --index N: a bearoff database entry as gnubg's bearoffdump shows it:
// the one-sided distributions of both sides (rolls to bear off, rolls to bear the first chequer
// off), mean and standard deviation, effective pip count; the two-sided equities.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "bearoff/bearoff_index.h"
#include "bearoff/default_databases.h"
#include "engine/gnubg_id.h"
#include "engine/position_id.h"
#include "tavla/commands.h"
#include "text/board_drawing.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

// gnubg's effective pip count: 8.167 pips per roll (bearoffdump's "EPC = 8.167 * Average rolls").
constexpr float kPipsPerRoll = 49.0f / 6.0f;

void dump_one_sided(const bearoff::OneSidedDatabase& db, const engine::Board& board) {
  const engine::SideCounts* sides[2] = {&board.on_roll(), &board.opponent()};
  uint32_t idx[2];
  bearoff::OneSidedDistribution dist[2];
  bearoff::RollStatistics stats[2];
  for (int s = 0; s < 2; ++s) {
    idx[s] = bearoff::bearoff_index(*sides[s], db.points());
    dist[s] = db.distribution(idx[s]);
    stats[s] = db.roll_statistics(idx[s]);
  }
  std::printf("             Player       Opponent\nPosition %12u  %12u\n\n", idx[0], idx[1]);
  std::printf("Bearing off \t\t\t\tBearing at least one chequer off\n");
  std::printf("Rolls\tPlayer\tOpponent\tPlayer\tOpponent\n");
  int last = 0;
  for (int n = 0; n < 32; ++n)
    for (int s = 0; s < 2; ++s)
      if (dist[s].bear_off[n] > 0 || dist[s].save_gammon[n] > 0) last = n;
  for (int n = 0; n <= last; ++n)
    std::printf("%5d\t%7.3f\t%7.3f\t\t%7.3f\t%7.3f\n", n, 100.0f * dist[0].bear_off[n],
                100.0f * dist[1].bear_off[n], 100.0f * dist[0].save_gammon[n],
                100.0f * dist[1].save_gammon[n]);
  std::printf("Average rolls\nBearing off\t\t\t\tSaving gammon\n\tPlayer\tOpponent\tPlayer\tOpponent\n");
  std::printf("Mean\t%7.3f\t%7.3f\t\t%7.3f\t%7.3f\n", stats[0].mean, stats[1].mean,
              stats[0].gammon_mean, stats[1].gammon_mean);
  std::printf("Std dev\t%7.3f\t%7.3f\t\t%7.3f\t%7.3f\n\n", stats[0].sd, stats[1].sd,
              stats[0].gammon_sd, stats[1].gammon_sd);
  std::printf("Effective pip count:\n\tPlayer\tOpponent\n");
  std::printf("EPC\t%7.3f\t%7.3f\n", kPipsPerRoll * stats[0].mean, kPipsPerRoll * stats[1].mean);
  std::printf("Wastage\t%7.3f\t%7.3f\n\n", kPipsPerRoll * stats[0].mean - board.pip_count(1),
              kPipsPerRoll * stats[1].mean - board.pip_count(0));
  std::printf("EPC = 8.167 * Average rolls\nWastage = EPC - pips\n");
}

}  // namespace

int cmd_bearoff(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla bearoff POSITION\n"
      "       tavla bearoff --one-sided N | --two-sided N\n\n"
      "Shows the bearoff database entries of a position (default databases; see README), or of\n"
      "one index of the one-sided database (as one side's position against an empty side) or of\n"
      "the two-sided database (index = on-roll index * positions + opponent index).\n\noptions");
  opts.add_options()("help,h", "show this help")("position", po::value<std::string>(),
                                                  "position ID, gnubg ID or XGID")(
      "one-sided", po::value<uint32_t>(), "one-sided database index")(
      "two-sided", po::value<uint64_t>(), "two-sided database index");
  po::positional_options_description pos;
  pos.add("position", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla bearoff: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  auto dbs = bearoff::open_default_databases(true, [](const std::string& what) {
    std::cerr << "tavla: " << what << " (once)\n";
  });
  if (!dbs) {
    std::cerr << "tavla bearoff: " << dbs.error() << "\n";
    return 1;
  }
  const bearoff::OneSidedDatabase* os = dbs->one_sided();
  const bearoff::TwoSidedDatabase* ts = dbs->two_sided();

  engine::Board board;
  if (vm.count("position")) {
    auto game = engine::game_from_text(vm["position"].as<std::string>());
    if (!game) {
      std::cerr << "tavla bearoff: " << game.error() << "\n";
      return 1;
    }
    board = game->board;
  } else if (vm.count("one-sided") && os) {
    uint32_t n = vm["one-sided"].as<uint32_t>();
    if (n >= bearoff::position_count(os->points(), os->chequers())) {
      std::cerr << "tavla bearoff: index " << n << " is beyond the one-sided database\n";
      return 1;
    }
    board.on_roll() = bearoff::side_from_index(n, os->points(), os->chequers());
  } else if (vm.count("two-sided") && ts) {
    const uint64_t per_side = bearoff::position_count(6, 6);
    uint64_t n = vm["two-sided"].as<uint64_t>();
    if (n >= per_side * per_side) {
      std::cerr << "tavla bearoff: index " << n << " is beyond the two-sided database\n";
      return 1;
    }
    board.on_roll() = bearoff::side_from_index(static_cast<uint32_t>(n / per_side), 6, 6);
    board.opponent() = bearoff::side_from_index(static_cast<uint32_t>(n % per_side), 6, 6);
  } else {
    std::cerr << "tavla bearoff: need a POSITION, --one-sided N or --two-sided N (try --help)\n";
    return 2;
  }

  engine::MatchState ms = engine::default_money_state();
  std::cout << text::draw_board(board, ms) << "\n";
  bool shown = false;
  // The larger one-sided database (gnubg_os.bd) answers for sides the default one does not hold.
  const bearoff::OneSidedDatabase* large = dbs->large_one_sided();
  if (os && os->covers(board.on_roll()) && os->covers(board.opponent())) {
    dump_one_sided(*os, board);
    shown = true;
  } else if (large && large->covers(board.on_roll()) && large->covers(board.opponent())) {
    dump_one_sided(*large, board);
    shown = true;
  }
  if (ts && ts->covers(board)) {
    auto e = ts->equities(board);
    std::printf("\nCubeless equity               : %+.4f\n", e->cubeless);
    if (e->has_cubeful) {
      std::printf("Owned cube                    : %+.4f\n", e->owned);
      std::printf("Centered cube                 : %+.4f\n", e->centred);
      std::printf("Opponent owns cube            : %+.4f\n", e->opponent_owns);
    }
    shown = true;
  }
  if (!shown) {
    std::cerr << "tavla bearoff: the position " << engine::position_id(board)
              << " is not in the bearoff databases\n";
    return 1;
  }
  return 0;
}

}  // namespace tavla::cli
