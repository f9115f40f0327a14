// SPDX-License-Identifier: GPL-3.0-or-later
// The stragglers region (eval/position_class.h) and its net beside a weights file
// (NetSet::stragglers(), FILE.stragglers): crashed positions of the region are valued by that
// net's crashed net, every other position exactly as without it, on every evaluation path.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/position_id.h"
#include "eval/evaluator.h"
#include "eval/net_set.h"
#include "eval/position_class.h"
#include "eval/weights.h"
#include "test_support.h"

namespace tavla::eval {
namespace {

namespace fs = std::filesystem;
using testing::board;
using testing::side;

TEST(StragglersRegion, ASideWithFewChequersLeftAndOneOutsideItsHomeBoard) {
  // Two left, one on the bar: in the region whichever side it is.
  const auto two_on_bar = side({{24, 1}, {2, 1}});
  const auto many = side({{5, 5}, {4, 4}, {3, 3}, {23, 3}});
  EXPECT_TRUE(in_stragglers_region(board(two_on_bar, many)));
  EXPECT_TRUE(in_stragglers_region(board(many, two_on_bar)));
  // Six left, one on its 10-point.
  EXPECT_TRUE(in_stragglers_region(board(side({{9, 1}, {0, 5}}), many)));
  // Six left, all in the home board: not.
  EXPECT_FALSE(in_stragglers_region(board(side({{5, 1}, {0, 5}}), many)));
  // Seven left, one on the bar: not.
  EXPECT_FALSE(in_stragglers_region(board(side({{24, 1}, {0, 6}}), many)));
  EXPECT_FALSE(in_stragglers_region(engine::Board::starting_position()));
}

// Random boards: one side with 1..6 chequers anywhere (the bar included), the other with 15 on
// points the first leaves free.
std::vector<engine::Board> few_left_boards(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<engine::Board> out;
  while (static_cast<int>(out.size()) < n) {
    engine::Board b;
    const int few = 1 + static_cast<int>(rng() % 6);
    for (int c = 0; c < few; ++c) ++b.sides[0][rng() % 25];
    for (int c = 0; c < 15; ++c) {
      int k;
      do k = static_cast<int>(rng() % 24);
      while (b.sides[0][23 - k] > 0);
      ++b.sides[1][k];
    }
    out.push_back(rng() % 2 ? b : b.swapped());
  }
  return out;
}

class StragglersNet : public ::testing::Test {
 protected:
  void SetUp() override {
    auto w = read_weights(testing::kGnubgWeights);
    if (!w) {
      if (testing::in_ci()) FAIL() << w.error();
      GTEST_SKIP() << "needs gnubg's weights (apt install gnubg): " << w.error();
    }
    base_ = *w;
    // The stragglers file: the same nets, the crashed net's win and gammon logits moved, so that
    // its values differ from the crashed net's everywhere.
    other_ = base_;
    NetWeights& crashed = other_.nets[static_cast<int>(NetId::kCrashed)];
    crashed.output_bias[0] += 0.7f;
    crashed.output_bias[1] -= 0.4f;
    dir_ = fs::temp_directory_path() / ("tavla_stragglers_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    ASSERT_FALSE(write_weights_binary(base_, dir_ / "n.wd"));
    ASSERT_FALSE(write_weights_binary(other_, dir_ / "n.stragglers"));
  }
  void TearDown() override {
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }

  Weights base_, other_;
  fs::path dir_;
};

TEST_F(StragglersNet, ValuesItsRegionAndNothingElse) {
  auto with = NetSet::load(dir_ / "n.wd");
  ASSERT_TRUE(with) << with.error();
  ASSERT_NE((*with)->stragglers(), nullptr);
  auto plain = NetSet::create(base_);
  auto all_other = NetSet::create(other_);  // its crashed net everywhere
  ASSERT_TRUE(plain && all_other);
  Evaluator ev(*with), ev_plain(*plain), ev_other(*all_other);

  int region = 0, crashed_outside = 0;
  auto boards = few_left_boards(1200, 5);
  for (const auto& b : boards) {
    const PositionClass c = classify(b);
    const Probabilities got = ev.evaluate(b);
    if (c == PositionClass::kCrashed && in_stragglers_region(b)) {
      ++region;
      ASSERT_EQ(got, ev_other.evaluate(b)) << engine::position_id(b);
      ASSERT_NE(got, ev_plain.evaluate(b)) << engine::position_id(b);
    } else {
      if (c == PositionClass::kCrashed) ++crashed_outside;
      ASSERT_EQ(got, ev_plain.evaluate(b)) << engine::position_id(b);
    }
    ASSERT_EQ(got, evaluate_reference(**with, b, nullptr)) << engine::position_id(b);
    // Pre-selection keeps the crashed pruning net.
    std::vector<Probabilities> pruned(1), pruned_plain(1);
    ev.evaluate_pruning(std::span(&b, 1), pruned);
    ev_plain.evaluate_pruning(std::span(&b, 1), pruned_plain);
    ASSERT_EQ(pruned[0], pruned_plain[0]) << engine::position_id(b);
  }
  EXPECT_GT(region, 150);
  EXPECT_GT(crashed_outside, 20);

  // Batches (the region's boards mixed with others in one chunk) equal single evaluations.
  std::vector<Probabilities> batch(boards.size());
  ev.evaluate(boards, batch);
  for (size_t i = 0; i < boards.size(); ++i) ASSERT_EQ(batch[i], ev.evaluate(boards[i])) << i;
}

TEST_F(StragglersNet, TheEnvironmentTurnsItOff) {
  ASSERT_EQ(::setenv("TAVLA_STRAGGLERS", "none", 1), 0);
  auto off = NetSet::load(dir_ / "n.wd");
  ::unsetenv("TAVLA_STRAGGLERS");
  ASSERT_TRUE(off) << off.error();
  EXPECT_EQ((*off)->stragglers(), nullptr);
  EXPECT_EQ(NetSet::stragglers_file(dir_ / "n.wd"), dir_ / "n.stragglers");
  EXPECT_EQ(NetSet::stragglers_file(dir_ / "none.wd"), std::nullopt);
}

TEST_F(StragglersNet, ABadFileIsAnErrorNamingIt) {
  std::ofstream(dir_ / "n.stragglers", std::ios::trunc) << "not weights\n";
  auto bad = NetSet::load(dir_ / "n.wd");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("stragglers"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("n.stragglers"), std::string::npos) << bad.error();
}

}  // namespace
}  // namespace tavla::eval
