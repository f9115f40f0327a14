// SPDX-License-Identifier: GPL-3.0-or-later
// The bearoff index: counts, round trips, and agreement with gnubg's numbering (the position IDs
// bearoffdump prints for given index numbers).
#include <gtest/gtest.h>

#include <random>

#include "bearoff/bearoff_index.h"
#include "engine/position_id.h"
#include "test_util.h"

namespace tavla::bearoff {
namespace {

TEST(BearoffIndex, Counts) {
  EXPECT_EQ(position_count(6, 15), 54264u);
  EXPECT_EQ(position_count(6, 6), 924u);
  EXPECT_EQ(position_count(6, 8), 3003u);
  EXPECT_EQ(position_count(13, 15), 37442160u);
  EXPECT_EQ(position_count(25, 3), 3276u);  // hypergammon, 3 chequers
  EXPECT_EQ(position_count(1, 15), 16u);
}

TEST(BearoffIndex, SmallCasesByHand) {
  const uint8_t off[6] = {0, 0, 0, 0, 0, 0};
  EXPECT_EQ(bearoff_index(off, 6), 0u);
  const uint8_t ace[6] = {1, 0, 0, 0, 0, 0};
  EXPECT_EQ(bearoff_index(ace, 6), 1u);
  const uint8_t deuce[6] = {0, 1, 0, 0, 0, 0};
  EXPECT_EQ(bearoff_index(deuce, 6), 2u);
  const uint8_t six[6] = {0, 0, 0, 0, 0, 1};
  EXPECT_EQ(bearoff_index(six, 6), 6u);  // the one-chequer positions come first
  const uint8_t two_aces[6] = {2, 0, 0, 0, 0, 0};
  EXPECT_EQ(bearoff_index(two_aces, 6), 7u);
  const uint8_t all_six[6] = {0, 0, 0, 0, 0, 15};
  EXPECT_EQ(bearoff_index(all_six, 6), 54263u);  // the last one
}

TEST(BearoffIndex, RoundTripEveryPositionSmallDatabases) {
  for (int points = 1; points <= 8; ++points)
    for (int chequers = 1; chequers <= 15; chequers += (points > 6 ? 7 : 1)) {
      const auto n = static_cast<uint32_t>(position_count(points, chequers));
      for (uint32_t i = 0; i < n; ++i) {
        const engine::SideCounts side = side_from_index(i, points, chequers);
        int total = 0;
        for (int p = 0; p < engine::kSlots; ++p) {
          total += side[p];
          if (p >= points) {
            ASSERT_EQ(side[p], 0);
          }
        }
        ASSERT_LE(total, chequers);
        ASSERT_EQ(bearoff_index(side, points), i) << points << "x" << chequers;
      }
    }
}

TEST(BearoffIndex, RoundTripSampledLargeDatabases) {
  std::mt19937 rng(7);
  for (int points : {10, 13, 18, 25}) {
    const int chequers = points == 25 ? 3 : 15;
    const auto n = position_count(points, chequers);
    std::uniform_int_distribution<uint64_t> pick(0, n - 1);
    for (int k = 0; k < 20000; ++k) {
      const auto i = static_cast<uint32_t>(pick(rng));
      ASSERT_EQ(bearoff_index(side_from_index(i, points, chequers), points), i);
    }
    ASSERT_EQ(
        bearoff_index(side_from_index(static_cast<uint32_t>(n - 1), points, chequers), points),
        n - 1);
  }
}

TEST(BearoffIndex, IndependentOfTheDatabaseChequerCount) {
  // A position keeps its number in a database with room for more chequers.
  for (uint32_t i = 0; i < position_count(6, 6); ++i)
    EXPECT_EQ(bearoff_index(side_from_index(i, 6, 6), 6),
              bearoff_index(side_from_index(i, 6, 15), 6));
}

// bearoffdump prints the board of entry number us * n + them with its position ID.
TEST(BearoffIndex, MatchesGnubgNumbering) {
  int checked = 0;
  for (const std::string& line : test::fixture_lines("os0_dump.txt")) {
    const auto w = test::split_ws(line);
    if (w[0] != "pos") continue;
    engine::Board b;
    b.sides[engine::Board::kOnRoll] = side_from_index(std::stoul(w[2]), 6, 15);
    b.sides[engine::Board::kOpponent] = side_from_index(std::stoul(w[3]), 6, 15);
    EXPECT_EQ(engine::position_id(b), w[4]) << line;
    ++checked;
  }
  for (const std::string& line : test::fixture_lines("ts0_dump.txt")) {
    const auto w = test::split_ws(line);
    engine::Board b;
    b.sides[engine::Board::kOnRoll] = side_from_index(std::stoul(w[2]), 6, 6);
    b.sides[engine::Board::kOpponent] = side_from_index(std::stoul(w[3]), 6, 6);
    EXPECT_EQ(engine::position_id(b), w[4]) << line;
    ++checked;
  }
  EXPECT_GT(checked, 400);
}

}  // namespace
}  // namespace tavla::bearoff
