// SPDX-License-Identifier: GPL-3.0-or-later
// Differential tests: tavla against reference data that tests/gnubg/make_engine_fixtures.py
// obtained from gnubg 1.07 (see tests/gnubg/README.md for the formats).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position_id.h"
#include "fixtures.h"

using namespace tavla::engine;
using tavla::test::fixture_lines;
using tavla::test::split;
using tavla::test::split_ws;

TEST(GnubgFixtures, PositionIds) {
  auto lines = fixture_lines("engine/position_ids.txt");
  EXPECT_GE(lines.size(), 3000u);
  int checked = 0;
  for (const auto& line : lines) {
    auto f = split_ws(line);
    ASSERT_EQ(f.size(), 51u) << line;
    Board expected{};
    for (int i = 0; i < 50; ++i) expected.sides[i / 25][i % 25] = static_cast<uint8_t>(std::stoi(f[1 + i]));
    auto decoded = board_from_position_id(f[0]);
    ASSERT_TRUE(decoded) << f[0] << ": " << decoded.error();
    EXPECT_EQ(*decoded, expected) << f[0];
    EXPECT_EQ(position_id(expected), f[0]);
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(lines.size()));
}

TEST(GnubgFixtures, MatchIds) {
  auto lines = fixture_lines("engine/match_ids.txt");
  EXPECT_GE(lines.size(), 500u);
  for (const auto& line : lines) {
    auto f = split_ws(line);
    ASSERT_GE(f.size(), 2u) << line;
    std::map<std::string, int> kv;
    for (size_t i = 1; i < f.size(); ++i) {
      auto p = split(f[i], '=');
      ASSERT_EQ(p.size(), 2u) << line;
      kv[p[0]] = std::stoi(p[1]);
    }
    auto ms = match_state_from_id(f[0]);
    ASSERT_TRUE(ms) << line << ": " << ms.error();
    EXPECT_EQ(ms->cube, kv.at("cube")) << line;
    EXPECT_EQ(ms->cube_owner, kv.at("owner")) << line;
    EXPECT_EQ(ms->on_roll, kv.at("move")) << line;
    EXPECT_EQ(ms->crawford, kv.at("crawford") != 0) << line;
    EXPECT_EQ(static_cast<int>(ms->game_state), kv.at("state")) << line;
    EXPECT_EQ(ms->turn, kv.at("turn")) << line;
    EXPECT_EQ(ms->doubled, kv.at("doubled") != 0) << line;
    EXPECT_EQ(ms->resigned, kv.at("resigned")) << line;
    EXPECT_EQ(ms->dice[0], kv.at("die0")) << line;
    EXPECT_EQ(ms->dice[1], kv.at("die1")) << line;
    EXPECT_EQ(ms->match_length, kv.at("length")) << line;
    EXPECT_EQ(ms->score[0], kv.at("score0")) << line;
    EXPECT_EQ(ms->score[1], kv.at("score1")) << line;
    EXPECT_EQ(ms->jacoby, kv.at("jacoby") != 0) << line;
    EXPECT_EQ(match_id(*ms), f[0]) << line;
  }
}

TEST(GnubgFixtures, Xgids) {
  auto lines = fixture_lines("engine/xgids.txt");
  EXPECT_GE(lines.size(), 300u);
  for (const auto& line : lines) {
    auto f = split_ws(line);
    ASSERT_EQ(f.size(), 2u) << line;
    auto game = game_from_xgid(f[0]);
    ASSERT_TRUE(game) << line << ": " << game.error();
    // The fixture is the gnubg ID gnubg's `set xgid` arrives at, and gnubg drops a pending double
    // (dice field D) there; tavla's reader keeps it, and the shell drops it as gnubg does.
    const bool pending = f[0].find(":D:") != std::string::npos;
    EXPECT_EQ(game->match.doubled, pending) << line;
    if (pending) {
      EXPECT_NE(game->match.turn, game->match.on_roll) << line;
      Game as_gnubg = *game;
      as_gnubg.match.doubled = false;
      as_gnubg.match.turn = as_gnubg.match.on_roll;
      EXPECT_EQ(gnubg_id(as_gnubg), f[1]) << line;
      continue;
    }
    EXPECT_EQ(gnubg_id(*game), f[1]) << line;
  }
}

TEST(GnubgFixtures, RejectedXgids) {
  auto lines = fixture_lines("engine/xgids_rejected.txt");
  int rejected = 0;
  for (const auto& line : lines) {
    auto input = split(line, '\t')[0];
    // gnubg rejects 9-field XGIDs (the older form without maxcube); tavla reads them on
    // purpose (see engine/xgid.h), as if maxcube were present.
    if (std::count(input.begin(), input.end(), ':') == 8) {
      auto game = game_from_xgid(input);
      ASSERT_TRUE(game) << input << ": " << game.error();
      auto ten = game_from_xgid(input + ":10");
      ASSERT_TRUE(ten) << input;
      EXPECT_EQ(*game, *ten);
      continue;
    }
    EXPECT_FALSE(game_from_xgid(input)) << "accepted " << input;
    ++rejected;
  }
  EXPECT_GT(rejected, 0);
}

TEST(GnubgFixtures, LegalMoves) {
  auto lines = fixture_lines("engine/legal_moves.txt");
  static MoveList list;
  int positions = 0, moves = 0;
  for (size_t i = 0; i < lines.size();) {
    auto h = split_ws(lines[i]);
    ASSERT_EQ(h.size(), 5u) << lines[i];
    ASSERT_EQ(h[0], "P") << lines[i];
    auto board = board_from_position_id(h[1]);
    ASSERT_TRUE(board) << board.error();
    int d1 = std::stoi(h[2]), d2 = std::stoi(h[3]), n = std::stoi(h[4]);
    std::set<std::pair<std::string, std::string>> expected;
    for (int k = 0; k < n; ++k) {
      auto f = split(lines[i + 1 + k], '\t');
      ASSERT_EQ(f.size(), 2u) << lines[i + 1 + k];
      expected.insert({f[0], f[1]});
    }
    generate_moves(*board, d1, d2, list);
    std::set<std::pair<std::string, std::string>> got;
    for (const LegalMove& m : list) got.insert({format_move(*board, m.move), position_id(m.after)});
    EXPECT_EQ(got, expected) << "position " << h[1] << " roll " << d1 << d2;
    // Every move text gnubg printed is accepted by our parser and leads to its position.
    for (const auto& [text, id] : expected) {
      auto found = find_legal_move(*board, d1, d2, text);
      ASSERT_TRUE(found) << h[1] << " " << d1 << d2 << " '" << text << "': " << found.error();
      EXPECT_EQ(position_id(found->after), id);
    }
    ++positions;
    moves += n;
    i += 1 + n;
  }
  EXPECT_GE(positions, 3000);
  RecordProperty("moves", moves);
}

TEST(GnubgFixtures, Perft) {
  auto lines = fixture_lines("engine/perft.txt");
  int checked = 0;
  for (const auto& line : lines) {
    auto f = split_ws(line);
    if (f[0] == "ROLL") {
      ASSERT_EQ(f.size(), 5u) << line;
      auto board = board_from_position_id(f[1]);
      ASSERT_TRUE(board);
      int d1 = std::stoi(f[2]), d2 = std::stoi(f[3]);
      auto by_roll = perft_by_roll(*board, 1);
      for (int r = 0; r < 21; ++r) {
        auto roll = all_rolls()[r];
        if ((roll.d1 == d1 && roll.d2 == d2) || (roll.d1 == d2 && roll.d2 == d1)) {
          EXPECT_EQ(by_roll[r], std::stoull(f[4])) << line;
        }
      }
    } else {
      ASSERT_EQ(f.size(), 3u) << line;
      auto board = board_from_position_id(f[0]);
      ASSERT_TRUE(board);
      EXPECT_EQ(perft(*board, std::stoi(f[1])), std::stoull(f[2])) << line;
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}
