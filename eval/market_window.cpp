// SPDX-License-Identifier: GPL-3.0-or-later
// Single-precision arithmetic in gnubg's order throughout, so the printed percentages agree with
// gnubg's to the last digit.
#include "eval/market_window.h"

#include "eval/cubeful.h"

namespace tavla::eval {

using P = Probabilities;

GammonRates gammon_rates(const Probabilities& p, int on_roll) {
  GammonRates r{};
  const int opp = 1 - on_roll;
  if (p[P::kWin] > 0.0f) {
    r[on_roll][0] = (p[P::kWinGammon] - p[P::kWinBackgammon]) / p[P::kWin];
    r[on_roll][1] = p[P::kWinBackgammon] / p[P::kWin];
  }
  if (p[P::kWin] < 1.0f) {
    r[opp][0] = (p[P::kLoseGammon] - p[P::kLoseBackgammon]) / (1.0f - p[P::kWin]);
    r[opp][1] = p[P::kLoseBackgammon] / (1.0f - p[P::kWin]);
  }
  return r;
}

Probabilities probabilities_from_rates(const GammonRates& rates, int on_roll) {
  const int opp = 1 - on_roll;
  Probabilities p;
  p[P::kWin] = 0.5f;
  p[P::kWinGammon] = (rates[on_roll][0] + rates[on_roll][1]) * 0.5f;
  p[P::kLoseGammon] = (rates[opp][0] + rates[opp][1]) * 0.5f;
  p[P::kWinBackgammon] = rates[on_roll][1] * 0.5f;
  p[P::kLoseBackgammon] = rates[opp][1] * 0.5f;
  return p;
}

std::array<MoneyPoints, 2> money_points(bool jacoby, bool beavers, const GammonRates& rates) {
  // Average cubeless value of the games each player wins.
  std::array<float, 2> clv{};
  for (int i = 0; i < 2; ++i) clv[i] = 1.0f + rates[i][0] + 2.0f * rates[i][1];
  std::array<MoneyPoints, 2> pts{};
  for (int i = 0; i < 2; ++i) {
    const float w = clv[i], l = clv[1 - i];
    MoneyPoints& m = pts[i];
    m[0] = {(l - 0.5f) / (w + l), (l - 0.5f) / (w + l + 0.5f)};  // take
    m[1] = {l / (w + l), l / (w + l + 0.5f)};                    // beaver
    m[2] = {l / (w + l), (l + 0.5f) / (w + l + 0.5f)};           // raccoon
    // Initial double: Jacoby makes the first double worth more (gammons count only after it).
    if (!jacoby)
      m[3][0] = l / (w + l);
    else if (beavers)
      m[3][0] = (l - 0.25f) / (l + w - 0.5f);
    else
      m[3][0] = (l - 0.5f) / (l + w - 1.0f);
    m[3][1] = (l + 1.0f) / (l + w + 0.5f);
    m[4] = {l / (w + l), (l + 1.0f) / (l + w + 0.5f)};           // redouble
    m[5] = {(l + 0.5f) / (w + l), (l + 1.0f) / (w + l + 0.5f)};  // cash
    m[6] = {(l + 1.0f) / (w + l), (l + 1.0f) / (w + l + 0.5f)};  // too good
  }
  return pts;
}

std::array<MarketWindow, 2> match_market_window(const CubeInfo& ci, const Probabilities& p,
                                                const GammonRates& rates) {
  const MatchEquityTable& met = *ci.met;
  const int n = ci.cube;
  // MWC of player i when `winner` wins `points` (gnubg's getME at the match state's score).
  auto me = [&](int i, int points, int winner) {
    return met.mwc_after(ci.score, ci.match_length, i, points, winner, ci.crawford);
  };
  // MWC of player i when `winner` wins a game of this cube value with winner's rates.
  auto outcome = [&](int i, int cube, int winner) {
    const PlayerRates& r = rates[winner];
    return (1.0f - r[0] - r[1]) * me(i, cube, winner) + r[0] * me(i, 2 * cube, winner) +
           r[1] * me(i, 3 * cube, winner);
  };
  const std::array<float, 2> live_cash = live_cash_points(p, ci);
  std::array<MarketWindow, 2> w{};
  for (int i = 0; i < 2; ++i) {
    const int away = ci.match_length - ci.score[i];
    const int opp_away = ci.match_length - ci.score[1 - i];
    MarketWindow& m = w[i];
    m.auto_redouble = away - 2 * n <= 0 && opp_away - 2 * n > 0;
    m.dead = opp_away - 2 * n <= 0;
    float dtw = outcome(i, 2 * n, i);        // double, take; win
    const float ndw = outcome(i, n, i);      // no double; win
    float dtl = outcome(i, 2 * n, 1 - i);    // double, take; lose
    const float ndl = outcome(i, n, 1 - i);  // no double; lose
    const float dp = me(i, n, i);            // double, pass
    float risk = ndl - dtl, gain = dtw - ndw;
    m.double_point_dead = risk / (risk + gain);
    m.double_point_live = m.double_point_dead;
    risk = dtw - dp;
    gain = dp - dtl;
    m.cash_point_dead = 1.0f - risk / (risk + gain);
    m.cash_point_live = live_cash[i];
    if (m.auto_redouble) {
      // The opponent redoubles at once: the doubled game is played for four times the cube.
      dtw = outcome(i, 4 * n, i);
      dtl = outcome(i, 4 * n, 1 - i);
      risk = dtw - dp;
      gain = dp - dtl;
      m.cash_point_live = 1.0f - risk / (risk + gain);
      risk = ndl - dtl;
      gain = dtw - ndw;
      m.double_point_live = risk / (risk + gain);
    }
  }
  return w;
}

}  // namespace tavla::eval
