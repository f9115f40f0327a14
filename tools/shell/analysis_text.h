// gnubg's text layouts for evaluations (format.c, gnubg.c, show.c of 1.07): the `hint` move list,
// the cube analysis, the `eval` table, the resignation hint and the evaluation settings.
// Equities are printed as gnubg prints them by default: money equity, or normalised money equity
// in match play (gnubg's fOutputMWC is off), 3 digits.
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/xgid.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "shell/engine_player.h"

namespace tavla::shell {

// gnubg's OutputEvalContext: "2-ply cubeful prune [world class]".
std::string eval_context_text(const eval::EvalContext& ec, bool chequer);

// The first `n` entries of a ranked move list (gnubg's FormatMoveHint for each), `before` being
// the board the moves start from (seen from the mover).
std::string move_hints(const std::vector<RankedMove>& moves, const engine::Board& before, int n);

// gnubg's OutputCubeAnalysis; `take` = the decision is the opponent's (take/pass), which prints
// the equities from the taker's side.
std::string cube_analysis_text(const CubeAnalysis& a, const eval::CubeInfo& ci, bool take);

// gnubg's DumpPosition for `eval`: IDs, evaluator class, the table of evaluations (one row per
// entry of `rows`, row i at i plies) and, when the cube is available, the cube analysis.
std::string eval_text(const engine::Board& board, const std::string& match_id,
                      const std::vector<PositionEvaluation>& rows, const eval::CubeInfo& ci,
                      const CubeAnalysis* cube, std::string_view evaluator_class);

// gnubg's HintResigned: the resigner's equity before and after, and whether to accept.
std::string resign_hint_text(float before, float after, const eval::CubeInfo& ci);

// `show evaluation` / `show player` blocks (gnubg's ShowEvalSetup and ShowMoveFilters).
std::string evaluation_settings_text(const eval::EvalContext& ec);
std::string move_filters_text(const eval::MoveFilters& filters);

}  // namespace tavla::shell
