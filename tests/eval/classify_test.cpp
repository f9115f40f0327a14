// SPDX-License-Identifier: GPL-3.0-or-later
// Position classes (gnubg's ClassifyPosition).
#include <gtest/gtest.h>

#include "eval/position_class.h"
#include "test_support.h"

namespace tavla::eval {
namespace {

using testing::board;
using testing::side;

TEST(Classify, StartingPositionIsContact) {
  EXPECT_EQ(classify(engine::Board::starting_position()), PositionClass::kContact);
}

TEST(Classify, OverWhenASideHasNoChequers) {
  EXPECT_EQ(classify(board(side({}), side({{3, 2}}))), PositionClass::kOver);
  EXPECT_EQ(classify(board(side({{20, 15}}), side({}))), PositionClass::kOver);
}

TEST(Classify, RaceWhenTheRearChequersHavePassed) {
  // back(on roll) + back(opponent) = 11 + 11 = 22: no contact.
  EXPECT_EQ(classify(board(side({{11, 1}, {0, 14}}), side({{11, 1}, {0, 14}}))),
            PositionClass::kRace);
  // 12 + 11 = 23: contact.
  EXPECT_EQ(classify(board(side({{11, 1}, {5, 14}}), side({{12, 1}, {5, 14}}))),
            PositionClass::kContact);
}

TEST(Classify, Crashed) {
  const auto normal = side({{5, 5}, {7, 3}, {12, 5}, {23, 2}});
  // Six or fewer chequers left.
  EXPECT_EQ(classify(board(normal, side({{23, 1}, {3, 5}}))), PositionClass::kCrashed);
  EXPECT_EQ(classify(board(side({{23, 1}, {3, 5}}), normal)), PositionClass::kCrashed);
  // Seven left, but two of them dead on the ace point: 7 <= 6 + 2.
  EXPECT_EQ(classify(board(normal, side({{0, 2}, {23, 1}, {4, 4}}))), PositionClass::kCrashed);
  // Ace point 5 and deuce point 3 of 13: 1 + 13 - 8 = 6.
  EXPECT_EQ(classify(board(normal, side({{0, 5}, {1, 3}, {23, 1}, {4, 4}}))),
            PositionClass::kCrashed);
  // Ace point empty, deuce point 2, 7 chequers: 7 <= 6 + 1.
  EXPECT_EQ(classify(board(normal, side({{1, 2}, {23, 1}, {4, 4}}))), PositionClass::kCrashed);
  // Ace point 5, deuce point 1, 13 chequers: not crashed.
  EXPECT_EQ(classify(board(normal, side({{0, 5}, {1, 1}, {23, 1}, {4, 6}}))),
            PositionClass::kContact);
}

TEST(Classify, DatabasesOnlyWithAProvider) {
  const auto bearoff = board(side({{0, 2}, {3, 1}}), side({{5, 3}}));
  EXPECT_EQ(classify(bearoff), PositionClass::kRace);
  EXPECT_EQ(classify(bearoff, nullptr), PositionClass::kRace);
  if (const BearoffProvider* p = testing::gnubg_bearoff()) {
    const PositionClass c = classify(bearoff, p);
    EXPECT_TRUE(c == PositionClass::kBearoff1 || c == PositionClass::kBearoff2);
  }
}

TEST(Classify, NamesAndOrder) {
  EXPECT_EQ(position_class_name(PositionClass::kCrashed), "crashed");
  EXPECT_EQ(static_cast<int>(PositionClass::kContact), 10);  // gnubg.classifypos numbers
  EXPECT_TRUE(is_net_class(PositionClass::kRace));
  EXPECT_FALSE(is_net_class(PositionClass::kBearoffOs));
}

}  // namespace
}  // namespace tavla::eval
