// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/dice.h"

namespace tavla::engine {

namespace {
constexpr uint32_t kRejectFrom = 4294967292u;  // largest multiple of 6 below 2^32
constexpr uint32_t kPerFace = 715827882u;      // 2^32 / 6, rounded down
}  // namespace

int DiceGenerator::die() {
  uint32_t r;
  do r = static_cast<uint32_t>(mt_());
  while (r >= kRejectFrom);
  ++draws_;
  return 1 + static_cast<int>(r / kPerFace);
}

uint32_t system_seed() {
  std::random_device rd;
  return rd();
}

}  // namespace tavla::engine
