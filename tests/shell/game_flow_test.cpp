// SPDX-License-Identifier: GPL-3.0-or-later
// The rules and flow of play (engine/game_flow.h): turns, the cube, scoring, Crawford, match end,
// resignations, and replaying the record.
#include <gtest/gtest.h>

#include <deque>
#include <memory>

#include "engine/game_flow.h"
#include "engine/movegen.h"
#include "engine/position_id.h"

namespace tavla::engine {
namespace {

// Plays the opening with the given rolls (player 0's die, player 1's die).
void start(GameFlow& flow, std::deque<std::array<int, 2>> rolls) {
  ASSERT_TRUE(flow.start_game(
      [&]() -> std::optional<std::array<int, 2>> {
        auto r = rolls.front();
        rolls.pop_front();
        return r;
      },
      [](const GameFlow::OpeningRoll&) {}));
}

Move first_legal_move(const GameFlow& flow) {
  auto moves = std::make_unique<MoveList>();
  const auto& d = flow.match().dice;
  if (generate_moves(flow.board(), d[0], d[1], *moves) == 0) return Move{};
  return (*moves)[0].move;
}

// A board where the side on roll bears off its last chequer with any roll; the loser has all 15
// on board, `stragglers` of them in the winner's home board (a backgammon).
Board last_chequer(int stragglers) {
  Board b;
  b.on_roll()[0] = 1;
  b.opponent()[0] = static_cast<uint8_t>(15 - stragglers);
  b.opponent()[18] = static_cast<uint8_t>(stragglers);
  return b;
}

TEST(GameFlow, OpeningRollDecidesWhoStarts) {
  GameFlow flow;
  flow.new_match(5);
  EXPECT_EQ(flow.match().game_state, GameState::kNone);
  int reports = 0;
  std::deque<std::array<int, 2>> rolls{{4, 4}, {2, 5}};
  ASSERT_TRUE(flow.start_game(
      [&]() -> std::optional<std::array<int, 2>> {
        auto r = rolls.front();
        rolls.pop_front();
        return r;
      },
      [&](const GameFlow::OpeningRoll&) { ++reports; }));
  EXPECT_EQ(reports, 2);  // the doublet is rolled again
  EXPECT_EQ(flow.match().on_roll, 1);
  EXPECT_EQ(flow.match().turn, 1);
  EXPECT_EQ(flow.match().dice, (std::array<int, 2>{5, 2}));  // larger die first
  EXPECT_EQ(flow.match().cube, 1);                           // no automatic doubles in matches
  EXPECT_EQ(flow.check_roll(), Refusal::kAlreadyRolled);
  EXPECT_EQ(flow.check_double(), Refusal::kDoubleAfterRoll);
}

TEST(GameFlow, AutomaticDoublesInMoneyPlay) {
  FlowRules rules;
  rules.auto_doubles = 2;
  GameFlow flow(rules);
  flow.new_match(0);
  int cube_reports = 0;
  std::deque<std::array<int, 2>> rolls{{3, 3}, {6, 6}, {1, 1}, {2, 1}};
  ASSERT_TRUE(flow.start_game(
      [&]() -> std::optional<std::array<int, 2>> {
        auto r = rolls.front();
        rolls.pop_front();
        return r;
      },
      [&](const GameFlow::OpeningRoll& r) { cube_reports += r.cube_after > 0; }));
  EXPECT_EQ(cube_reports, 2);  // up to 2^2
  EXPECT_EQ(flow.match().cube, 4);
  EXPECT_EQ(flow.current_game()->info.auto_doubles, 2);
}

TEST(GameFlow, DoubleTakeBeaverAndDrop) {
  GameFlow flow;
  flow.new_match(0);
  start(flow, {{6, 1}});
  flow.move(first_legal_move(flow));  // player 0 moves
  EXPECT_EQ(flow.match().turn, 1);
  ASSERT_EQ(flow.check_double(), Refusal::kNone);
  flow.double_cube();
  EXPECT_TRUE(flow.match().doubled);
  EXPECT_EQ(flow.match().turn, 0);
  EXPECT_EQ(flow.check_roll(), Refusal::kDoublePending);
  ASSERT_EQ(flow.check_redouble(), Refusal::kNone);
  flow.redouble();  // player 0 beavers: 2-cube is his, player 1 must answer at 4
  EXPECT_EQ(flow.match().cube, 2);
  EXPECT_EQ(flow.match().cube_owner, 0);
  EXPECT_EQ(flow.match().turn, 1);
  EXPECT_EQ(flow.beavers_used(), 1);
  flow.take();
  EXPECT_EQ(flow.match().cube, 4);
  EXPECT_EQ(flow.match().cube_owner, 0);
  EXPECT_EQ(flow.match().turn, 1);
  EXPECT_FALSE(flow.match().doubled);
  EXPECT_EQ(flow.check_double(), Refusal::kNotCubeOwner);
  flow.roll({3, 2});
  flow.move(first_legal_move(flow));
  ASSERT_EQ(flow.check_double(), Refusal::kNone);  // player 0 owns the cube
  flow.double_cube();
  flow.drop();
  ASSERT_EQ(flow.match().game_state, GameState::kDropped);
  auto over = flow.finish_game();
  ASSERT_TRUE(over);
  EXPECT_EQ(over->winner, 0);
  EXPECT_EQ(over->points, 4);
  EXPECT_EQ(over->result, 1);
  EXPECT_FALSE(over->match_over);
  EXPECT_EQ(flow.match().score, (std::array<int, 2>{4, 0}));
  EXPECT_EQ(flow.games_played(), 1);
  EXPECT_FALSE(flow.finish_game());  // once per game
}

TEST(GameFlow, BeaversAreMoneyOnly) {
  GameFlow flow;
  flow.new_match(3);
  start(flow, {{6, 1}});
  flow.move(first_legal_move(flow));
  flow.double_cube();
  EXPECT_EQ(flow.check_redouble(), Refusal::kBeaversInMatch);
}

TEST(GameFlow, GammonsUnderTheJacobyRule) {
  for (bool owned : {false, true}) {
    GameFlow flow;
    flow.new_match(0);
    start(flow, {{6, 1}});
    if (owned) flow.set_cube_owner(0);
    flow.set_board(last_chequer(0));  // the loser has all 15 on board: a gammon
    flow.set_dice({6, 5});
    flow.move(first_legal_move(flow));
    auto over = flow.finish_game();
    ASSERT_TRUE(over);
    // Centred cube under Jacoby: a gammon counts as a single game.
    EXPECT_EQ(over->result, owned ? 2 : 1);
    EXPECT_EQ(over->points, owned ? 2 : 1);
  }
}

TEST(GameFlow, BackgammonCountsThree) {
  GameFlow flow;
  flow.new_match(7);
  start(flow, {{6, 1}});
  flow.set_cube_value(2);
  flow.set_board(last_chequer(1));  // a loser's chequer in the winner's home board
  flow.set_dice({6, 5});
  flow.move(first_legal_move(flow));
  auto over = flow.finish_game();
  ASSERT_TRUE(over);
  EXPECT_EQ(over->result, 3);
  EXPECT_EQ(over->points, 6);
  EXPECT_EQ(game_status(flow.board()), 3);
}

TEST(GameFlow, CrawfordAndPostCrawford) {
  GameFlow flow;
  flow.new_match(3);
  start(flow, {{6, 1}});
  flow.set_cube_value(2);
  flow.resign(1);  // player 0 resigns to player 1 with the 2-cube
  ASSERT_EQ(flow.check_answer_resignation(), Refusal::kNone);
  flow.agree();
  auto over = flow.finish_game();
  ASSERT_TRUE(over);
  EXPECT_EQ(over->winner, 1);
  EXPECT_EQ(flow.match().score, (std::array<int, 2>{0, 2}));
  // The next game is the Crawford game: no doubling.
  start(flow, {{1, 6}});
  EXPECT_TRUE(flow.match().crawford);
  EXPECT_TRUE(flow.current_game()->info.crawford_game);
  flow.move(first_legal_move(flow));
  EXPECT_EQ(flow.check_double(), Refusal::kCrawford);
  flow.roll({2, 1});
  flow.move(first_legal_move(flow));
  flow.resign(1);  // player 1 resigns the Crawford game
  flow.agree();
  ASSERT_TRUE(flow.finish_game());
  EXPECT_EQ(flow.match().score, (std::array<int, 2>{1, 2}));
  // Then post-Crawford: the trailer may double; a double by the 1-away leader is dead.
  start(flow, {{6, 1}});
  EXPECT_FALSE(flow.match().crawford);
  EXPECT_TRUE(flow.match().post_crawford);
  flow.move(first_legal_move(flow));  // player 0 moved; player 1 (1-away) on roll
  EXPECT_EQ(flow.check_double(), Refusal::kDeadCube);
  flow.roll({2, 1});
  flow.move(first_legal_move(flow));
  EXPECT_EQ(flow.check_double(), Refusal::kNone);  // player 0, 2-away
  flow.double_cube();
  flow.drop();
  over = flow.finish_game();
  ASSERT_TRUE(over);
  EXPECT_FALSE(over->match_over);
  EXPECT_EQ(flow.match().score, (std::array<int, 2>{2, 2}));
  start(flow, {{6, 1}});
  flow.resign(2);
  flow.agree();
  over = flow.finish_game();
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->match_over);
  EXPECT_TRUE(flow.match_over());
  EXPECT_EQ(flow.check_new_game(), Refusal::kMatchOver);
}

TEST(GameFlow, DeclinedResignations) {
  GameFlow flow;
  flow.new_match(0);
  start(flow, {{6, 1}});
  flow.resign(2);
  EXPECT_EQ(flow.match().turn, 1);
  EXPECT_EQ(flow.check_roll(), Refusal::kResignationPending);
  flow.decline();
  EXPECT_EQ(flow.match().turn, 0);
  EXPECT_EQ(flow.resignation_declined(), 2);
  EXPECT_EQ(flow.check_resign(1), Refusal::kResignationDeclined);
  EXPECT_EQ(flow.check_resign(3), Refusal::kNone);
  // Any recorded action forgets the declined offer (as gnubg does).
  flow.move(first_legal_move(flow));
  EXPECT_EQ(flow.resignation_declined(), 0);
}

TEST(GameFlow, RecordsReplayToTheSameState) {
  GameFlow flow;
  flow.new_match(5);
  start(flow, {{3, 5}});
  const std::array<std::array<int, 2>, 6> rolls = {
      {{6, 4}, {2, 2}, {5, 1}, {3, 3}, {6, 5}, {4, 1}}};
  flow.move(first_legal_move(flow));
  for (const auto& r : rolls) {
    flow.roll(r);
    flow.move(first_legal_move(flow));
  }
  flow.double_cube();
  flow.take();
  flow.roll({2, 1});
  const Game live = flow.game();
  GameFlow replay;
  replay.load(flow.games());
  EXPECT_EQ(replay.game(), live);
  EXPECT_EQ(position_id(replay.board()), position_id(live.board));
  // A roll followed by its play leaves one record (the move), as in gnubg: only the last roll,
  // not yet played, is a kSetDice record.
  const auto& records = flow.games().back().records;
  for (size_t i = 0; i + 1 < records.size(); ++i) EXPECT_NE(records[i].kind, RecordKind::kSetDice);
  EXPECT_EQ(records.back().kind, RecordKind::kSetDice);
}

TEST(GameFlow, SetTurnAndEdits) {
  GameFlow flow;
  flow.new_match(0);
  start(flow, {{6, 1}});
  const Board before = flow.board();
  flow.set_turn(1);
  EXPECT_EQ(flow.match().on_roll, 1);
  EXPECT_FALSE(flow.match().dice_rolled());
  EXPECT_EQ(flow.board(), before.swapped());
  flow.set_cube_value(8);
  flow.set_cube_owner(1);
  EXPECT_EQ(flow.match().cube, 8);
  EXPECT_EQ(flow.match().cube_owner, 1);
  flow.set_cube_use(false);
  EXPECT_EQ(flow.match().cube, 1);
  EXPECT_EQ(flow.check_double(), Refusal::kCubeDisabled);
}

// gnubg's `clear turn': the dice rolled or set are taken back (their records too), the player
// stays on roll before rolling and may double; the records still replay to the same state.
TEST(GameFlow, ClearTurnTakesTheDiceBack) {
  GameFlow flow;
  flow.new_match(5);
  start(flow, {{6, 1}});
  const int on_roll = flow.match().on_roll;
  const Board before = flow.board();
  flow.clear_turn();  // the opening roll
  EXPECT_FALSE(flow.match().dice_rolled());
  EXPECT_EQ(flow.match().on_roll, on_roll);
  EXPECT_EQ(flow.board(), before);
  EXPECT_EQ(flow.check_roll(), Refusal::kNone);
  EXPECT_EQ(flow.check_double(), Refusal::kNone);
  const size_t records = flow.current_game()->records.size();
  flow.roll({3, 2});
  flow.set_dice({5, 5});  // replaces the roll's record (gnubg's AddMoveRecord)
  EXPECT_EQ(flow.current_game()->records.size(), records + 1);
  EXPECT_EQ(flow.match().dice, (std::array<int, 2>{5, 5}));
  flow.clear_turn();
  EXPECT_EQ(flow.current_game()->records.size(), records);
  EXPECT_FALSE(flow.match().dice_rolled());
  EXPECT_EQ(flow.check_roll(), Refusal::kNone);
  GameFlow replayed;
  replayed.load(flow.games());
  EXPECT_EQ(replayed.match().dice_rolled(), flow.match().dice_rolled());
  EXPECT_EQ(replayed.board(), flow.board());
}

TEST(GameFlow, ScoreSetting) {
  GameFlow flow;
  flow.new_match(7);
  start(flow, {{6, 1}});
  flow.set_score(6, 0, false, false);
  EXPECT_TRUE(flow.match().crawford);  // the trailer has not scored: the Crawford game
  flow.set_score(6, 3, true, false);
  EXPECT_TRUE(flow.match().crawford);
  flow.set_score(6, 3, false, true);
  EXPECT_TRUE(flow.match().post_crawford);
  EXPECT_FALSE(flow.match().crawford);
  flow.set_score(6, 6, false, false);
  EXPECT_TRUE(flow.match().post_crawford);
  flow.set_score(2, 3, false, false);
  EXPECT_FALSE(flow.match().crawford || flow.match().post_crawford);
}

}  // namespace
}  // namespace tavla::engine
