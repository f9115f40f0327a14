// SPDX-License-Identifier: GPL-3.0-or-later
// One side's chequers as a 128-bit key, for hash maps and caches of sides (the one-sided
// database's extension, race-sides labels, the evaluator's side cache).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/board.h"

namespace tavla::engine {

// The chequers on the side's 24 points, four bits a point (a point holds at most 15). The bar is
// not in the key: the sides keyed this way are race sides, which never have one there.
struct SideKey {
  uint64_t lo = 0;  // points 1..16
  uint64_t hi = 0;  // points 17..24
  bool operator==(const SideKey&) const = default;
};

inline SideKey side_key(const SideCounts& side) {
  SideKey k;
  for (int i = 0; i < 16; ++i) k.lo |= uint64_t{side[i]} << (4 * i);
  for (int i = 16; i < kPoints; ++i) k.hi |= uint64_t{side[i]} << (4 * (i - 16));
  return k;
}

// Mixes both words so that every bit of the key reaches the low bits (cache slots take the hash
// modulo a small count). Trajectory labels seed their dice with it, so it must not change.
struct SideKeyHash {
  size_t operator()(const SideKey& k) const {
    const uint64_t h =
        (k.lo * 0x9E3779B97F4A7C15ull) ^ ((k.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full);
    return static_cast<size_t>(h ^ (h >> 31));
  }
};

}  // namespace tavla::engine
