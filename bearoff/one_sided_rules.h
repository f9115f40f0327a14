// SPDX-License-Identifier: GPL-3.0-or-later
// makebearoff's arithmetic on one-sided distributions (16-bit entries summing to 65535), shared by
// the generator (one_sided_generator.cpp) and the extension above a database's points
// (one_sided_extension.cpp), which must choose and round exactly alike.
#pragma once

#include <cstdint>

#include "bearoff/probabilities.h"

namespace tavla::bearoff {

inline constexpr uint16_t kCertainRolls = 0xFFFF;  // a distribution's total, 65535

// gnubg's RollsOS: 65535 x the expected number of rolls (roll 0 weighs nothing); the key by which
// makebearoff chooses moves.
inline uint32_t expected_rolls(const uint16_t* dist) {
  uint32_t sum = 0;
  for (int i = 1; i < kMaxRolls; ++i) sum += static_cast<uint32_t>(i) * dist[i];
  return sum;
}

// makebearoff's rounding of 36 x the probabilities back to 16 bits: (x + 18) / 36, then the
// difference to 65535 is taken from the first largest entry (wrapping as uint16).
inline void round_distribution(const int* sum36, uint16_t* out) {
  int total = 0, mode = 0;
  for (int i = 0; i < kMaxRolls; ++i) {
    out[i] = static_cast<uint16_t>((sum36[i] + 18) / 36);
    total += out[i];
    if (out[i] > out[mode]) mode = i;
  }
  out[mode] = static_cast<uint16_t>(out[mode] - static_cast<uint16_t>(total - kCertainRolls));
}

}  // namespace tavla::bearoff
