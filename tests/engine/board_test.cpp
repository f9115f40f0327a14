// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "engine/board.h"

using namespace tavla::engine;

TEST(Board, StartingPositionHas15ChequersAndPip167) {
  Board b = Board::starting_position();
  for (int side = 0; side < 2; ++side) {
    EXPECT_EQ(b.checkers_on_board(side), 15);
    EXPECT_EQ(b.borne_off(side), 0);
    EXPECT_EQ(b.pip_count(side), 167);
    EXPECT_EQ(b.back_checker(side), 23);
  }
  EXPECT_FALSE(board_error(b));
}

TEST(Board, SwapExchangesTheRows) {
  Board b = Board::starting_position();
  b.on_roll()[kBar] = 1;
  b.on_roll()[23] = 1;
  Board s = b.swapped();
  EXPECT_EQ(s.opponent()[kBar], 1);
  EXPECT_EQ(s.on_roll()[kBar], 0);
  s.swap_sides();
  EXPECT_EQ(s, b);
}

TEST(Board, ErrorsNameTheProblem) {
  Board b = Board::starting_position();
  b.on_roll()[0] = 1;  // 16 chequers
  auto err = board_error(b);
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("16 chequers"), std::string::npos) << *err;

  Board c{};
  c.on_roll()[4] = 1;        // our 5-point
  c.opponent()[23 - 4] = 1;  // the same physical point
  err = board_error(c);
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("same point"), std::string::npos) << *err;
}

TEST(Board, BothOnTheBarAgainstClosedBoardsIsIllegal) {
  Board b{};
  for (int i = 0; i < 6; ++i) b.on_roll()[i] = b.opponent()[i] = 2;
  b.on_roll()[kBar] = 1;
  b.opponent()[kBar] = 1;
  EXPECT_TRUE(board_error(b));
  b.opponent()[kBar] = 0;
  EXPECT_FALSE(board_error(b));
}
