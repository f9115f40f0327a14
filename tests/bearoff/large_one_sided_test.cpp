// SPDX-License-Identifier: GPL-3.0-or-later
// The larger one-sided database (gnubg_os.bd, gnubg's CLASS_BEAROFF_OS): tavla builds gnubg's
// file for 7 points, and with it installed classifies and evaluates races as gnubg 1.07 does
// with the same file installed (tests/gnubg/make_large_one_sided_fixtures.py).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "md5.h"
#include "test_util.h"

namespace tavla::bearoff {
namespace {

engine::Board board_from_hex(const std::string& h) {
  engine::Board b;
  for (int i = 0; i < 50; ++i)
    b.sides[i / 25][i % 25] = static_cast<uint8_t>(std::stoi(h.substr(i, 1), nullptr, 16));
  return b;
}

class LargeOneSided : public ::testing::Test {
 protected:
  // The 7-point database is built once for the suite (a few seconds) and copied per test.
  static void SetUpTestSuite() {
    built_ = std::make_unique<test::TempDir>();
    error_ = test::generate({"-o", "7"}, built_->file(kLargeOneSidedFile), 2);
  }
  static void TearDownTestSuite() { built_.reset(); }
  void SetUp() override {
    if (!std::filesystem::exists(test::kGnubgOneSided) ||
        !std::filesystem::exists(test::kGnubgTwoSided))
      GTEST_SKIP() << "gnubg's bearoff databases are not installed";
    ASSERT_EQ(error_, "");
    std::filesystem::copy_file(built_->file(kLargeOneSidedFile), dir_.file(kLargeOneSidedFile));
  }
  static std::unique_ptr<test::TempDir> built_;
  static std::string error_;
  test::TempDir dir_;
};
std::unique_ptr<test::TempDir> LargeOneSided::built_;
std::string LargeOneSided::error_;

TEST_F(LargeOneSided, ClassesAndProbabilitiesMatchGnubg) {
  const auto lines = test::fixture_lines("eval_os7.txt");
  ASSERT_GT(lines.size(), 200u);
  const auto head = test::split_ws(lines[0]);
  ASSERT_EQ(head.at(0), "md5");
  EXPECT_EQ(test::md5_file(dir_.file(kLargeOneSidedFile).string()), head.at(1))
      << "tavla's 7-point database differs from gnubg's makebearoff -o 7";

  auto opened = BearoffDatabases::open(test::kGnubgOneSided, test::kGnubgTwoSided);
  ASSERT_TRUE(opened) << opened.error();
  auto dbs = std::move(opened).value();
  auto large = OneSidedDatabase::open(dir_.file(kLargeOneSidedFile));
  ASSERT_TRUE(large) << large.error();
  ASSERT_FALSE(dbs.set_large_one_sided(std::move(large).value()));
  const DatabaseBearoffProvider provider(dbs);
  int counts[2] = {0, 0};
  for (size_t i = 1; i < lines.size(); ++i) {
    const auto w = test::split_ws(lines[i]);
    const engine::Board b = board_from_hex(w[0]);
    const int gnubg_class = std::stoi(w[1]);
    const auto c = provider.database_class(b);
    if (gnubg_class == static_cast<int>(eval::PositionClass::kRace)) {
      EXPECT_FALSE(c) << lines[i];  // the nets answer
      EXPECT_EQ(dbs.classify(b), BearoffSource::kNone) << lines[i];
      ++counts[1];
      continue;
    }
    ASSERT_EQ(gnubg_class, static_cast<int>(eval::PositionClass::kBearoffOs)) << lines[i];
    ASSERT_TRUE(c) << lines[i];
    EXPECT_EQ(*c, eval::PositionClass::kBearoffOs) << lines[i];
    const auto p = provider.evaluate(b, *c);
    ASSERT_TRUE(p) << lines[i];
    const auto probe = dbs.probe(b);
    ASSERT_TRUE(probe) << lines[i];
    EXPECT_EQ(probe->source, BearoffSource::kLargeOneSided) << lines[i];
    for (int k = 0; k < 5; ++k) {
      EXPECT_NEAR((*p)[k], std::stod(w[2 + k]), 1e-6) << lines[i] << " output " << k;
      EXPECT_EQ((*p)[k], probe->probabilities[k]) << lines[i];
    }
    ++counts[0];
  }
  EXPECT_GE(counts[0], 200);
  EXPECT_GE(counts[1], 10);
}

// Positions the default one-sided database holds still come from it (gnubg's order).
TEST_F(LargeOneSided, DefaultDatabasesFirst) {
  auto opened = BearoffDatabases::open(test::kGnubgOneSided, test::kGnubgTwoSided);
  ASSERT_TRUE(opened) << opened.error();
  auto dbs = std::move(opened).value();
  auto large = OneSidedDatabase::open(dir_.file(kLargeOneSidedFile));
  ASSERT_TRUE(large) << large.error();
  ASSERT_FALSE(dbs.set_large_one_sided(std::move(large).value()));
  engine::Board full;
  full.sides[0][0] = 3, full.sides[0][1] = 3, full.sides[0][2] = 3, full.sides[0][5] = 6;
  full.sides[1][3] = 5, full.sides[1][4] = 5, full.sides[1][5] = 5;
  EXPECT_EQ(dbs.classify(full), BearoffSource::kOneSided);
  engine::Board small;
  small.sides[0][0] = 1, small.sides[1][5] = 2;
  EXPECT_EQ(dbs.classify(small), BearoffSource::kTwoSided);
  engine::Board seven = full;
  seven.sides[1][5] = 4, seven.sides[1][6] = 1;
  EXPECT_EQ(dbs.classify(seven), BearoffSource::kLargeOneSided);
}

// open_default_databases finds gnubg_os.bd where it finds the others ($TAVLA_BEAROFF_DIR first)
// and never builds it; a file of the wrong kind is refused with its name.
TEST_F(LargeOneSided, FoundByDefaultLookup) {
  std::filesystem::copy_file(test::kGnubgOneSided, dir_.file(kOneSidedFile));
  std::filesystem::copy_file(test::kGnubgTwoSided, dir_.file(kTwoSidedFile));
  // Only this folder: tavla's data directory moved into it too (a gnubg_os.bd a user built
  // there must not count); gnubg's folders hold none unless installed by hand.
  const char* old = std::getenv("TAVLA_BEAROFF_DIR");
  const std::string saved = old ? old : "";
  const char* old_xdg = std::getenv("XDG_DATA_HOME");
  const std::string saved_xdg = old_xdg ? old_xdg : "";
  setenv("TAVLA_BEAROFF_DIR", dir_.path().c_str(), 1);
  setenv("XDG_DATA_HOME", (dir_.path() / "data").c_str(), 1);
  auto dbs = open_default_databases(false);
  ASSERT_TRUE(dbs) << dbs.error();
  ASSERT_TRUE(dbs->large_one_sided());
  EXPECT_EQ(dbs->large_one_sided()->points(), 7);

  // Without gammon distributions (gnubg would then use a heuristic): refused, naming the file.
  ASSERT_EQ(test::generate({"-o", "7", "-g"}, dir_.file("few.bd"), 2), "");
  std::filesystem::remove(dir_.file(kLargeOneSidedFile));
  std::filesystem::rename(dir_.file("few.bd"), dir_.file(kLargeOneSidedFile));
  auto refused = open_default_databases(false);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find(kLargeOneSidedFile), std::string::npos) << refused.error();

  std::filesystem::remove(dir_.file(kLargeOneSidedFile));
  auto without = open_default_databases(false);
  ASSERT_TRUE(without) << without.error();
  EXPECT_FALSE(without->large_one_sided());
  if (old)
    setenv("TAVLA_BEAROFF_DIR", saved.c_str(), 1);
  else
    unsetenv("TAVLA_BEAROFF_DIR");
  if (old_xdg)
    setenv("XDG_DATA_HOME", saved_xdg.c_str(), 1);
  else
    unsetenv("XDG_DATA_HOME");
}

}  // namespace
}  // namespace tavla::bearoff
