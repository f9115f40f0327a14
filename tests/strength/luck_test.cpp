// SPDX-License-Identifier: GPL-3.0-or-later
// The duel's luck: over the 36 equally likely dice outcomes (the 30 non-doubles of an opening
// roll) a position's roll luck averages exactly 0, whatever the position (no play for some rolls,
// a race, a bearoff), and the duel's dice come up with the right frequencies. Together these are
// what makes the luck-adjusted result an unbiased estimate of the raw one.
#include <gtest/gtest.h>

#include <cmath>

#include "strength/duel.h"
#include "strength/luck.h"
#include "tests/eval/test_support.h"

namespace tavla::strength {
namespace {

using engine::Board;

// The mean of the luck over the ordered dice outcomes (d1, d2), each equally likely.
double mean_luck_over_dice(const RollTable& t, bool opening) {
  double sum = 0;
  int n = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) {
      if (opening && a == b) continue;
      sum += roll_luck(t, opening, std::max(a, b), std::min(a, b));
      ++n;
    }
  return sum / n;
}

Board closed_board_on_the_bar() {
  // The side on roll has a chequer on the bar against a closed home board: some rolls have no
  // play at all.
  Board b;
  b.on_roll()[engine::kBar] = 1;
  b.on_roll()[23] = 14;
  for (int p = 0; p < 6; ++p) b.sides[Board::kOpponent][p] = 2;
  b.sides[Board::kOpponent][7] = 3;
  return b;
}

Board race() {
  Board b;
  b.on_roll()[2] = 4;
  b.on_roll()[5] = 5;
  b.on_roll()[9] = 6;
  b.sides[Board::kOpponent][3] = 5;
  b.sides[Board::kOpponent][7] = 5;
  b.sides[Board::kOpponent][11] = 5;
  return b;
}

TEST(Luck, MeanOverTheDiceIsZero) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  eval::Search search(nets, bearoff, size_t{1} << 16);
  Board bar = closed_board_on_the_bar();
  struct Case {
    Board board;
    bool opening;
  };
  std::vector<Case> cases = {{Board::starting_position(), true},
                             {Board::starting_position(), false},
                             {bar, false},
                             {race(), false}};
  // Positions from a game between the reference's own plays.
  Board b = Board::starting_position();
  DiceSequence dice(3, 0);
  for (int turn = 0; turn < 40 && b.checkers_on_board(Board::kOnRoll) > 0; ++turn) {
    const rollout::Dice d = dice.at(turn);
    RollTable t = best_plays(search, b, turn % 2, turn == 0);
    cases.push_back({b, turn == 0});
    b = t.best[d.d1 - 1][d.d2 - 1];
    if (b.checkers_on_board(Board::kOnRoll) == 0) break;
    b.swap_sides();
  }
  ASSERT_GT(cases.size(), 30u);
  for (size_t i = 0; i < cases.size(); ++i) {
    const RollTable t = best_plays(search, cases[i].board, 0, cases[i].opening);
    const double mean = mean_luck_over_dice(t, cases[i].opening);
    EXPECT_NEAR(mean, 0.0, 1e-6) << "case " << i;
    // Lucky and unlucky rolls both exist unless every roll is worth the same.
    float lo = 1e9f, hi = -1e9f;
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= d1; ++d2) {
        if (cases[i].opening && d1 == d2) continue;
        lo = std::min(lo, roll_luck(t, cases[i].opening, d1, d2));
        hi = std::max(hi, roll_luck(t, cases[i].opening, d1, d2));
      }
    EXPECT_LE(lo, 1e-6f) << "case " << i;
    EXPECT_GE(hi, -1e-6f) << "case " << i;
  }
  // On the bar against a closed board every roll dances: no luck at all.
  const RollTable t = best_plays(search, bar, 0, false);
  EXPECT_EQ(t.best[5][0], bar);
  EXPECT_NEAR(roll_luck(t, false, 6, 1), 0.0f, 1e-6f);
}

TEST(Luck, DeeperValuesKeepThePlaysAndTheZeroMean) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  eval::Search search(nets, bearoff, size_t{1} << 16);
  // A bearoff where some rolls take both chequers off (the game ends: the 1-ply value must
  // still see the win) and the others leave one behind.
  Board last;
  last.on_roll()[0] = 1;
  last.on_roll()[4] = 1;
  last.sides[Board::kOpponent][5] = 3;
  last.sides[Board::kOpponent][2] = 4;
  const Board cases[] = {Board::starting_position(), race(), closed_board_on_the_bar(), last};
  eval::EvalContext one{1, false, true, true, 0.0f};
  for (size_t c = 0; c < std::size(cases); ++c) {
    const RollTable shallow = best_plays(search, cases[c], 0, false);
    const RollTable deep = best_plays(search, cases[c], 0, false, 1);
    EXPECT_NEAR(mean_luck_over_dice(deep, false), 0.0, 1e-6) << "case " << c;
    int differ = 0;
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j <= i; ++j) {
        // The play is the 0-ply one; only its value comes from 1 ply, for the mover.
        EXPECT_EQ(deep.best[i][j], shallow.best[i][j]) << c << " " << i + 1 << j + 1;
        const Board& after = deep.best[i][j];
        if (after.checkers_on_board(Board::kOnRoll) == 0) {
          EXPECT_FLOAT_EQ(deep.equity[i][j], 1.0f) << c;  // a single game won: 3 chequers off
          continue;
        }
        const float direct =
            -search.evaluate(after.swapped(), cubeless_money(1), one).cubeless_equity;
        EXPECT_FLOAT_EQ(deep.equity[i][j], direct) << c << " " << i + 1 << j + 1;
        differ += std::abs(deep.equity[i][j] - shallow.equity[i][j]) > 1e-4f;
      }
    if (c < 2) {
      EXPECT_GT(differ, 0) << "case " << c;  // 1 ply sees other values than 0 ply
    }
  }
}

TEST(DiceSequence, RollsComeWithTheirProbabilities) {
  // Turn 0: the 15 non-doubles, 1/15 each; later turns: a double 1/36, another roll 2/36.
  constexpr int kPairs = 4000, kTurns = 30;
  std::array<std::array<int, 6>, 6> opening{}, later{};
  for (int p = 0; p < kPairs; ++p) {
    DiceSequence d(17, p);
    for (int t = 0; t < kTurns; ++t) {
      const rollout::Dice r = d.at(t);
      ++(t == 0 ? opening : later)[r.d1 - 1][r.d2 - 1];
    }
  }
  auto check = [](int count, double n, double prob, const char* what, int i, int j) {
    const double sd = std::sqrt(n * prob * (1 - prob));
    EXPECT_NEAR(count, n * prob, 5 * sd) << what << " " << i + 1 << "-" << j + 1;
  };
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j <= i; ++j) {
      if (i == j) {
        EXPECT_EQ(opening[i][j], 0);
      } else {
        check(opening[i][j], kPairs, 1.0 / 15, "opening", i, j);
      }
      check(later[i][j], double(kPairs) * (kTurns - 1), i == j ? 1.0 / 36 : 2.0 / 36, "later", i,
            j);
    }
}

}  // namespace
}  // namespace tavla::strength
