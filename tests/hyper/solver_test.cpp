// SPDX-License-Identifier: GPL-3.0-or-later
// The hypergammon solver: its result satisfies the game's equations (checked with the engine's move
// generator), counts positions as gnubg does, does not depend on the number of threads, and a
// restart from a checkpoint continues bit for bit; in gnubg's order it writes gnubg's files.
#include <gtest/gtest.h>

#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_solver.h"
#include "eval/md5.h"
#include "hyper_test_util.h"

namespace tavla::bearoff {
namespace {

using test::TempDir;

std::vector<HyperCodes> all_codes(const HypergammonSolver& s) {
  std::vector<HyperCodes> v;
  const uint32_t n = s.positions_per_side();
  for (uint32_t u = 0; u < n; ++u)
    for (uint32_t t = 0; t < n; ++t) v.push_back(s.codes(u, t));
  return v;
}

TEST(HyperSolver, BadSettings) {
  EXPECT_FALSE(HypergammonSolver::create(0));
  EXPECT_FALSE(HypergammonSolver::create(4));
  EXPECT_FALSE(HypergammonSolver::create(1, -1));
}

TEST(HyperSolver, CensusAsGnubg) {
  // makehyper -c 2 prints: 701 game-over, 19826 non-contact, 86726 contact, 15948 illegal.
  const auto c = HypergammonSolver::create(2, 1).value().census();
  EXPECT_EQ(c.game_over, 701u);
  EXPECT_EQ(c.non_contact, 19826u);
  EXPECT_EQ(c.contact, 86726u);
  EXPECT_EQ(c.illegal, 15948u);
  const auto c1 = HypergammonSolver::create(1, 1).value().census();
  EXPECT_EQ(c1.game_over + c1.non_contact + c1.contact + c1.illegal, 676u);
}

TEST(HyperSolver, OneChequerSolvesTheEquations) {
  auto s = HypergammonSolver::create(1, 2).value();
  int iterations = 0;
  double norm = 1;
  while (norm > 1e-7 && iterations < 60) norm = s.iterate().norm(), ++iterations;
  EXPECT_LE(norm, 1e-7);
  EXPECT_LT(iterations, 20);  // gnubg's makehyper needs 15 to reach 1e-5
  TempDir dir;
  ASSERT_FALSE(s.write(dir.file("h1.bd")));
  auto db = HypergammonDatabase::open(dir.file("h1.bd"), 1);
  ASSERT_TRUE(db) << db.error();
  const auto r = test::residual(*db, 1e-6);
  for (int k = 0; k < test::kKinds; ++k)
    EXPECT_LT(r.max[k], 1e-6) << test::kKindNames[k] << '\n' << r.describe();
  EXPECT_EQ(r.checked, 676u);
}

TEST(HyperSolver, ThreadCountDoesNotMatter) {
  auto one = HypergammonSolver::create(2, 1).value();
  auto three = HypergammonSolver::create(2, 3).value();
  for (int i = 0; i < 3; ++i) {
    const auto a = one.iterate(), b = three.iterate();
    EXPECT_EQ(a.change, b.change);
  }
  EXPECT_TRUE(all_codes(one) == all_codes(three));
}

TEST(HyperSolver, RestartContinuesExactly) {
  TempDir dir;
  auto straight = HypergammonSolver::create(2, 2).value();
  straight.iterate();
  straight.iterate();
  ASSERT_FALSE(straight.write(dir.file("h2.bd.tmp")));
  const auto third = straight.iterate();
  straight.iterate();

  auto restarted = HypergammonSolver::create(2, 2).value();
  ASSERT_FALSE(restarted.load(dir.file("h2.bd.tmp")));
  EXPECT_EQ(restarted.iterate().change, third.change);
  restarted.iterate();
  EXPECT_TRUE(all_codes(straight) == all_codes(restarted));

  auto wrong = HypergammonSolver::create(1, 1).value();
  const auto e = wrong.load(dir.file("h2.bd.tmp"));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("not 1-chequer"), std::string::npos) << e->message;
  EXPECT_TRUE(wrong.load(dir.file("missing")));
}

TEST(HyperSolver, GnubgOrderWritesGnubgsFiles) {
  // gnubg 1.07's makehyper -c 1 and -c 2 on this machine (reference/gnubg-perf.md): 15 and 30
  // iterations and these md5 sums.
  const struct {
    int chequers;
    int iterations;
    const char* md5;
  } cases[] = {{1, 15, "a7c5848c841b2a5742f03b1bdaa01990"},
               {2, 30, "c76269ce0aac667a015dc3b85ea31921"}};
  for (const auto& c : cases) {
    auto s = HypergammonSolver::create(c.chequers, 1, HyperMethod::kGnubg).value();
    int iterations = 1;
    while (s.iterate().norm() > 1e-5) ++iterations;
    EXPECT_EQ(iterations, c.iterations);
    TempDir dir;
    ASSERT_FALSE(s.write(dir.file("h.bd")));
    const std::string bytes = test::read_file(dir.file("h.bd"));
    EXPECT_EQ(eval::md5_hex({reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()}), c.md5)
        << c.chequers << " chequers";
  }
}

}  // namespace
}  // namespace tavla::bearoff
