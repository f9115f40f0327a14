// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's rollout entries of a match file read back (sgf.c: RestoreExtendedRollout,
// RestoreExtendedCubeRollout, RestoreExtendedRolloutContext): the "X" form that gnubg's
// WriteRolloutAnalysis writes, in A[] for a play and in DA[] for a cube decision:
//
//   play  X ver 3 Score <score> <score2> Trials <n> Output <7> StdDev <7> SK <n> RC ...
//   cube  X ver 3 Eq Trials <n> NoDouble Output <7> StdDev <7> DoubleTake Output <7> StdDev <7>
//         SK <n> RC ...
//   RC <cubeful> <var.redn.> <initial> <rotate> <late> <truncate> <trunc. plies> <bearoff2>
//      <bearoff one-sided> <late turn> "<dice generator>" <seed>, then by keyword the evaluation
//      contexts ("cube0 ver 3 2C 1 0.000000 1": plies[C] deterministic noise prune) cube0/1,
//      cheq0/1, latecube0/1, latecheq0/1, cubetrunc, cheqtrunc and the move filters filt0/1,
//      latefilt0/1 ("<accept> <extra> <threshold>" per ply of the chequer context before them).
//
// gnubg reads each keyword where it finds it and leaves what is missing at zero; tavla wants
// the entry whole (as gnubg writes it) and says what is wrong otherwise. gnubg always rolls out
// with the Mersenne Twister when it restores a rollout, whatever generator the file names; tavla
// too. tavla's settings hold one truncation context: cubetrunc's (gnubg's default has both
// equal).
#pragma once

#include <string_view>

#include "engine/result.h"
#include "text/match_analysis_sgf.h"

namespace tavla::text {

// A play's entry after its letters (`value` starts at "X"); `move` is left for the caller.
engine::Result<SgfMoveRollout> read_sgf_move_rollout(std::string_view value);

// A cube decision's DA[] value (starting at "X").
engine::Result<SgfCubeRollout> read_sgf_cube_rollout(std::string_view value);

}  // namespace tavla::text
