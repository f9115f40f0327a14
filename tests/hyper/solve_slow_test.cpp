// SPDX-License-Identifier: GPL-3.0-or-later
// 3-chequer hypergammon (label slow): tavla's makehyper -c 3 runs to the end (gnubg's takes hours,
// so there is no gnubg file to compare with); the result must satisfy the game's equations on a
// sample of pairs, and count positions as gnubg's makehyper -c 3 prints them.
#include <gtest/gtest.h>

#include <iostream>

#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_solver.h"
#include "engine/variant.h"
#include "hyper_test_util.h"

namespace tavla::test {
namespace {

TEST(HyperSlow, CensusAsGnubg) {
  const auto c = bearoff::HypergammonSolver::create(3, 1).value().census();
  EXPECT_EQ(c.game_over, 6551u);
  EXPECT_EQ(c.non_contact, 587926u);
  EXPECT_EQ(c.contact, 7365427u);
  EXPECT_EQ(c.illegal, 2772272u);
}

TEST(HyperSlow, ThreeChequers) {
  TempDir dir;
  ASSERT_EQ(run_command("cd " + dir.path().string() + " && " + kTavlaMakehyper +
                        " -c 3 -f hyper3.bd 2>log"),
            0)
      << read_file(dir.file("log"));
  std::cout << read_file(dir.file("log"));
  EXPECT_FALSE(std::filesystem::exists(dir.file("hyper3.bd.tmp")));
  auto db = bearoff::HypergammonDatabase::open(dir.file("hyper3.bd"), 3);
  ASSERT_TRUE(db) << db.error();
  const Residual r = residual(*db, 2e-5, 97);  // about 110 000 pairs
  std::cout << r.describe();
  for (int k = 0; k < kKinds; ++k) EXPECT_LE(r.max[k], 2e-5) << kKindNames[k];
  const auto start = db->probe(engine::starting_position(engine::Variant::kHypergammon3));
  ASSERT_TRUE(start);
  EXPECT_GT(start->probabilities[bearoff::kWin], 0.5f);  // the side on roll is the favourite
}

}  // namespace
}  // namespace tavla::test
