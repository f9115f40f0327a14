// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/board_svg.h"

#include <gtest/gtest.h>

#include "markup_check.h"

#include <regex>
#include <string>
#include <vector>

namespace tavla::text {
namespace {

using testing::count_occurrences;

// An SVG picture: well-formed and an <svg> element at the root.
bool well_formed(const std::string& svg) {
  return testing::well_formed_markup(svg) && svg.rfind("<svg", 0) == 0;
}

struct Circle {
  int x, y;
  std::string fill;
};

// The chequers drawn (circles of chequer size; dice pips are smaller).
std::vector<Circle> chequers(const std::string& svg) {
  std::vector<Circle> out;
  const std::regex re("<circle cx=\"(\\d+)\" cy=\"(\\d+)\" r=\"17\" fill=\"(#[0-9a-f]+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator();
       ++it)
    out.push_back({std::stoi((*it)[1]), std::stoi((*it)[2]), (*it)[3]});
  return out;
}

engine::Board starting() { return engine::Board::starting_position(); }

TEST(BoardSvg, StartingPositionDrawsThirtyChequersAndIsWellFormed) {
  engine::MatchState ms;
  const std::string svg = board_svg(starting(), ms);
  EXPECT_TRUE(well_formed(svg)) << svg;
  const auto c = chequers(svg);
  ASSERT_EQ(c.size(), 30u);
  int dark = 0;
  for (const auto& x : c) dark += x.fill == "#2b2b2b";
  EXPECT_EQ(dark, 15);
  // Centred cube at 1 shows 64, no dice, no play arrows; both pip counts 167.
  EXPECT_NE(svg.find(">64</text>"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "r=\"3.5\""), 0);
  EXPECT_EQ(count_occurrences(svg, "class=\"play\""), 0);
  EXPECT_EQ(count_occurrences(svg, "pips 167"), 2);
}

TEST(BoardSvg, PointsAreSeenFromTheSideOnRoll) {
  // One chequer of the side on roll on its 1-point, one of the opponent on the opponent's
  // 1-point (the side on roll's 24-point).
  engine::Board b;
  b.on_roll()[0] = 1;
  b.opponent()[0] = 1;
  engine::MatchState ms;
  const auto c = chequers(board_svg(b, ms));
  ASSERT_EQ(c.size(), 2u);
  const Circle& mine = c[0].fill == "#2b2b2b" ? c[0] : c[1];
  const Circle& theirs = c[0].fill == "#2b2b2b" ? c[1] : c[0];
  // Both at the right edge of the points; the side on roll's at the bottom.
  EXPECT_EQ(mine.x, theirs.x);
  EXPECT_GT(mine.y, theirs.y);
  // Moving the chequer to the 2-point moves it left.
  b.on_roll()[0] = 0;
  b.on_roll()[1] = 1;
  for (const auto& x : chequers(board_svg(b, ms)))
    if (x.fill == "#2b2b2b") {
      EXPECT_LT(x.x, mine.x);
    }
}

TEST(BoardSvg, TallStacksShowTheirCountDiceAndPlayArrowsAreDrawn) {
  engine::Board b;
  b.on_roll()[5] = 9;
  b.on_roll()[24] = 1;
  b.opponent()[0] = 2;
  engine::MatchState ms;
  ms.dice = {6, 3};
  ms.cube = 4;
  ms.cube_owner = 0;
  ms.on_roll = 1;
  SvgBoardOptions o;
  engine::Move m;
  m.steps = {24, 18, 18, 15, -1, -1, -1, -1};
  o.play = m;
  const std::string svg = board_svg(b, ms, o);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_EQ(chequers(svg).size(), 5u + 1u + 2u);
  EXPECT_NE(svg.find(">9</text>"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "r=\"3.5\""), 6 + 3);
  EXPECT_EQ(count_occurrences(svg, "class=\"play\""), 2);
  EXPECT_NE(svg.find(">4</text>"), std::string::npos);  // the cube, owned by the opponent
  // Borne off: 15 - 10 for the side on roll and 13 for the opponent, as tray slabs.
  EXPECT_EQ(count_occurrences(svg, "height=\"10\" rx=\"2\""), 5 + 13);
}

TEST(BoardSvg, TextIsEscapedAndCrawfordHasNoCube) {
  engine::MatchState ms;
  ms.match_length = 5;
  ms.score = {4, 2};
  ms.crawford = true;
  SvgBoardOptions o;
  o.on_roll_name = "<script>alert('x')</script>";
  o.opponent_name = "A & B";
  o.caption = "Move 3: \"13/7\"";
  const std::string svg = board_svg(starting(), ms, o);
  EXPECT_TRUE(well_formed(svg)) << svg;
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_NE(svg.find("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;: pips 167"),
            std::string::npos);
  EXPECT_NE(svg.find("A &amp; B: pips 167"), std::string::npos);
  EXPECT_NE(svg.find("Move 3: &quot;13/7&quot;"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "class=\"cube\""), 0);
}

}  // namespace
}  // namespace tavla::text
