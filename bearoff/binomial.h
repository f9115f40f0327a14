// SPDX-License-Identifier: GPL-3.0-or-later
// Binomial coefficients C(n, r) for the bearoff index, as a compile-time table.
#pragma once

#include <array>
#include <cstdint>

namespace tavla::bearoff {

// Largest n needed: 25 points (hypergammon: 24 points + bar) + 15 chequers.
inline constexpr int kMaxBinomialN = 40;

namespace detail {
using BinomialTable = std::array<std::array<uint64_t, kMaxBinomialN + 1>, kMaxBinomialN + 1>;
constexpr BinomialTable make_binomials() {
  BinomialTable t{};
  for (int n = 0; n <= kMaxBinomialN; ++n) {
    t[n][0] = 1;
    for (int r = 1; r <= n; ++r) t[n][r] = t[n - 1][r - 1] + (r <= n - 1 ? t[n - 1][r] : 0);
  }
  return t;
}
inline constexpr BinomialTable kBinomials = make_binomials();
}  // namespace detail

// C(n, r); 0 when r > n. Requires 0 <= n, r <= kMaxBinomialN.
constexpr uint64_t binomial(int n, int r) {
  return detail::kBinomials[n][r];
}

static_assert(binomial(21, 6) == 54264, "one-sided 6-point database size");
static_assert(binomial(12, 6) == 924, "two-sided 6x6 database side size");
static_assert(binomial(40, 20) == 137846528820ULL);

}  // namespace tavla::bearoff
