// SPDX-License-Identifier: GPL-3.0-or-later
// Cubeful equities at 0 ply from the five cubeless probabilities, as gnubg 1.07 computes them:
//
//   cubeful = x * E(live cube) + (1 - x) * E(dead cube)
//
// with x the cube efficiency of the position's class. Money play uses Janowski's live-cube
// formulas (gnubg's Cl2CfMoney); match play uses gnubg's generalisation with live-cube cash points
// from the match equity table (Cl2CfMatch, with its Centered / Owned / Unavailable variants).
// All values are for ci.on_roll: money play per unit cube, match play as MWC.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/board.h"
#include "eval/cube_info.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"

namespace tavla::eval {

// gnubg 1.07's cube efficiencies (EvalEfficiency's parameters). gnubg >= 1.08 uses other values
// for 0- and 1-ply evaluations; these are 1.07's, used at every ply.
struct CubeEfficiencySettings {
  float over = 0.0f;  // game over: the cube is dead
  float hypergammon = 0.60f;
  float one_sided_bearoff = 0.6f;  // kBearoff1, kBearoffOs (gnubg's rOSCubeX)
  float two_sided_bearoff = 0.6f;  // kBearoff2, kBearoffTs, match play only (rTSCubeX)
  // Race: clamp(pips of the side on roll * factor + coefficient, min, max).
  float race_factor = 0.00125f;
  float race_coefficient = 0.55f;
  float race_min = 0.6f;
  float race_max = 0.7f;
  float crashed = 0.68f;
  float contact = 0.68f;
};

// gnubg's EvalEfficiency for a board seen from the side on roll.
float cube_efficiency(const engine::Board& board, PositionClass c,
                      const CubeEfficiencySettings& s = {});

// Janowski money conversion (gnubg's Cl2CfMoney): cubeful equity per unit cube. With a win
// probability within 1e-7 of 0 or 1 the cube is dead and the cubeless utility is returned.
float money_cubeful_equity(const Probabilities& p, const CubeInfo& ci, float x);

// Whether match play converts at all (gnubg's fDoCubeful): not when the cube is dead for both
// players (score + cube >= length for both), at 2-away/2-away, or in the Crawford game; then the
// cubeful MWC is the cubeless one.
bool match_cube_is_live(const CubeInfo& ci);

// Match play conversion (gnubg's Cl2CfMatch): cubeful MWC of ci.on_roll.
float match_cubeful_mwc(const Probabilities& p, const CubeInfo& ci, float x);

// Exact money equities of a position in a two-sided bearoff database (gnubg's arEquity of
// BearoffCubeful), per unit cube, for the side on roll. Such positions have no gammons.
// A hypergammon database position (`hyper` set) has exact probabilities as well and a separate
// value for a centred cube under the Jacoby rule (gnubg's CFHYPER).
struct ExactMoneyEquities {
  float cubeless = 0.0f;
  float owned = 0.0f;  // the cube is the side on roll's
  float centred = 0.0f;
  float opponent_owned = 0.0f;
  struct Hyper {
    Probabilities probs;          // the database's five probabilities for the side on roll
    float centred_jacoby = 0.0f;  // centred cube, Jacoby rule
  };
  std::optional<Hyper> hyper;
  // From the database's 16-bit values (gnubg: u / 32767.5 - 1), in the order above.
  static ExactMoneyEquities from_raw(const std::array<uint16_t, 4>& u);
  // The probabilities gnubg's cubeful evaluation uses for such a position: P(win) =
  // (cubeless + 1) / 2, no gammons; a hypergammon position's own probabilities.
  Probabilities probabilities() const;
};

// Cubeful value of a two-sided database position (gnubg's leaf for kBearoff2 / kBearoffTs):
// money play: the database's equity for the cube position (gnubg's CFMONEY; the Jacoby rule is
// not applied); match play: Cl2CfMatch with an effective efficiency derived from the money
// values, x_eff = (exact - cubeless) / (Janowski at x = 1 - cubeless), clamped to [0, x]
// (x itself when the Janowski value is within 1e-4 of the cubeless one).
// Hypergammon (gnubg's leaf for CLASS_HYPERGAMMON*): money play CFHYPER (the Jacoby value for a
// centred cube when the Jacoby rule is on); match play as above but with the cubeless equity
// from the probabilities, no clamping, and x_eff = 1 when the Janowski value is within 1e-4.
float exact_cubeful_value(const ExactMoneyEquities& e, const CubeInfo& ci, float x);

// Either of the two, in gnubg's cubeful units (money: equity per unit cube; match: MWC). With
// `exact` (positions of a two-sided bearoff database) as exact_cubeful_value; `p` is then unused.
float cubeful_value(const Probabilities& p, const CubeInfo& ci, float x,
                    const ExactMoneyEquities* exact = nullptr);

// Live-cube cash points of both players at the current cube (gnubg's GetPoints, match play): the
// winning chance (each player's own) at which doubling the other out is right, computed
// recursively over the higher cube levels, automatic redoubles and dead cubes included. The
// probabilities are those of ci.on_roll.
std::array<float, 2> live_cash_points(const Probabilities& p, const CubeInfo& ci);

// The dead-cube double point (gnubg's GetDoublePointDeadCube): the winning chance of ci.on_roll
// from which doubling can be right with a dead cube; gnubg's computer player evaluates the cube
// only at or above it. Money: L / (W + L) (Jacoby, centred cube: (L - 1/4) / (W + L - 1/2) with
// beavers, (L - 1/2) / (W + L - 1) without); match: risk / (risk + gain) from the MET.
float dead_cube_double_point(const Probabilities& p, const CubeInfo& ci);

}  // namespace tavla::eval
