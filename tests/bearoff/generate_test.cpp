// SPDX-License-Identifier: GPL-3.0-or-later
// Generated databases are byte-identical to gnubg's makebearoff: md5 against the values in the
// gnubg manual and against the output of Debian's makebearoff (committed fixture, and live when
// /usr/games/makebearoff is installed).
#include <gtest/gtest.h>

#include <filesystem>

#include "bearoff/one_sided_database.h"
#include "bearoff/one_sided_generator.h"
#include "bearoff/two_sided_database.h"
#include "bearoff/two_sided_generator.h"
#include "md5.h"
#include "test_util.h"

namespace tavla::bearoff {
namespace {

std::vector<std::string> options_of(const std::vector<std::string>& words) {
  return {words.begin() + 1, words.end()};
}

std::string joined(const std::vector<std::string>& options) {
  std::string s;
  for (const auto& o : options) s += (s.empty() ? "" : " ") + o;
  return s;
}

TEST(Md5, KnownValues) {
  EXPECT_EQ(test::md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(test::md5_hex("The quick brown fox jumps over the lazy dog"),
            "9e107d9d372bb6826bd81d3542a419d6");
  EXPECT_EQ(test::md5_hex(std::string(1000, 'a')), "cabe45dcc9ae5b66ba86600cca6b8ba8");
}

// The manual's table, for the databases that take at most a second or two to build.
TEST(GenerateMd5, ManualTableSmall) {
  test::TempDir dir;
  int checked = 0;
  for (const std::string& line : test::fixture_lines("manual_md5.txt")) {
    const auto w = test::split_ws(line);
    const auto options = options_of(w);
    const std::string size = options[1];
    const bool small = (options[0] == "-o" && std::stoi(size) <= 6) ||
                       (options[0] == "-t" && std::stoi(size.substr(2)) <= 6);
    if (!small) continue;
    const auto path = dir.file("db.bd");
    ASSERT_EQ(test::generate(options, path), "") << line;
    EXPECT_EQ(test::md5_file(path.string()), w[0]) << "makebearoff " << joined(options);
    ++checked;
  }
  EXPECT_EQ(checked, 12);
}

// Every option combination gnubg's makebearoff was run with by the fixture script.
TEST(GenerateMd5, DebianMakebearoffOutputs) {
  test::TempDir dir;
  int checked = 0;
  for (const std::string& line : test::fixture_lines("makebearoff_md5.txt")) {
    const auto w = test::split_ws(line);
    const auto options = options_of(w);
    const auto path = dir.file("db.bd");
    ASSERT_EQ(test::generate(options, path), "") << line;
    EXPECT_EQ(test::md5_file(path.string()), w[0]) << "makebearoff " << joined(options);
    ++checked;
  }
  EXPECT_GT(checked, 80);
}

// The same with one and with two threads: the bytes do not depend on scheduling.
TEST(GenerateMd5, ThreadCountDoesNotMatter) {
  test::TempDir dir;
  for (const auto& options : std::vector<std::vector<std::string>>{
           {"-o", "6"}, {"-o", "5", "-n"}, {"-t", "6x5"}, {"-t", "5x5", "-C"}}) {
    ASSERT_EQ(test::generate(options, dir.file("a.bd"), 1), "");
    ASSERT_EQ(test::generate(options, dir.file("b.bd"), 3), "");
    EXPECT_EQ(test::md5_file(dir.file("a.bd").string()), test::md5_file(dir.file("b.bd").string()))
        << joined(options);
  }
}

// Run Debian's program itself when it is there (it is in CI).
TEST(GenerateMd5, LiveAgainstDebianMakebearoff) {
  if (!std::filesystem::exists(test::kGnubgMakebearoff))
    GTEST_SKIP() << test::kGnubgMakebearoff << " is not installed";
  test::TempDir dir;
  for (const auto& options : std::vector<std::vector<std::string>>{{"-o", "4"},
                                                                   {"-o", "4", "-c", "-g"},
                                                                   {"-o", "3", "-n"},
                                                                   {"-t", "6x3"},
                                                                   {"-t", "5x4", "-C"},
                                                                   {"-t", "9x2", "-H"}}) {
    const auto ours = dir.file("ours.bd"), theirs = dir.file("theirs.bd");
    ASSERT_EQ(test::generate(options, ours), "");
    ASSERT_EQ(test::run_command(std::string(test::kGnubgMakebearoff) + " " + joined(options) +
                                " -f " + theirs.string() + " >/dev/null 2>&1"),
              0);
    EXPECT_EQ(test::md5_file(ours.string()), test::md5_file(theirs.string())) << joined(options);
  }
}

// Reusing an older database (-O) gives the same bytes as generating from scratch.
TEST(Generate, ReuseOldDatabase) {
  test::TempDir dir;
  ASSERT_EQ(test::generate({"-o", "4"}, dir.file("os4.bd")), "");
  auto old = OneSidedDatabase::open(dir.file("os4.bd"));
  ASSERT_TRUE(old) << old.error();
  OneSidedSettings s;
  s.points = 5;
  s.old = &*old;
  auto table = generate_one_sided(s);
  ASSERT_TRUE(table);
  ASSERT_FALSE(write_one_sided_database(*table, s, dir.file("os5.bd")));
  EXPECT_EQ(test::md5_file(dir.file("os5.bd").string()), "2064f9a56b23117d053a573c96a92fa2");

  ASSERT_EQ(test::generate({"-t", "6x3"}, dir.file("ts63.bd")), "");
  auto old_ts = TwoSidedDatabase::open(dir.file("ts63.bd"));
  ASSERT_TRUE(old_ts);
  TwoSidedSettings t;
  t.chequers = 4;
  t.old = &*old_ts;
  auto ts = generate_two_sided(t);
  ASSERT_TRUE(ts);
  ASSERT_FALSE(write_two_sided_database(*ts, t, dir.file("ts64.bd")));
  EXPECT_EQ(test::md5_file(dir.file("ts64.bd").string()), "9156f37032d1d4b0352a41186e632dfc");

  // An old database of another kind is refused, as by gnubg.
  s.normal = true;
  auto refused = generate_one_sided(s);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("not of the same kind"), std::string::npos);
}

TEST(Generate, SettingsChecked) {
  OneSidedSettings s;
  s.points = 14;
  EXPECT_TRUE(check_one_sided_settings(s));
  s.points = 0;
  EXPECT_TRUE(check_one_sided_settings(s));
  TwoSidedSettings t;
  t.chequers = 12;
  EXPECT_TRUE(check_two_sided_settings(t));
  t.chequers = 6;
  t.points = 13;
  EXPECT_TRUE(check_two_sided_settings(t));
  t.points = 6;
  EXPECT_FALSE(check_two_sided_settings(t));
}

// The generator's in-memory table equals what the reader gets back from the file.
TEST(Generate, TableMatchesFile) {
  test::TempDir dir;
  OneSidedSettings s;
  s.points = 4;
  auto table = generate_one_sided(s);
  ASSERT_TRUE(table);
  ASSERT_FALSE(write_one_sided_database(*table, s, dir.file("os4.bd")));
  auto db = OneSidedDatabase::open(dir.file("os4.bd"));
  ASSERT_TRUE(db);
  for (uint32_t i = 0; i < db->size(); ++i) {
    const OneSidedRaw a = table->raw(i), b = db->raw(i);
    ASSERT_EQ(a.bear_off, b.bear_off) << i;
    ASSERT_EQ(a.save_gammon, b.save_gammon) << i;
  }
  EXPECT_FALSE(db->verify());
}

}  // namespace
}  // namespace tavla::bearoff
