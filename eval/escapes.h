// SPDX-License-Identifier: GPL-3.0-or-later
// Escape counts (gnubg's anEscapes / anEscapes1): how many of the 36 rolls carry a chequer past a
// set of blocked points. Internal to eval/; exposed for the tests.
//
// A 12-bit mask describes the 12 points in front of the chequer: bit k set means the point k + 1
// pips ahead is blocked (two or more enemy chequers).
#pragma once

#include <array>
#include <cstdint>

#include "engine/board.h"

namespace tavla::eval {

namespace detail {

// Rolls (d1 >= d2; doubles count 1, others 2) whose total is open and whose first step is open
// for at least one order of the dice. Doubles check only d and 2d. `past_nearest` keeps only the
// rolls whose total reaches beyond the nearest blocked point (and gives 0 for an empty mask).
constexpr std::array<uint8_t, 4096> make_escape_table(bool past_nearest) {
  std::array<uint8_t, 4096> t{};
  for (int mask = 0; mask < 4096; ++mask) {
    if (past_nearest && mask == 0) continue;
    int nearest = 0;
    while (past_nearest && !(mask & (1 << nearest))) ++nearest;
    int count = 0;
    for (int a = 0; a <= 5; ++a)      // larger die - 1
      for (int b = 0; b <= a; ++b) {  // smaller die - 1
        const bool total_open = !(mask & (1 << (a + b + 1)));
        const bool step_open = !((mask & (1 << a)) && (mask & (1 << b)));
        if (total_open && step_open && (!past_nearest || a + b + 1 > nearest))
          count += a == b ? 1 : 2;
      }
    t[mask] = static_cast<uint8_t>(count);
  }
  return t;
}

}  // namespace detail

inline constexpr std::array<uint8_t, 4096> kEscapes = detail::make_escape_table(false);
inline constexpr std::array<uint8_t, 4096> kEscapesPastNearest = detail::make_escape_table(true);

// The blocked-points mask in front of a chequer of the other side standing on index n of its own
// side, formed by `blocker` (whose index 24 - n + k is k + 1 pips ahead of that chequer).
inline int escape_mask(const engine::SideCounts& blocker, int n) {
  const int m = n < 12 ? n : 12;
  int mask = 0;
  for (int k = 0; k < m; ++k) mask |= (blocker[24 + k - n] >= 2) << k;
  return mask;
}

// Bit i set when `side` holds index i (0..24) with two or more chequers.
inline uint32_t made_points(const engine::SideCounts& side) {
  uint32_t made = 0;
  for (int i = 0; i < engine::kSlots; ++i) made |= static_cast<uint32_t>(side[i] >= 2) << i;
  return made;
}

// escape_mask from made_points(blocker): the bits 24 - n .. 24 - n + min(n, 12) - 1.
inline int escape_mask_of_made(uint32_t made, int n) {
  const int m = n < 12 ? n : 12;
  return static_cast<int>((made >> (24 - n)) & ((1u << m) - 1));
}

// gnubg's Escapes(board, n) and Escapes1(board, n).
inline int escapes(const engine::SideCounts& blocker, int n) {
  return kEscapes[escape_mask(blocker, n)];
}
inline int escapes_past_nearest(const engine::SideCounts& blocker, int n) {
  return kEscapesPastNearest[escape_mask(blocker, n)];
}

}  // namespace tavla::eval
