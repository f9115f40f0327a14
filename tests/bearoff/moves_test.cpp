// SPDX-License-Identifier: GPL-3.0-or-later
// The bearoff move enumeration against the engine's move generator (which follows gnubg's
// GenerateMoves order): the same positions in the same order, for every roll.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "bearoff/bearoff_index.h"
#include "bearoff/bearoff_moves.h"
#include "engine/movegen.h"

namespace tavla::bearoff {
namespace {

std::vector<uint32_t> engine_successors(const Chequers& c, int points, const Roll& roll) {
  engine::Board board;
  for (int p = 0; p < points; ++p) board.sides[engine::Board::kOnRoll][p] = c[p];
  static engine::MoveList list;
  engine::generate_moves(board, roll.high, roll.low, list);
  std::vector<uint32_t> out;
  for (const auto& m : list)
    out.push_back(bearoff_index(m.after.sides[engine::Board::kOnRoll], points));
  return out;
}

void check(const Chequers& c, int points) {
  SuccessorList ours;
  for (const Roll& roll : kRolls) {
    successors(c, points, roll, ours);
    const std::vector<uint32_t> mine(ours.index.begin(), ours.index.begin() + ours.size);
    ASSERT_EQ(mine, engine_successors(c, points, roll))
        << "points " << points << " roll " << roll.high << "-" << roll.low << " position "
        << bearoff_index(c.data(), points);
  }
}

TEST(BearoffMoves, RollTable) {
  int weight = 0;
  for (const Roll& r : kRolls) weight += r.weight;
  EXPECT_EQ(weight, 36);
  EXPECT_EQ(kRolls[0].high, 1);
  EXPECT_EQ(kRolls[20].high, 6);
  EXPECT_EQ(kRolls[20].low, 6);
}

TEST(BearoffMoves, SameOrderAsEngineEverySixPointPositionUpToSixChequers) {
  for (uint32_t i = 1; i < position_count(6, 6); ++i) check(chequers_from_index(i, 6, 6), 6);
}

TEST(BearoffMoves, SameOrderAsEngineSampledFifteenChequers) {
  std::mt19937 rng(11);
  for (int points : {2, 6, 7, 9, 13}) {
    std::uniform_int_distribution<uint32_t> pick(1, position_count(points, 15) - 1);
    for (int k = 0; k < 300; ++k) check(chequers_from_index(pick(rng), points, 15), points);
  }
}

TEST(BearoffMoves, EveryMoveLowersTheIndex) {
  SuccessorList s;
  for (uint32_t i = 1; i < position_count(6, 15); i += 7) {
    for (const Roll& roll : kRolls) {
      successors(chequers_from_index(i, 6, 15), 6, roll, s);
      ASSERT_GT(s.size, 0);
      for (int k = 0; k < s.size; ++k) ASSERT_LT(s.index[k], i);
    }
  }
}

}  // namespace
}  // namespace tavla::bearoff
