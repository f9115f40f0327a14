// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "engine/gnubg_id.h"
#include "engine/xgid.h"

using namespace tavla::engine;

TEST(Xgid, OpeningRoundTrip) {
  const std::string id = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10";
  auto g = game_from_xgid(id);
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->board, Board::starting_position());
  EXPECT_EQ(g->match.on_roll, 1);
  EXPECT_EQ(g->match.dice[0], 3);
  EXPECT_EQ(g->match.dice[1], 1);
  EXPECT_TRUE(g->match.jacoby);
  EXPECT_EQ(g->match.beavers, 3);
  EXPECT_EQ(xgid(*g), id);
}

TEST(Xgid, PrefixOptionalAndNineFields) {
  auto a = game_from_xgid("-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10");
  auto b = game_from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0");
  ASSERT_TRUE(a) << a.error();
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(*a, *b);
}

TEST(Xgid, PlayerZeroOnRollSwapsTheBoard) {
  auto g = game_from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:3:2:1:7:10");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->match.on_roll, 0);
  EXPECT_EQ(g->match.cube, 2);
  EXPECT_EQ(g->match.cube_owner, 0);
  EXPECT_EQ(g->match.score[1], 3);  // score1 is player 1's
  EXPECT_EQ(g->match.score[0], 2);
  EXPECT_EQ(g->match.match_length, 7);
  EXPECT_TRUE(g->match.crawford == false);  // rules 1 in a match = Crawford game, but nobody 1-away
}

TEST(Xgid, Errors) {
  auto err = [](std::string_view t) {
    auto g = game_from_xgid(t);
    return g ? std::string() : g.error();
  };
  EXPECT_NE(err("XGID=-b----E-C---eE---c-e----B:0:0:1:31:0:0:3:0:10").find("26 characters"),
            std::string::npos);
  EXPECT_NE(err("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0").find("fields"), std::string::npos);
  EXPECT_NE(err("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:3:0:10").find("dice"),
            std::string::npos);
  EXPECT_NE(err("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:9:0:0:7:10").find("score"),
            std::string::npos);
  EXPECT_NE(err("XGID=-b----E-C---eE---c-e----B-:x:0:1:31:0:0:3:0:10").find("cube field"),
            std::string::npos);
  EXPECT_NE(err("XGID=-b----E-C-?-eE---c-e----B-:0:0:1:31:0:0:3:0:10").find("character 11"),
            std::string::npos);
  EXPECT_NE(err("XGID=-b----E-C---eE---c-e----BB:0:0:1:31:0:0:3:0:10").find("17 chequers"),
            std::string::npos);
}

// Dice field D: a double is pending. The turn field names the doubler (gnubg's set xgid reads it
// as fMove, the other player as fTurn); the ID keeps it, and writes it back the same.
TEST(Xgid, PendingDoubleIsKept) {
  const std::string id = "XGID=-aa---E-C---dE--ac-e----B-:0:0:1:D:0:0:0:5:10";
  auto g = game_from_xgid(id);
  ASSERT_TRUE(g) << g.error();
  EXPECT_TRUE(g->match.doubled);
  EXPECT_EQ(g->match.on_roll, 1);
  EXPECT_EQ(g->match.turn, 0);
  EXPECT_FALSE(g->match.dice_rolled());
  EXPECT_EQ(xgid(*g), id);
  auto o = game_from_xgid("XGID=-aa---E-C---dE--ac-e----B-:0:0:-1:D:0:0:0:5:10");
  ASSERT_TRUE(o) << o.error();
  EXPECT_EQ(o->match.on_roll, 0);
  EXPECT_EQ(o->match.turn, 1);
}
