// SPDX-License-Identifier: GPL-3.0-or-later
// ParallelSearch must give one thread's numbers bit for bit, whatever the number of threads:
// move rankings (every score of every move), position evaluations and cube evaluations, money and
// match play, cubeful and cubeless.
#include <gtest/gtest.h>

#include "engine/position_id.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/match_equity.h"
#include "eval/parallel_search.h"
#include "gnubg_data.h"
#include "search_expect.h"

namespace tavla::eval {
namespace {

using test::expect_same;

TEST(ParallelSearch, SameNumbersAsOneThread) {
  REQUIRE_GNUBG_DATA();
  const auto* data = test::gnubg_data().data;
  auto board = engine::board_from_position_id("yLPwACPQ28gBIQ");
  ASSERT_TRUE(board.ok());
  const CubeInfo cubes[] = {
      money_cube_info(1, engine::kCubeCentred, 1, true, true),
      match_cube_info(2, 0, 1, 7, {2, 4}, false, MatchEquityTable::kazaross_xg2()),
  };
  int moves_compared = 0;
  for (int threads : {2, 3}) {
    ParallelSearch one(data->nets, 1, data->bearoff.get());
    ParallelSearch many(data->nets, threads, data->bearoff.get());
    for (const CubeInfo& ci : cubes)
      for (bool cubeful : {true, false}) {
        EvalSetup setup = level_setup(Level::kWorldClass);
        setup.context.cubeful = cubeful;
        for (auto [d1, d2] : {std::pair{5, 1}, std::pair{6, 6}}) {
          const auto a = one.rank_moves(*board, d1, d2, ci, setup);
          const auto b = many.rank_moves(*board, d1, d2, ci, setup);
          ASSERT_EQ(a.size(), b.size());
          for (size_t i = 0; i < a.size(); ++i) {
            EXPECT_EQ(a[i].move.after.sides, b[i].move.after.sides) << i;
            EXPECT_EQ(a[i].plies, b[i].plies) << i;
            EXPECT_EQ(a[i].score, b[i].score) << i;
            EXPECT_EQ(a[i].score2, b[i].score2) << i;
            EXPECT_EQ(a[i].cubeful_equity, b[i].cubeful_equity) << i;
            for (int k = 0; k < Probabilities::kCount; ++k)
              EXPECT_EQ(a[i].probs[k], b[i].probs[k]) << i;
            ++moves_compared;
          }
        }
        expect_same(one.evaluate(*board, ci, setup.context), many.evaluate(*board, ci, setup.context));
        if (cubeful) {
          const auto a = one.cube_evaluations(*board, ci, setup.context);
          const auto b = many.cube_evaluations(*board, ci, setup.context);
          expect_same(a[0], b[0]);
          expect_same(a[1], b[1]);
        }
      }
  }
  EXPECT_GT(moves_compared, 100);
}

}  // namespace
}  // namespace tavla::eval
