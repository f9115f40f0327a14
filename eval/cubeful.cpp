// SPDX-License-Identifier: GPL-3.0-or-later
// Cubeless -> cubeful conversion at 0 ply (gnubg 1.07's Cl2CfMoney, Cl2CfMatch, GetPoints,
// EvalEfficiency, GetDoublePointDeadCube). Arithmetic is float in gnubg's order of operations so
// that results agree with gnubg's to a float's rounding.
#include "eval/cubeful.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace tavla::eval {

namespace {

using P = Probabilities;

// Janowski's probabilities of a clean 1.0 win / loss: 1e-7 from certainty the cube is dead.
constexpr float kCertaintyEpsilon = 1.0e-7f;
constexpr float kCertaintyOneMinusEpsilon = 0.9999999f;

// Match-winning chances of `player` after the results of one game on a cube of `cube` (gnubg's
// getMEMultiple, one cube value), from the score's precomputed values (eval/score_mwcs.h).
struct OutcomeMwc {
  // The score's table entry (eval/score_mwcs.h) read in place, or values computed from the MET
  // into the caller's `scratch` when the table does not hold them (the caller's, declared once
  // per function: a member would be zeroed at every construction, several per cubeful leaf); no
  // copy of the ten values per use.
  const OutcomeMwcs& o;
  const std::array<float, 5>& win;
  const std::array<float, 5>& lose;

  OutcomeMwc(const CubeInfo& ci, int player, int cube, OutcomeMwcs& scratch)
      : o(outcome_mwcs(ci, player, cube, scratch)), win(o.win), lose(o.lose) {}
  OutcomeMwc(const OutcomeMwc&) = delete;
  OutcomeMwc& operator=(const OutcomeMwc&) = delete;
  // Named entries, in gnubg's terms (ND = no double: cube; DT = double/take: 2 x cube).
  float nd_win() const { return win[0]; }
  float nd_win_gammon() const { return win[1]; }
  float nd_win_backgammon() const { return win[2]; }
  float dt_win() const { return win[1]; }
  float dt_win_gammon() const { return win[3]; }
  float dt_win_backgammon() const { return win[4]; }
  float nd_lose() const { return lose[0]; }
  float nd_lose_gammon() const { return lose[1]; }
  float nd_lose_backgammon() const { return lose[2]; }
  float dt_lose() const { return lose[1]; }
  float dt_lose_gammon() const { return lose[3]; }
  float dt_lose_backgammon() const { return lose[4]; }
};

// Gammon-only and backgammon rates of the games a side wins (gnubg's rG / rBG ratios).
struct Rates {
  float gammon = 0.0f;      // gammons that are not backgammons, per game won
  float backgammon = 0.0f;  // backgammons per game won
  float single() const { return 1.0f - gammon - backgammon; }
};

// Rates of the side on roll's wins ([0]) and losses ([1]).
std::array<Rates, 2> win_loss_rates(const Probabilities& p) {
  std::array<Rates, 2> r{};
  if (p[P::kWin] > 0.0f) {
    r[0].gammon = (p[P::kWinGammon] - p[P::kWinBackgammon]) / p[P::kWin];
    r[0].backgammon = p[P::kWinBackgammon] / p[P::kWin];
  }
  if (p[P::kWin] < 1.0f) {
    r[1].gammon = (p[P::kLoseGammon] - p[P::kLoseBackgammon]) / (1.0f - p[P::kWin]);
    r[1].backgammon = p[P::kLoseBackgammon] / (1.0f - p[P::kWin]);
  }
  return r;
}

// Janowski's live-cube equity E(live) as a function of the winning chance p, with W and L the
// average values of a won and a lost game.
float money_live(float w, float l, float p, const CubeInfo& ci) {
  if (ci.centred()) {
    const float take_point = (l - 0.5f) / (w + l + 0.5f);
    const float cash_point = (l + 1.0f) / (w + l + 0.5f);
    if (p < take_point)  // (0, -L) .. (TP, -1); flat under Jacoby (the opponent cashes)
      return ci.jacoby ? -1.0f : (-l + (-1.0f + l) * p / take_point);
    if (p < cash_point)  // (TP, -1) .. (CP, +1)
      return -1.0f + 2.0f * (p - take_point) / (cash_point - take_point);
    // (CP, +1) .. (1, W); flat under Jacoby (we cash)
    return ci.jacoby ? 1.0f : (+1.0f + (w - 1.0f) * (p - cash_point) / (1.0f - cash_point));
  }
  if (ci.owner == ci.on_roll) {
    const float cash_point = (l + 1.0f) / (w + l + 0.5f);
    if (p < cash_point) return -l + (1.0f + l) * p / cash_point;
    return +1.0f + (w - 1.0f) * (p - cash_point) / (1.0f - cash_point);
  }
  const float take_point = (l - 0.5f) / (w + l + 0.5f);
  if (p < take_point) return -l + (-1.0f + l) * p / take_point;
  return -1.0f + (w + 1.0f) * (p - take_point) / (1.0f - take_point);
}

// The three shapes of gnubg's live-cube MWC in match play, piecewise linear in p between:
// lose (gammon mix) at 0, the opponent cashing at his too-good point, our cash at ours, and win
// (gammon mix) at 1. A centred cube has all four; an owned cube lacks the opponent's point; an
// unavailable one lacks ours.
enum class MatchCube { kCentred, kOwned, kUnavailable };

std::array<float, 2> live_cash_points_from_rates(const std::array<Rates, 2>& r_on_roll,
                                                 const CubeInfo& ci);

float match_live_mwc(const Probabilities& p, const CubeInfo& ci, MatchCube shape) {
  const int me = ci.on_roll;
  const std::array<Rates, 2> r = win_loss_rates(p);
  const std::array<float, 2> cash_points = live_cash_points_from_rates(r, ci);
  OutcomeMwcs scratch;
  const OutcomeMwc o(ci, me, ci.cube, scratch);
  const float mwc_cash = o.nd_win();
  const float mwc_opp_cash = o.nd_lose();
  const float opp_too_good = 1.0f - cash_points[1 - me];
  const float too_good = cash_points[me];
  const float w = p[P::kWin];
  auto mwc_lose = [&] {
    return r[1].single() * o.nd_lose() + r[1].gammon * o.nd_lose_gammon() +
           r[1].backgammon * o.nd_lose_backgammon();
  };
  auto mwc_win = [&] {
    return r[0].single() * o.nd_win() + r[0].gammon * o.nd_win_gammon() +
           r[0].backgammon * o.nd_win_backgammon();
  };

  switch (shape) {
    case MatchCube::kCentred:
      if (w <= opp_too_good) {
        const float lose = mwc_lose();
        return opp_too_good > 0.0f ? lose + (mwc_opp_cash - lose) * w / opp_too_good : lose;
      }
      if (w < too_good)  // in the doubling window
        return mwc_opp_cash +
               (mwc_cash - mwc_opp_cash) * (w - opp_too_good) / (too_good - opp_too_good);
      break;
    case MatchCube::kOwned:
      if (w <= too_good) {
        const float lose = mwc_lose();
        return too_good > 0.0f ? lose + (mwc_cash - lose) * w / too_good : lose;
      }
      break;
    case MatchCube::kUnavailable: {
      if (w <= opp_too_good) {
        const float lose = mwc_lose();
        return opp_too_good > 0.0f ? lose + (mwc_opp_cash - lose) * w / opp_too_good : lose;
      }
      const float win = mwc_win();
      return mwc_opp_cash + (win - mwc_opp_cash) * (w - opp_too_good) / (1.0f - opp_too_good);
    }
  }
  // Too good to double: from our cash at the too-good point to the win at p = 1.
  const float win = mwc_win();
  return too_good < 1.0f ? mwc_cash + (win - mwc_cash) * (w - too_good) / (1.0f - too_good) : win;
}

// gnubg's GetCubePrimeValue: the cube after an automatic redouble (the side at index i would win
// the match with the doubled cube, the other would not).
int cube_prime(int i, int j, int cube) {
  return (i < 2 * cube && j >= 2 * cube) ? 2 * cube : cube;
}

}  // namespace

float cube_efficiency(const engine::Board& board, PositionClass c,
                      const CubeEfficiencySettings& s) {
  switch (c) {
    case PositionClass::kOver:
      return s.over;
    case PositionClass::kHypergammon1:
    case PositionClass::kHypergammon2:
    case PositionClass::kHypergammon3:
      return s.hypergammon;
    case PositionClass::kBearoff1:
    case PositionClass::kBearoffOs:
      return s.one_sided_bearoff;
    case PositionClass::kBearoff2:
    case PositionClass::kBearoffTs:
      return s.two_sided_bearoff;
    case PositionClass::kRace: {
      const float e = static_cast<float>(board.pip_count(engine::Board::kOnRoll)) * s.race_factor +
                      s.race_coefficient;
      return std::clamp(e, s.race_min, s.race_max);
    }
    case PositionClass::kCrashed:
      return s.crashed;
    case PositionClass::kContact:
      return s.contact;
  }
  return s.contact;
}

float money_cubeful_equity(const Probabilities& p, const CubeInfo& ci, float x) {
  const float w = p[P::kWin];
  if (!(w > kCertaintyEpsilon) || !(w < kCertaintyOneMinusEpsilon)) return cubeless_utility(p, ci);
  // Average value of a won and of a lost game (a backgammon counts 3: wg includes wbg).
  const float won = 1.0f + (p[P::kWinGammon] + p[P::kWinBackgammon]) / w;
  const float lost = 1.0f + (p[P::kLoseGammon] + p[P::kLoseBackgammon]) / (1.0f - w);
  const float dead = cubeless_utility(p, ci);
  const float live = money_live(won, lost, w, ci);
  return dead * (1.0f - x) + live * x;
}

bool match_cube_is_live(const CubeInfo& ci) {
  const int len = ci.match_length;
  if (ci.score[0] + ci.cube >= len && ci.score[1] + ci.cube >= len) return false;
  if (ci.score[0] == len - 2 && ci.score[1] == len - 2) return false;
  return !ci.crawford;
}

float match_cubeful_mwc(const Probabilities& p, const CubeInfo& ci, float x) {
  const float dead = equity_to_mwc(cubeless_utility(p, ci), ci);
  if (!match_cube_is_live(ci)) return dead;
  const MatchCube shape = ci.centred()             ? MatchCube::kCentred
                          : ci.owner == ci.on_roll ? MatchCube::kOwned
                                                   : MatchCube::kUnavailable;
  const float live = match_live_mwc(p, ci, shape);
  return dead * (1.0f - x) + live * x;
}

ExactMoneyEquities ExactMoneyEquities::from_raw(const std::array<uint16_t, 4>& u) {
  auto eq = [](uint16_t v) { return static_cast<float>(v) / 32767.5f - 1.0f; };
  return {eq(u[0]), eq(u[1]), eq(u[2]), eq(u[3]), std::nullopt};
}

Probabilities ExactMoneyEquities::probabilities() const {
  if (hyper) return hyper->probs;
  return {{(cubeless + 1.0f) / 2.0f, 0.0f, 0.0f, 0.0f, 0.0f}};
}

namespace {

// gnubg's hypergammon leaf (CFHYPER; match play through an effective efficiency).
float hyper_cubeful_value(const ExactMoneyEquities& e, const CubeInfo& ci) {
  auto money = [&e](const CubeInfo& c) {
    if (c.centred()) return c.jacoby ? e.hyper->centred_jacoby : e.centred;
    return c.owner == c.on_roll ? e.owned : e.opponent_owned;
  };
  if (ci.is_money()) return money(ci);
  const Probabilities& p = e.hyper->probs;
  const CubeInfo money_ci = money_cube_info(1, ci.owner, ci.on_roll, false, false);
  const float cubeless = cubeless_utility(p, money_ci);
  const float janowski_live = money_cubeful_equity(p, money_ci, 1.0f);
  float x_eff = 1.0f;  // gnubg keeps 1 here, not the class's efficiency, and does not clamp
  if (std::fabs(cubeless - janowski_live) > 0.0001f)
    x_eff = (money(money_ci) - cubeless) / (janowski_live - cubeless);
  return match_cubeful_mwc(p, ci, x_eff);
}

}  // namespace

float exact_cubeful_value(const ExactMoneyEquities& e, const CubeInfo& ci, float x) {
  if (e.hyper) return hyper_cubeful_value(e, ci);
  // The database's value for a money cube in the same position (gnubg's CFMONEY).
  auto money = [&e](const CubeInfo& c) {
    if (c.centred()) return e.centred;
    return c.owner == c.on_roll ? e.owned : e.opponent_owned;
  };
  if (ci.is_money()) return money(ci);
  // Match play: the efficiency that makes Janowski's formula give the exact money value.
  const Probabilities p = e.probabilities();
  const CubeInfo money_ci = money_cube_info(1, ci.owner, ci.on_roll, false, false);
  const float janowski_live = money_cubeful_equity(p, money_ci, 1.0f);
  float x_eff = x;
  if (std::fabs(e.cubeless - janowski_live) > 0.0001f)
    x_eff = (money(money_ci) - e.cubeless) / (janowski_live - e.cubeless);
  x_eff = std::clamp(x_eff, 0.0f, x);  // gnubg: the ratio can be far off; keep it sane
  return match_cubeful_mwc(p, ci, x_eff);
}

float cubeful_value(const Probabilities& p, const CubeInfo& ci, float x,
                    const ExactMoneyEquities* exact) {
  if (exact) return exact_cubeful_value(*exact, ci, x);
  return ci.is_money() ? money_cubeful_equity(p, ci, x) : match_cubeful_mwc(p, ci, x);
}

std::array<float, 2> live_cash_points(const Probabilities& p, const CubeInfo& ci) {
  return live_cash_points_from_rates(win_loss_rates(p), ci);
}

namespace {

// live_cash_points with the roller's win / loss rates (win_loss_rates(p)) already known.
std::array<float, 2> live_cash_points_from_rates(const std::array<Rates, 2>& r_on_roll,
                                                 const CubeInfo& ci) {
  // Aways minus one (gnubg's normalised score).
  const int i = ci.match_length - ci.score[0] - 1;
  const int j = ci.match_length - ci.score[1] - 1;

  // Gammon and backgammon rates of the games each player wins.
  std::array<Rates, 2> rates{};
  rates[ci.on_roll] = r_on_roll[0];
  rates[1 - ci.on_roll] = r_on_roll[1];

  // The highest cube level before the doubled cube would be dead for one of the players.
  int top_cube = ci.cube, levels = 0;
  while (i >= 2 * top_cube && j >= 2 * top_cube) {
    ++levels;
    top_cube *= 2;
  }

  // live[n][k]: player k's live-cube cash point with the cube at ci.cube * 2^n. Both players
  // need at most 64 points, so there are at most 6 levels (no heap: this runs at every leaf).
  std::array<std::array<float, 2>, kMetCubeLevels + 1> live{};
  OutcomeMwcs scratch_here, scratch_prime;  // for the OutcomeMwc of each step
  for (int n = levels, cube = top_cube; n >= 0; --n, cube >>= 1) {
    const std::array<int, 2> primes = {cube_prime(i, j, cube), cube_prime(j, i, cube)};
    for (int k = 0; k < 2; ++k) {
      const Rates& mine = rates[k];
      const Rates& theirs = rates[1 - k];
      const OutcomeMwc here(ci, k, cube, scratch_here);
      const float double_pass = here.nd_win();
      if (i < 2 * cube || j < 2 * cube) {
        // The doubled cube is dead (for the taker, after an automatic redouble, at the prime
        // value): the cash point is where double/take equals double/pass.
        const OutcomeMwc prime(ci, k, primes[k], scratch_prime);
        const float take_lose = theirs.single() * prime.dt_lose() +
                                theirs.gammon * prime.dt_lose_gammon() +
                                theirs.backgammon * prime.dt_lose_backgammon();
        const float take_win = mine.single() * prime.dt_win() +
                               mine.gammon * prime.dt_win_gammon() +
                               mine.backgammon * prime.dt_win_backgammon();
        live[n][k] = (take_lose - double_pass) / (take_lose - take_win);
      } else {
        // Live doubled cube: the taker redoubles at his own cash point one level up.
        const float redouble_pass = here.dt_lose();
        const float take_win = mine.single() * here.dt_win() + mine.gammon * here.dt_win_gammon() +
                               mine.backgammon * here.dt_win_backgammon();
        live[n][k] =
            1.0f - live[n + 1][1 - k] * (double_pass - take_win) / (redouble_pass - take_win);
      }
    }
  }
  return live[0];
}

}  // namespace

float dead_cube_double_point(const Probabilities& p, const CubeInfo& ci) {
  if (ci.is_money()) {
    const float w = p[P::kWin];
    const float won = w > 0.0f ? 1.0f + (p[P::kWinGammon] + p[P::kWinBackgammon]) / w : 1.0f;
    const float lost =
        w < 1.0f ? 1.0f + (p[P::kLoseGammon] + p[P::kLoseBackgammon]) / (1.0f - w) : 1.0f;
    if (ci.centred() && ci.jacoby)
      return ci.beavers ? (lost - 0.25f) / (won + lost - 0.5f)
                        : (lost - 0.5f) / (won + lost - 1.0f);
    return lost / (lost + won);
  }
  const std::array<Rates, 2> r = win_loss_rates(p);
  OutcomeMwcs scratch;
  const OutcomeMwc o(ci, ci.on_roll, ci.cube, scratch);
  const float dt_win = r[0].single() * o.dt_win() + r[0].gammon * o.dt_win_gammon() +
                       r[0].backgammon * o.dt_win_backgammon();
  const float nd_win = r[0].single() * o.nd_win() + r[0].gammon * o.nd_win_gammon() +
                       r[0].backgammon * o.nd_win_backgammon();
  const float dt_lose = r[1].single() * o.dt_lose() + r[1].gammon * o.dt_lose_gammon() +
                        r[1].backgammon * o.dt_lose_backgammon();
  const float nd_lose = r[1].single() * o.nd_lose() + r[1].gammon * o.nd_lose_gammon() +
                        r[1].backgammon * o.nd_lose_backgammon();
  const float risk = nd_lose - dt_lose;
  const float gain = dt_win - nd_win;
  return risk / (risk + gain);
}

}  // namespace tavla::eval
