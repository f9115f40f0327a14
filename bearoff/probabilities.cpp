// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/probabilities.h"

namespace tavla::bearoff {

namespace {

// sum_i a[i] * sum_{j >= i + shift} b[j]
double pairwise(const RollDistribution& a, const RollDistribution& b, int shift) {
  double tail = 0.0;  // sum_{j >= i + shift} b[j], built from the top
  double sum = 0.0;
  for (int i = kMaxRolls - 1; i >= 0; --i) {
    if (i + shift < kMaxRolls) tail += b[i + shift];
    sum += a[i] * tail;
  }
  return sum;
}

}  // namespace

Probabilities one_sided_probabilities(const RollDistribution& us_off,
                                      const RollDistribution& us_gammon,
                                      const RollDistribution& them_off,
                                      const RollDistribution& them_gammon, bool gammons_possible) {
  Probabilities p{};
  p[kWin] = static_cast<float>(pairwise(us_off, them_off, 0));
  if (gammons_possible) {
    p[kWinGammon] = static_cast<float>(pairwise(us_off, them_gammon, 0));
    p[kLoseGammon] = static_cast<float>(pairwise(them_off, us_gammon, 1));
  }
  return p;
}

Probabilities two_sided_probabilities(float cubeless_equity) {
  Probabilities p{};
  p[kWin] = cubeless_equity / 2.0f + 0.5f;
  return p;
}

}  // namespace tavla::bearoff
