// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's makehyper against GNU Backgammon 1.07's (/usr/games/makehyper), entry by entry.
//
// By default (-c 1, -c 2) tavla iterates in gnubg's order: every value of every entry must agree
// within the threshold (and the files are in fact identical, byte for byte).
// With --fast (tavla's scheme, the default for -c 3) the equities (the cubeless one derived from
// the five probabilities, and the four cubeful ones) are the value of the game and must agree
// within the threshold everywhere. The probabilities alone are not unique: where two plays have
// exactly the same cubeless equity (common near the end of the game), either may supply the
// probabilities, which one each program takes depends on its rounding, and the choice carries
// over to the positions before. So for the probabilities both files must satisfy the equations of
// the game with some choice among the tied plays (test::residual), which pins them down
// everywhere else.
#include <gtest/gtest.h>

#include <iostream>

#include "bearoff/hypergammon_database.h"
#include "hyper_test_util.h"

namespace tavla::test {
namespace {

constexpr double kThreshold = 1e-5;  // both programs' default
// Tolerances of the equation check: gnubg's in-memory floats differ from its file by one
// (truncated) code, and a converged run still moves by up to the threshold per iteration.
constexpr double kTie = 2e-5;
constexpr double kResidual = 2e-5;

struct Files {
  bearoff::HypergammonDatabase gnubg, tavla, fast;
  bool identical;  // tavla's default file is gnubg's byte for byte
};

std::optional<Files> make_all(int chequers, const TempDir& dir) {
  const auto gnubg = gnubg_makehyper();
  if (!gnubg) return std::nullopt;
  const std::string c = std::to_string(chequers);
  const std::string cd = "cd " + dir.path().string() + " && ";
  EXPECT_EQ(run_command(cd + *gnubg + " -c " + c + " -n -f gnubg.bd >gnubg.log 2>&1"), 0);
  EXPECT_EQ(run_command(cd + kTavlaMakehyper + " -c " + c + " -f tavla.bd 2>tavla.log"), 0)
      << read_file(dir.file("tavla.log"));
  EXPECT_EQ(run_command(cd + kTavlaMakehyper + " -c " + c + " --fast -f fast.bd 2>fast.log"), 0)
      << read_file(dir.file("fast.log"));
  const std::string gnubg_bytes = read_file(dir.file("gnubg.bd"));
  const bool identical = !gnubg_bytes.empty() && gnubg_bytes == read_file(dir.file("tavla.bd"));
  auto g = bearoff::HypergammonDatabase::open(dir.file("gnubg.bd"), chequers);
  auto t = bearoff::HypergammonDatabase::open(dir.file("tavla.bd"), chequers);
  auto f = bearoff::HypergammonDatabase::open(dir.file("fast.bd"), chequers);
  if (!g || !t || !f) {
    ADD_FAILURE() << (g ? "" : g.error()) << (t ? "" : t.error()) << (f ? "" : f.error());
    return std::nullopt;
  }
  return Files{std::move(g).value(), std::move(t).value(), std::move(f).value(), identical};
}

void expect_all_agree(const Difference& d) {
  for (int k = 0; k < kKinds; ++k)
    EXPECT_LE(d.max[k], kThreshold) << kKindNames[k] << '\n' << d.describe();
}

void expect_equities_agree(const Difference& d) {
  for (int k = 5; k < kKinds; ++k)
    EXPECT_LE(d.max[k], kThreshold) << kKindNames[k] << '\n' << d.describe();
}

void expect_solution(const bearoff::HypergammonDatabase& db, const char* who) {
  const Residual r = residual(db, kTie);
  std::cout << who << ' ' << r.describe();
  for (int k = 0; k < kKinds; ++k)
    EXPECT_LE(r.max[k], kResidual) << who << ": " << kKindNames[k] << '\n' << r.describe();
}

TEST(HyperGnubg, OneChequer) {
  TempDir dir;
  const auto files = make_all(1, dir);
  if (!files) GTEST_SKIP() << kGnubgMakehyper << " not installed";
  const Difference d = compare(files->tavla, files->gnubg, kThreshold);
  std::cout << "1 chequer, tavla vs gnubg: " << d.describe();
  expect_all_agree(d);
  EXPECT_TRUE(files->identical);
  const Difference f = compare(files->fast, files->gnubg, kThreshold);
  std::cout << "1 chequer, tavla --fast vs gnubg: " << f.describe();
  expect_all_agree(f);  // no ties with one chequer: every value agrees
  expect_solution(files->gnubg, "gnubg");
  expect_solution(files->fast, "tavla --fast");
}

TEST(HyperGnubg, TwoChequers) {
  TempDir dir;
  const auto files = make_all(2, dir);
  if (!files) GTEST_SKIP() << kGnubgMakehyper << " not installed";
  const Difference d = compare(files->tavla, files->gnubg, kThreshold);
  std::cout << "2 chequers, tavla vs gnubg: " << d.describe();
  expect_all_agree(d);
  EXPECT_TRUE(files->identical);
  const Difference f = compare(files->fast, files->gnubg, kThreshold);
  std::cout << "2 chequers, tavla --fast vs gnubg: " << f.describe();
  expect_equities_agree(f);
  expect_solution(files->gnubg, "gnubg");
  expect_solution(files->fast, "tavla --fast");

  // --fast restarts from gnubg's file: it is converged, so only the tied plays' probabilities move
  // (the fast scheme's choice among them differs), which takes a few iterations.
  ASSERT_EQ(run_command("cd " + dir.path().string() + " && " + kTavlaMakehyper +
                        " -c 2 --fast -r gnubg.bd -f again.bd 2>again.log"),
            0);
  const std::string log = read_file(dir.file("again.log"));
  EXPECT_EQ(log.find("Iteration   6"), std::string::npos) << log;
  auto again = bearoff::HypergammonDatabase::open(dir.file("again.bd"), 2);
  ASSERT_TRUE(again) << again.error();
  expect_equities_agree(compare(*again, files->gnubg, kThreshold));
}

}  // namespace
}  // namespace tavla::test
