// SPDX-License-Identifier: GPL-3.0-or-later
// Match equity tables: reading gnubg's XML files, computing and extending tables, lookups and
// gammon prices, compared with what gnubg 1.07 itself holds (tests/fixtures/cube/, made by
// tests/gnubg/make_cube_fixtures.py) and with properties that hold for any table.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include "../engine/fixtures.h"
#include "cube_test_support.h"
#include "eval/match_equity.h"

namespace tavla::eval {
namespace {

using test::fixture_lines;
using test::split_ws;

// gnubg's whole table as `gnubg.met(64)` returned it.
struct GnubgMet {
  MatchEquityTable::PreTable pre{};
  MatchEquityTable::PostTable post{};
};

GnubgMet read_gnubg_met(const std::string& name) {
  GnubgMet m;
  for (const std::string& line : fixture_lines("cube/met/" + name + ".txt")) {
    const auto w = split_ws(line);
    if (w[0] == "pre") {
      const int row = std::stoi(w[1]) - 1;
      for (int j = 0; j < kMetMaxAway; ++j) m.pre[row][j] = std::stof(w[2 + j]);
    } else {
      const int p = w[0] == "post0" ? 0 : 1;
      for (int j = 0; j < kMetMaxAway; ++j) m.post[p][j] = std::stof(w[1 + j]);
    }
  }
  return m;
}

// Largest difference between a table and gnubg's; also counts entries that differ at all.
struct TableDiff {
  float max = 0.0f;
  int inexact = 0;
};
TableDiff compare(const MatchEquityTable& t, const GnubgMet& g) {
  TableDiff d;
  auto one = [&](float a, float b) {
    d.max = std::max(d.max, std::fabs(a - b));
    d.inexact += a != b;
  };
  for (int i = 0; i < kMetMaxAway; ++i)
    for (int j = 0; j < kMetMaxAway; ++j) one(t.pre_table()[i][j], g.pre[i][j]);
  for (int p = 0; p < 2; ++p)
    for (int j = 0; j < kMetMaxAway; ++j) one(t.post_table()[p][j], g.post[p][j]);
  return d;
}

TEST(MatchEquity, BuiltInDefaultIsGnubgsKazarossXG2) {
  const MatchEquityTable& t = MatchEquityTable::kazaross_xg2();
  EXPECT_EQ(t.info().name, "Kazaross XG2 25 point MET");
  EXPECT_EQ(t.info().length, 25);
  const TableDiff d = compare(t, read_gnubg_met("Kazaross-XG2"));
  // Native entries and the post-Crawford recursion are exact; Montgomery's extension goes through
  // erff/sqrtf and may differ in the last bit.
  EXPECT_LE(d.max, 1e-6f);
  EXPECT_FLOAT_EQ(t.pre_crawford(1, 2), 0.67736f);
  EXPECT_FLOAT_EQ(t.post_crawford(0, 2), 0.48803f);
}

TEST(MatchEquity, EveryMetAsGnubgHoldsIt) {
  // Each table gnubg was given, loaded by tavla (gnubg's folder if installed, else skipped) and
  // compared entry by entry with gnubg's table after its processing: bit for bit, except tables
  // computed with Zadeh's pre-Crawford formula, whose float rounding in gnubg's -ffast-math build
  // has not been reproduced (differences of a few ulps).
  std::map<std::string, std::filesystem::path> files = {
      {"mec15", test::fixture_path("cube/met_inputs/mec15.xml")},
      {"mec_favourite10", test::fixture_path("cube/met_inputs/mec_favourite10.xml")},
      {"zadeh12", test::fixture_path("cube/met_inputs/zadeh12.xml")},
  };
  const std::filesystem::path gnubg_dir = "/usr/share/gnubg/met";
  for (const char* name : {"Kazaross-XG2", "Rockwell-Kazaross", "g11", "jac050", "jac100", "jacobs",
                           "mec", "mec26", "ortega", "snowie", "woolsey", "zadeh"})
    if (std::filesystem::exists(gnubg_dir / (std::string(name) + ".xml")))
      files[name] = gnubg_dir / (std::string(name) + ".xml");
  auto check = [](const std::string& name, const MatchEquityTable& t) {
    SCOPED_TRACE(name);
    const GnubgMet g = read_gnubg_met(name);
    const bool zadeh_pre = name == "zadeh12" || name == "fallback";
    GnubgMet pre_only = g, post_only = g;
    pre_only.post = t.post_table();
    post_only.pre = t.pre_table();
    const TableDiff pre = compare(t, pre_only), post = compare(t, post_only);
    EXPECT_EQ(post.inexact, 0) << "post-Crawford rows, max diff " << post.max;
    if (zadeh_pre) {
      EXPECT_LE(pre.max, 1e-6f) << pre.inexact << " entries differ";
    } else {
      EXPECT_EQ(pre.inexact, 0) << "pre-Crawford table, max diff " << pre.max;
    }
  };
  for (const auto& [name, path] : files) {
    auto t = MatchEquityTable::load(path);
    ASSERT_TRUE(t.ok()) << t.error();
    check(name, t.value());
  }
  check("fallback", MatchEquityTable::zadeh_default());
}

TEST(MatchEquity, EveryFileOfGnubgsFolderLoads) {
  const std::filesystem::path dir = "/usr/share/gnubg/met";
  if (!std::filesystem::exists(dir)) {
    if (const char* ci = std::getenv("CI"); ci && std::string(ci) == "true")
      FAIL() << "gnubg's met/ folder is missing; CI must install gnubg";
    GTEST_SKIP() << "gnubg's met/ folder is not installed";
  }
  int loaded = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".xml") continue;
    auto t = MatchEquityTable::load(entry.path());
    if (entry.path().filename() == "catalog.xml") {
      // An XML catalogue, not a MET: refused with a message naming the file.
      ASSERT_FALSE(t.ok());
      EXPECT_NE(t.error().find("catalog.xml"), std::string::npos) << t.error();
      EXPECT_NE(t.error().find("<catalog>"), std::string::npos) << t.error();
      continue;
    }
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_FALSE(t.value().info().name.empty());
    ++loaded;
  }
  EXPECT_EQ(loaded, 12);
}

TEST(MatchEquity, ReaderQuirksKeptFromGnubg) {
  // mec.xml gives its post-Crawford parameters for "both" players; gnubg applies them to player
  // 0's row only, player 1's row uses mec's default gammon rate 0.25.
  auto spec = parse_met_xml(R"(<met><info><name>x</name><length>-1</length></info>
      <pre-crawford-table type="mec"><parameters><parameter name="gammon-rate">0.26</parameter>
      </parameters></pre-crawford-table>
      <post-crawford-table type="mec" player="both"><parameters>
      <parameter name="gammon-rate">0.26</parameter></parameters></post-crawford-table></met>)",
                            "quirk.xml");
  ASSERT_TRUE(spec.ok()) << spec.error();
  EXPECT_EQ(spec.value().post_crawford[0].parameters.size(), 1u);
  EXPECT_TRUE(spec.value().post_crawford[1].parameters.empty());
  auto t = MatchEquityTable::from_spec(spec.value());
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_NE(t.value().post_crawford(0, 3), t.value().post_crawford(1, 3));
  // Length -1: the whole pre-Crawford table is Montgomery's extension, whatever the formula.
  MatchEquityTable::PreTable montgomery{};
  met_formulas::montgomery_extend(montgomery, -1);
  EXPECT_EQ(t.value().pre_table(), montgomery);
}

TEST(MatchEquity, MontgomeryExtension) {
  MatchEquityTable::PreTable m{};
  met_formulas::montgomery_extend(m, 0);
  for (int i = 0; i < kMetMaxAway; ++i) {
    EXPECT_NEAR(m[i][i], 0.5f, 1e-6f);
    for (int j = 0; j < kMetMaxAway; ++j) {
      EXPECT_NEAR(m[i][j] + m[j][i], 1.0f, 1e-6f);
      if (j + 1 < kMetMaxAway) {
        EXPECT_LE(m[i][j], m[i][j + 1]);  // the opponent further away: better
      }
    }
  }
  // Extending a native table leaves it untouched.
  const MatchEquityTable& k = MatchEquityTable::kazaross_xg2();
  MatchEquityTable::PreTable e = k.pre_table();
  met_formulas::montgomery_extend(e, 25);
  EXPECT_EQ(e, k.pre_table());
  EXPECT_FLOAT_EQ(e[30][40], 1.0f - e[40][30]);
}

TEST(MatchEquity, PostCrawfordExtension) {
  // Explicit rows stop at length-1; the rest follows Zadeh's recursion with gammon rate 0.25.
  const MatchEquityTable& k = MatchEquityTable::kazaross_xg2();
  for (int a = 25; a <= kMetMaxAway; ++a) {
    const auto& pc = k.post_table()[0];
    const int i = a - 1;
    const float expected = 0.25f * 0.5f * pc[i - 4] + 0.75f * 0.5f * pc[i - 2];
    EXPECT_FLOAT_EQ(k.post_crawford(0, a), expected) << a;
  }
}

TEST(MatchEquity, Lookups) {
  const MatchEquityTable& k = MatchEquityTable::kazaross_xg2();
  // 7-point match at 2-4 (player 0 5-away, player 1 3-away).
  const std::array<int, 2> s = {2, 4};
  EXPECT_FLOAT_EQ(k.mwc_at_score(s, 7, 0, false), k.pre_crawford(5, 3));
  EXPECT_FLOAT_EQ(k.mwc_at_score(s, 7, 1, false), 1.0f - k.pre_crawford(5, 3));
  // Player 1 wins a gammon on a 2-cube: 4 points, he has won the match.
  EXPECT_EQ(k.mwc_after(s, 7, 1, 4, 1, false), 1.0f);
  EXPECT_EQ(k.mwc_after(s, 7, 0, 4, 1, false), 0.0f);
  // Player 1 wins 2: he is 1-away, the next game is the Crawford game (pre-Crawford table at
  // 5-away, 1-away).
  EXPECT_FLOAT_EQ(k.mwc_after(s, 7, 0, 2, 1, false), k.pre_crawford(5, 1));
  // In a post-Crawford game (player 1 1-away) every result leads to a post-Crawford score.
  const std::array<int, 2> pc = {3, 6};
  EXPECT_FLOAT_EQ(k.mwc_after(pc, 7, 0, 1, 0, false), k.post_crawford(0, 3));
  EXPECT_FLOAT_EQ(k.mwc_at_score(pc, 7, 0, false), k.post_crawford(0, 4));
  // The Crawford game itself: at the score the pre-Crawford table, after it post-Crawford.
  EXPECT_FLOAT_EQ(k.mwc_at_score(pc, 7, 0, true), k.pre_crawford(4, 1));
  EXPECT_FLOAT_EQ(k.mwc_after(pc, 7, 0, 1, 0, true), k.post_crawford(0, 3));
}

TEST(MatchEquity, InvertedSwapsThePlayers) {
  const MatchEquityTable& k = MatchEquityTable::kazaross_xg2();
  const MatchEquityTable inv = k.inverted();
  EXPECT_FLOAT_EQ(inv.pre_crawford(3, 5), 1.0f - k.pre_crawford(5, 3));
  EXPECT_EQ(inv.post_crawford(0, 4), k.post_crawford(1, 4));
}

TEST(MatchEquity, GammonPricesAsGnubg) {
  std::map<std::string, MatchEquityTable> mets;
  float max_diff = 0.0f;
  int n = 0;
  for (const std::string& line : fixture_lines("cube/gammon_prices.txt")) {
    const auto w = split_ws(line);
    if (!mets.count(w[0])) {
      auto t = test::try_met_by_name(w[0]);
      if (!t) continue;  // gnubg's met/ folder not installed
      mets.emplace(w[0], std::move(*t));
    }
    const MatchEquityTable& t = mets.at(w[0]);
    const int length = std::stoi(w[1]), cube = std::stoi(w[4]);
    const std::array<int, 2> score = {std::stoi(w[2]), std::stoi(w[3])};
    const auto prices = t.gammon_prices(score, length, cube);
    const std::array<float, 4> gnubg = {std::stof(w[6]), std::stof(w[7]), std::stof(w[8]),
                                        std::stof(w[9])};
    for (int k = 0; k < 4; ++k) {
      // Relative: prices are ratios of MWC differences and reach 100 and more where the cube is
      // nearly dead.
      const float rel = std::fabs(prices[k] - gnubg[k]) / std::max(1.0f, std::fabs(gnubg[k]));
      max_diff = std::max(max_diff, rel);
      // Tables from Zadeh's pre-Crawford formula differ from gnubg's by a few ulps.
      EXPECT_LE(rel, w[0] == "fallback" || w[0] == "zadeh12" ? 1e-4f : 1e-6f) << line;
    }
    ++n;
  }
  EXPECT_GT(n, 500);
  RecordProperty("max_abs_diff", std::to_string(max_diff));
  std::printf("gammon prices: %d cases, max relative |tavla - gnubg| = %.3g\n", n, max_diff);
}

// Malformed files: an error naming the file and what is wrong, never a crash.
struct BadMet {
  const char* xml;
  const char* expected;  // part of the message
};

class MalformedMet : public ::testing::TestWithParam<BadMet> {};

TEST_P(MalformedMet, ClearError) {
  auto t = MatchEquityTable::parse(GetParam().xml, "bad.xml");
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().find("bad.xml"), std::string::npos) << t.error();
  EXPECT_NE(t.error().find(GetParam().expected), std::string::npos) << t.error();
}

#define PRE2                                                                                   \
  "<pre-crawford-table><row><me>0.5</me><me>0.6</me></row><row><me>0.4</me><me>0.5</me></row>" \
  "</pre-crawford-table>"
#define POST2 "<post-crawford-table><row><me>0.5</me></row></post-crawford-table>"

INSTANTIATE_TEST_SUITE_P(
    Cases, MalformedMet,
    ::testing::Values(
        BadMet{"", "expected the root element"}, BadMet{"<met><info>", "never closed"},
        BadMet{"<met></info></met>", "</info> closes <met>"},
        BadMet{"<met><info><name>a &bogus; b</name></info></met>", "unknown entity &bogus;"},
        BadMet{"<met a=b></met>", "not quoted"},
        BadMet{"<met></met><met></met>", "content after the root element"},
        BadMet{"<!-- unterminated <met></met>", "unterminated comment"},
        BadMet{"<table></table>", "root element is <table>"},
        BadMet{"<met>" PRE2 POST2 "</met>", "no <info>"},
        BadMet{"<met><info><name>n</name></info>" PRE2 POST2 "</met>", "no <length>"},
        BadMet{"<met><info><length>two</length></info>" PRE2 POST2 "</met>", "not an integer"},
        BadMet{"<met><info><length>99</length></info>" PRE2 POST2 "</met>", "length 99"},
        BadMet{"<met><info><length>2</length></info>" POST2 "</met>", "no <pre-crawford-table>"},
        BadMet{"<met><info><length>2</length></info>" PRE2 "</met>", "no <post-crawford-table>"},
        BadMet{"<met><info><length>3</length></info>" PRE2
               "<post-crawford-table><row><me>0.5</me><me>0.4</me></row></post-crawford-table>"
               "</met>",
               "has 2 rows"},
        BadMet{"<met><info><length>2</length></info><pre-crawford-table><row><me>0.5</me></row>"
               "<row><me>0.4</me><me>0.5</me></row></pre-crawford-table>" POST2 "</met>",
               "row 1 has 1 entries"},
        BadMet{"<met><info><length>2</length></info><pre-crawford-table><row><me>0.5</me>"
               "<me>x</me></row></pre-crawford-table>" POST2 "</met>",
               "not a number: \"x\""},
        BadMet{"<met><info><length>2</length></info><pre-crawford-table><row><me>1.5</me>"
               "</row></pre-crawford-table>" POST2 "</met>",
               "outside [0, 1]"},
        BadMet{"<met><info><length>2</length></info><pre-crawford-table type=\"magic\">"
               "</pre-crawford-table>" POST2 "</met>",
               "unknown table type \"magic\""},
        BadMet{"<met><info><length>3</length></info><pre-crawford-table type=\"zadeh\">"
               "</pre-crawford-table><post-crawford-table><row><me>0.5</me></row>"
               "</post-crawford-table></met>",
               "post-Crawford row of player 0 has 1 entries"},
        BadMet{"<met><info><length>2</length></info>" PRE2
               "<post-crawford-table player=\"2\"></post-crawford-table></met>",
               "player=\"2\""},
        BadMet{"<met><info><length>2</length></info>" PRE2
               "<post-crawford-table><parameters><parameter>0.1</parameter></parameters>"
               "</post-crawford-table></met>",
               "without a name"}));

TEST(MatchEquity, MissingFile) {
  auto t = MatchEquityTable::load("/nonexistent/dir/x.xml");
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().find("/nonexistent/dir/x.xml"), std::string::npos);
  EXPECT_NE(t.error().find("cannot open"), std::string::npos);
}

TEST(MatchEquity, WellFormedExtras) {
  // Comments, processing instructions, a DOCTYPE with an internal subset, CDATA, entities,
  // single quotes and self-closing elements are all accepted.
  auto t = MatchEquityTable::parse(
      "\xEF\xBB\xBF<?xml version='1.0'?><!DOCTYPE met [ <!ENTITY x 'y'> ]><!-- c -->"
      "<met><info><name>A &amp; B &#65;&#x42;</name><description><![CDATA[<raw>]]></description>"
      "<length>2</length><extra/></info>" PRE2
      "<post-crawford-table type='explicit' player='both'><row><me> 0.5 </me></row>"
      "</post-crawford-table></met>",
      "good.xml");
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t.value().info().name, "A & B AB");
  EXPECT_EQ(t.value().info().description, "<raw>");
  EXPECT_FLOAT_EQ(t.value().pre_crawford(1, 2), 0.6f);
}

}  // namespace
}  // namespace tavla::eval
