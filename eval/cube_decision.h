// SPDX-License-Identifier: GPL-3.0-or-later
// Cube decisions as gnubg 1.07 makes them (FindCubeDecision / FindBestCubeDecision): from the
// cubeful values of two cube states of the same position -- "no double" (the current cube) and
// "double, take" (twice the cube, owned by the opponent) -- and the value of "double, pass".
// Everything is seen from the player on roll, the potential doubler (ci.on_roll); the side being
// doubled reads the same decision (take, pass or beaver).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "eval/cube_info.h"
#include "eval/cubeful.h"
#include "eval/probabilities.h"

namespace tavla::eval {

// gnubg's cubedecision, same order and numbers.
enum class CubeDecision : uint8_t {
  kDoubleTake = 0,
  kDoublePass,
  kNoDoubleTake,
  kTooGoodTake,
  kTooGoodPass,
  kDoubleBeaver,
  kNoDoubleBeaver,
  kRedoubleTake,
  kRedoublePass,
  kNoRedoubleTake,
  kTooGoodRedoubleTake,
  kTooGoodRedoublePass,
  kNoRedoubleBeaver,
  kNoDoubleDeadCube,    // match play: the cube is dead (centred cube)
  kNoRedoubleDeadCube,  // match play: the cube is dead (own cube)
  kNotAvailable,        // the player on roll has no access to the cube
  kOptionalDoubleTake,
  kOptionalRedoubleTake,
  kOptionalDoubleBeaver,
  kOptionalDoublePass,
  kOptionalRedoublePass,
};
inline constexpr int kCubeDecisionCount = 21;

// The cubeful values of the two cube states, as a cubeful evaluation of any depth returns them
// (gnubg's arCubeful of GeneralCubeDecisionE): money play: equity per unit of the *current* cube
// (the double/take state's own per-unit equity times 2); match play: MWC of ci.on_roll.
struct CubeStateValues {
  float no_double = 0.0f;
  float double_take = 0.0f;
};

// The three actions' equities, normalised (money: per unit of the current cube; match: the MWC
// converted with mwc_to_equity at the current cube), for the player on roll.
struct CubeEquities {
  float no_double = 0.0f;
  float double_take = 0.0f;
  float double_pass = 0.0f;
};

struct CubeAnalysis {
  CubeDecision decision = CubeDecision::kNotAvailable;
  CubeEquities equities;
  float optimal = 0.0f;  // equity of the proper action (gnubg's arDouble[OUTPUT_OPTIMAL])
};

// Both cube states at 0 ply from the cubeless probabilities of the player on roll, with cube
// efficiency x (see cubeful.h). Positions of a two-sided bearoff database (kBearoff2,
// kBearoffTs) pass the database's money equities as `exact`, as gnubg does (see cubeful.h).
CubeStateValues cube_state_values_0ply(const Probabilities& p, const CubeInfo& ci, float x,
                                       const ExactMoneyEquities* exact = nullptr);

// The value of a cube state for the player on roll when he doubles if and only if doubling is
// right (gnubg's GetECF3, used inside cubeful n-ply lookahead): no double unless double/take and
// double/pass are both at least as good, then the smaller of the two. `no_double` and
// `double_take` are the cubeful values of the states "ci" and after_double_take(ci), each in its
// own units (money: per unit of that state's cube; match: MWC). The result is in ci's units.
// If the player may not double (may_double), the no-double value.
float optimal_cubeful_value(const CubeInfo& ci, float no_double, float double_take);

// gnubg's FindCubeDecision: converts match values to normalised equity, adds double/pass and
// decides. `p` serves only to know whether the doubler can win a gammon.
CubeAnalysis analyse_cube(const Probabilities& p, const CubeStateValues& v, const CubeInfo& ci);

// 0-ply cube analysis: cube_state_values_0ply, then analyse_cube.
CubeAnalysis analyse_cube_0ply(const Probabilities& p, const CubeInfo& ci, float x,
                               const ExactMoneyEquities* exact = nullptr);

// gnubg's FindBestCubeDecision on normalised equities. Equities within 1e-5 make a double
// "optional". `can_win_gammon` is P(win gammon) > 0 for the doubler.
CubeAnalysis best_cube_decision(const CubeEquities& e, bool can_win_gammon, const CubeInfo& ci);

// The decision in gnubg's words, as its cube analysis prints it after "Proper cube action: "
// (GetCubeRecommendation), e.g. "Double, take", "Too good to redouble, pass",
// "Never double, take (dead cube)". kNotAvailable has no text of its own in gnubg: "Unknown cube
// decision" is what gnubg returns for it.
std::string_view cube_decision_text(CubeDecision d);

// The three lines of gnubg's cube analysis ("1. Double, take ...") in printed order
// (getCubeDecisionOrdering); nullopt for decisions gnubg never prints (kNotAvailable).
enum class CubeAction : uint8_t { kNoDouble = 1, kDoubleTake = 2, kDoublePass = 3 };
std::string_view cube_action_text(CubeAction a);  // "No double", "Double, take", "Double, pass"
std::optional<std::array<CubeAction, 3>> cube_action_order(CubeDecision d);
float cube_action_equity(const CubeEquities& e, CubeAction a);
// The percentage gnubg prints after a no-double or too-good decision (getPercent): how many
// doubles would have to be passed (no double) or taken (too good) before doubling is right.
std::optional<float> cube_decision_percent(CubeDecision d, const CubeEquities& e);

// What gnubg's computer player does with a decision.
// As the doubler (play.c): double on double/take, redouble/take, double/pass, redouble/pass and
// double/beaver; an optional double only when the analysis was 0 ply and P(win) > 0.001.
bool doubler_doubles(CubeDecision d, bool zero_ply, float win_probability);
// As the side doubled (a normal double): beaver when the decision says beaver and a beaver is
// allowed, otherwise take or pass.
enum class TakeAction : uint8_t { kTake, kPass, kBeaver };
TakeAction taker_response(CubeDecision d, bool beaver_allowed);

}  // namespace tavla::eval
