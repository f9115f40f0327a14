// SPDX-License-Identifier: GPL-3.0-or-later
// Rollout dice, as gnubg 1.07 draws them.
//
// Quasi-random ("rotated") dice: for the first kRotatedTurns turns of every trial the roll is
// taken from permutations of the 36 rolls, so that the first roll of every block of 36 trials is
// each roll once, the first two rolls of every block of 1296 trials each pair once, and so on for
// up to six turns (generations). The permutations are built once per rollout from an ISAAC
// generator seeded with the rollout seed. Later turns, and plain random dice, come from a
// Mersenne Twister reseeded per trial with seed + (trial << 8), so every trial's dice are fixed
// before the rollout starts, whatever the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <random>

namespace tavla::rollout {

inline constexpr int kRotatedTurns = 128;  // gnubg's QRLEN
inline constexpr int kGenerations = 6;

struct Dice {
  int d1 = 0, d2 = 0;
  friend bool operator==(const Dice&, const Dice&) = default;
};

// A 32-bit draw to a die the way gnubg does: values >= 4294967292 are redrawn, then
// 1 + value / 715827882.
int die_from_random(std::mt19937& rng);

class DiceSchedule {
 public:
  // `rotate`: quasi-random dice (gnubg's default); `initial`: the position is an opening
  // position, so the first roll of every trial is never a double.
  DiceSchedule(uint32_t seed, bool rotate, bool initial);

  // The dice of turn `turn` (0 = the first roll of the trial) of trial `trial`. `rng` is the
  // trial's generator (see trial_rng), used for unrotated turns.
  Dice roll(int turn, int trial, std::mt19937& rng) const;

  // The generator for trial `trial`: MT19937 seeded with seed + (trial << 8).
  std::mt19937 trial_rng(int trial) const;

  uint32_t seed() const { return seed_; }

 private:
  using Permutation = std::array<uint8_t, 36>;
  // perm_[generation][turn]; only turn >= generation is used.
  std::array<std::array<Permutation, kRotatedTurns>, kGenerations> perm_{};
  uint32_t seed_;
  bool rotate_, initial_;
};

}  // namespace tavla::rollout
