// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "engine/move_text.h"
#include "engine/movegen.h"

using namespace tavla::engine;

namespace {

Move steps(std::initializer_list<std::pair<int, int>> s) {  // 1-based points, 0 = off, 25 = bar
  Move m;
  int i = 0;
  for (auto [from, to] : s) {
    m.steps[2 * i] = static_cast<int8_t>(from - 1);
    m.steps[2 * i + 1] = static_cast<int8_t>(to - 1);
    ++i;
  }
  return m;
}

}  // namespace

TEST(MoveText, GnubgNotation) {
  Board start = Board::starting_position();
  EXPECT_EQ(format_move(start, steps({{24, 20}, {13, 11}})), "24/20 13/11");
  EXPECT_EQ(format_move(start, steps({{13, 11}, {24, 20}})), "24/20 13/11");
  EXPECT_EQ(format_move(start, steps({{8, 5}, {8, 5}, {6, 5}, {6, 5}})), "8/5(2) 6/5(2)");
  EXPECT_EQ(format_move(start, steps({{24, 20}, {20, 16}})), "24/16");

  Board b = start;
  b.opponent()[23 - 6] = 1;  // a blot on our 7-point
  b.opponent()[23 - 19] = 1; // and on our 20-point
  b.opponent()[23 - 12] = 4; // (their mid-point count adjusted, legality does not matter here)
  EXPECT_EQ(format_move(b, steps({{13, 7}})), "13/7*");
  EXPECT_EQ(format_move(b, steps({{24, 20}, {20, 16}})), "24/20*/16");
  EXPECT_EQ(format_move(b, steps({{13, 7}, {8, 7}})), "13/7* 8/7");

  Board bar{};
  bar.on_roll()[kBar] = 1;
  bar.on_roll()[5] = 1;
  EXPECT_EQ(format_move(bar, steps({{25, 22}, {6, 0}})), "bar/22 6/off");
}

TEST(MoveText, ParseAcceptsGnubgSyntax) {
  auto m = parse_move("8/5(2) 6/5(2)");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->step_count(), 4);
  EXPECT_EQ(m->from(0), 7);
  EXPECT_EQ(m->to(0), 4);

  auto c = parse_move("24/20*/16");
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->step_count(), 2);
  EXPECT_EQ(c->from(0), 23);
  EXPECT_EQ(c->to(0), 19);
  EXPECT_EQ(c->from(1), 19);
  EXPECT_EQ(c->to(1), 15);

  auto b = parse_move("bar/22 6/off");
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(b->from(0), 24);
  EXPECT_EQ(b->to(1), -1);
  ASSERT_TRUE(parse_move("BAR/22 6/O"));
  ASSERT_TRUE(parse_move("13/7*, 8/7"));
}

TEST(MoveText, ParseRejectsBadSyntax) {
  for (const char* bad : {"", "/5", "8//5", "8/5/", "8", "8/5(1)", "off/5", "8/bar", "8/5 x",
                          "26/20", "8/5(2) 6/5(2) 4/3"}) {
    EXPECT_FALSE(parse_move(bad)) << "accepted '" << bad << "'";
  }
}

TEST(MoveText, FindLegalMoveAcceptsAnyOrder) {
  Board start = Board::starting_position();
  auto a = find_legal_move(start, 3, 1, "8/5 6/5");
  auto b = find_legal_move(start, 3, 1, "6/5 8/5");
  ASSERT_TRUE(a) << a.error();
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(a->after, b->after);
  auto c = find_legal_move(start, 3, 1, "24/21/20");
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(format_move(start, c->move), "24/20");
  auto illegal = find_legal_move(start, 3, 1, "13/9");  // a 4 with 3-1 is one chequer's 13/10/9
  ASSERT_TRUE(illegal);
  auto wrong = find_legal_move(start, 3, 1, "6/1");
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().find("illegal"), std::string::npos);
  EXPECT_FALSE(find_legal_move(start, 3, 1, "8/5"));  // uses only one die
}
