// SPDX-License-Identifier: GPL-3.0-or-later
// The fast evaluator against the plain reference, batches against single evaluations, move
// scoring and the pruning nets.
#include "eval/evaluator.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <vector>

#include "engine/movegen.h"
#include "engine/position_id.h"
#include "test_support.h"

namespace tavla::eval {
namespace {

using testing::board;
using testing::side;

// Positions of every class: the fixtures plus random calibrate-style contact boards.
std::vector<engine::Board> sample_boards() {
  std::vector<engine::Board> out;
  for (const auto& f : testing::position_fixtures()) out.push_back(f.board);
  std::mt19937 rng(11);
  for (int n = 0; n < 500; ++n) {
    engine::Board b;
    for (int c = 0; c < 15; ++c) {
      int k;
      do k = static_cast<int>(rng() % 24);
      while (b.sides[1][23 - k]);
      ++b.sides[0][k];
      do k = static_cast<int>(rng() % 24);
      while (b.sides[0][23 - k]);
      ++b.sides[1][k];
    }
    out.push_back(b);
  }
  return out;
}

TEST(Evaluator, FastPathIsTheReferenceBitForBit) {
  GNUBG_NETS_OR_SKIP(nets);
  const BearoffProvider* db = testing::gnubg_bearoff();
  for (Reciprocal mode : {Reciprocal::kTable, Reciprocal::kHardware, Reciprocal::kExact}) {
    Evaluator ev(nets, db, {mode});
    for (const auto& b : sample_boards())
      ASSERT_EQ(ev.evaluate(b), evaluate_reference(*nets, b, db, mode))
          << engine::position_id(b) << " mode " << static_cast<int>(mode);
  }
}

TEST(Evaluator, BatchesEqualSingleEvaluations) {
  GNUBG_NETS_OR_SKIP(nets);
  const auto boards = sample_boards();
  Evaluator ev(nets, testing::gnubg_bearoff());
  std::vector<Probabilities> batch(boards.size());
  ev.evaluate(boards, batch);
  for (size_t i = 0; i < boards.size(); ++i) ASSERT_EQ(batch[i], ev.evaluate(boards[i])) << i;
}

TEST(Evaluator, MoveScoringEvaluatesTheSwappedBoardAndInverts) {
  GNUBG_NETS_OR_SKIP(nets);
  Evaluator ev(nets);
  const engine::Board start = engine::Board::starting_position();
  engine::MoveList moves;
  const int n = engine::generate_moves(start, 6, 5, moves);
  ASSERT_GT(n, 1);
  std::vector<engine::Board> after;
  for (const auto& m : moves) after.push_back(m.after);
  std::vector<Probabilities> out(after.size());
  ev.evaluate_after_moves(after, out);
  for (size_t i = 0; i < after.size(); ++i)
    EXPECT_EQ(out[i], ev.evaluate(after[i].swapped()).inverted()) << i;
}

TEST(Evaluator, PruningNets) {
  GNUBG_NETS_OR_SKIP(nets);
  const BearoffProvider* db = testing::gnubg_bearoff();
  Evaluator ev(nets, db);
  std::vector<engine::Board> boards;  // realistic positions only (not random placements)
  for (const auto& f : testing::position_fixtures()) boards.push_back(f.board);
  std::vector<Probabilities> out(boards.size());
  ev.evaluate_pruning(boards, out);
  double sum = 0;
  int nets_used = 0;
  for (size_t i = 0; i < boards.size(); ++i) {
    ASSERT_EQ(out[i], evaluate_pruning_reference(*nets, boards[i], db)) << i;
    if (!is_net_class(classify(boards[i], db))) {
      EXPECT_EQ(out[i], ev.evaluate(boards[i])) << i;  // exact classes: as evaluate()
      continue;
    }
    sum += std::abs(ev.evaluate(boards[i]).win() - out[i].win());
    ++nets_used;
  }
  // The pruning nets are rough, but on average close to the full nets.
  const double mean = sum / nets_used;
  std::printf("pruning nets: mean |win difference| to the full nets %.4f\n", mean);
  EXPECT_LT(mean, 0.08);  // measured 0.05: 16 hidden units and the base inputs only
  EXPECT_GT(mean, 0.0);
}

TEST(Evaluator, FinishedGamesAreExact) {
  GNUBG_NETS_OR_SKIP(nets);
  Evaluator ev(nets);
  EXPECT_EQ(ev.evaluate(board(side({{20, 15}}), side({}))), (Probabilities{{1, 1, 1, 0, 0}}));
}

TEST(Evaluator, MovedEvaluatorsKeepWorking) {
  GNUBG_NETS_OR_SKIP(nets);
  Evaluator a(nets);
  const auto expected = a.evaluate(engine::Board::starting_position());
  Evaluator b = std::move(a);
  EXPECT_EQ(b.evaluate(engine::Board::starting_position()), expected);
  // gnubg 1.07's opening position, 0-ply (notes §10.2).
  EXPECT_NEAR(expected.win(), 0.521514, 1e-6);
  EXPECT_NEAR(expected.win_gammon(), 0.153921, 1e-6);
  EXPECT_NEAR(cubeless_money_equity(expected), 0.06712, 1e-4);
}

}  // namespace
}  // namespace tavla::eval
