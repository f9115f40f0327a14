// SPDX-License-Identifier: GPL-3.0-or-later
// Golden files: gnubg 1.07's `show board` output captured by tests/gnubg/make_engine_fixtures.py.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/gnubg_id.h"
#include "fixtures.h"
#include "text/board_drawing.h"

using namespace tavla;

namespace {

std::string trim_trailing_newlines(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace

TEST(BoardDrawing, MatchesGnubgGoldenFiles) {
  namespace fs = std::filesystem;
  fs::path dir = test::fixture_path("engine/boards");
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".ids") continue;
    auto lines = test::split(test::read_file(entry.path().string()), '\n');
    ASSERT_FALSE(lines.empty());
    auto parsed = engine::game_from_text(lines[0]);
    ASSERT_TRUE(parsed) << entry.path() << ": " << parsed.error();
    engine::Game game = *parsed;
    text::PlayerNames names;
    for (size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].starts_with("name0 ")) names.name[0] = lines[i].substr(6);
      if (lines[i].starts_with("name1 ")) names.name[1] = lines[i].substr(6);
      // gnubg shows the dice in the order they were set, which the match ID does not keep.
      if (lines[i].starts_with("cmd set dice ")) {
        auto d = test::split_ws(lines[i].substr(13));
        if (d.size() == 2) game.match.dice = {std::stoi(d[0]), std::stoi(d[1])};
      }
    }
    fs::path golden = entry.path();
    golden.replace_extension(".txt");
    std::string expected = test::read_file(golden.string());
    ASSERT_FALSE(expected.empty()) << golden;
    EXPECT_EQ(trim_trailing_newlines(text::draw_board(game.board, game.match, names)),
              trim_trailing_newlines(expected))
        << golden;
    ++checked;
  }
  EXPECT_GE(checked, 10);
}
