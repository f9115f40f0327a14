// SPDX-License-Identifier: GPL-3.0-or-later
// Search::best_play (the rollouts' 0-ply play and its reply evaluation) against the general path:
// the play must be rank_moves' first move and the reply must equal a fresh evaluate() of the
// position after it, bit for bit, for every roll, in contact, race, one- and two-sided bearoff
// positions, money and match play, cubeful and cubeless.
#include <gtest/gtest.h>

#include <vector>

#include "engine/position_id.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/match_equity.h"
#include "eval/search.h"
#include "gnubg_data.h"
#include "search_expect.h"

namespace tavla::eval {
namespace {

using test::expect_same;

// Counts for points 1..6 of each side (index 0 = ace point), nothing elsewhere.
engine::Board home_board(std::array<int, 6> opponent, std::array<int, 6> on_roll) {
  engine::Board b{};
  for (int i = 0; i < 6; ++i) {
    b.sides[engine::Board::kOpponent][i] = static_cast<uint8_t>(opponent[i]);
    b.sides[engine::Board::kOnRoll][i] = static_cast<uint8_t>(on_roll[i]);
  }
  return b;
}

std::vector<engine::Board> boards() {
  std::vector<engine::Board> out;
  for (const char* id : {"4HPwATDgc/ABMA", "yLPwACPQ28gBIQ", "sNvBAQDYZsEBAA"}) {
    auto b = engine::board_from_position_id(id);
    EXPECT_TRUE(b.ok()) << id;
    if (b.ok()) out.push_back(*b);
  }
  out.push_back(home_board({2, 2, 1, 0, 0, 0}, {1, 2, 2, 0, 0, 0}));  // two-sided database
  out.push_back(home_board({3, 3, 3, 2, 2, 2}, {2, 3, 3, 3, 2, 2}));  // one-sided database
  return out;
}

TEST(SearchBestPlay, SameAsRankMovesAndEvaluate) {
  REQUIRE_GNUBG_DATA();
  const auto* data = test::gnubg_data().data;
  Search fast(data->nets, data->bearoff.get());
  Search slow(data->nets, data->bearoff.get());
  const std::vector<CubeInfo> cubes = {
      money_cube_info(1, engine::kCubeCentred, 1, true, true),
      money_cube_info(2, 0, 1, false, false),
      match_cube_info(2, 1, 1, 7, {2, 4}, false, MatchEquityTable::kazaross_xg2()),
  };
  int compared = 0;
  for (const engine::Board& board : boards())
    for (const CubeInfo& ci : cubes)
      for (bool cubeful : {true, false}) {
        const EvalSetup setup{EvalContext{0, cubeful, false, true, 0.0f},
                              predefined_filters(FilterName::kNormal)};
        const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
        for (int d1 = 1; d1 <= 6; ++d1)
          for (int d2 = 1; d2 <= d1; ++d2) {
            Evaluation reply;
            const engine::Board got = fast.best_play(board, d1, d2, ci, setup.context, &reply);
            const auto ranked = slow.rank_moves(board, d1, d2, ci, setup);
            const engine::Board want = ranked.empty() ? board : ranked[0].move.after;
            EXPECT_EQ(got.sides, want.sides) << d1 << d2;
            EXPECT_EQ(fast.best_play(board, d1, d2, ci, setup.context).sides, want.sides);
            expect_same(reply, slow.evaluate(want.swapped(), opp, setup.context, 0));
            ++compared;
          }
      }
  EXPECT_EQ(compared, 5 * 3 * 2 * 21);
}

}  // namespace
}  // namespace tavla::eval
