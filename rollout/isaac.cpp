// SPDX-License-Identifier: GPL-3.0-or-later
#include "rollout/isaac.h"

namespace tavla::rollout {

namespace {

// The mixing step of ISAAC's initialisation, on eight words.
void mix(uint32_t (&x)[8]) {
  x[0] ^= x[1] << 11; x[3] += x[0]; x[1] += x[2];
  x[1] ^= x[2] >> 2;  x[4] += x[1]; x[2] += x[3];
  x[2] ^= x[3] << 8;  x[5] += x[2]; x[3] += x[4];
  x[3] ^= x[4] >> 16; x[6] += x[3]; x[4] += x[5];
  x[4] ^= x[5] << 10; x[7] += x[4]; x[5] += x[6];
  x[5] ^= x[6] >> 4;  x[0] += x[5]; x[6] += x[7];
  x[6] ^= x[7] << 8;  x[1] += x[6]; x[7] += x[0];
  x[7] ^= x[0] >> 9;  x[2] += x[7]; x[0] += x[1];
}

}  // namespace

Isaac::Isaac(uint32_t seed) {
  results_.fill(seed);
  uint32_t x[8];
  for (uint32_t& v : x) v = 0x9e3779b9u;  // the golden ratio
  for (int i = 0; i < 4; ++i) mix(x);
  // Two passes, so that every seed word affects every state word.
  for (int pass = 0; pass < 2; ++pass) {
    const auto& src = pass == 0 ? results_ : mem_;
    for (int i = 0; i < kSize; i += 8) {
      for (int k = 0; k < 8; ++k) x[k] += src[i + k];
      mix(x);
      for (int k = 0; k < 8; ++k) mem_[i + k] = x[k];
    }
  }
  generate();
  count_ = kSize;
}

void Isaac::generate() {
  auto ind = [this](uint32_t v) { return mem_[(v >> 2) & (kSize - 1)]; };
  b_ += ++c_;
  for (int i = 0; i < kSize; ++i) {
    switch (i % 4) {
      case 0: a_ ^= a_ << 13; break;
      case 1: a_ ^= a_ >> 6; break;
      case 2: a_ ^= a_ << 2; break;
      case 3: a_ ^= a_ >> 16; break;
    }
    uint32_t x = mem_[i];
    a_ += mem_[(i + kSize / 2) % kSize];
    uint32_t y = ind(x) + a_ + b_;
    mem_[i] = y;
    b_ = ind(y >> kSizeLog) + x;
    results_[i] = b_;
  }
}

uint32_t Isaac::next() {
  if (count_-- == 0) {
    generate();
    count_ = kSize - 1;
  }
  return results_[count_];
}

}  // namespace tavla::rollout
