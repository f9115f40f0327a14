// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/position_id.h"

using namespace tavla::engine;

TEST(PositionId, StartingPosition) {
  EXPECT_EQ(position_id(Board::starting_position()), "4HPwATDgc/ABMA");
  auto b = board_from_position_id("4HPwATDgc/ABMA");
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(*b, Board::starting_position());
}

TEST(PositionId, SeedExample) {
  // The seed's worked example: side not on roll 6pt 5, 7pt 2, 8pt 3, 13pt 4, bar 1; side on roll
  // 2pt 2, 5pt 2, 6pt 3, 8pt 2, 9pt 1, 10pt 1, 13pt 2, 21pt 2.
  Board expected{};
  expected.opponent()[5] = 5;
  expected.opponent()[6] = 2;
  expected.opponent()[7] = 3;
  expected.opponent()[12] = 4;
  expected.opponent()[kBar] = 1;
  for (auto [i, n] : {std::pair{1, 2}, {4, 2}, {5, 3}, {7, 2}, {8, 1}, {9, 1}, {12, 2}, {20, 2}})
    expected.on_roll()[i] = static_cast<uint8_t>(n);
  auto b = board_from_position_id("4NvBA0DGzooBBg");
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(*b, expected);
  EXPECT_EQ(position_id(expected), "4NvBA0DGzooBBg");
  PositionKey key = position_key(expected);
  const PositionKey seed_key = {0xE0, 0xDB, 0xC1, 0x03, 0x40, 0xC6, 0xCE, 0x8A, 0x01, 0x06};
  EXPECT_EQ(key, seed_key);
}

TEST(PositionId, PaddingToleratedAndEmptyBoard) {
  auto b = board_from_position_id("4HPwATDgc/ABMA==");
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(*b, Board::starting_position());
  Board empty{};
  EXPECT_EQ(position_id(empty), "AAAAAAAAAAAAAA");
  auto e = board_from_position_id("AAAAAAAAAAAAAA");
  ASSERT_TRUE(e) << e.error();
  EXPECT_EQ(*e, empty);
}

TEST(PositionId, NibbleForm) {
  // The 10 key bytes of the start position written as letter pairs, high nibble first.
  PositionKey key = position_key(Board::starting_position());
  std::string nib;
  for (uint8_t byte : key) {
    nib += static_cast<char>('A' + (byte >> 4));
    nib += static_cast<char>('A' + (byte & 15));
  }
  auto b = board_from_nibble_id(nib);
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(*b, Board::starting_position());
  auto g = game_from_text(nib);
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->board, Board::starting_position());
}

static void expect_error(std::string_view id, std::string_view needle) {
  auto b = board_from_position_id(id);
  ASSERT_FALSE(b) << id << " decoded";
  EXPECT_NE(b.error().find(needle), std::string::npos) << b.error();
}

TEST(PositionId, BadInputGetsPreciseErrors) {
  expect_error("4HPwATDgc/ABM", "14 characters");
  expect_error("4HPwATDgc/ABMAA", "14 characters");
  expect_error("4HPwATDgc/AB!A", "position 13");
  expect_error("//////////////", "more than 15 chequers");  // all ones
  // 16 chequers on one side: the start position plus one chequer.
  Board b{};
  b.on_roll()[0] = 16;
  b.opponent()[0] = 3;
  expect_error(position_id(b), "more than 15 chequers");
  Board c{};
  c.on_roll()[0] = 8;
  c.on_roll()[1] = 8;
  expect_error(position_id(c), "16 chequers");
  Board both{};
  both.on_roll()[3] = 1;
  both.opponent()[20] = 2;
  expect_error(position_id(both), "same point");
}

TEST(MatchId, SeedExample) {
  // 9-point match, score 2-4, player 0 owns a 2-cube, player 1 has rolled 5-2.
  auto ms = match_state_from_id("QYkqASAAIAAA");
  ASSERT_TRUE(ms) << ms.error();
  EXPECT_EQ(ms->match_length, 9);
  EXPECT_EQ(ms->score[0], 2);
  EXPECT_EQ(ms->score[1], 4);
  EXPECT_EQ(ms->cube, 2);
  EXPECT_EQ(ms->cube_owner, 0);
  EXPECT_EQ(ms->on_roll, 1);
  EXPECT_EQ(ms->turn, 1);
  EXPECT_EQ(ms->dice[0], 5);
  EXPECT_EQ(ms->dice[1], 2);
  EXPECT_FALSE(ms->crawford);
  EXPECT_EQ(ms->game_state, GameState::kPlaying);
  EXPECT_EQ(match_id(*ms), "QYkqASAAIAAA");
}

TEST(MatchId, MoneyOpening) {
  auto ms = match_state_from_id("cIkFAAAAAAAA");
  ASSERT_TRUE(ms) << ms.error();
  EXPECT_TRUE(ms->is_money());
  EXPECT_EQ(ms->cube_owner, kCubeCentred);
  EXPECT_EQ(ms->on_roll, 1);
  EXPECT_EQ(ms->dice[0], 3);
  EXPECT_EQ(ms->dice[1], 1);
  EXPECT_TRUE(ms->jacoby);
  EXPECT_EQ(match_id(*ms), "cIkFAAAAAAAA");
}

TEST(MatchId, RoundTripsEveryField) {
  MatchState ms;
  ms.match_length = 11;
  ms.score = {10, 7};
  ms.crawford = true;
  ms.cube = 1;
  ms.on_roll = 0;
  ms.turn = 1;
  ms.resigned = 2;
  ms.jacoby = false;
  ms.game_state = GameState::kPlaying;
  auto back = match_state_from_id(match_id(ms));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, ms);

  ms.crawford = false;
  ms.post_crawford = true;
  ms.doubled = true;
  ms.cube = 4;
  ms.cube_owner = 1;
  back = match_state_from_id(match_id(ms));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, ms);
}

TEST(MatchId, JacobyBit66) {
  MatchState ms;
  ms.jacoby = true;
  std::string with = match_id(ms);
  ms.jacoby = false;
  std::string without = match_id(ms);
  EXPECT_NE(with, without);
  // Bit 66 is bit 2 of byte 8, i.e. in the 12th Base64 character.
  EXPECT_EQ(with.substr(0, 11), without.substr(0, 11));
  EXPECT_FALSE(match_state_from_id(without)->jacoby);
}

TEST(MatchId, ContradictionsAreRejected) {
  auto err = [](const MatchState& ms) {
    auto r = match_state_from_id(match_id(ms));
    return r ? std::string() : r.error();
  };
  MatchState ms;
  ms.match_length = 5;
  ms.score = {6, 0};
  EXPECT_NE(err(ms).find("beyond the match length"), std::string::npos) << err(ms);
  ms.score = {2, 1};
  ms.crawford = true;
  EXPECT_NE(err(ms).find("1-away"), std::string::npos) << err(ms);
  MatchState money;
  money.crawford = true;
  EXPECT_NE(err(money).find("money"), std::string::npos) << err(money);

  EXPECT_FALSE(match_state_from_id("cIkFAAAAAAA"));    // 11 characters
  EXPECT_FALSE(match_state_from_id("cIkFAAAA.AAA"));   // bad character
  EXPECT_FALSE(match_state_from_id("cIkFAAAAAAA/"));   // unused bits set
  EXPECT_FALSE(match_state_from_id("f4kFAAAAAAAA"));   // cube owner field 2 (bits 4-5 = 10)
}

TEST(MatchState, CubeMustBeAPowerOfTwo) {
  MatchState ms;
  ms.cube = 3;
  auto err = match_state_error(ms);
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("power of two"), std::string::npos);
}

TEST(GnubgId, ParsesAllThreeForms) {
  auto g = game_from_text("  4HPwATDgc/ABMA:cIkFAAAAAAAA \n");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(gnubg_id(*g), "4HPwATDgc/ABMA:cIkFAAAAAAAA");
  auto bare = game_from_text("4HPwATDgc/ABMA");
  ASSERT_TRUE(bare) << bare.error();
  EXPECT_TRUE(bare->match.is_money());
  EXPECT_FALSE(bare->match.dice_rolled());
  auto x = game_from_text("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10");
  ASSERT_TRUE(x) << x.error();
  EXPECT_EQ(x->board, Board::starting_position());
  EXPECT_FALSE(game_from_text(""));
  EXPECT_FALSE(game_from_text("a:b:c"));
  auto bad = game_from_text("4HPwATDgc/ABMA:cIkFAAAAAAA");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("match ID"), std::string::npos) << bad.error();
}
