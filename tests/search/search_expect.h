// SPDX-License-Identifier: GPL-3.0-or-later
// Assertions shared by the search tests.
#pragma once

#include <gtest/gtest.h>

#include "eval/search.h"

namespace tavla::test {

// Two evaluations equal bit for bit (probabilities, cubeless and cubeful equities).
inline void expect_same(const eval::Evaluation& a, const eval::Evaluation& b) {
  for (int i = 0; i < eval::Probabilities::kCount; ++i) EXPECT_EQ(a.probs[i], b.probs[i]) << i;
  EXPECT_EQ(a.cubeless_equity, b.cubeless_equity);
  EXPECT_EQ(a.cubeful_equity, b.cubeful_equity);
}

}  // namespace tavla::test
