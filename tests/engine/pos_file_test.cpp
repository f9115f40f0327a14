// SPDX-License-Identifier: GPL-3.0-or-later
// Jellyfish .pos files (engine/pos_file.h) written by gnubg 1.07's `export position pos`
// (tests/fixtures/pos, tests/gnubg/make_pos_fixtures.sh): what is read, and files refused with
// the field and its byte offset. That the position shown after `import pos` is gnubg's (IDs,
// score, cube, turn) is the golden transcript gnubg_import_pos.
#include "engine/pos_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/board.h"

namespace tavla::engine {
namespace {

std::string pos_fixture(const std::string& name) {
  std::ifstream f(std::string(TAVLA_FIXTURES) + "/pos/" + name, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void put_word(std::string& b, size_t at, int v) {
  b[at] = static_cast<char>(v & 0xff);
  b[at + 1] = static_cast<char>((v >> 8) & 0xff);
}

TEST(PosFile, ReadsWhatGnubgWrote) {
  const std::string b = pos_fixture("money_dice.pos");
  ASSERT_FALSE(b.empty());
  auto m = read_pos(b, "money_dice.pos");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(m->games.size(), 1u);
  const GameRecord& g = m->games[0];
  EXPECT_EQ(m->info.names[0], "Jellyfish");  // gnubg writes "Jellyfish plays the first player"
  EXPECT_EQ(m->info.names[1], "bob");
  EXPECT_EQ(g.info.match_length, 0);
  EXPECT_TRUE(g.info.jacoby);
  EXPECT_TRUE(g.info.cube_use);
  ASSERT_EQ(g.records.size(), 4u);
  EXPECT_EQ(g.records[0].kind, RecordKind::kSetDice);
  EXPECT_EQ(g.records[0].player, 1);
  EXPECT_EQ(g.records[0].dice, (std::array<int, 2>{6, 6}));
  EXPECT_EQ(g.records[1].kind, RecordKind::kSetBoard);
  EXPECT_EQ(g.records[1].board.checkers_on_board(0), 15);
  EXPECT_EQ(g.records[1].board.checkers_on_board(1), 15);
  EXPECT_EQ(g.records[2].cube, 4);
  EXPECT_EQ(g.records[3].cube_owner, 0);
}

TEST(PosFile, OlderVersionsAndTheStartingPosition) {
  auto v125 = read_pos(pos_fixture("v125.pos"), "v125.pos");
  auto v126 = read_pos(pos_fixture("money.pos"), "money.pos");
  auto v124 = read_pos(pos_fixture("v124.pos"), "v124.pos");
  ASSERT_TRUE(v125.ok() && v126.ok() && v124.ok());
  EXPECT_EQ(v125->games[0].records, v126->games[0].records);
  EXPECT_EQ(v125->games[0].info, v126->games[0].info);
  EXPECT_FALSE(v124->games[0].info.cube_use);  // not in the file: gnubg turns the cube off
  EXPECT_FALSE(v124->games[0].info.jacoby);
  auto start = read_pos(pos_fixture("start.pos"), "start.pos");
  ASSERT_TRUE(start.ok()) << start.error();
  EXPECT_EQ(start->games[0].records[0].kind, RecordKind::kSetBoard);  // no dice
  EXPECT_EQ(start->games[0].records[0].player, 0);  // gnubg puts player 0 on roll
  EXPECT_EQ(start->games[0].records[0].board, Board::starting_position());
}

TEST(PosFile, RefusesWithFieldAndOffset) {
  const std::string good = pos_fixture("money.pos");
  ASSERT_GT(good.size(), 100u);
  bool unrecognised = false;
  auto r = read_pos(pos_fixture("bad_version.pos"), "v.pos", &unrecognised);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(unrecognised);
  EXPECT_EQ(r.error(), "v.pos: byte 0 (version): not a Jellyfish .pos file (versions 124 to 126)");

  r = read_pos(pos_fixture("short.pos"), "short.pos", &unrecognised);  // 100 bytes
  ASSERT_FALSE(r.ok());
  EXPECT_FALSE(unrecognised);
  EXPECT_NE(r.error().find("short.pos: byte "), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("(board): the file ends in it"), std::string::npos) << r.error();
  EXPECT_FALSE(read_pos("", "empty.pos").ok());
  EXPECT_EQ(read_pos("", "empty.pos").error(),
            "empty.pos: byte 0 (version): the file ends in it");

  std::string b = good;
  put_word(b, 12, 3);  // the cube value (version 126: after six words)
  EXPECT_EQ(read_pos(b, "c.pos").error(),
            "c.pos: byte 12 (cube value): 3 is not a power of 2 from 1 to 4096");
  b = good;
  put_word(b, 14, 5);
  EXPECT_EQ(read_pos(b, "o.pos").error(),
            "o.pos: byte 14 (cube owner): 5 is not 0 (centred), 1 or 2");
  b = good;
  put_word(b, 24, 1);  // a match...
  put_word(b, 30, 5);  // ... to 5 points, at 7-0
  put_word(b, 32, 7);
  EXPECT_EQ(read_pos(b, "s.pos").error(),
            "s.pos: byte 32 (score 1): 7 is not below the match length 5");
  b = good;
  const size_t board = b.size() - 26 * 4;  // 26 pairs of words end the file
  put_word(b, board + 4 * 24, 20 - 9);     // the first player's 24-point: 9 chequers, not 2
  auto many = read_pos(b, "m.pos");
  ASSERT_FALSE(many.ok());
  EXPECT_EQ(many.error(), "m.pos: byte " + std::to_string(board) +
                              " (board): Jellyfish has 22 chequers on the board (1 to 15 allowed)");
  b = good;
  put_word(b, board - 4, 7);  // die 1
  EXPECT_EQ(read_pos(b, "d.pos").error(),
            "d.pos: byte " + std::to_string(board - 4) +
                " (dice): 7 and 0 are not two dice from 1 to 6");
}

// Every prefix and every one-byte change of a good file is read or refused, never a crash.
TEST(PosFile, DamagedFilesNeverCrash) {
  const std::string good = pos_fixture("bar.pos");
  ASSERT_FALSE(good.empty());
  for (size_t n = 0; n < good.size(); ++n) EXPECT_FALSE(read_pos(good.substr(0, n), "p").ok());
  for (size_t i = 0; i < good.size(); ++i)
    for (int v : {0x00, 0x7f, 0x80, 0xff}) {
      std::string b = good;
      b[i] = static_cast<char>(v);
      auto r = read_pos(b, "p");
      if (!r.ok()) continue;
      const MoveRecord& set = r->games[0].records[r->games[0].records.size() - 3];
      ASSERT_EQ(set.kind, RecordKind::kSetBoard);
      for (int side = 0; side < 2; ++side) {
        EXPECT_GE(set.board.checkers_on_board(side), 1);
        EXPECT_LE(set.board.checkers_on_board(side), 15);
      }
    }
}

}  // namespace
}  // namespace tavla::engine
