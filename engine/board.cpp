// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/board.h"

#include <numeric>

namespace tavla::engine {

int Board::checkers_on_board(int side) const {
  return std::accumulate(sides[side].begin(), sides[side].end(), 0);
}

int Board::pip_count(int side) const {
  int pips = 0;
  for (int i = 0; i < kSlots; ++i) pips += (i + 1) * sides[side][i];
  return pips;
}

int Board::back_checker(int side) const {
  for (int i = kBar; i >= 0; --i)
    if (sides[side][i]) return i;
  return -1;
}

Board Board::starting_position() {
  Board b;
  for (auto& s : b.sides) {
    s[5] = 5;   // 6-point
    s[7] = 3;   // 8-point
    s[12] = 5;  // mid-point
    s[23] = 2;  // 24-point (back chequers)
  }
  return b;
}

std::optional<std::string> board_error(const Board& board) {
  static constexpr const char* kSideName[2] = {"the side not on roll", "the side on roll"};
  for (int side = 0; side < 2; ++side) {
    int n = board.checkers_on_board(side);
    if (n > kCheckersPerSide)
      return std::string(kSideName[side]) + " has " + std::to_string(n) +
             " chequers (at most 15 allowed)";
  }
  for (int i = 0; i < kPoints; ++i) {
    if (board.on_roll()[i] && board.opponent()[kPoints - 1 - i])
      return "both sides have chequers on the same point (the " + std::to_string(i + 1) +
             "-point of the side on roll)";
  }
  // Both sides on the bar against closed boards: nobody could ever move.
  bool closed[2] = {true, true};
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < 6; ++i) closed[side] = closed[side] && board.sides[side][i] >= 2;
  if (closed[0] && closed[1] && board.on_roll()[kBar] && board.opponent()[kBar])
    return std::string("both sides have chequers on the bar against closed boards");
  return std::nullopt;
}

}  // namespace tavla::engine
