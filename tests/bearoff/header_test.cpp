// SPDX-License-Identifier: GPL-3.0-or-later
// The 40-byte database headers: gnubg's exact text, and strict decoding.
#include <gtest/gtest.h>

#include "bearoff/database_header.h"

namespace tavla::bearoff {
namespace {

DatabaseFormat one_sided(int points, bool gammon, bool compressed, bool normal) {
  DatabaseFormat f;
  f.kind = DatabaseKind::kOneSided;
  f.points = points;
  f.chequers = 15;
  f.gammon = gammon;
  f.compressed = compressed;
  f.normal = normal;
  f.cubeful = false;
  return f;
}

TEST(DatabaseHeader, GnubgText) {
  EXPECT_EQ(format_header(one_sided(6, true, true, false)),
            "gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n");
  EXPECT_EQ(format_header(one_sided(13, false, false, false)),
            "gnubg-OS-13-15-0-0-0xxxxxxxxxxxxxxxxxxx\n");
  EXPECT_EQ(format_header(one_sided(6, true, false, true)),
            "gnubg-OS-06-15-1-0-1xxxxxxxxxxxxxxxxxxx\n");
  DatabaseFormat ts;
  ts.kind = DatabaseKind::kTwoSided;
  ts.points = 6;
  ts.chequers = 8;
  ts.cubeful = true;
  ts.gammon = ts.compressed = ts.normal = false;
  EXPECT_EQ(format_header(ts), "gnubg-TS-06-08-1xxxxxxxxxxxxxxxxxxxxxxx\n");
  EXPECT_EQ(format_header(ts).size(), kHeaderSize);
}

TEST(DatabaseHeader, RoundTrip) {
  for (bool g : {false, true})
    for (bool c : {false, true}) {
      const DatabaseFormat f = one_sided(9, g, c, false);
      auto parsed = parse_header(format_header(f), "x.bd");
      ASSERT_TRUE(parsed) << parsed.error();
      EXPECT_EQ(*parsed, f);
    }
  auto ts = parse_header("gnubg-TS-06-06-0xxxxxxxxxxxxxxxxxxxxxxx\n", "ts.bd");
  ASSERT_TRUE(ts);
  EXPECT_EQ(ts->kind, DatabaseKind::kTwoSided);
  EXPECT_EQ(ts->chequers, 6);
  EXPECT_FALSE(ts->cubeful);
  auto hyper = parse_header("gnubg-H3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", "h.bd");
  ASSERT_TRUE(hyper);
  EXPECT_EQ(hyper->kind, DatabaseKind::kHypergammon);
  EXPECT_EQ(hyper->chequers, 3);
}

TEST(DatabaseHeader, RejectsWithFileNameAndReason) {
  const struct {
    const char* text;
    const char* reason;
  } bad[] = {
      {"gnubg-OS-06-15-1-1-0xxxx", "shorter than the 40-byte header"},
      {"GNUBG-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n", "does not start with"},
      {"gnubg-XS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n", "unknown database type"},
      {"gnubg-OS-6x-15-1-1-0xxxxxxxxxxxxxxxxxxx\n", "malformed points"},
      {"gnubg-OS-00-15-1-1-0xxxxxxxxxxxxxxxxxxx\n", "illegal number of points"},
      {"gnubg-OS-06-16-1-1-0xxxxxxxxxxxxxxxxxxx\n", "illegal number of chequers"},
      {"gnubg-OS-06-15-2-1-0xxxxxxxxxxxxxxxxxxx\n", "one-sided flags"},
      {"gnubg-OS-06-15-1-1-1xxxxxxxxxxxxxxxxxxx\n", "normal-distribution"},
      {"gnubg-TS-06-06-7xxxxxxxxxxxxxxxxxxxxxxx\n", "cubeful flag"},
      {"gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxy\n", "padding"},
      {"gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxxx", "newline"},
  };
  for (const auto& b : bad) {
    auto r = parse_header(b.text, "some/file.bd");
    ASSERT_FALSE(r) << b.text;
    EXPECT_NE(r.error().find("some/file.bd"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find(b.reason), std::string::npos) << r.error();
  }
}

TEST(DatabaseHeader, Sizes) {
  EXPECT_EQ(fixed_body_size(one_sided(6, true, false, false)), 54264u * 128);
  EXPECT_EQ(fixed_body_size(one_sided(6, false, false, false)), 54264u * 64);
  EXPECT_EQ(fixed_body_size(one_sided(6, true, false, true)), 54264u * 16);
  EXPECT_EQ(fixed_body_size(one_sided(6, true, true, false)), 0u);
  auto ts = parse_header("gnubg-TS-06-08-1xxxxxxxxxxxxxxxxxxxxxxx\n", "ts.bd");
  EXPECT_EQ(kHeaderSize + fixed_body_size(*ts), 72144112u);  // the size gnubg's 6x8 file has
}

}  // namespace
}  // namespace tavla::bearoff
