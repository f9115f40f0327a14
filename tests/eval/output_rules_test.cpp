// SPDX-License-Identifier: GPL-3.0-or-later
// Finished games, the sanity rules and the race backgammon override.
#include "eval/output_rules.h"

#include <gtest/gtest.h>

#include <set>

#include "eval/race_backgammon_table.h"
#include "test_support.h"

namespace tavla::eval {
namespace {

using P = Probabilities;
using testing::board;
using testing::side;

TEST(GameOver, WinsAndLossesOfEveryKind) {
  // The side on roll has borne off: single, gammon, backgammon (a chequer in our home board or
  // on the bar).
  EXPECT_EQ(evaluate_game_over(board(side({{3, 14}}), side({}))), (P{{1, 0, 0, 0, 0}}));
  EXPECT_EQ(evaluate_game_over(board(side({{10, 15}}), side({}))), (P{{1, 1, 0, 0, 0}}));
  EXPECT_EQ(evaluate_game_over(board(side({{10, 14}, {18, 1}}), side({}))), (P{{1, 1, 1, 0, 0}}));
  EXPECT_EQ(evaluate_game_over(board(side({{10, 14}, {24, 1}}), side({}))), (P{{1, 1, 1, 0, 0}}));
  // The opponent has borne off.
  EXPECT_EQ(evaluate_game_over(board(side({}), side({{0, 1}}))), (P{{0, 0, 0, 0, 0}}));
  EXPECT_EQ(evaluate_game_over(board(side({}), side({{17, 15}}))), (P{{0, 0, 0, 1, 0}}));
  EXPECT_EQ(evaluate_game_over(board(side({}), side({{23, 15}}))), (P{{0, 0, 0, 1, 1}}));
}

TEST(SanityCheck, ContactClampsAndNoise) {
  const auto b = engine::Board::starting_position();
  P p{{0.6f, 0.7f, 0.00005f, 0.5f, 0.6f}};
  sanity_check(b, p, nullptr);
  EXPECT_EQ(p[P::kWinGammon], 0.6f);         // gammons <= wins
  EXPECT_EQ(p[P::kWinBackgammon], 0.0f);     // below 1e-4 in contact
  EXPECT_FLOAT_EQ(p[P::kLoseGammon], 0.4f);  // <= losses
  EXPECT_FLOAT_EQ(p[P::kLoseBackgammon], 0.4f);
}

TEST(SanityCheck, NoGammonsOnceASideHasBorneOff) {
  // Contact; the opponent has borne off one chequer, we have not.
  const auto b = board(side({{20, 2}, {5, 12}}), side({{23, 2}, {5, 13}}));
  P p{{0.5f, 0.2f, 0.1f, 0.2f, 0.1f}};
  sanity_check(b, p, nullptr);
  EXPECT_EQ(p[P::kWinGammon], 0.0f);
  EXPECT_EQ(p[P::kWinBackgammon], 0.0f);
  EXPECT_EQ(p[P::kLoseGammon], 0.2f);
}

TEST(SanityCheck, RaceCertainties) {
  // A race we cannot lose: the opponent needs 10 x 4 crossovers, we bear off 1 chequer.
  const auto won = board(side({{20, 10}}), side({{0, 1}}));
  P p{{0.9f, 0.3f, 0.1f, 0.0f, 0.0f}};
  sanity_check(won, p, nullptr);
  EXPECT_EQ(p[P::kWin], 1.0f);
  EXPECT_EQ(p[P::kWinGammon], 0.0f);  // the opponent has borne off 5
  EXPECT_EQ(p[P::kWinBackgammon], 0.0f);
  // A race we cannot win.
  const auto lost = board(side({{0, 1}}), side({{20, 10}}));
  P q{{0.1f, 0.0f, 0.0f, 0.3f, 0.1f}};
  sanity_check(lost, q, nullptr);
  EXPECT_EQ(q[P::kWin], 0.0f);
}

TEST(RaceBackgammonTable, Layout) {
  EXPECT_EQ(detail::kRaceBackgammonTable.size(), 461u);
  std::set<std::array<uint8_t, 5>> seen;
  for (const auto& e : detail::kRaceBackgammonTable) {
    int n = 0;
    for (int c : e.stragglers) n += c;
    EXPECT_GE(n, 1);
    EXPECT_LE(n, 6);
    EXPECT_TRUE(seen.insert(e.stragglers).second);
    EXPECT_EQ(detail::find_race_backgammon_entry(e.stragglers), &e);
  }
  // One straggler 1 pip from leaving always escapes in one roll: 36 / 36.
  const auto* one = detail::find_race_backgammon_entry({1, 0, 0, 0, 0});
  ASSERT_TRUE(one);
  EXPECT_EQ(one->t[0], 36);
  EXPECT_EQ(detail::find_race_backgammon_entry({0, 0, 0, 0, 0}), nullptr);
  EXPECT_EQ(detail::find_race_backgammon_entry({3, 0, 0, 0, 4}), nullptr);  // 7 stragglers
}

TEST(RaceBackgammon, QuickTestNeedsNoDatabase) {
  // The winner (on roll) has 15 chequers home (needs 4+ rolls), the loser one straggler 1 pip
  // out: (15 + 3) / 4 - 1 = 3 > (1 + 2) / 3 = 1, so no backgammon whatever the database says.
  const auto b = board(side({{18, 1}, {10, 14}}), side({{0, 15}}));
  EXPECT_EQ(race_backgammon_probability(b, 1, nullptr), 0.0f);
  P p{{0.99f, 0.5f, 0.2f, 0, 0}};
  race_backgammon_override(b, p, nullptr);
  EXPECT_EQ(p[P::kWinBackgammon], 0.0f);
  EXPECT_EQ(p[P::kWinGammon], 0.5f);
  // A case that needs the database: without one the net's outputs stay.
  const auto close = board(side({{22, 3}, {10, 12}}), side({{0, 2}}));
  EXPECT_FALSE(race_backgammon_probability(close, 1, nullptr));
  P q{{0.99f, 0.5f, 0.2f, 0, 0}};
  race_backgammon_override(close, q, nullptr);
  EXPECT_EQ(q[P::kWinBackgammon], 0.2f);
}

TEST(RaceBackgammon, WithTheOneSidedDatabase) {
  GNUBG_BEAROFF_OR_SKIP(db);
  // We bear off our last 2 chequers from the ace point in one roll; the loser's 3 stragglers on
  // our 2-point need 5 pips each. We are on roll: certain backgammon.
  const auto b = board(side({{22, 3}, {10, 12}}), side({{0, 2}}));
  const auto p = race_backgammon_probability(b, 1, db);
  ASSERT_TRUE(p);
  EXPECT_FLOAT_EQ(*p, 1.0f);
  P q{{0.99f, 0.5f, 0.2f, 0, 0}};
  race_backgammon_override(b, q, db);
  EXPECT_FLOAT_EQ(q[P::kWinBackgammon], 1.0f);
  EXPECT_FLOAT_EQ(q[P::kWinGammon], 1.0f);
  // Seen from the loser (the winner not on roll), through the one-sided race of more than six
  // stragglers: 8 stragglers cannot escape before we are off.
  const auto many = board(side({{0, 2}}), side({{22, 4}, {21, 4}, {10, 7}}));
  const auto m = race_backgammon_probability(many, 0, db);
  ASSERT_TRUE(m);
  EXPECT_GT(*m, 0.99f);
}

}  // namespace
}  // namespace tavla::eval
