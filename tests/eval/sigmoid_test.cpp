// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's sigmoid approximation and the reciprocal emulation.
#include "eval/sigmoid.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include "eval/reciprocal_table.h"

namespace tavla::eval {
namespace {

TEST(Sigmoid, ExpTableIsExpOverTen) {
  for (int k = 0; k < 100; ++k)
    EXPECT_EQ(kSigmoidExpTable[k], static_cast<float>(std::exp(k / 10.0) / 10.0)) << k;
  EXPECT_EQ(kSigmoidExpTable[100], kSigmoidExpTable[99]);
  // Some of the values gnubg's sigmoid.h prints.
  EXPECT_EQ(kSigmoidExpTable[0], 0.10000000000000001f);
  EXPECT_EQ(kSigmoidExpTable[10], 0.27182818284590454f);
  EXPECT_EQ(kSigmoidExpTable[99], 1993.0370438230298f);
}

TEST(Sigmoid, ScalarFormula) {
  EXPECT_EQ(gnubg_sigmoid(0.0f), 0.5f);  // 1 / (1 + E[0] x 10)
  EXPECT_EQ(gnubg_sigmoid(10.0f), 1.0f / kSigmoidFloorDenominator);
  EXPECT_EQ(gnubg_sigmoid(-50.0f), 19930.370438230298f / kSigmoidFloorDenominator);
  // Close to the logistic function everywhere (the approximation is within 0.5 %) ...
  for (float x = -12.0f; x < 12.0f; x += 0.013f)
    EXPECT_NEAR(gnubg_sigmoid(x), 1.0 / (1.0 + std::exp(x)), 3e-3) << x;
  // ... but with small jumps at every tenth: e^0.1 > 1.1.
  EXPECT_GT(gnubg_sigmoid(0.2999999f) - gnubg_sigmoid(0.3f), 1e-4);
  EXPECT_EQ(logistic_output(1.5f), gnubg_sigmoid(-1.5f));
}

TEST(Sigmoid, HiddenFormulaWithExactDivisionIsTheScalarFormula) {
  for (float y = -11.0f; y < 11.0f; y += 0.0371f)
    EXPECT_NEAR(logistic_hidden(y, Reciprocal::kExact), gnubg_sigmoid(-y), 2e-7) << y;
}

TEST(Reciprocal, TableApproximatesTheReciprocal) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(1.0f, 20000.0f);
  for (int i = 0; i < 100000; ++i) {
    const float x = d(rng);
    EXPECT_NEAR(table_reciprocal(x) * x, 1.0f, 4e-4f) << x;
  }
  EXPECT_EQ(table_reciprocal(2.0f), table_reciprocal(1.0f) / 2);
}

// What is known of how the table is built (no closed form reproduces it): it is bipartite, the
// value at i = 16 s + j (j < 16) is a start value per segment s plus an offset that depends only
// on j and on s's top four bits, i >> 8. The start values are not 1 / (1 + x) rounded at any
// fixed point of the segment (for every point, in 1/100 steps, their differences from it spread
// over at least 2 units, where rounding would keep them within 1), so a computation of the table
// without a lookup would still need the 256 start values (checked in session 15).
TEST(Reciprocal, TableIsAStartPerSegmentPlusAnOffsetPerSixteenSegments) {
  const auto& t = detail::kZenReciprocal;
  for (uint32_t i = 0; i < 4096; ++i) {
    const uint32_t first = (i & 0xf00u) | (i & 15u);  // same j, first segment of the group
    ASSERT_EQ(int{t[i]} - int{t[i & ~15u]}, int{t[first]} - int{t[i & 0xf00u]}) << i;
  }
}

TEST(Reciprocal, TableIsTheInstructionOnAmdZen) {
  // The table was measured on AMD Zen. Where the instruction agrees at a few probes, it must
  // agree everywhere; elsewhere (Intel) there is nothing to compare.
  const float probes[] = {1.0f, 1.2345f, 1.5f, 1.999f};
  for (float p : probes)
    if (hardware_reciprocal(p) != table_reciprocal(p))
      GTEST_SKIP() << "this processor's rcpps is not the AMD Zen one";
  for (uint32_t i = 0; i < 4096; ++i)
    for (uint32_t low : {0u, 0x3ffu, 0x7ffu}) {
      const float x = std::bit_cast<float>(0x3f800000u | (i << 11) | low);
      ASSERT_EQ(hardware_reciprocal(x), table_reciprocal(x)) << x;
      ASSERT_EQ(hardware_reciprocal(x * 1024), table_reciprocal(x * 1024)) << x;
    }
}

}  // namespace
}  // namespace tavla::eval
