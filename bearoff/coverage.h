// SPDX-License-Identifier: GPL-3.0-or-later
// Which boards a bearoff database can answer for, with gnubg's rules (bearoff.c, isBearoff).
#pragma once

#include "engine/board.h"

namespace tavla::bearoff {

// Highest occupied index of a side (0..24), or -1 when every chequer is off.
inline int highest_point(const engine::SideCounts& side) {
  for (int i = engine::kBar; i >= 0; --i)
    if (side[i]) return i;
  return -1;
}

inline int chequer_count(const engine::SideCounts& side) {
  int n = 0;
  for (uint8_t c : side) n += c;
  return n;
}

// Whether one side fits a database of `points` points and at most `chequers` chequers.
inline bool side_fits(const engine::SideCounts& side, int points, int chequers) {
  return highest_point(side) < points && chequer_count(side) <= chequers;
}

// gnubg's isBearoff for one- and two-sided databases: both sides still have chequers (the game
// is not over), the sides are past each other (the two rearmost chequers' indices add up to at
// most 22), and both sides fit the database.
inline bool is_bearoff_position(const engine::Board& board, int points, int chequers) {
  const int back_us = highest_point(board.sides[engine::Board::kOnRoll]);
  const int back_them = highest_point(board.sides[engine::Board::kOpponent]);
  if (back_us < 0 || back_them < 0) return false;
  if (back_us + back_them > 22) return false;
  return side_fits(board.sides[0], points, chequers) && side_fits(board.sides[1], points, chequers);
}

}  // namespace tavla::bearoff
