// SPDX-License-Identifier: GPL-3.0-or-later
// eval/market_window.h at points with textbook answers (independent of gnubg; the gnubg
// comparison of every number is the shell transcript tests/fixtures/shell/gnubg_theory.*):
//   - without gammons Janowski's money points are the classical ones: dead cube take point 25%,
//     live cube 20%; dead cube cash point 75%, live 80%; double point 50% dead;
//   - rates recovered from probabilities; the market window of a symmetric gammonless match
//     score is symmetric: a player's dead-cube cash point is 1 - the opponent's take point.
#include <gtest/gtest.h>

#include "eval/cube_info.h"
#include "eval/market_window.h"

namespace tavla::eval {
namespace {

TEST(MarketWindow, GammonlessMoneyPoints) {
  const auto pts = money_points(false, false, GammonRates{});
  for (int i = 0; i < 2; ++i) {
    EXPECT_FLOAT_EQ(pts[i][0][0], 0.25f);  // take point, dead cube
    EXPECT_FLOAT_EQ(pts[i][0][1], 0.20f);  // live cube
    EXPECT_FLOAT_EQ(pts[i][5][0], 0.75f);  // cash point, dead
    EXPECT_FLOAT_EQ(pts[i][5][1], 0.80f);  // live
    EXPECT_FLOAT_EQ(pts[i][3][0], 0.50f);  // initial double point, dead
  }
}

TEST(MarketWindow, RatesFromProbabilities) {
  // Player 1 on roll wins 60%: 12% gammons of which 3% backgammons; loses 40%: 8% gammons.
  const Probabilities p{{0.6f, 0.12f, 0.03f, 0.08f, 0.0f}};
  const GammonRates r = gammon_rates(p, 1);
  EXPECT_FLOAT_EQ(r[1][0], 0.09f / 0.6f);
  EXPECT_FLOAT_EQ(r[1][1], 0.03f / 0.6f);
  EXPECT_FLOAT_EQ(r[0][0], 0.08f / 0.4f);
  EXPECT_FLOAT_EQ(r[0][1], 0.0f);
  // And back: 50% wins with those rates.
  const Probabilities q = probabilities_from_rates(r, 1);
  EXPECT_FLOAT_EQ(q.win(), 0.5f);
  EXPECT_FLOAT_EQ(q.win_gammon(), 0.5f * (r[1][0] + r[1][1]));
  EXPECT_FLOAT_EQ(q.lose_backgammon(), 0.0f);
}

TEST(MarketWindow, SymmetricMatchScore) {
  const CubeInfo ci = match_cube_info(1, engine::kCubeCentred, 0, 7, {2, 2}, false,
                                      MatchEquityTable::kazaross_xg2());
  const GammonRates none{};
  const auto w = match_market_window(ci, probabilities_from_rates(none, 0), none);
  EXPECT_FLOAT_EQ(w[0].double_point_dead, w[1].double_point_dead);
  EXPECT_FLOAT_EQ(w[0].cash_point_dead, w[1].cash_point_dead);
  EXPECT_FALSE(w[0].auto_redouble);
  EXPECT_FALSE(w[0].dead);
  EXPECT_GT(w[0].cash_point_live, w[0].cash_point_dead);  // a live cube makes taking easier
}

}  // namespace
}  // namespace tavla::eval
