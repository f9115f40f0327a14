// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/bearoff_index.h"

namespace tavla::bearoff {

void position_from_index(uint32_t index, int points, int chequers, std::span<uint8_t> counts) {
  assert(points >= 1 && points <= kMaxIndexPoints && static_cast<int>(counts.size()) >= points);
  assert(index < position_count(points, chequers));
  // Undo the colex rank from the highest bit down: b_k is the largest b with C(b, k) <= rest.
  uint64_t rest = index;
  int upper = points + chequers - 1;
  int bits[kMaxIndexPoints + 1];
  for (int k = points; k >= 1; --k) {
    int b = upper;
    while (b >= k && binomial(b, k) > rest) --b;  // stops at k - 1 at worst: C(k - 1, k) = 0
    rest -= binomial(b, k);
    bits[k] = b;
    upper = b - 1;
  }
  // a[P-k] = b_k - b_{k-1} - 1 with b_0 = -1.
  int below = -1;
  for (int k = 1; k <= points; ++k) {
    counts[points - k] = static_cast<uint8_t>(bits[k] - below - 1);
    below = bits[k];
  }
}

engine::SideCounts side_from_index(uint32_t index, int points, int chequers) {
  engine::SideCounts side{};
  position_from_index(index, points, chequers, std::span<uint8_t>(side.data(), points));
  return side;
}

}  // namespace tavla::bearoff
