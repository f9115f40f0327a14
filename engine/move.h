// SPDX-License-Identifier: GPL-3.0-or-later
// A chequer play and fixed-capacity move lists (no heap in move generation).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/board.h"

namespace tavla::engine {

// Up to four single-die steps, in gnubg's anMove layout: pairs (from, to) of indices seen from the
// mover's side; from 24 = the bar, to -1 = borne off; unused pairs have from = -1.
struct Move {
  static constexpr int kMaxSteps = 4;
  std::array<int8_t, 2 * kMaxSteps> steps{-1, -1, -1, -1, -1, -1, -1, -1};

  int step_count() const {
    int n = 0;
    while (n < kMaxSteps && steps[2 * n] >= 0) ++n;
    return n;
  }
  int from(int i) const { return steps[2 * i]; }
  int to(int i) const { return steps[2 * i + 1]; }
  friend bool operator==(const Move&, const Move&) = default;
};

// One legal play: the steps as gnubg records them and the board after the move, still seen from
// the mover's side (not swapped; gnubg's de-duplication key).
struct LegalMove {
  Move move;
  Board after;
};

// gnubg keeps at most 3060 legal moves per roll and 3875 candidates while generating.
inline constexpr int kMaxMoves = 3875;

class MoveList {
 public:
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const LegalMove& operator[](int i) const { return moves_[i]; }
  LegalMove& operator[](int i) { return moves_[i]; }
  const LegalMove* begin() const { return moves_.data(); }
  const LegalMove* end() const { return moves_.data() + size_; }

 private:
  friend class MoveGenerator;
  std::array<LegalMove, kMaxMoves> moves_;
  int size_ = 0;
};

}  // namespace tavla::engine
