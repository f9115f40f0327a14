// SPDX-License-Identifier: GPL-3.0-or-later
// The databases behind eval's BearoffProvider interface: classes and probabilities as gnubg's
// evaluator gets them (tests/fixtures/bearoff/eval.txt), one-sided roll distributions.
#include "bearoff/bearoff_provider.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "test_util.h"

namespace tavla::bearoff {
namespace {

engine::Board board_from_hex(const std::string& h) {
  engine::Board b;
  for (int i = 0; i < 50; ++i)
    b.sides[i / 25][i % 25] = static_cast<uint8_t>(std::stoi(h.substr(i, 1), nullptr, 16));
  return b;
}

TEST(DatabaseBearoffProvider, MatchesGnubgEvaluate) {
  if (!std::filesystem::exists(test::kGnubgOneSided) ||
      !std::filesystem::exists(test::kGnubgTwoSided))
    GTEST_SKIP() << "gnubg's bearoff databases are not installed";
  auto dbs = BearoffDatabases::open(test::kGnubgOneSided, test::kGnubgTwoSided);
  ASSERT_TRUE(dbs) << dbs.error();
  const DatabaseBearoffProvider provider(*dbs);
  const eval::BearoffProvider& p = provider;
  for (const std::string& line : test::fixture_lines("eval.txt")) {
    const auto w = test::split_ws(line);
    const engine::Board b = board_from_hex(w[0]);
    const auto c = p.database_class(b);
    ASSERT_TRUE(c) << line;
    EXPECT_EQ(static_cast<int>(*c), std::stoi(w[1])) << line;
    const auto pr = p.evaluate(b, *c);
    ASSERT_TRUE(pr) << line;
    for (int k = 0; k < 5; ++k) EXPECT_NEAR((*pr)[k], std::stod(w[2 + k]), 1e-6) << line;
    if (*c == eval::PositionClass::kBearoff2) {
      EXPECT_TRUE(provider.exact_equities(b)) << line;
    }
  }
  // Chequers beyond the six points are ignored by the one-sided lookup.
  engine::SideCounts side{};
  side[0] = 2;
  side[3] = 1;
  const auto home = p.one_sided_rolls(side);
  side[12] = 5;
  ASSERT_TRUE(home);
  EXPECT_EQ(p.one_sided_rolls(side), home);
  engine::Board race;
  race.sides[0][10] = 1;
  race.sides[1][0] = 1;
  EXPECT_FALSE(p.database_class(race));
}

}  // namespace
}  // namespace tavla::bearoff
