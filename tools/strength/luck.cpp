// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/luck.h"

#include "strength/player.h"

namespace tavla::strength {

using engine::Board;

RollTable best_plays(eval::Search& reference, const Board& board, int on_roll, bool opening,
                     int value_plies) {
  RollTable t;
  const eval::EvalSetup zero = zero_ply_cubeless();
  eval::EvalContext deep = zero.context;
  deep.plies = value_plies;
  deep.prune = value_plies > 0;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j <= i; ++j) {
      if (opening && i == j) continue;
      auto moves = reference.rank_moves(board, i + 1, j + 1, cubeless_money(on_roll), zero);
      if (!moves.empty()) {
        t.best[i][j] = moves[0].move.after;
        t.equity[i][j] = value_plies == 0 ? moves[0].cubeless_equity
                                          : -reference.evaluate(moves[0].move.after.swapped(),
                                                                cubeless_money(1 - on_roll), deep)
                                                 .cubeless_equity;
      } else {  // no play: the opponent is on roll in the same position
        t.best[i][j] = board;
        t.equity[i][j] = -reference.evaluate(board.swapped(), cubeless_money(1 - on_roll),
                                             deep)
                              .cubeless_equity;
      }
    }
  return t;
}

float mean_equity(const RollTable& t, bool opening) {
  float sum = 0;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j <= i; ++j) {
      if (i == j && opening) continue;
      sum += (i == j ? 1.0f : 2.0f) * t.equity[i][j];
    }
  return sum / (opening ? 30.0f : 36.0f);
}

}  // namespace tavla::strength
