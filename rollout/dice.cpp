// SPDX-License-Identifier: GPL-3.0-or-later
#include "rollout/dice.h"

#include "rollout/isaac.h"

namespace tavla::rollout {

int die_from_random(std::mt19937& rng) {
  uint32_t v;
  do v = static_cast<uint32_t>(rng());
  while (v >= 4294967292u);  // 6 * 715827882 = 4294967292: keep the six buckets equal
  return 1 + static_cast<int>(v / 715827882u);
}

DiceSchedule::DiceSchedule(uint32_t seed, bool rotate, bool initial)
    : seed_(seed), rotate_(rotate), initial_(initial) {
  if (!rotate_) return;
  Isaac isaac(seed);
  for (int g = 0; g < kGenerations; ++g)
    for (int t = g; t < kRotatedTurns; ++t) {  // turns below the generation never use it
      Permutation& p = perm_[g][t];
      for (int k = 0; k < 36; ++k) p[k] = static_cast<uint8_t>(k);
      for (int k = 0; k < 35; ++k) {  // Fisher-Yates
        int r = static_cast<int>(isaac.next() % static_cast<uint32_t>(36 - k));
        std::swap(p[k], p[k + r]);
      }
    }
}

std::mt19937 DiceSchedule::trial_rng(int trial) const {
  return std::mt19937(seed_ + (static_cast<uint32_t>(trial) << 8));
}

Dice DiceSchedule::roll(int turn, int trial, std::mt19937& rng) const {
  if (initial_ && turn == 0) {
    if (rotate_) {
      // Walk the first permutation from the trial's slot, skipping doubles. gnubg keeps the
      // number skipped in a counter shared across trials; here it is recomputed per trial so
      // that trials stay independent of each other and of the thread count: trial g uses the
      // g-th non-double entry of the permutation repeated cyclically.
      const Permutation& p = perm_[0][0];
      int wanted = trial % 30, seen = 0;
      for (int k = 0;; k = (k + 1) % 36) {
        int j = p[k];
        if (j / 6 == j % 6) continue;
        if (seen++ == wanted) return {j / 6 + 1, j % 6 + 1};
      }
    }
    for (;;) {
      Dice d{die_from_random(rng), die_from_random(rng)};
      if (d.d1 != d.d2) return d;
    }
  }
  if (rotate_ && turn < kRotatedTurns) {
    int j = 0;
    long long k = 1;  // 36^generation
    for (int g = 0; g < kGenerations && g <= turn; ++g, k *= 36)
      j = perm_[g][turn][(trial / k + j) % 36];
    return {j / 6 + 1, j % 6 + 1};
  }
  return {die_from_random(rng), die_from_random(rng)};
}

}  // namespace tavla::rollout
