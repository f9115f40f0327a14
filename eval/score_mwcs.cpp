// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/score_mwcs.h"

#include "eval/match_equity.h"

namespace tavla::eval {

ScoreMwcs ScoreMwcs::compute(const MatchEquityTable& met, const std::array<int, 2>& score,
                             int match_length, bool crawford) {
  ScoreMwcs t;
  t.match_length = match_length;
  t.score = score;
  t.crawford = crawford;
  for (int level = 0; level < kScoreMwcLevels; ++level) {
    const int cube = 1 << level;
    for (int player = 0; player < 2; ++player) {
      OutcomeMwcs& o = t.outcome[level][player];
      for (size_t m = 0; m < kOutcomeMultiples.size(); ++m) {
        const int points = kOutcomeMultiples[m] * cube;
        o.win[m] = met.mwc_after(score, match_length, player, points, player, crawford);
        o.lose[m] = met.mwc_after(score, match_length, player, points, 1 - player, crawford);
      }
    }
    t.gammon_prices[level] = met.gammon_prices(score, match_length, cube);
  }
  return t;
}

}  // namespace tavla::eval
