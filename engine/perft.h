// SPDX-License-Identifier: GPL-3.0-or-later
// Move-generation node counts ("perft"), tavla's check of the move generator.
//
// perft(position, 0) = 1. perft(position, d) = the sum over the 21 distinct rolls (each counted
// once, not weighted by probability) of the sum over the roll's legal plays of
// perft(position after the play, seen by the opponent, d - 1); a roll with no legal play counts
// as one play that leaves the board unchanged. A finished game (a side with no chequers left)
// is a leaf: it counts 1 at any depth.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board.h"

namespace tavla::engine {

uint64_t perft(const Board& board, int depth);

// The 21 rolls in gnubg's order of enumeration: d1 >= d2, (1,1), (2,1), (2,2), (3,1), ...
struct Roll {
  int d1, d2;
};
const std::array<Roll, 21>& all_rolls();

// perft split by the first roll: entry r is the count below all_rolls()[r].
std::array<uint64_t, 21> perft_by_roll(const Board& board, int depth);

}  // namespace tavla::engine
