// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "rollout/dice.h"
#include "rollout/isaac.h"

using namespace tavla::rollout;

namespace {
int index_of(Dice d) { return (d.d1 - 1) * 6 + (d.d2 - 1); }
}  // namespace

TEST(Isaac, DeterministicAndSeedDependent) {
  Isaac a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    uint32_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(DiceSchedule, FirstRollStratifiedOverEvery36Trials) {
  DiceSchedule s(12345, true, false);
  for (int block = 0; block < 3; ++block) {
    std::set<int> seen;
    for (int t = 36 * block; t < 36 * (block + 1); ++t) {
      auto rng = s.trial_rng(t);
      seen.insert(index_of(s.roll(0, t, rng)));
    }
    EXPECT_EQ(seen.size(), 36u) << "block " << block;
  }
}

TEST(DiceSchedule, FirstTwoRollsStratifiedOverEvery1296Trials) {
  DiceSchedule s(777, true, false);
  std::set<int> pairs;
  std::map<int, int> second_roll_count;
  for (int t = 0; t < 1296; ++t) {
    auto rng = s.trial_rng(t);
    int a = index_of(s.roll(0, t, rng)), b = index_of(s.roll(1, t, rng));
    pairs.insert(a * 36 + b);
    ++second_roll_count[b];
  }
  EXPECT_EQ(pairs.size(), 1296u);
  for (auto [roll, n] : second_roll_count) EXPECT_EQ(n, 36) << roll;
}

TEST(DiceSchedule, ThirdRollStratifiedOverEvery46656Trials) {
  DiceSchedule s(1, true, false);
  std::vector<bool> seen(36 * 36 * 36);
  int distinct = 0;
  for (int t = 0; t < 46656; ++t) {
    auto rng = s.trial_rng(t);
    int a = index_of(s.roll(0, t, rng)), b = index_of(s.roll(1, t, rng)),
        c = index_of(s.roll(2, t, rng));
    int k = (a * 36 + b) * 36 + c;
    if (!seen[k]) ++distinct, seen[k] = true;
  }
  EXPECT_EQ(distinct, 46656);
}

TEST(DiceSchedule, SameSeedSameDiceAnyOrder) {
  DiceSchedule s(99, true, false);
  // Trials computed in a different order give the same dice (nothing is shared between trials).
  std::vector<std::vector<Dice>> forward(50), backward(50);
  for (int t = 0; t < 50; ++t) {
    auto rng = s.trial_rng(t);
    for (int turn = 0; turn < 200; ++turn) forward[t].push_back(s.roll(turn, t, rng));
  }
  for (int t = 49; t >= 0; --t) {
    auto rng = s.trial_rng(t);
    for (int turn = 0; turn < 200; ++turn) backward[t].push_back(s.roll(turn, t, rng));
  }
  EXPECT_EQ(forward, backward);
}

TEST(DiceSchedule, InitialPositionNeverStartsWithADouble) {
  for (bool rotate : {true, false}) {
    DiceSchedule s(5, rotate, true);
    std::set<int> firsts;
    for (int t = 0; t < 300; ++t) {
      auto rng = s.trial_rng(t);
      Dice d = s.roll(0, t, rng);
      EXPECT_NE(d.d1, d.d2);
      firsts.insert(index_of(d));
    }
    EXPECT_EQ(firsts.size(), 30u);
  }
}

TEST(DiceSchedule, RandomDiceAreFairDice) {
  DiceSchedule s(2024, false, false);
  std::map<int, int> faces;
  for (int t = 0; t < 2000; ++t) {
    auto rng = s.trial_rng(t);
    for (int turn = 0; turn < 10; ++turn) {
      Dice d = s.roll(turn, t, rng);
      ASSERT_GE(d.d1, 1);
      ASSERT_LE(d.d1, 6);
      ++faces[d.d1];
      ++faces[d.d2];
    }
  }
  for (auto [face, n] : faces) EXPECT_NEAR(n, 40000 / 6.0, 400) << face;  // > 5 sigma
}
