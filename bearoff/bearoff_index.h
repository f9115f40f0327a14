// SPDX-License-Identifier: GPL-3.0-or-later
// The bearoff index: a one-to-one numbering of the positions of one side that has at most C
// chequers on its lowest P points (index 0 = ace point), the numbering gnubg uses in all its
// databases (positionid.c, PositionBearoff).
//
// With S_k = number of chequers on the k highest of the P points, the k-th set bit of a (P+C)-bit
// string sits at b_k = S_k + k - 1, and the index is the colexicographic rank
//     index = sum_{k=1..P} C(b_k, k).
// Index 0 is "all chequers off". The index does not depend on C (positions with fewer chequers
// keep their number in a larger database), so C only bounds the search when decoding.
#pragma once

#include <cassert>
#include <cstdint>
#include <span>

#include "bearoff/binomial.h"
#include "engine/board.h"

namespace tavla::bearoff {

// Points per side an index can cover (hypergammon: 24 points + bar).
inline constexpr int kMaxIndexPoints = 25;
inline constexpr int kMaxIndexChequers = 15;

// Number of positions with at most `chequers` chequers on `points` points: C(P + C, P).
constexpr uint64_t position_count(int points, int chequers) {
  return binomial(points + chequers, points);
}

// Index of the position counts[0 .. points-1]. The caller guarantees the total fits the
// database (position_count(points, total) <= 2^32).
inline uint32_t bearoff_index(const uint8_t* counts, int points) {
  assert(points >= 1 && points <= kMaxIndexPoints);
  uint64_t index = 0;
  int suffix = 0;  // chequers on the points above and at i
  for (int i = points - 1; i >= 0; --i) {
    suffix += counts[i];
    const int k = points - i;
    assert(suffix + k - 1 <= kMaxBinomialN);
    index += binomial(suffix + k - 1, k);
  }
  return static_cast<uint32_t>(index);
}

inline uint32_t bearoff_index(const engine::SideCounts& side, int points) {
  return bearoff_index(side.data(), points);
}

// The position with the given index (inverse of bearoff_index): writes counts[0 .. points-1].
void position_from_index(uint32_t index, int points, int chequers, std::span<uint8_t> counts);

// The same as a full side (points >= `points` and the bar are empty).
engine::SideCounts side_from_index(uint32_t index, int points, int chequers);

}  // namespace tavla::bearoff
