// SPDX-License-Identifier: GPL-3.0-or-later
// Reading the databases gnubg ships (gnubg_os0.bd, gnubg_ts0.bd) and comparing every probe with
// what gnubg's bearoffdump and gnubg's evaluator print for the same entries
// (tests/gnubg/make_bearoff_fixtures.py). Skipped where gnubg is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_index.h"
#include "bearoff/one_sided_database.h"
#include "bearoff/two_sided_database.h"
#include "test_util.h"

namespace tavla::bearoff {
namespace {

std::string format(const char* fmt, float value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, fmt, value);
  std::string s = buf;
  return s.substr(s.find_first_not_of(' '));
}

class GnubgFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(test::kGnubgOneSided) ||
        !std::filesystem::exists(test::kGnubgTwoSided))
      GTEST_SKIP() << "gnubg's bearoff databases are not installed";
  }
};

TEST_F(GnubgFiles, OpenAndVerify) {
  auto os = OneSidedDatabase::open(test::kGnubgOneSided);
  ASSERT_TRUE(os) << os.error();
  EXPECT_EQ(os->points(), 6);
  EXPECT_EQ(os->chequers(), 15);
  EXPECT_TRUE(os->has_gammon());
  EXPECT_TRUE(os->format().compressed);
  EXPECT_EQ(os->size(), 54264u);
  EXPECT_FALSE(os->verify());
  auto ts = TwoSidedDatabase::open(test::kGnubgTwoSided);
  ASSERT_TRUE(ts) << ts.error();
  EXPECT_EQ(ts->points(), 6);
  EXPECT_EQ(ts->chequers(), 6);
  EXPECT_TRUE(ts->cubeful());
  EXPECT_EQ(ts->positions_per_side(), 924u);
  // Wrong kind for the other reader.
  auto wrong = TwoSidedDatabase::open(test::kGnubgOneSided);
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().find("not a two-sided"), std::string::npos);
}

// Every printed percentage, mean and standard deviation equals bearoffdump's text.
void expect_dump(const OneSidedDatabase& db, const std::string& fixture) {
  OneSidedDistribution d[2];
  RollStatistics st[2];
  int rows = 0;
  for (const std::string& line : test::fixture_lines(fixture)) {
    const auto w = test::split_ws(line);
    if (w[0] == "pos") {
      for (int s = 0; s < 2; ++s) {
        const auto index = static_cast<uint32_t>(std::stoul(w[2 + s]));
        d[s] = db.distribution(index);
        st[s] = db.roll_statistics(index);
      }
    } else if (w[0] == "row") {
      const int n = std::stoi(w[1]);
      const float values[4] = {d[0].bear_off[n] * 100.0f, d[1].bear_off[n] * 100.0f,
                               d[0].save_gammon[n] * 100.0f, d[1].save_gammon[n] * 100.0f};
      for (size_t k = 2; k < w.size(); ++k) EXPECT_EQ(format("%7.3f", values[k - 2]), w[k]) << line;
      ++rows;
    } else {
      const bool mean = w[0] == "mean";
      const float values[4] = {mean ? st[0].mean : st[0].sd, mean ? st[1].mean : st[1].sd,
                               mean ? st[0].gammon_mean : st[0].gammon_sd,
                               mean ? st[1].gammon_mean : st[1].gammon_sd};
      for (int k = 0; k < 4; ++k) EXPECT_EQ(format("%7.3f", values[k]), w[k + 1]) << line;
    }
  }
  EXPECT_GT(rows, 500) << fixture;
}

TEST_F(GnubgFiles, OneSidedMatchesBearoffdump) {
  auto db = OneSidedDatabase::open(test::kGnubgOneSided);
  ASSERT_TRUE(db);
  expect_dump(*db, "os0_dump.txt");
}

// A normal-distribution database (tavla's, byte-identical to `makebearoff -o 6 -n`; see
// generate_test.cpp) read back as gnubg reads it.
TEST(NormalDatabase, MatchesBearoffdump) {
  test::TempDir dir;
  ASSERT_EQ(test::generate({"-o", "6", "-n"}, dir.file("nd.bd")), "");
  auto db = OneSidedDatabase::open(dir.file("nd.bd"));
  ASSERT_TRUE(db) << db.error();
  EXPECT_TRUE(db->format().normal);
  expect_dump(*db, "nd_dump.txt");
}

// The three exact layouts hold the same numbers.
TEST(OneSidedLayouts, CompressedUncompressedAndWithoutGammonsAgree) {
  test::TempDir dir;
  ASSERT_EQ(test::generate({"-o", "5"}, dir.file("a.bd")), "");
  ASSERT_EQ(test::generate({"-o", "5", "-c"}, dir.file("b.bd")), "");
  ASSERT_EQ(test::generate({"-o", "5", "-c", "-g"}, dir.file("c.bd")), "");
  ASSERT_EQ(test::generate({"-o", "5", "-g"}, dir.file("d.bd")), "");
  auto a = OneSidedDatabase::open(dir.file("a.bd"));
  auto b = OneSidedDatabase::open(dir.file("b.bd"));
  auto c = OneSidedDatabase::open(dir.file("c.bd"));
  auto d = OneSidedDatabase::open(dir.file("d.bd"));
  ASSERT_TRUE(a && b && c && d);
  EXPECT_FALSE(c->has_gammon());
  for (uint32_t i = 0; i < a->size(); ++i) {
    const OneSidedRaw ra = a->raw(i), rb = b->raw(i), rc = c->raw(i), rd = d->raw(i);
    ASSERT_EQ(ra.bear_off, rb.bear_off);
    ASSERT_EQ(ra.save_gammon, rb.save_gammon);
    ASSERT_EQ(ra.bear_off, rc.bear_off);
    ASSERT_EQ(ra.bear_off, rd.bear_off);
    ASSERT_EQ(rc.save_gammon, OneSidedRaw{}.save_gammon);
  }
  // Without gammon distributions, boards where a gammon is possible are not answered.
  engine::Board b15;
  b15.sides[0][0] = 15;
  b15.sides[1][0] = 1;
  EXPECT_TRUE(a->evaluate(b15));
  EXPECT_FALSE(c->evaluate(b15));
}

TEST_F(GnubgFiles, TwoSidedMatchesBearoffdump) {
  auto db = TwoSidedDatabase::open(test::kGnubgTwoSided);
  ASSERT_TRUE(db);
  int checked = 0;
  for (const std::string& line : test::fixture_lines("ts0_dump.txt")) {
    const auto w = test::split_ws(line);
    const auto e = db->equities(std::stoul(w[2]), std::stoul(w[3]));
    EXPECT_EQ(format("%+7.4f", e.cubeless), w[5]) << line;
    EXPECT_EQ(format("%+7.4f", e.owned), w[6]) << line;
    EXPECT_EQ(format("%+7.4f", e.centred), w[7]) << line;
    EXPECT_EQ(format("%+7.4f", e.opponent_owns), w[8]) << line;
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

engine::Board board_from_hex(const std::string& h) {
  engine::Board b;
  for (int i = 0; i < 50; ++i)
    b.sides[i / 25][i % 25] = static_cast<uint8_t>(std::stoi(h.substr(i, 1), nullptr, 16));
  return b;
}

// gnubg's 0-ply cubeless evaluation of bearoff positions: class 4 comes from the two-sided
// database (P(win) = (equity + 1) / 2), class 6 from the one-sided one.
TEST_F(GnubgFiles, ProbabilitiesMatchGnubgEvaluate) {
  auto dbs = BearoffDatabases::open(test::kGnubgOneSided, test::kGnubgTwoSided);
  ASSERT_TRUE(dbs) << dbs.error();
  int counts[2] = {0, 0};
  for (const std::string& line : test::fixture_lines("eval.txt")) {
    const auto w = test::split_ws(line);
    const engine::Board b = board_from_hex(w[0]);
    const int gnubg_class = std::stoi(w[1]);
    const auto probe = dbs->probe(b);
    ASSERT_TRUE(probe) << line;
    EXPECT_EQ(probe->source, gnubg_class == 4 ? BearoffSource::kTwoSided : BearoffSource::kOneSided)
        << line;
    for (int k = 0; k < 5; ++k)
      EXPECT_NEAR(probe->probabilities[k], std::stod(w[2 + k]), 1e-6) << line << " output " << k;
    ++counts[gnubg_class == 4 ? 0 : 1];
  }
  EXPECT_GT(counts[0], 100);
  EXPECT_GT(counts[1], 100);
}

TEST_F(GnubgFiles, ProbeApi) {
  auto dbs = BearoffDatabases::open(test::kGnubgOneSided, test::kGnubgTwoSided);
  ASSERT_TRUE(dbs);
  engine::Board b;
  b.sides[engine::Board::kOnRoll][0] = 1;  // one chequer on our ace point: we win
  b.sides[engine::Board::kOpponent][5] = 1;
  auto p = dbs->probe(b);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->source, BearoffSource::kTwoSided);
  EXPECT_FLOAT_EQ(p->probabilities[kWin], 1.0f);
  ASSERT_TRUE(p->equities);
  EXPECT_FLOAT_EQ(p->equities->cubeless, 1.0f);
  EXPECT_FLOAT_EQ(p->equities->centred, 1.0f);

  // Fifteen chequers each in the home boards: one-sided, gammons possible.
  engine::Board full;
  full.sides[0][0] = 3, full.sides[0][1] = 3, full.sides[0][2] = 3, full.sides[0][5] = 6;
  full.sides[1][3] = 5, full.sides[1][4] = 5, full.sides[1][5] = 5;
  EXPECT_EQ(dbs->classify(full), BearoffSource::kOneSided);
  auto q = dbs->probe(full);
  ASSERT_TRUE(q);
  EXPECT_GT(q->probabilities[kWin], 0.0f);
  EXPECT_LT(q->probabilities[kWin], 1.0f);
  EXPECT_GE(q->probabilities[kWinGammon], 0.0f);
  EXPECT_FALSE(q->equities);
  EXPECT_EQ(dbs->one_sided()->mean_rolls(full.sides[1]),
            dbs->one_sided()->roll_statistics(bearoff_index(full.sides[1], 6)).mean);

  // Not covered: a chequer on the 7-point, contact, a finished game.
  engine::Board race = full;
  race.sides[1][5] = 4, race.sides[1][6] = 1;
  EXPECT_EQ(dbs->classify(race), BearoffSource::kNone);
  EXPECT_FALSE(dbs->probe(race));
  engine::Board over;
  over.sides[0][0] = 2;
  EXPECT_FALSE(dbs->probe(over));
  EXPECT_FALSE(dbs->one_sided()->evaluate(over));
  EXPECT_FALSE(dbs->two_sided()->equities(over));
}

}  // namespace
}  // namespace tavla::bearoff
