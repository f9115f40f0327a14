// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation by the rules in the gnubg manual: both dice if possible, the larger die
// when only one of them can be played, four steps with doubles, chequers on the bar first, bearing
// off with the higher-die rule; one entry per distinct resulting position.
//
// The search order is gnubg's (dice as given, then swapped; sources from the back; with doubles a
// later step never starts behind an earlier one), so that for every resulting position the
// recorded steps, and therefore the move text, are the ones gnubg records.
#pragma once

#include "engine/board.h"
#include "engine/move.h"

namespace tavla::engine {

// Fills `out` with all legal plays of dice (d1, d2) for board.sides[1]. Returns the count; 0 when
// no chequer can move. Dice are 1..6. Allocates nothing. Not thread-safe per list; use one list
// per thread.
int generate_moves(const Board& board, int d1, int d2, MoveList& out);

// The board after applying `move` step by step, as gnubg's ApplyMove does: hits put the opponent's
// blot on its bar. Returns false (board left partly moved) if a step starts from an empty point,
// lands on a point the opponent holds, or is otherwise impossible.
bool apply_move(Board& board, const Move& move);

// One step of `pips` from index `from` (24 = bar); same rules as apply_move.
bool apply_step(Board& board, int from, int pips);

}  // namespace tavla::engine
