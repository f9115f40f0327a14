// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <set>

#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position_id.h"

using namespace tavla::engine;

namespace {

std::set<std::string> move_texts(const Board& b, int d1, int d2) {
  static MoveList list;
  generate_moves(b, d1, d2, list);
  std::set<std::string> out;
  for (const LegalMove& m : list) out.insert(format_move(b, m.move));
  EXPECT_EQ(out.size(), static_cast<size_t>(list.size())) << "two plays share a text";
  return out;
}

Board board_of(std::initializer_list<std::pair<int, int>> us,
               std::initializer_list<std::pair<int, int>> them) {
  Board b{};
  for (auto [point, n] : us) b.on_roll()[point == 25 ? kBar : point - 1] = static_cast<uint8_t>(n);
  for (auto [point, n] : them) b.opponent()[point == 25 ? kBar : point - 1] = static_cast<uint8_t>(n);
  return b;
}

}  // namespace

TEST(MoveGen, OpeningRollCounts) {
  // Distinct plays from the start position for each opening roll (doubles included).
  Board start = Board::starting_position();
  static MoveList list;
  EXPECT_EQ(generate_moves(start, 3, 1, list), 16);
  // 6-5: 24/19 and 6/1 are blocked, 13/8 8/2 is the same play as 13/2.
  EXPECT_EQ(generate_moves(start, 6, 5, list), 7);
  auto texts = move_texts(start, 3, 1);
  EXPECT_TRUE(texts.count("8/5 6/5"));
  EXPECT_TRUE(texts.count("24/20"));
  EXPECT_TRUE(move_texts(start, 6, 5).count("24/13"));
  EXPECT_TRUE(move_texts(start, 6, 6).count("24/18(2) 13/7(2)"));
}

TEST(MoveGen, BarMustEnterFirst) {
  Board b = board_of({{25, 1}, {6, 14}}, {{1, 2}, {6, 13}});  // our entry on the 24-point (their 1) blocked
  auto texts = move_texts(b, 6, 3);                           // 6 enters on our 19; 3 on our 22
  for (const auto& t : texts) EXPECT_TRUE(t.starts_with("bar/")) << t;
  EXPECT_TRUE(texts.count("bar/22 6/off") == 0);
}

TEST(MoveGen, ClosedBoardMeansNoMove) {
  Board b = board_of({{25, 1}, {13, 14}}, {{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {13, 3}});
  static MoveList list;
  for (Roll r : all_rolls()) EXPECT_EQ(generate_moves(b, r.d1, r.d2, list), 0);
}

TEST(MoveGen, LargerDieWhenOnlyOneCanBePlayed) {
  // One chequer on our 13-point, the rest on the ace point (so no bearing off). The opponent
  // holds our 2-point: 13/7/2 and 13/8/2 are blocked, so only one die can be played: the 6.
  Board b = board_of({{13, 1}, {1, 14}}, {{23, 2}, {1, 13}});
  EXPECT_EQ(move_texts(b, 6, 5), (std::set<std::string>{"13/7"}));
  EXPECT_EQ(move_texts(b, 5, 6), (std::set<std::string>{"13/7"}));
}

TEST(MoveGen, BearOffHigherDieRule) {
  // Chequers on our 4- and 2-points only; a 6 must bear off the rearmost (the 4-point).
  Board b = board_of({{4, 1}, {2, 1}}, {{1, 15}});
  auto texts = move_texts(b, 6, 5);
  EXPECT_EQ(texts, (std::set<std::string>{"4/off 2/off"}));
  // With 6-1 the 1 can move first: 4/3 then 6 bears off the 3, or 2/1 then 6 bears off 4.
  // With 6-1: the 6 takes the 4 off and the 1 moves 2/1, or the 1 moves 4/3 and the 6 then bears
  // off the 3 (now the rearmost), written as one chequer's 4/off.
  EXPECT_EQ(move_texts(b, 6, 1), (std::set<std::string>{"4/off 2/1", "4/off"}));
}

TEST(MoveGen, DoublesPlayFourSteps) {
  static MoveList list;
  generate_moves(Board::starting_position(), 1, 1, list);
  for (const LegalMove& m : list) EXPECT_EQ(m.move.step_count(), 4);
}

TEST(MoveGen, ApplyMoveMatchesGeneratedBoard) {
  static MoveList list;
  Board start = Board::starting_position();
  for (Roll r : all_rolls()) {
    generate_moves(start, r.d1, r.d2, list);
    for (const LegalMove& m : list) {
      Board b = start;
      ASSERT_TRUE(apply_move(b, m.move));
      EXPECT_EQ(b, m.after);
      EXPECT_FALSE(board_error(m.after));
    }
  }
}

TEST(Perft, StartPositionDepthOne) {
  Board start = Board::starting_position();
  auto by_roll = perft_by_roll(start, 1);
  uint64_t total = 0;
  for (auto n : by_roll) total += n;
  EXPECT_EQ(total, perft(start, 1));
  EXPECT_EQ(by_roll[3], 16u);  // 3-1, listed in OpeningRollCounts
}

TEST(Perft, FinishedGameIsALeaf) {
  Board b{};
  b.opponent()[3] = 15;
  EXPECT_EQ(perft(b, 3), 1u);
}
