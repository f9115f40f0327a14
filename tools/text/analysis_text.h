// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's text layouts for analyses (format.c, gnubg.c, show.c of 1.07): the hint list for moves
// (FormatMoveHint), the evaluation table of `eval` (DumpPosition), the cube analysis block
// (OutputCubeAnalysis), the resignation hint (HintResigned), the evaluation settings (`show
// evaluation`) and rollout results (OutputRolloutResult, OutputRolloutContext), with gnubg's
// output settings (OutputOptions: gnubg's `set output digits|mwc|matchpc|winpc`, its defaults
// unless changed). Used by `tavla analyze` and the shell.
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
#include "eval/resignation.h"
#include "eval/search.h"
#include "rollout/rollout.h"

namespace tavla::text {

// gnubg's output settings (`set output ...`; format.c's fOutput* globals), defaults as gnubg's.
struct OutputOptions {
  bool mwc = false;  // match play: show match-winning chances instead of equities
  bool match_pc = true;  // MWC shown in per cent (else as a fraction)
  bool win_pc = false;   // game-winning chances in per cent (else as fractions)
  int digits = 3;        // decimals of probabilities and equities (0..6)
  // format_move_hint: the evaluation parameters line (gnubg's text export leaves it out for
  // evaluations), and the rank (false: "??", gnubg's played move ranked beyond the list).
  bool parameters = true;
  bool rank_known = true;
};

// The difference of two equities as gnubg's OutputEquityDiff prints it ("-0.000" when equal).
std::string output_equity_diff(float r1, float r2, const eval::CubeInfo& ci,
                               const OutputOptions& out = {});

// "2-ply cubeful prune [world class]" (gnubg's OutputEvalContext).
std::string format_eval_context(const eval::EvalContext& ec, bool chequer);

// Entry i of a ranked move list as gnubg's hint prints it (three lines). `ec` is the context the
// moves were ranked with; each move's own ply count comes from the move.
std::string format_move_hint(const engine::Board& board, const eval::CubeInfo& ci,
                             std::span<const eval::ScoredMove> moves, size_t i,
                             const eval::EvalContext& ec, const OutputOptions& out = {});

// The evaluation table of gnubg's `eval`: one row per ply 0..n, from the no-double evaluation of
// each (rows[i] = cube_evaluations at i plies). `class_text`: what gnubg prints for the position's
// class under "Evaluator:" (the bearoff database's entry; text/bearoff_text.h), if anything.
std::string format_eval_table(const engine::Board& board, const std::string& match_id,
                              eval::PositionClass pc, const eval::CubeInfo& ci,
                              std::span<const std::array<eval::Evaluation, 2>> rows,
                              const OutputOptions& out = {},
                              const std::string& class_text = "");

// The cube analysis block (gnubg's OutputCubeAnalysis): evals[0] is the "no double" evaluation
// (its probabilities and cubeless equity are printed), for the doubler; `taker` prints it from the
// side of the player who answers the double (probabilities and equities turned round).
std::string format_cube_analysis(const std::array<eval::Evaluation, 2>& evals,
                                 const eval::CubeAnalysis& analysis, const eval::CubeInfo& ci,
                                 const eval::EvalContext& ec, const OutputOptions& out = {},
                                 bool taker = false);

// gnubg's HintResigned: a judged resignation, printed as the opponent (the decider) reads it
// (match play with `out.mwc`: as the decider's match-winning chances).
std::string format_resign_hint(const eval::ResignationAnswer& a, const eval::CubeInfo& ci = {},
                               const OutputOptions& out = {});

// `show evaluation` / `show player` blocks (gnubg's ShowEvalSetup and ShowMoveFilters).
std::string format_evaluation_settings(const eval::EvalContext& ec);
std::string format_move_filters(const eval::MoveFilters& filters);

// A rollout's result for one alternative (gnubg's OutputRolloutResult): the label, the mean
// probabilities and equities, and their standard errors in brackets, for the player the results
// are reported for (money: per unit of the basis cube; match play: normalised equities, or MWC
// with `out.mwc`), with the output settings `out`.
std::string format_rollout_result(const std::string& label, const rollout::Outputs& mean,
                                  const rollout::Outputs& std_error, const eval::CubeInfo& ci,
                                  const OutputOptions& out = {});
// The rollout's settings (gnubg's OutputRolloutContext) after `games_done` trials.
std::string format_rollout_context(const rollout::RolloutSettings& st, int games_done);
// Its evaluation settings (gnubg's OutputEvalContextsForRollout): "Play: ..." with the chequer
// level's name and move filters above 0 ply, "Cube: ...", per player ("Player 0:") when the two
// players' differ.
std::string rollout_eval_contexts(const std::array<eval::EvalContext, 2>& cube,
                                  const std::array<eval::EvalSetup, 2>& chequer);

// Entry i of a ranked move list whose play was rolled out, as gnubg's hint prints it after
// `analyse rollout move' (FormatMoveHint for EVAL_ROLLOUT): the rank, "Rollout", the play and its
// equity (and its difference to the first entry's), the rollout's means and standard errors (as
// format_rollout_result, for the mover) and its settings (format_rollout_context), indented.
std::string format_move_rollout_hint(const engine::Board& board, const eval::CubeInfo& ci,
                                     std::span<const eval::ScoredMove> moves, size_t i,
                                     const rollout::Outputs& mean,
                                     const rollout::Outputs& std_error,
                                     const rollout::RolloutSettings& st, int games_done,
                                     const OutputOptions& out = {});

// A cube decision rolled out (gnubg's OutputCubeAnalysis for EVAL_ROLLOUT, after `analyse
// rollout cube'): "Rollout cubeless equity ...", the cubeful equities and proper action of `a',
// then "Rollout details:" with both cube states' results (mean[0]: no double, mean[1]: double,
// take, as the rollout reported them for the player on roll, ci.on_roll; `labels' gnubg's
// FormatCubePosition texts) and the rollout's settings. `taker': the side doubled reads it.
std::string format_cube_rollout_analysis(const std::array<rollout::Outputs, 2>& mean,
                                         const std::array<rollout::Outputs, 2>& std_error,
                                         const eval::CubeAnalysis& a, const eval::CubeInfo& ci,
                                         const std::array<std::string, 2>& labels,
                                         const rollout::RolloutSettings& st, int games_done,
                                         const OutputOptions& out = {}, bool taker = false);

}  // namespace tavla::text
