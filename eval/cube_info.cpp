// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/cube_info.h"

#include <cassert>

namespace tavla::eval {

CubeInfo money_cube_info(int cube, int owner, int on_roll, bool jacoby, bool beavers) {
  assert(!cube_info_error(cube, owner, on_roll, 0, {0, 0}));
  CubeInfo ci;
  ci.cube = cube;
  ci.owner = owner;
  ci.on_roll = on_roll;
  ci.jacoby = jacoby;
  ci.beavers = beavers;
  // Under the Jacoby rule gammons do not count while the cube is centred.
  ci.gammon_price.fill(jacoby && owner == engine::kCubeCentred ? 0.0f : 1.0f);
  return ci;
}

CubeInfo match_cube_info(int cube, int owner, int on_roll, int match_length,
                         const std::array<int, 2>& score, bool crawford,
                         const MatchEquityTable& met) {
  assert(match_length > 0 && !cube_info_error(cube, owner, on_roll, match_length, score));
  CubeInfo ci;
  ci.cube = cube;
  ci.owner = owner;
  ci.on_roll = on_roll;
  ci.match_length = match_length;
  ci.score = score;
  ci.crawford = crawford;
  ci.met = &met;
  ci.score_mwcs = &met.score_mwcs(score, match_length, crawford);
  const int level = ScoreMwcs::level(cube);
  ci.gammon_price = level >= 0 ? ci.score_mwcs->gammon_prices[level]
                               : met.gammon_prices(score, match_length, cube);
  return ci;
}

CubeInfo with_on_roll(const CubeInfo& ci, int on_roll) {
  CubeInfo r = ci;
  r.on_roll = on_roll;  // gammon prices depend on cube, owner and score only
  return r;
}

CubeInfo after_double_take(const CubeInfo& ci) {
  const int taker = 1 - ci.on_roll;
  if (ci.is_money()) return money_cube_info(2 * ci.cube, taker, ci.on_roll, ci.jacoby, ci.beavers);
  // match_cube_info(2 * cube, taker, ...) without its look-up of the score's values: this runs
  // at every cubeful leaf.
  const ScoreMwcs* t = ci.score_mwcs;
  const int level = ScoreMwcs::level(2 * ci.cube);
  if (!t || level < 0 || !t->is_for(ci.score, ci.match_length, ci.crawford))
    return match_cube_info(2 * ci.cube, taker, ci.on_roll, ci.match_length, ci.score, ci.crawford,
                           *ci.met);
  CubeInfo r = ci;
  r.cube = 2 * ci.cube;
  r.owner = taker;
  r.gammon_price = t->gammon_prices[level];
  return r;
}

std::optional<std::string> cube_info_error(int cube, int owner, int on_roll, int match_length,
                                           const std::array<int, 2>& score) {
  if (cube < 1 || (cube & (cube - 1)) != 0)
    return "cube value " + std::to_string(cube) + " is not a power of two";
  if (owner < -1 || owner > 1) return "cube owner " + std::to_string(owner) + " is not -1, 0 or 1";
  if (on_roll < 0 || on_roll > 1)
    return "player on roll " + std::to_string(on_roll) + " is not 0 or 1";
  if (match_length < 0 || match_length > kMetMaxAway)
    return "match length " + std::to_string(match_length) + " outside 0.." +
           std::to_string(kMetMaxAway);
  if (match_length > 0)
    for (int p = 0; p < 2; ++p)
      if (score[p] < 0 || score[p] >= match_length)
        return "score " + std::to_string(score[p]) + " of player " + std::to_string(p) +
               " outside 0.." + std::to_string(match_length - 1);
  return std::nullopt;
}

engine::Result<CubeInfo> cube_info(const engine::MatchState& ms, const MatchEquityTable& met) {
  if (auto e = cube_info_error(ms.cube, ms.cube_owner, ms.on_roll, ms.match_length, ms.score))
    return engine::Error{"cube information: " + *e};
  if (ms.is_money())
    return money_cube_info(ms.cube, ms.cube_owner, ms.on_roll, ms.jacoby, ms.beavers > 0);
  return match_cube_info(ms.cube, ms.cube_owner, ms.on_roll, ms.match_length, ms.score, ms.crawford,
                         met);
}

const OutcomeMwcs& outcome_mwcs_from_met(const CubeInfo& ci, int player, int cube,
                                         OutcomeMwcs& scratch) {
  for (size_t m = 0; m < kOutcomeMultiples.size(); ++m) {
    const int points = kOutcomeMultiples[m] * cube;
    scratch.win[m] =
        ci.met->mwc_after(ci.score, ci.match_length, player, points, player, ci.crawford);
    scratch.lose[m] =
        ci.met->mwc_after(ci.score, ci.match_length, player, points, 1 - player, ci.crawford);
  }
  return scratch;
}

bool may_double(const CubeInfo& ci) {
  const bool access = ci.owner == engine::kCubeCentred || ci.owner == ci.on_roll;
  if (ci.is_money()) return access;
  const bool leader_post_crawford =
      ci.post_crawford() && ci.score[ci.on_roll] == ci.match_length - 1;
  return !ci.crawford && ci.score[ci.on_roll] + ci.cube < ci.match_length &&
         !leader_post_crawford && access;
}

float double_pass_value(const CubeInfo& ci) {
  return ci.is_money() ? 1.0f : mwc_if_win(ci);
}

}  // namespace tavla::eval
