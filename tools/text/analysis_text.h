// gnubg's text layouts for analyses: the hint list for moves (FormatMoveHint), the evaluation
// table of `eval` (DumpPosition) and the cube analysis block (OutputCubeAnalysis), with gnubg's
// default output settings (3 digits, probabilities as fractions, equities rather than MWC unless
// `mwc` is asked for, then MWC in per cent).
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "engine/board.h"
#include "eval/cube_decision.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/position_class.h"
#include "eval/search.h"

namespace tavla::text {

struct OutputOptions {
  bool mwc = false;  // match play: show match-winning chances instead of equities
};

// "2-ply cubeful prune [world class]" (gnubg's OutputEvalContext).
std::string format_eval_context(const eval::EvalContext& ec, bool chequer);

// Entry i of a ranked move list as gnubg's hint prints it (three lines). `ec` is the context the
// moves were ranked with; each move's own ply count comes from the move.
std::string format_move_hint(const engine::Board& board, const eval::CubeInfo& ci,
                             std::span<const eval::ScoredMove> moves, size_t i,
                             const eval::EvalContext& ec, const OutputOptions& out = {});

// The evaluation table of gnubg's `eval`: one row per ply 0..n, from the no-double evaluation of
// each (rows[i] = cube_evaluations at i plies).
std::string format_eval_table(const engine::Board& board, const std::string& match_id,
                              eval::PositionClass pc, const eval::CubeInfo& ci,
                              std::span<const std::array<eval::Evaluation, 2>> rows,
                              const OutputOptions& out = {});

// The cube analysis block (gnubg's OutputCubeAnalysis for the doubler).
std::string format_cube_analysis(const std::array<eval::Evaluation, 2>& evals,
                                 const eval::CubeAnalysis& analysis, const eval::CubeInfo& ci,
                                 const eval::EvalContext& ec, const OutputOptions& out = {});

}  // namespace tavla::text
