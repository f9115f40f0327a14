// SPDX-License-Identifier: GPL-3.0-or-later
// The cube situation of one evaluation (gnubg's cubeinfo): cube value and owner, the player the
// probabilities belong to (gnubg's fMove, the side on roll), match length and score, Crawford,
// Jacoby and beavers, and the gammon prices these imply. Players are 0 and 1 as in gnubg's match
// ID; the board that goes with a CubeInfo is seen from player `on_roll`.
//
// Units used by the cube code (as gnubg): money equities are per unit cube ("normalised": a pass
// of any cube is +1 for the doubler); in match play cubeful values are match-winning chances
// (MWC) of `on_roll`, converted to normalised equity with mwc_to_equity, whose scale is "-1 = lose
// the current cube, +1 = win it".
#pragma once

#include <array>
#include <optional>
#include <string>

#include "engine/match_state.h"
#include "engine/result.h"
#include "eval/match_equity.h"
#include "eval/probabilities.h"
#include "eval/score_mwcs.h"

namespace tavla::eval {

struct CubeInfo {
  int cube = 1;                      // a power of two
  int owner = engine::kCubeCentred;  // kCubeCentred, 0 or 1
  int on_roll = 0;                   // gnubg's fMove
  int match_length = 0;              // 0 = money
  std::array<int, 2> score{0, 0};    // match play only (0 0 in money play)
  bool crawford = false;             // this game is the Crawford game (match play)
  bool jacoby = false;               // money play only
  bool beavers = false;              // money play only
  // gnubg's arGammonPrice: [0] gammon price of player 0, [1] of player 1, [2] backgammon price of
  // player 0, [3] of player 1 (the extra value of a gammon / backgammon over a single game). Money
  // play: all 1, or all 0 with Jacoby and a centred cube.
  std::array<float, 4> gammon_price{};
  const MatchEquityTable* met = nullptr;  // match play: the table behind every MWC (not owned)
  // Match play: met's values for this score at every cube (owned by met), so that cubeful leaves
  // need no table look-ups; null in money play. Code that edits score, length or Crawford flag by
  // hand leaves it behind, and outcome_mwcs then falls back to the table.
  const ScoreMwcs* score_mwcs = nullptr;

  bool is_money() const { return match_length == 0; }
  bool centred() const { return owner == engine::kCubeCentred; }
  bool owned_by_roller() const { return owner == on_roll; }
  // A game after the Crawford game (derived from the score, as gnubg derives it).
  bool post_crawford() const {
    return !is_money() && !crawford &&
           (score[0] == match_length - 1 || score[1] == match_length - 1);
  }
};

// gnubg's SetCubeInfoMoney / SetCubeInfoMatch. Preconditions (asserted): cube >= 1, owner in
// {-1, 0, 1}, on_roll in {0, 1}; match play: 1 <= length <= 64, 0 <= scores < length.
CubeInfo money_cube_info(int cube, int owner, int on_roll, bool jacoby, bool beavers);
CubeInfo match_cube_info(int cube, int owner, int on_roll, int match_length,
                         const std::array<int, 2>& score, bool crawford,
                         const MatchEquityTable& met);

// The same situation with another player on roll / after "double, take" by the player on roll
// (cube doubled, owned by the taker, same player on roll), gammon prices recomputed: the two
// cube states every cubeful evaluation tracks (gnubg's MakeCubePos).
CubeInfo with_on_roll(const CubeInfo& ci, int on_roll);
CubeInfo after_double_take(const CubeInfo& ci);

// Checks what SetCubeInfo refuses; nullopt when the arguments are usable.
std::optional<std::string> cube_info_error(int cube, int owner, int on_roll, int match_length,
                                           const std::array<int, 2>& score);

// The cube situation of a match state, for player ms.on_roll (gnubg's GetMatchStateCubeInfo:
// beavers = "beavers allowed at all", Jacoby from the state; both ignored in match play).
// ms.cube_use is not part of it: a caller that honours "set cube use off" checks it itself.
engine::Result<CubeInfo> cube_info(const engine::MatchState& ms,
                                   const MatchEquityTable& met = MatchEquityTable::kazaross_xg2());

// gnubg's Utility: cubeless equity of the player on roll with the gammon prices of `ci` (money:
// per unit cube; match: normalised, on the scale of mwc_to_equity).
// Inline: the search scores every candidate play with it.
inline float cubeless_utility(const Probabilities& p, const CubeInfo& ci) {
  using P = Probabilities;
  if (ci.is_money()) {
    // One price for both players in money play.
    return p[P::kWin] * 2.0f - 1.0f + (p[P::kWinGammon] - p[P::kLoseGammon]) * ci.gammon_price[0] +
           (p[P::kWinBackgammon] - p[P::kLoseBackgammon]) * ci.gammon_price[1];
  }
  const int me = ci.on_roll, opp = 1 - ci.on_roll;
  return p[P::kWin] * 2.0f - 1.0f + p[P::kWinGammon] * ci.gammon_price[me] -
         p[P::kLoseGammon] * ci.gammon_price[opp] + p[P::kWinBackgammon] * ci.gammon_price[2 + me] -
         p[P::kLoseBackgammon] * ci.gammon_price[2 + opp];
}
// gnubg's UtilityME: as cubeless_utility, but true money equity in money play (gammons count 1
// even under Jacoby with a centred cube).
inline float cubeless_equity(const Probabilities& p, const CubeInfo& ci) {
  return ci.is_money() ? cubeless_money_equity(p) : cubeless_utility(p, ci);
}

// The MWCs of `player` after the results of one game on a cube of `cube` at ci's score (match
// play): ci.score_mwcs's entry where it holds them, else computed from ci.met into `scratch`.
// Inline: cubeful leaves ask for these several times each, and the usual case is one table read.
const OutcomeMwcs& outcome_mwcs_from_met(const CubeInfo& ci, int player, int cube,
                                         OutcomeMwcs& scratch);
inline const OutcomeMwcs& outcome_mwcs(const CubeInfo& ci, int player, int cube,
                                       OutcomeMwcs& scratch) {
  if (const ScoreMwcs* t = ci.score_mwcs) {
    const int level = ScoreMwcs::level(cube);
    if (level >= 0 && t->is_for(ci.score, ci.match_length, ci.crawford))
      return t->outcome[level][player];
  }
  return outcome_mwcs_from_met(ci, player, cube, scratch);
}

// MWC of ci.on_roll if he wins / loses the current cube now.
inline float mwc_if_win(const CubeInfo& ci) {
  OutcomeMwcs scratch;
  return outcome_mwcs(ci, ci.on_roll, ci.cube, scratch).win[0];
}
inline float mwc_if_lose(const CubeInfo& ci) {
  OutcomeMwcs scratch;
  return outcome_mwcs(ci, ci.on_roll, ci.cube, scratch).lose[0];
}
// gnubg's mwc2eq / eq2mwc (match play): linear between (-1, lose the cube) and (+1, win it).
// Both ends from one look-up (they run at every cubeful leaf and scored move).
inline float mwc_to_equity(float mwc, const CubeInfo& ci) {
  OutcomeMwcs scratch;
  const OutcomeMwcs& o = outcome_mwcs(ci, ci.on_roll, ci.cube, scratch);
  const float win = o.win[0], lose = o.lose[0];
  return (2.0f * mwc - (win + lose)) / (win - lose);
}
inline float equity_to_mwc(float equity, const CubeInfo& ci) {
  OutcomeMwcs scratch;
  const OutcomeMwcs& o = outcome_mwcs(ci, ci.on_roll, ci.cube, scratch);
  const float win = o.win[0], lose = o.lose[0];
  return 0.5f * (equity * (win - lose) + (win + lose));
}

// Whether ci.on_roll may double now (gnubg's GetDPEq): money play: centred cube or his own; match
// play: also not the Crawford game, his score + cube below the length, and not the 1-away leader
// of a post-Crawford game.
bool may_double(const CubeInfo& ci);
// The value of "double, pass" for the doubler: +1 in money play (normalised), in match play his
// MWC after winning the current cube.
float double_pass_value(const CubeInfo& ci);

}  // namespace tavla::eval
