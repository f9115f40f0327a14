// SPDX-License-Identifier: GPL-3.0-or-later
// The five cubeless outputs of an evaluation and how gnubg derives them from bearoff data.
// Point of view: always the side on roll (Board::kOnRoll), before it rolls.
#pragma once

#include <array>
#include <cstdint>

namespace tavla::bearoff {

// gnubg's output order: P(win) and the gammon/backgammon probabilities (each including the
// higher result: win gammon counts backgammons too).
enum OutputIndex : int { kWin = 0, kWinGammon, kWinBackgammon, kLoseGammon, kLoseBackgammon };
using Probabilities = std::array<float, 5>;

// One-sided distributions have 32 entries: entry n is the probability of finishing after
// exactly n rolls (rolls beyond 31 are cut off by gnubg's format).
inline constexpr int kMaxRolls = 32;
using RollDistribution = std::array<float, kMaxRolls>;

// gnubg's BearoffEvalOneSided for a side on roll `us` against `them`:
//   P(win)       = sum_i us[i] * sum_{j>=i} them[j]                   (we need no more rolls)
//   P(win gammon)  = sum_i us[i] * sum_{j>=i} them_gammon[j]          (they are not off yet)
//   P(lose gammon) = sum_i them[i] * sum_{j>i} us_gammon[j]
// Gammons only when `gammons_possible` (one side still has all 15 chequers); never backgammons.
// Sums are taken over suffix sums in double precision, so results differ from gnubg's float loops
// by rounding only (< 1e-6).
Probabilities one_sided_probabilities(const RollDistribution& us_off,
                                      const RollDistribution& us_gammon,
                                      const RollDistribution& them_off,
                                      const RollDistribution& them_gammon, bool gammons_possible);

// gnubg's BearoffEvalTwoSided: P(win) = (cubeless equity + 1) / 2, no gammons.
Probabilities two_sided_probabilities(float cubeless_equity);

// Cubeless money equity of the five outputs (gnubg's UtilityME with gammon price 1).
inline float money_equity(const Probabilities& p) {
  return 2.0f * p[kWin] - 1.0f + p[kWinGammon] - p[kLoseGammon] + p[kWinBackgammon] -
         p[kLoseBackgammon];
}

}  // namespace tavla::bearoff
