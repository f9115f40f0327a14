// SPDX-License-Identifier: GPL-3.0-or-later
// The luck of a roll, as the duel's variance reduction measures it: the cubeless equity for the
// mover after the best 0-ply play of the roll that came, minus the average of that over all the
// rolls that could have come (36, or the 30 non-doubles of an opening roll), both by one fixed
// reference evaluator. The table is made before the roll is known, so whatever the evaluator,
// a roll's luck has mean exactly 0 over the dice: subtracting it changes no expected result.
// The play is always chosen at 0 ply; its equity may be valued deeper (`value_plies`, cubeless,
// with pruning nets): a truer value of each roll takes more of the dice's noise out of a duel.
#pragma once

#include <array>

#include "engine/board.h"
#include "eval/search.h"

namespace tavla::strength {

// Per roll [d1 - 1][d2 - 1] with d1 >= d2 (the other half unused): the mover's cubeless money
// equity (at `value_plies`) after the reference's best 0-ply play, and that play's board (still seen from the mover;
// the board itself when no chequer can move, whose equity is then minus the opponent's on roll).
struct RollTable {
  std::array<std::array<float, 6>, 6> equity{};
  std::array<std::array<engine::Board, 6>, 6> best{};
};

// `opening`: the roll is an opening roll (never a double); those entries are left empty.
RollTable best_plays(eval::Search& reference, const engine::Board& board, int on_roll,
                     bool opening, int value_plies = 0);

// The equity averaged over the rolls with their probabilities (a double 1/36, another roll 2/36;
// an opening roll 2/30 each).
float mean_equity(const RollTable& table, bool opening);

// The luck of rolling (d1, d2), d1 >= d2, for the mover: equity of that roll minus the mean.
inline float roll_luck(const RollTable& table, bool opening, int d1, int d2) {
  return table.equity[d1 - 1][d2 - 1] - mean_equity(table, opening);
}

}  // namespace tavla::strength
