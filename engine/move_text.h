// SPDX-License-Identifier: GPL-3.0-or-later
// Move notation exactly as gnubg writes and reads it: "24/20 13/11", "13/7*", "24/20*/16",
// "bar/22", "6/off", "8/5(2) 6/5(2)". Points are numbered 1..24 from the mover's side, 25 is the
// bar and 0 is off.
#pragma once

#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/move.h"
#include "engine/result.h"

namespace tavla::engine {

// gnubg's FormatMove: steps sorted from the back, consecutive steps of one chequer joined
// (keeping an intermediate point only where it hit), identical paths counted as "(n)", '*' after
// a point where a blot was hit. `before` is the board before the move, seen from the mover.
std::string format_move(const Board& before, const Move& move);

// gnubg's ParseMove: the steps a user typed (numbers, "bar", "off", '/', '*', "(n)"), in
// gnubg's canonical order. Checks the syntax only, not legality.
Result<Move> parse_move(std::string_view text);

// The legal play of (d1, d2) that `text` describes: the steps are applied and the resulting
// position must be the result of one of the legal plays (gnubg's rule, so any order and any
// grouping of the steps is accepted).
Result<LegalMove> find_legal_move(const Board& board, int d1, int d2, std::string_view text);

}  // namespace tavla::engine
