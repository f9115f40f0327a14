// SPDX-License-Identifier: GPL-3.0-or-later
// Game variants: gnubg's names, starting positions (its InitBoard position IDs), chequer limits,
// and scoring of finished hypergammon games.
#include <gtest/gtest.h>

#include <vector>

#include "engine/movegen.h"
#include "engine/position_id.h"
#include "engine/variant.h"

namespace tavla::engine {
namespace {

TEST(Variant, StartingPositionsAreGnubgs) {
  EXPECT_EQ(position_id(starting_position(Variant::kStandard)), "4HPwATDgc/ABMA");
  EXPECT_EQ(position_id(starting_position(Variant::kHypergammon1)), "AACAAAAAAgAAAA");
  EXPECT_EQ(position_id(starting_position(Variant::kHypergammon2)), "AABAAQAACgAAAA");
  EXPECT_EQ(position_id(starting_position(Variant::kHypergammon3)), "AACgAgAAKgAAAA");
  EXPECT_EQ(position_id(starting_position(Variant::kNackgammon)), "4Dl4ADbgOXgANg");
  auto variants = std::vector<Variant>(kAllVariants.begin(), kAllVariants.end());
  variants.push_back(Variant::kNackgammon);
  for (Variant v : variants) {
    const Board b = starting_position(v);
    EXPECT_EQ(b.checkers_on_board(0), chequers(v));
    EXPECT_EQ(b.checkers_on_board(1), chequers(v));
    EXPECT_EQ(borne_off(b, 0, v), 0);
    EXPECT_FALSE(board_error(b, v));
    EXPECT_EQ(game_points(b, v), 0);
  }
}

TEST(Variant, NamesAndNumbers) {
  EXPECT_EQ(variant_command(Variant::kHypergammon2), "2-chequer-hypergammon");
  EXPECT_EQ(variant_description(Variant::kHypergammon3), "3-chequer hypergammon");
  EXPECT_EQ(variant_description(Variant::kStandard), "Standard backgammon");
  for (Variant v : kAllVariants) EXPECT_EQ(variant_from_command(variant_command(v)), v);
  EXPECT_EQ(variant_from_command("1-CHEQUER-HYPERGAMMON"), Variant::kHypergammon1);
  // Nackgammon is the shell's only (`set variation nackgammon`), not the programs' options'.
  EXPECT_FALSE(variant_from_command("nackgammon"));
  EXPECT_EQ(variant_command(Variant::kNackgammon), "nackgammon");
  EXPECT_EQ(variant_description(Variant::kNackgammon), "Nackgammon");
  EXPECT_EQ(gnubg_variation_number(Variant::kNackgammon), 1);
  EXPECT_FALSE(is_hypergammon(Variant::kNackgammon));
  EXPECT_EQ(chequers(Variant::kNackgammon), 15);
  EXPECT_FALSE(variant_from_command("hyper"));
  EXPECT_EQ(gnubg_variation_number(Variant::kStandard), 0);
  EXPECT_EQ(gnubg_variation_number(Variant::kHypergammon1), 2);
  EXPECT_EQ(gnubg_variation_number(Variant::kHypergammon3), 4);
  EXPECT_EQ(hypergammon_variant(2), Variant::kHypergammon2);
  EXPECT_FALSE(hypergammon_variant(0));
  EXPECT_FALSE(hypergammon_variant(4));
  EXPECT_FALSE(is_hypergammon(Variant::kStandard));
  EXPECT_TRUE(is_hypergammon(Variant::kHypergammon1));
}

TEST(Variant, ChequerLimit) {
  Board b = starting_position(Variant::kHypergammon2);
  b.on_roll()[5] = 1;  // a third chequer
  EXPECT_TRUE(board_error(b, Variant::kHypergammon2));
  EXPECT_FALSE(board_error(b, Variant::kHypergammon3));
  EXPECT_FALSE(board_error(b, Variant::kStandard));
}

TEST(Variant, FinishedGames) {
  const Variant v = Variant::kHypergammon3;
  Board b;  // the opponent is off; the side on roll has all three chequers on board
  b.on_roll()[10] = 3;
  EXPECT_EQ(game_points(b, v), 2);
  auto out = game_over_outputs(b, v);
  EXPECT_EQ(out, (std::array<float, 5>{0, 0, 0, 1, 0}));
  b.on_roll()[10] = 2;  // one of them in the winner's home board: backgammon
  b.on_roll()[20] = 1;
  EXPECT_EQ(game_points(b, v), 3);
  EXPECT_EQ(game_over_outputs(b, v), (std::array<float, 5>{0, 0, 0, 1, 1}));
  EXPECT_EQ(game_points(b, Variant::kStandard), 1);  // 3 of 15 on board: no gammon
  b = Board{};  // the side on roll is off, the opponent has borne off one of two
  b.opponent()[kBar] = 1;
  EXPECT_EQ(game_points(b, Variant::kHypergammon2), 1);
  EXPECT_EQ(game_points(b, Variant::kHypergammon1), 3);  // on the bar: backgammon
  EXPECT_EQ(game_over_outputs(b, Variant::kHypergammon1), (std::array<float, 5>{1, 1, 1, 0, 0}));
  EXPECT_EQ(game_over_outputs(Board{}, v), (std::array<float, 5>{}));  // gnubg: a single loss
}

TEST(Variant, MovesFromTheStart) {
  // 3-chequer hypergammon from the start: 6-5 has the plays 24/13, 24/18 23/18 (a point), ...
  MoveList list;
  const Board b = starting_position(Variant::kHypergammon3);
  const int n = generate_moves(b, 6, 5, list);
  EXPECT_GT(n, 3);
  for (const auto& m : list) EXPECT_EQ(m.after.checkers_on_board(Board::kOnRoll), 3);
}

}  // namespace
}  // namespace tavla::engine
