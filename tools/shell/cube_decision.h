// Cube decisions from the three cubeful equities "no double", "double, take" and "double, pass"
// (gnubg 1.07's FindBestCubeDecision and the texts and orderings its cube analysis prints), and
// the cube analysis record the shell and the engine player share.
//
// The decision rules are gnubg's: with DT >= ND and DP >= ND it is a double (take or pass,
// optional when the gain is below 1e-5, beaver when money play allows it and -2 <= DT <= 0);
// otherwise no double or too good. Equities are normalised (money: per unit cube; match: gnubg's
// mwc2eq scale) and for the player on roll.
#pragma once

#include <array>
#include <string_view>

#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/probabilities.h"

namespace tavla::shell {

// gnubg's cubedecision, in its order.
enum class CubeDecision {
  kDoubleTake, kDoublePass, kNoDoubleTake, kTooGoodTake, kTooGoodPass, kDoubleBeaver,
  kNoDoubleBeaver, kRedoubleTake, kRedoublePass, kNoRedoubleTake, kTooGoodReTake,
  kTooGoodRePass, kNoRedoubleBeaver, kNoDoubleDeadCube, kNoRedoubleDeadCube,
  kOptionalDoubleBeaver, kOptionalDoubleTake, kOptionalRedoubleTake, kOptionalDoublePass,
  kOptionalRedoublePass, kNotAvailable
};

// Indices into CubeAnalysis::equities (gnubg's OUTPUT_OPTIMAL .. OUTPUT_DROP).
inline constexpr int kOptimal = 0, kNoDouble = 1, kTake = 2, kDrop = 3;

struct CubeAnalysis {
  eval::Probabilities probs;   // cubeless, for the player on roll
  float cubeless_equity = 0;   // gnubg's UtilityME for the player on roll (OUTPUT_EQUITY)
  float cubeless_money = 0;    // money equity of the same probabilities ("Money:" in match play)
  // Normalised cubeful equities: [kOptimal] of the best action, [kNoDouble], [kTake], [kDrop].
  std::array<float, 4> equities{};
  CubeDecision decision = CubeDecision::kNotAvailable;
  eval::EvalContext context;   // what the analysis was computed with (plies actually used)
};

// gnubg's FindBestCubeDecision: fills equities[kOptimal] and returns the decision. `probs` are the
// cubeless probabilities (a gammon must be possible for "too good").
CubeDecision find_best_cube_decision(std::array<float, 4>& equities,
                                     const eval::Probabilities& probs, const eval::CubeInfo& ci);

std::string_view cube_recommendation(CubeDecision d);  // "Double, take", "No redouble, beaver", ...
// gnubg's getCubeDecisionOrdering: the three actions in the order the analysis lists them.
std::array<int, 3> cube_decision_ordering(const CubeAnalysis& a, const eval::CubeInfo& ci);
// gnubg's getPercent: how far the position is into the window (for "(45.2%)"), or < 0.
float cube_decision_percent(CubeDecision d, const std::array<float, 4>& equities);

}  // namespace tavla::shell
