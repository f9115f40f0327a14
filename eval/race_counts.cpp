// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/race_counts.h"

#include <algorithm>
#include <cmath>

namespace tavla::eval {

using engine::Board;

float kleinman_count(int pips_on_roll, int pips_opponent) {
  const int diff = pips_opponent - pips_on_roll;
  const int sum = pips_opponent + pips_on_roll;
  if (sum <= 4) return 0.0f;
  const float k = static_cast<float>(diff + 4) / (2.0f * std::sqrt(static_cast<float>(sum - 4)));
  return 0.5f * (1.0f + std::erf(k));
}

ThorpCount thorp_count(const Board& b) {
  int count[2];
  for (int s = 0; s < 2; ++s) {
    const auto& p = b.sides[s];
    int home_points = 0;
    for (int i = 0; i < 6; ++i) home_points += p[i] ? 1 : 0;
    count[s] = b.pip_count(s) + 2 * b.checkers_on_board(s) + p[0] - home_points;
  }
  ThorpCount t;
  t.leader = count[Board::kOnRoll];
  t.trailer = count[Board::kOpponent];
  t.adjusted = t.leader > 30 ? static_cast<float>(t.leader) * 1.1f : static_cast<float>(t.leader);
  return t;
}

std::array<int, 2> keith_count(const Board& b) {
  std::array<int, 2> n{};
  for (int s = 0; s < 2; ++s) {
    const auto& p = b.sides[s];
    n[s] = b.pip_count(s) + 2 * (std::max<int>(1, p[0]) - 1) + (std::max<int>(1, p[1]) - 1) +
           (std::max<int>(3, p[2]) - 3);
    for (int i = 3; i < 6; ++i) n[s] += p[i] ? 0 : 1;
  }
  return n;
}

std::array<int, 2> isight_count(const Board& b) {
  int men[2] = {0, 0}, crossovers[2] = {0, 0};
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < engine::kSlots; ++i) {
      men[s] += b.sides[s][i];
      crossovers[s] += b.sides[s][i] * (i / 6);
    }
  std::array<int, 2> n{};
  for (int s = 0; s < 2; ++s) {
    const auto& p = b.sides[s];
    const auto& q = b.sides[1 - s];
    n[s] = b.pip_count(s) + std::max(0, men[s] - men[1 - s]) + 2 * (std::max<int>(2, p[0]) - 2) +
           (std::max<int>(2, p[1]) - 2) + (std::max<int>(3, p[2]) - 3) +
           std::max(0, crossovers[s] - crossovers[1 - s]);
    for (int i = 3; i < 6; ++i) n[s] += (!p[i] && q[i]) ? 1 : 0;
  }
  return n;
}

}  // namespace tavla::eval

namespace tavla::eval {

double kleinman_k(int pips_on_roll, int pips_opponent) {
  const int diff = pips_opponent - pips_on_roll;
  const int sum = pips_opponent + pips_on_roll;
  return static_cast<double>(diff + 4) / (2 * std::sqrt(static_cast<double>(sum - 4)));
}

}  // namespace tavla::eval
