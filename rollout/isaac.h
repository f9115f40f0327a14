// SPDX-License-Identifier: GPL-3.0-or-later
// Bob Jenkins' ISAAC random number generator (public-domain algorithm), in the small
// configuration gnubg uses for rollout dice permutations: 16 words of state (RANDSIZL = 4).
// Written from the published description; the output sequence matches gnubg's for equal seeds.
#pragma once

#include <array>
#include <cstdint>

namespace tavla::rollout {

class Isaac {
 public:
  static constexpr int kSizeLog = 4;
  static constexpr int kSize = 1 << kSizeLog;

  // Seeds every one of the 16 seed words with `seed` (gnubg's QuasiRandomSeed).
  explicit Isaac(uint32_t seed);

  uint32_t next();  // gnubg's irand(): results are consumed from the last word down

 private:
  void generate();  // one round: refill the 16 results
  std::array<uint32_t, kSize> mem_{};
  std::array<uint32_t, kSize> results_{};
  uint32_t a_ = 0, b_ = 0, c_ = 0;
  int count_ = 0;
};

}  // namespace tavla::rollout
