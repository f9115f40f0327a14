// SPDX-License-Identifier: GPL-3.0-or-later
// The five outputs from bearoff data, against gnubg's formulas written as plain double loops.
#include <gtest/gtest.h>

#include <random>

#include "bearoff/probabilities.h"
#include "bearoff/two_sided_database.h"

namespace tavla::bearoff {
namespace {

RollDistribution random_distribution(std::mt19937& rng, int first) {
  RollDistribution d{};
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  float sum = 0;
  for (int i = first; i < first + 6 && i < kMaxRolls; ++i) sum += d[i] = u(rng);
  for (float& x : d) x /= sum;
  return d;
}

TEST(Probabilities, OneSidedFormulas) {
  std::mt19937 rng(3);
  for (int k = 0; k < 200; ++k) {
    const auto uo = random_distribution(rng, 1 + k % 4), ug = random_distribution(rng, 1 + k % 3);
    const auto to = random_distribution(rng, 1 + k % 5), tg = random_distribution(rng, 1 + k % 2);
    double win = 0, wg = 0, lg = 0;
    for (int i = 0; i < kMaxRolls; ++i)
      for (int j = i; j < kMaxRolls; ++j) {
        win += uo[i] * to[j];
        wg += uo[i] * tg[j];
        if (j > i) lg += to[i] * ug[j];
      }
    const Probabilities p = one_sided_probabilities(uo, ug, to, tg, true);
    EXPECT_NEAR(p[kWin], win, 1e-6);
    EXPECT_NEAR(p[kWinGammon], wg, 1e-6);
    EXPECT_NEAR(p[kLoseGammon], lg, 1e-6);
    EXPECT_EQ(p[kWinBackgammon], 0.0f);
    EXPECT_EQ(p[kLoseBackgammon], 0.0f);
    const Probabilities q = one_sided_probabilities(uo, ug, to, tg, false);
    EXPECT_EQ(q[kWin], p[kWin]);
    EXPECT_EQ(q[kWinGammon], 0.0f);
    EXPECT_EQ(q[kLoseGammon], 0.0f);
  }
}

TEST(Probabilities, OnRollWinsTies) {
  RollDistribution one{};
  one[1] = 1.0f;
  const Probabilities p = one_sided_probabilities(one, one, one, one, false);
  EXPECT_FLOAT_EQ(p[kWin], 1.0f);  // both need one roll: the side on roll gets there first
}

TEST(Probabilities, TwoSided) {
  EXPECT_FLOAT_EQ(two_sided_probabilities(1.0f)[kWin], 1.0f);
  EXPECT_FLOAT_EQ(two_sided_probabilities(-1.0f)[kWin], 0.0f);
  EXPECT_FLOAT_EQ(two_sided_probabilities(0.5f)[kWin], 0.75f);
  EXPECT_EQ(equity_from_stored(0), -1.0f);
  EXPECT_EQ(equity_from_stored(65535), 1.0f);
  EXPECT_FLOAT_EQ(money_equity(two_sided_probabilities(0.25f)), 0.25f);
}

}  // namespace
}  // namespace tavla::bearoff
