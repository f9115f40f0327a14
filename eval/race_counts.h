// SPDX-License-Identifier: GPL-3.0-or-later
// The race counts gnubg's `show kleinman', `show thorp', `show keith' and `show isight' report
// (gnubg 1.07 eval.c KleinmanCount, ThorpCount, KeithCount, IsightCount). Index kOnRoll of a pair
// is the side on roll, which gnubg calls the leader whatever the pip counts; kOpponent the trailer.
// Numbers only: the shell words them.
#pragma once

#include <array>

#include "engine/board.h"

namespace tavla::eval {

// Cubeless winning chance of the side on roll by Kleinman's formula, 0 when the pips sum to 4 or
// less (float arithmetic, as gnubg).
float kleinman_count(int pips_on_roll, int pips_opponent);

struct ThorpCount {
  int leader = 0;        // side on roll
  float adjusted = 0;    // leader's count plus a tenth when it is above 30
  int trailer = 0;
};
ThorpCount thorp_count(const engine::Board& b);

// Per side (indexed as Board::sides).
std::array<int, 2> keith_count(const engine::Board& b);
std::array<int, 2> isight_count(const engine::Board& b);

}  // namespace tavla::eval

namespace tavla::eval {

// Kleinman's K = (diff + 4) / (2 sqrt(sum - 4)) in double, as gnubg's `show kleinman' prints it
// (NaN when the pips sum to less than 4).
double kleinman_k(int pips_on_roll, int pips_opponent);

}  // namespace tavla::eval
