// SPDX-License-Identifier: GPL-3.0-or-later
// The FIBS board lines gnubg 1.07 sends an external player, read back to the gnubg ID gnubg held
// when it sent them (tests/fixtures/external/fibs_boards.txt, made by
// tests/gnubg/make_external_fixtures.py).
#include <gtest/gtest.h>

#include "engine/fibs_board.h"
#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "fixtures.h"

namespace tavla::engine {
namespace {

TEST(FibsBoard, EveryLineGnubgSentReadsBackToGnubgsId) {
  const auto lines = test::fixture_lines("external/fibs_boards.txt");
  ASSERT_GE(lines.size(), 100u);
  int doubled = 0, rolled = 0, money = 0;
  for (const auto& line : lines) {
    const auto sp = line.find(' ');
    ASSERT_NE(sp, std::string::npos) << line;
    const std::string truth = line.substr(0, sp);
    const std::string fibs = line.substr(sp + 1);
    auto ms = match_state_from_id(truth.substr(truth.find(':') + 1));
    ASSERT_TRUE(ms) << truth << ": " << ms.error();
    FibsRules rules;
    rules.jacoby = ms->jacoby;  // not in the line
    auto b = read_fibs_board(fibs, rules);
    ASSERT_TRUE(b) << fibs << ": " << b.error();
    EXPECT_EQ(gnubg_id(b->game), truth) << fibs;
    doubled += b->game.match.doubled;
    rolled += b->game.match.dice_rolled();
    money += b->game.match.is_money();
  }
  // The fixture covers each kind of decision.
  EXPECT_GT(doubled, 5);
  EXPECT_GT(rolled, 50);
  EXPECT_GT(money, 5);
}

TEST(FibsBoard, NamesAreGnubgsPlayersWhateverIsPending) {
  // Two lines of the fixture: the same position before and during player 1's double.
  const std::string before =
      "board:gnubg:root:0:9999:0:0:3:0:0:0:0:0:0:4:-5:1:0:1:0:0:0:-5:0:0:0:0:0:1:-5:5:0:1:0:0:0:"
      "0:2:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
  const std::string during =
      "board:root:gnubg:0:0:9999:0:3:0:0:0:0:0:0:4:-5:1:0:1:0:0:0:-5:0:0:0:0:0:1:-5:5:0:1:0:0:0:"
      "0:2:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";
  auto a = read_fibs_board(before);
  auto b = read_fibs_board(during);
  ASSERT_TRUE(a) << a.error();
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(a->names, b->names);
  EXPECT_EQ(a->names[0], "gnubg");
  EXPECT_EQ(a->game.match.score, b->game.match.score);
  EXPECT_EQ(a->game.board, b->game.board);
  EXPECT_EQ(b->game.match.turn, 1 - b->game.match.on_roll);
  EXPECT_FALSE(a->game.match.doubled);
  EXPECT_TRUE(b->game.match.doubled);
}

TEST(FibsBoard, MalformedLinesAreRefusedWithTheField) {
  const std::string good =
      "board:gnubg:root:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:6:5:6:5:"
      "1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
  ASSERT_TRUE(read_fibs_board(good));
  struct Case {
    std::string line, expect;
  } cases[] = {
      {"", "must start with 'board:'"},
      {"hello", "must start with 'board:'"},
      {"board:a:b:5", "53 fields"},
      {good + ":1", "has 54"},
      {std::string(good).replace(good.find(":5:0:0:"), 7, ":x:0:0:"), "field 4"},
      {std::string(good).replace(good.find(":-1:6:5:"), 8, ":0:6:5:"), "turn must be 1 or -1"},
      {std::string(good).replace(good.find(":-1:6:5:"), 8, ":-1:7:5:"), "a die of 7"},
      {std::string(good).replace(good.find(":-1:6:5:"), 8, ":-1:6:0:"), "one die rolled"},
      {std::string(good).replace(good.find(":5:0:0:0:-2:"), 12, ":5:0:0:0:-9:"), "the board"},
      {std::string(good).replace(good.find(":5:0:0:"), 7, ":5:7:0:"), "is over"},
      {std::string(good).replace(good.find("6:5:1:1:1:0"), 11, "6:5:3:1:1:0"), "power of two"},
      {std::string(good).replace(good.find("6:5:1:1:1:0"), 11, "6:5:1:0:0:0"), "neither player"},
  };
  for (const auto& c : cases) {
    auto r = read_fibs_board(c.line);
    ASSERT_FALSE(r) << c.line;
    EXPECT_NE(r.error().find(c.expect), std::string::npos) << c.line << " -> " << r.error();
  }
}

}  // namespace
}  // namespace tavla::engine
