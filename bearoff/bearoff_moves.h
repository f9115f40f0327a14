// SPDX-License-Identifier: GPL-3.0-or-later
// Legal moves of one side that is bearing off (no opponent chequers in its way), enumerated in
// exactly the order of gnubg 1.07's GenerateMoves. The order matters: makebearoff keeps the
// first of several equally good moves, so the database bytes depend on it.
//
// gnubg's enumeration: a depth-first search over the dice (for a non-double first the higher die,
// then again with the lower die first), trying source points from the highest down; with doubles
// a later chequer never starts above the previous one. A finished move is saved when no further
// die can be played; only moves that use the most dice (and, for equal counts, the most pips of
// dice) are legal, and a better move found later throws away those saved before. A position
// reached twice keeps the place of its first arrival.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "bearoff/bearoff_index.h"

namespace tavla::bearoff {

// One side's chequers on its lowest points (index 0 = ace point).
inline constexpr int kMaxMovePoints = 13;
using Chequers = std::array<uint8_t, 16>;

// The 21 rolls in gnubg's loop order (high = 1..6, low = 1..high); weight out of 36.
struct Roll {
  int high, low, weight;
};
inline constexpr std::array<Roll, 21> kRolls = [] {
  std::array<Roll, 21> r{};
  int k = 0;
  for (int h = 1; h <= 6; ++h)
    for (int l = 1; l <= h; ++l) r[k++] = Roll{h, l, h == l ? 1 : 2};
  return r;
}();

namespace detail {

// A position during the move search: the counts, the suffix sums S[i] = chequers on points >= i,
// and the bearoff index, which moving a chequer from s to t changes by
//   -sum_{i = t+1 .. s} C(S[i] + P - i - 2, P - i - 1)
// (each suffix that loses the chequer drops one step in the colex rank; Pascal's rule).
struct WalkState {
  Chequers count;
  Chequers suffix;
  uint32_t index;
};

// Sink: void reset();  void add(uint32_t bearoff_index);
template <class Sink>
class MoveWalker {
 public:
  MoveWalker(int points, const Roll& roll, Sink& sink) : points_(points), sink_(sink) {
    dice_[0] = roll.high;
    dice_[1] = roll.low;
    dice_[2] = dice_[3] = roll.high == roll.low ? roll.high : 0;
    doubles_ = roll.high == roll.low;
  }

  void run(const Chequers& from) {
    WalkState start;
    start.count = from;
    int sum = 0;
    for (int i = kMaxMovePoints + 2; i >= 0; --i) {
      sum += i < points_ ? from[i] : 0;
      start.suffix[i] = static_cast<uint8_t>(sum);
    }
    start.index = bearoff_index(from.data(), points_);
    walk(start, 0, points_ - 1, 0);
    if (!doubles_) {
      std::swap(dice_[0], dice_[1]);
      walk(start, 0, points_ - 1, 0);
    }
  }

 private:
  // Returns true when no chequer could play dice_[depth] (the move so far is complete).
  bool walk(const WalkState& state, int depth, int top, int pips) {
    if (depth > 3 || dice_[depth] == 0) return true;
    const int die = dice_[depth];
    const bool last = depth == 3 || dice_[depth + 1] == 0;
    bool used = false;
    int back = -1;  // rearmost chequer, found when a bear-off is first tried
    for (int i = top; i >= 0; --i) {
      if (!state.count[i]) continue;
      const int to = i - die;
      if (to < 0) {
        // Bearing off needs every chequer home and an exact roll or the rearmost chequer.
        if (back < 0) {
          back = points_ - 1;
          while (back > 0 && !state.count[back]) --back;
        }
        if (back > 5 || (i != back && to != -1)) continue;
      }
      uint32_t drop = 0;
      for (int k = std::max(to + 1, 0); k <= i; ++k)
        drop += static_cast<uint32_t>(binomial(state.suffix[k] + points_ - k - 2, points_ - k - 1));
      const uint32_t index = state.index - drop;
      used = true;
      if (last || index == 0) {  // no die left, or nothing left to move it
        save(depth + 1, pips + die, index);
        continue;
      }
      WalkState next = state;
      --next.count[i];
      if (to >= 0) ++next.count[to];
      for (int k = std::max(to + 1, 0); k <= i; ++k) --next.suffix[k];
      next.index = index;
      if (walk(next, depth + 1, doubles_ ? i : points_ - 1, pips + die))
        save(depth + 1, pips + die, index);
    }
    return !used;
  }

  void save(int moves, int pips, uint32_t index) {
    if (moves < max_moves_ || pips < max_pips_) return;
    if (moves > max_moves_ || pips > max_pips_) sink_.reset();
    max_moves_ = moves;
    max_pips_ = pips;
    sink_.add(index);
  }

  int points_;
  int dice_[4];
  bool doubles_;
  Sink& sink_;
  int max_moves_ = 0;
  int max_pips_ = 0;
};

}  // namespace detail

// Calls sink.reset() / sink.add(index) for the moves of `roll` from `from` in gnubg's order.
// The final legal moves are the add() calls after the last reset(); duplicates are not removed.
template <class Sink>
void for_each_move(const Chequers& from, int points, const Roll& roll, Sink& sink) {
  detail::MoveWalker<Sink> walker(points, roll, sink);
  walker.run(from);
}

// The distinct positions reachable with `roll`, in gnubg's move-list order.
struct SuccessorList {
  static constexpr int kCapacity = 4096;
  std::array<uint32_t, kCapacity> index;
  int size = 0;

  void reset() { size = 0; }
  void add(uint32_t i) {
    if (std::find(index.begin(), index.begin() + size, i) == index.begin() + size)
      index[size++] = i;
  }
};

inline void successors(const Chequers& from, int points, const Roll& roll, SuccessorList& out) {
  out.size = 0;
  for_each_move(from, points, roll, out);
}

inline Chequers chequers_from_index(uint32_t index, int points, int chequers) {
  Chequers c{};
  position_from_index(index, points, chequers, std::span<uint8_t>(c.data(), points));
  return c;
}

}  // namespace tavla::bearoff
