// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/perft.h"

#include <memory>
#include <vector>

#include "engine/movegen.h"

namespace tavla::engine {

const std::array<Roll, 21>& all_rolls() {
  static constexpr std::array<Roll, 21> kRolls = [] {
    std::array<Roll, 21> r{};
    int n = 0;
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= a; ++b) r[n++] = {a, b};
    return r;
  }();
  return kRolls;
}

namespace {

// One move list per depth, allocated once per call (a MoveList is too large for deep recursion
// on the stack).
uint64_t perft_rec(const Board& board, int depth, std::vector<MoveList>& lists);

uint64_t perft_roll(const Board& board, int depth, Roll roll, std::vector<MoveList>& lists) {
  MoveList& list = lists[depth];
  int n = generate_moves(board, roll.d1, roll.d2, list);
  if (n == 0) return perft_rec(board.swapped(), depth - 1, lists);
  if (depth == 1) return n;
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += perft_rec(list[i].after.swapped(), depth - 1, lists);
  return total;
}

uint64_t perft_rec(const Board& board, int depth, std::vector<MoveList>& lists) {
  if (depth == 0 || board.checkers_on_board(0) == 0 || board.checkers_on_board(1) == 0) return 1;
  uint64_t total = 0;
  for (Roll r : all_rolls()) total += perft_roll(board, depth, r, lists);
  return total;
}

}  // namespace

uint64_t perft(const Board& board, int depth) {
  std::vector<MoveList> lists(depth + 1);
  return perft_rec(board, depth, lists);
}

std::array<uint64_t, 21> perft_by_roll(const Board& board, int depth) {
  std::array<uint64_t, 21> out{};
  if (depth == 0) return out;
  std::vector<MoveList> lists(depth + 1);
  for (int r = 0; r < 21; ++r) {
    if (board.checkers_on_board(0) == 0 || board.checkers_on_board(1) == 0)
      out[r] = 1;
    else
      out[r] = perft_roll(board, depth, all_rolls()[r], lists);
  }
  return out;
}

}  // namespace tavla::engine
