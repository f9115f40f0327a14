// SPDX-License-Identifier: GPL-3.0-or-later
// The vector hidden-layer activation (eval/net_kernels.cpp) against the scalar formula of
// eval/sigmoid.h, bit for bit, over arguments that reach every entry of both of its tables.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "eval/net_kernels.h"
#include "eval/sigmoid.h"

namespace tavla::eval {
namespace {

// Index into the reciprocal table of the denominator 1 + e^|y| (its top 12 mantissa bits).
int reciprocal_index(float y) {
  return static_cast<int>((std::bit_cast<uint32_t>(hidden_denominator(y)) >> 11) & 0xfff);
}

// Checks hidden_activation against logistic_hidden for y = beta x sums over [-12, 12] in steps
// of 1e-4 (the denominator then moves by less than one table step, 2^-12 relative), and
// 0, +-10 and beyond. Returns which table entries the arguments reached.
void expect_vector_is_scalar(Reciprocal mode, std::vector<bool>* exp_seen,
                             std::vector<bool>* rcp_seen) {
  constexpr int kChunk = 1024;  // a multiple of 8
  alignas(32) float sums[kChunk];
  alignas(32) float h[kChunk];
  const float beta = 0.5f;  // the sums are 2y: beta x sum is y exactly
  const int steps = 240001;
  std::vector<float> ys;
  for (int s = 0; s < steps; ++s) ys.push_back(-12.0f + 1e-4f * static_cast<float>(s));
  for (float y : {0.0f, -0.0f, 10.0f, -10.0f, 9.99999f, -9.99999f, 1e6f, -1e6f}) ys.push_back(y);
  while (ys.size() % kChunk != 0) ys.push_back(0.25f);
  for (size_t base = 0; base < ys.size(); base += kChunk) {
    for (int i = 0; i < kChunk; ++i) sums[i] = 2.0f * ys[base + i];
    kernels::hidden_activation(sums, h, kChunk, beta, mode);
    for (int i = 0; i < kChunk; ++i) {
      const float y = ys[base + i];
      ASSERT_EQ(std::bit_cast<uint32_t>(h[i]), std::bit_cast<uint32_t>(logistic_hidden(y, mode)))
          << "y = " << y;
      const float t = std::fmin(std::fabs(y), 10.0f) * 10.0f;
      (*exp_seen)[static_cast<size_t>(t)] = true;
      (*rcp_seen)[static_cast<size_t>(reciprocal_index(y))] = true;
    }
  }
}

TEST(HiddenActivation, VectorIsTheScalarFormulaOnEveryTableEntry) {
  for (Reciprocal mode : {Reciprocal::kTable, Reciprocal::kHardware, Reciprocal::kExact}) {
    std::vector<bool> exp_seen(kSigmoidExpTable.size()), rcp_seen(4096);
    expect_vector_is_scalar(mode, &exp_seen, &rcp_seen);
    // The sweep must have used every entry of both tables, or the check proves less.
    for (size_t k = 0; k < exp_seen.size(); ++k) EXPECT_TRUE(exp_seen[k]) << "exp entry " << k;
    for (size_t i = 0; i < rcp_seen.size(); ++i) EXPECT_TRUE(rcp_seen[i]) << "rcp entry " << i;
  }
}

}  // namespace
}  // namespace tavla::eval
