// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/player.h"

#include "eval/cube_decision.h"

namespace tavla::strength {

eval::CubeInfo cubeless_money(int on_roll) {
  return eval::money_cube_info(1, engine::kCubeCentred, on_roll, false, false);
}

eval::EvalSetup zero_ply_cubeless() {
  return {eval::EvalContext{0, false, false, true, 0.0f},
          eval::predefined_filters(eval::FilterName::kNormal)};
}

eval::EvalSetup cubeless(eval::EvalSetup setup) {
  setup.context.cubeful = false;
  return setup;
}

engine::Board choose_move(eval::Search& search, const PlayerConfig& player,
                          const engine::Board& board, int d1, int d2, int on_roll) {
  auto moves = search.rank_moves(board, d1, d2, cubeless_money(on_roll), cubeless(player.setup));
  return moves.empty() ? board : moves[0].move.after;
}

engine::Board choose_cubeful_move(eval::Search& search, const PlayerConfig& player,
                                  const engine::Board& board, int d1, int d2,
                                  const eval::CubeInfo& ci) {
  eval::EvalSetup setup = player.setup;
  setup.context.cubeful = true;
  auto moves = search.rank_moves(board, d1, d2, ci, setup);
  return moves.empty() ? board : moves[0].move.after;
}

namespace {

eval::CubeAnalysis cube_analysis(eval::Search& search, const PlayerConfig& player,
                                 const engine::Board& board, const eval::CubeInfo& ci) {
  eval::EvalContext ec = player.setup.context;
  ec.cubeful = true;
  auto ev = search.cube_evaluations(board, ci, ec);
  return eval::analyse_cube(ev[0].probs, {ev[0].cubeful_equity, ev[1].cubeful_equity}, ci);
}

}  // namespace

bool wants_to_double(eval::Search& search, const PlayerConfig& player, const engine::Board& board,
                     const eval::CubeInfo& ci) {
  if (!eval::may_double(ci)) return false;
  // As gnubg's rollouts: double when the proper action is a double (take or pass).
  using D = eval::CubeDecision;
  switch (cube_analysis(search, player, board, ci).decision) {
    case D::kDoubleTake:
    case D::kDoubleBeaver:
    case D::kRedoubleTake:
    case D::kDoublePass:
    case D::kRedoublePass:
      return true;
    default:
      return false;
  }
}

bool takes(eval::Search& taker_search, const PlayerConfig& taker, const engine::Board& board,
           const eval::CubeInfo& ci) {
  // Equities for the doubler: the taker takes when that costs him less than passing.
  const eval::CubeEquities e = cube_analysis(taker_search, taker, board, ci).equities;
  return e.double_take <= e.double_pass;
}

}  // namespace tavla::strength
