// SPDX-License-Identifier: GPL-3.0-or-later
// Position themes (strength/themes.h) on boards built for each definition, and their counts in
// the committed error set (every theme occurs, so `tavla errors` reports each).
#include <gtest/gtest.h>

#include <filesystem>

#include "strength/error_set.h"
#include "strength/themes.h"

namespace tavla::strength {
namespace {

using engine::Board;
using eval::PositionClass;

bool has(const Board& b, PositionClass c, Theme t) { return has_theme(b, c, t); }

TEST(Themes, StartingPositionIsAnOpeningOnly) {
  const Board b = Board::starting_position();
  EXPECT_TRUE(has(b, PositionClass::kContact, Theme::kOpening));
  for (Theme t : {Theme::kBar, Theme::kBackGame, Theme::kHolding, Theme::kBearoff})
    EXPECT_FALSE(has(b, PositionClass::kContact, t)) << theme_name(t);
}

TEST(Themes, BarBackGameHoldingBearoff) {
  Board bar = Board::starting_position();
  bar.on_roll()[23] = 1;
  bar.on_roll()[engine::kBar] = 1;
  EXPECT_TRUE(has(bar, PositionClass::kContact, Theme::kBar));

  // Back game: the mover holds the opponent's 1 and 3 points and trails by far.
  Board back;
  back.on_roll()[23] = 2;
  back.on_roll()[21] = 2;
  back.on_roll()[12] = 5;
  back.on_roll()[7] = 3;
  back.on_roll()[5] = 3;
  back.sides[Board::kOpponent][5] = 5;
  back.sides[Board::kOpponent][4] = 4;
  back.sides[Board::kOpponent][3] = 4;
  back.sides[Board::kOpponent][2] = 2;
  ASSERT_GE(back.pip_count(Board::kOnRoll) - back.pip_count(Board::kOpponent), kBackGamePips);
  EXPECT_TRUE(has(back, PositionClass::kContact, Theme::kBackGame));
  EXPECT_FALSE(has(back, PositionClass::kContact, Theme::kHolding));

  // Holding: an anchor on the opponent's 5 point (the mover's 20), the opponent escaped.
  Board hold;
  hold.on_roll()[19] = 2;
  hold.on_roll()[12] = 4;
  hold.on_roll()[7] = 3;
  hold.on_roll()[5] = 6;
  hold.sides[Board::kOpponent][5] = 5;
  hold.sides[Board::kOpponent][7] = 4;
  hold.sides[Board::kOpponent][9] = 6;
  EXPECT_TRUE(has(hold, PositionClass::kContact, Theme::kHolding));
  Board still_back = hold;
  still_back.sides[Board::kOpponent][20] = 1;  // an opponent's chequer still in the mover's board
  still_back.sides[Board::kOpponent][9] = 5;
  EXPECT_FALSE(has(still_back, PositionClass::kContact, Theme::kHolding));

  // Bearing off: a race with the mover home, whatever the opponent.
  Board off;
  off.on_roll()[0] = 5;
  off.on_roll()[3] = 5;
  off.sides[Board::kOpponent][10] = 8;
  EXPECT_TRUE(has(off, PositionClass::kRace, Theme::kBearoff));
  EXPECT_FALSE(has(off, PositionClass::kContact, Theme::kBearoff));
  off.on_roll()[6] = 1;
  EXPECT_FALSE(has(off, PositionClass::kRace, Theme::kBearoff));
}

TEST(Themes, EveryThemeOccursInTheCommittedSet) {
  auto set = read_error_set(std::filesystem::path(TAVLA_SOURCE_DIR) / "bench/error_positions.txt");
  ASSERT_TRUE(static_cast<bool>(set)) << set.error();
  for (Theme t : kThemes) {
    int n = 0;
    for (const ErrorPosition& p : set->positions) n += has_theme(p.board, p.cls, t);
    EXPECT_GE(n, 10) << theme_name(t);
  }
}

}  // namespace
}  // namespace tavla::strength
