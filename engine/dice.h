// SPDX-License-Identifier: GPL-3.0-or-later
// Dice as gnubg 1.07 rolls them with its default generator, the Mersenne Twister: MT19937 seeded
// with the reference init_genrand(seed) (std::mt19937 uses the same seeding), each die from one
// 32-bit draw: draws >= 4294967292 are rejected and redrawn, die = 1 + draw / 715827882. So the
// same seed gives the same dice in tavla and in gnubg (`set seed N`), which the shell's golden
// transcripts rely on.
//
// Seeds above 2^32 - 1 (gnubg seeds those through init_by_array) are not supported.
#pragma once

#include <array>
#include <cstdint>
#include <random>

namespace tavla::engine {

class DiceGenerator {
 public:
  explicit DiceGenerator(uint32_t seed = 0) { set_seed(seed); }

  void set_seed(uint32_t seed) {
    seed_ = seed;
    mt_.seed(seed);
    draws_ = 0;
  }
  uint32_t seed() const { return seed_; }
  uint64_t draws() const { return draws_; }  // dice drawn since the last seed (gnubg's counter)

  // Two dice in the order drawn (gnubg's anDice: not sorted).
  std::array<int, 2> roll() { return {die(), die()}; }
  int die();

 private:
  std::mt19937 mt_;
  uint32_t seed_ = 0;
  uint64_t draws_ = 0;
};

// A seed from the system's random source (gnubg seeds from /dev/urandom at start-up).
uint32_t system_seed();

}  // namespace tavla::engine
