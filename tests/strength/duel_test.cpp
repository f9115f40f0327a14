// SPDX-License-Identifier: GPL-3.0-or-later
// Duels: mirrored pairs of identical players cancel exactly, a noisy player loses with a confidence
// interval that excludes 0, results do not depend on the number of threads, dice sequences are
// reproducible, and the summary's statistics.
#include <gtest/gtest.h>

#include <cmath>

#include "strength/duel.h"
#include "tests/eval/test_support.h"

namespace tavla::strength {
namespace {

PlayerConfig player(std::shared_ptr<const eval::NetSet> nets, float noise = 0.0f) {
  PlayerConfig p{std::move(nets), eval::level_setup(eval::Level::kExpert), "test"};
  p.setup.context.noise = noise;
  return p;
}

DuelSettings settings(int pairs, uint32_t seed, int threads = 1) {
  DuelSettings st;
  st.pairs = pairs;
  st.seed = seed;
  st.threads = threads;
  return st;
}

TEST(DiceSequence, ReproducibleAndNoOpeningDouble) {
  for (int pair = 0; pair < 200; ++pair) {
    DiceSequence a(7, pair), b(7, pair);
    rollout::Dice first = a.at(0);
    EXPECT_NE(first.d1, first.d2) << "pair " << pair;
    b.at(40);  // drawn in a different order: the same rolls
    for (int t = 0; t <= 40; ++t) {
      EXPECT_EQ(a.at(t), b.at(t)) << pair << " " << t;
      EXPECT_GE(a.at(t).d1, a.at(t).d2);
    }
  }
  DiceSequence x(7, 0), y(7, 1), z(8, 0);
  int same_y = 0, same_z = 0;
  for (int t = 0; t < 50; ++t) {
    same_y += x.at(t) == y.at(t);
    same_z += x.at(t) == z.at(t);
  }
  EXPECT_LT(same_y, 20);
  EXPECT_LT(same_z, 20);
}

TEST(Duel, IdenticalPlayersCancelInEveryPair) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  for (float noise : {0.0f, 0.04f, -1.0f}) {  // -1: no noise, with the cube
    DuelSettings st = settings(6, 11);
    st.cube = noise < 0;
    noise = std::max(noise, 0.0f);
    Duel duel(player(nets, noise), player(nets, noise), bearoff, st);
    auto pairs = duel.run();
    ASSERT_EQ(pairs.size(), 6u);
    for (const PairOutcome& p : pairs) {
      EXPECT_NE(p.games[0].points, 0);
      EXPECT_EQ(p.games[0].points + p.games[1].points, 0);
      EXPECT_EQ(p.games[0].cube, p.games[1].cube);
      if (!st.cube) {
        EXPECT_EQ(p.games[0].points, p.games[0].result);
      }
      EXPECT_EQ(p.games[0].turns, p.games[1].turns);
      // The same game with the names swapped: the luck terms swap too.
      EXPECT_EQ(p.games[0].luck_a, p.games[1].luck_b);
      EXPECT_EQ(p.games[0].luck_b, p.games[1].luck_a);
      EXPECT_EQ(p.games[0].adjusted() + p.games[1].adjusted(), 0.0);
    }
    DuelSummary s = summarize(pairs);
    EXPECT_EQ(s.raw.mean, 0.0);
    EXPECT_EQ(s.adjusted.mean, 0.0);
    EXPECT_EQ(s.raw.half_width, 0.0);
    EXPECT_EQ(s.gammons_a, s.gammons_b);
  }
}

TEST(Duel, NoisyPlayerLosesWithConfidence) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  // 0 ply against 0 ply with gnubg's "beginner" noise (0.06): 200 games.
  Duel duel(player(nets), player(nets, 0.06f), bearoff, settings(100, 1, 2));
  DuelSummary s = summarize(duel.run());
  EXPECT_EQ(s.games, 200);
  EXPECT_GT(s.raw.mean, 0.0);
  EXPECT_GT(s.adjusted.low(), 0.0) << "adjusted " << s.adjusted.mean << " +- "
                                   << s.adjusted.half_width;
  // Variance reduction: the adjusted pair values spread less than the raw ones.
  EXPECT_LT(s.adjusted.std_dev, s.raw.std_dev);
  // The two estimates agree: the luck difference's interval holds its true mean, 0.
  EXPECT_NEAR(s.luck.mean, s.raw.mean - s.adjusted.mean, 1e-12);
  EXPECT_LT(s.luck.low(), 0.0);
  EXPECT_GT(s.luck.high(), 0.0);
  EXPECT_GT(s.wins_a, 0.5);
  EXPECT_EQ(s.unfinished, 0);
}

TEST(Duel, ThreadCountDoesNotChangeResults) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  auto one = Duel(player(nets), player(nets, 0.03f), bearoff, settings(8, 5, 1)).run();
  auto three = Duel(player(nets), player(nets, 0.03f), bearoff, settings(8, 5, 3)).run();
  ASSERT_EQ(one.size(), three.size());
  for (size_t i = 0; i < one.size(); ++i)
    for (int g = 0; g < 2; ++g) {
      EXPECT_EQ(one[i].games[g].points, three[i].games[g].points) << i;
      EXPECT_EQ(one[i].games[g].luck_a, three[i].games[g].luck_a) << i;
      EXPECT_EQ(one[i].games[g].luck_b, three[i].games[g].luck_b) << i;
      EXPECT_EQ(one[i].games[g].turns, three[i].games[g].turns) << i;
    }
  // And a pair played on its own is the same pair.
  Duel single(player(nets), player(nets, 0.03f), bearoff, settings(8, 5, 1));
  PairOutcome p = single.play_pair(6);
  EXPECT_EQ(p.games[1].points, one[6].games[1].points);
  EXPECT_EQ(p.games[1].luck_a, one[6].games[1].luck_a);
}

TEST(Duel, CubeGamesScoreResultTimesCube) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  DuelSettings st = settings(10, 4, 2);
  st.cube = true;
  auto pairs = Duel(player(nets), player(nets, 0.04f), bearoff, st).run();
  int doubled = 0;
  for (const PairOutcome& p : pairs)
    for (const GameOutcome& g : p.games) {
      EXPECT_TRUE(g.finished);
      EXPECT_EQ(g.points, g.result * g.cube);
      EXPECT_GE(g.cube, 1);
      EXPECT_EQ(g.cube & (g.cube - 1), 0);  // a power of two
      if (g.passed) {
        EXPECT_EQ(std::abs(g.result), 1);
      }
      doubled += g.cube > 1 || g.passed;
    }
  EXPECT_GT(doubled, 0);  // 20 games between unequal players see some doubles
  DuelSummary s = summarize(pairs);
  EXPECT_GE(s.mean_cube, 1.0);
}

TEST(Duel, LuckOffGivesRawResults) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  DuelSettings st = settings(3, 2);
  st.luck_adjustment = false;
  auto pairs = Duel(player(nets), player(nets, 0.03f), bearoff, st).run();
  for (const PairOutcome& p : pairs)
    for (const GameOutcome& g : p.games) {
      EXPECT_EQ(g.luck_a, 0.0f);
      EXPECT_EQ(g.adjusted(), g.points);
    }
}

TEST(Duel, DeeperLuckChangesOnlyTheAdjustment) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  DuelSettings st = settings(3, 6);
  auto shallow = Duel(player(nets), player(nets, 0.03f), bearoff, st).run();
  st.luck_plies = 1;
  auto deep = Duel(player(nets), player(nets, 0.03f), bearoff, st).run();
  int luck_differs = 0;
  for (size_t i = 0; i < shallow.size(); ++i)
    for (int g = 0; g < 2; ++g) {
      // The same games (the play never depends on the luck's depth)...
      EXPECT_EQ(deep[i].games[g].points, shallow[i].games[g].points) << i;
      EXPECT_EQ(deep[i].games[g].turns, shallow[i].games[g].turns) << i;
      // ...with other luck terms.
      luck_differs += deep[i].games[g].luck_a != shallow[i].games[g].luck_a;
    }
  EXPECT_GT(luck_differs, 0);
}

TEST(DiceSequence, FromAPositionTheFirstRollMayBeADouble) {
  int first_doubles = 0;
  for (int pair = 0; pair < 360; ++pair) {
    DiceSequence a(7, pair, false), opening(7, pair, true);
    first_doubles += a.at(0).d1 == a.at(0).d2;
    EXPECT_NE(opening.at(0).d1, opening.at(0).d2);
  }
  // About one in six (60 expected of 360).
  EXPECT_GT(first_doubles, 30);
  EXPECT_LT(first_doubles, 100);
}

TEST(Duel, StartsFromTheGivenPositions) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  // Start 0: the side to move first has one chequer left on its ace point and the other side
  // all 15 on its own 6-point (not in the winner's home board): the first roll wins a gammon.
  engine::Board win_now;
  win_now.on_roll()[0] = 1;
  win_now.opponent()[5] = 15;
  // Start 1: a short race, each side 5 chequers on its 2-point and 10 off.
  engine::Board race;
  race.on_roll()[1] = 5;
  race.opponent()[1] = 5;
  DuelSettings st = settings(6, 3);
  st.starts = {win_now, race};
  auto pairs = Duel(player(nets), player(nets, 0.05f), bearoff, st).run();
  ASSERT_EQ(pairs.size(), 6u);
  for (size_t i = 0; i < pairs.size(); ++i) {
    const PairOutcome& p = pairs[i];
    if (i % 2 == 0) {  // pairs 0, 2, 4 start from win_now: game 0 is A's gammon, game 1 B's
      EXPECT_EQ(p.games[0].points, 2) << i;
      EXPECT_EQ(p.games[1].points, -2) << i;
      EXPECT_EQ(p.games[0].turns, 1) << i;
      EXPECT_EQ(p.games[1].turns, 1) << i;
    } else {  // a race of at most 3 rolls a side, single games only
      for (const GameOutcome& g : p.games) {
        EXPECT_EQ(std::abs(g.points), 1) << i;
        EXPECT_LE(g.turns, 5) << i;
        EXPECT_TRUE(g.finished);
      }
    }
  }
  // Identical players cancel from a given position too.
  auto same = Duel(player(nets), player(nets), bearoff, st).run();
  for (const PairOutcome& p : same) EXPECT_EQ(p.games[0].adjusted() + p.games[1].adjusted(), 0.0);
}

TEST(DuelSummary, StatisticsOverPairs) {
  std::vector<PairOutcome> pairs(4);
  const int points[4][2] = {{1, -1}, {2, 1}, {-3, 1}, {1, 1}};
  for (int i = 0; i < 4; ++i)
    for (int g = 0; g < 2; ++g) {
      pairs[i].games[g].points = points[i][g];
      pairs[i].games[g].result = points[i][g];
      pairs[i].games[g].luck_a = 0.5f * static_cast<float>(points[i][g]);
      pairs[i].games[g].turns = 10;
    }
  DuelSummary s = summarize(pairs);
  // Pair values 0, 1.5, -1, 1: mean 0.375, sample variance (0.140625 + 1.265625 + 1.890625 +
  // 0.390625) / 3.
  EXPECT_DOUBLE_EQ(s.raw.mean, 0.375);
  const double sd = std::sqrt((0.140625 + 1.265625 + 1.890625 + 0.390625) / 3.0);
  EXPECT_DOUBLE_EQ(s.raw.std_dev, sd);
  EXPECT_DOUBLE_EQ(s.raw.half_width, 1.96 * sd / 2.0);
  EXPECT_DOUBLE_EQ(s.adjusted.mean, 0.1875);  // half of each point taken out as luck
  EXPECT_DOUBLE_EQ(s.luck.mean, 0.1875);      // raw - adjusted
  EXPECT_DOUBLE_EQ(s.luck.std_dev, s.raw.std_dev / 2);
  EXPECT_DOUBLE_EQ(s.wins_a, 6.0 / 8.0);
  EXPECT_DOUBLE_EQ(s.gammons_a, 1.0 / 8.0);
  EXPECT_DOUBLE_EQ(s.backgammons_b, 1.0 / 8.0);
  EXPECT_DOUBLE_EQ(s.gammons_b, 1.0 / 8.0);
  EXPECT_DOUBLE_EQ(s.mean_turns, 10.0);
}

}  // namespace
}  // namespace tavla::strength
