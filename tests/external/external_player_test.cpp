// SPDX-License-Identifier: GPL-3.0-or-later
// tavla external's answers (tools/external/): listen addresses, move text gnubg's ParseMove reads,
// and an answer of the right kind for every line of tests/fixtures/external/fibs_boards.txt.
#include <gtest/gtest.h>

#include "engine/fibs_board.h"
#include "engine/move_text.h"
#include "eval/net_set.h"
#include "external/external_player.h"
#include "external/listener.h"
#include "../engine/fixtures.h"

namespace tavla::external {
namespace {

TEST(ListenAddress, FollowsGnubgsRules) {
  auto a = parse_listen_address("4321");
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->unix_socket);
  EXPECT_EQ(a->host, "127.0.0.1");  // a port alone stays on this machine
  EXPECT_EQ(a->port, 4321);
  a = parse_listen_address("localhost:80");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->host, "localhost");
  EXPECT_EQ(a->port, 80);
  a = parse_listen_address(":5000");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->host, "0.0.0.0");
  a = parse_listen_address("/tmp/tavla.sock");
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->unix_socket);
  EXPECT_EQ(a->path, "/tmp/tavla.sock");
  EXPECT_FALSE(parse_listen_address(""));
  EXPECT_FALSE(parse_listen_address("host:http"));
  EXPECT_FALSE(parse_listen_address("99999"));
}

TEST(ExternalMoveText, PairsGnubgParses) {
  auto board = engine::Board::starting_position();
  auto m = engine::find_legal_move(board, 6, 6, "24/18(2) 13/7(2)");
  ASSERT_TRUE(m) << m.error();
  const std::string text = external_move_text(m->move);
  EXPECT_EQ(text, "24/18 24/18 13/7 13/7");
  auto back = engine::find_legal_move(board, 6, 6, text);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->after, m->after);
  EXPECT_EQ(external_move_text(engine::Move{}), "");
}

class ExternalPlayerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto nets = eval::NetSet::find(std::nullopt);  // $TAVLA_WEIGHTS: gnubg's nets in the tests
    ASSERT_TRUE(nets) << nets.error();
    analyzer_ = shell::make_analyzer(*nets);
    settings_.player.chequer = eval::level_setup(eval::Level::kExpert);
    settings_.player.cube = settings_.player.chequer.context;
  }
  std::unique_ptr<shell::Analyzer> analyzer_;
  ExternalSettings settings_;
};

TEST_F(ExternalPlayerTest, AnswersEveryLineGnubgSentWithTheRightKind) {
  ExternalPlayer door(*analyzer_, settings_);
  shell::EnginePlayer engine(*analyzer_);
  const auto lines = test::fixture_lines("external/fibs_boards.txt");
  ASSERT_GE(lines.size(), 100u);
  int moves = 0, cube = 0, takes = 0;
  for (const auto& line : lines) {
    const std::string fibs = line.substr(line.find(' ') + 1);
    auto board = engine::read_fibs_board(fibs);
    ASSERT_TRUE(board) << board.error();
    const auto& g = board->game;
    const std::string reply = door.answer(fibs);
    if (g.match.doubled) {
      EXPECT_TRUE(reply == "take" || reply == "drop" || reply == "beaver") << fibs << " -> " << reply;
      ++takes;
    } else if (!g.match.dice_rolled()) {
      EXPECT_TRUE(reply == "roll" || reply == "double") << fibs << " -> " << reply;
      ++cube;
    } else {
      // The play tavla's engine player chooses, in a form gnubg reads back to the same position.
      auto best = engine.choose_move(g, settings_.player);
      if (!best) {
        EXPECT_EQ(reply, "") << fibs;
        continue;
      }
      auto played = engine::find_legal_move(g.board, g.match.dice[0], g.match.dice[1], reply);
      ASSERT_TRUE(played) << fibs << " -> " << reply << ": " << played.error();
      EXPECT_EQ(played->after, best->after) << fibs << " -> " << reply;
      ++moves;
    }
  }
  EXPECT_GT(moves, 50);
  EXPECT_GT(cube, 5);
  EXPECT_GT(takes, 5);
}

TEST_F(ExternalPlayerTest, MalformedLinesGetGnubgsErrorAnswer) {
  ExternalPlayer door(*analyzer_, settings_);
  for (const char* bad : {"", "roll", "board:", "board:a:b:x", "\x01\x02\xff"}) {
    const std::string reply = door.answer(bad);
    EXPECT_EQ(reply.rfind("Error: ", 0), 0u) << bad << " -> " << reply;
  }
}

}  // namespace
}  // namespace tavla::external
