// SPDX-License-Identifier: GPL-3.0-or-later
// Unknown, truncated and corrupt database files are rejected with an error that names the file
// and says what is wrong; nothing throws or exits.
#include <gtest/gtest.h>

#include "bearoff/one_sided_database.h"
#include "bearoff/two_sided_database.h"
#include "test_util.h"

namespace tavla::bearoff {
namespace {

class CorruptFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(test::generate({"-o", "3"}, dir_.file("os3.bd")), "");
    ASSERT_EQ(test::generate({"-o", "3", "-c"}, dir_.file("os3c.bd")), "");
    ASSERT_EQ(test::generate({"-t", "4x3"}, dir_.file("ts43.bd")), "");
    os_ = test::read_file(dir_.file("os3.bd"));
    osc_ = test::read_file(dir_.file("os3c.bd"));
    ts_ = test::read_file(dir_.file("ts43.bd"));
  }

  // Writes `bytes` to a file and expects both readers to reject it with `reason`.
  void expect_rejected(const std::string& bytes, const std::string& reason, bool one_sided) {
    const auto path = dir_.file("bad.bd");
    test::write_file(path, bytes);
    const std::string error =
        one_sided ? OneSidedDatabase::open(path).error() : TwoSidedDatabase::open(path).error();
    EXPECT_NE(error.find(path.string()), std::string::npos) << error;
    EXPECT_NE(error.find(reason), std::string::npos)
        << "expected \"" << reason << "\" in: " << error;
  }

  test::TempDir dir_;
  std::string os_, osc_, ts_;
};

TEST_F(CorruptFiles, GoodFilesOpen) {
  EXPECT_TRUE(OneSidedDatabase::open(dir_.file("os3.bd")));
  EXPECT_TRUE(OneSidedDatabase::open(dir_.file("os3c.bd")));
  EXPECT_TRUE(TwoSidedDatabase::open(dir_.file("ts43.bd")));
}

TEST_F(CorruptFiles, MissingAndEmpty) {
  auto r = OneSidedDatabase::open(dir_.file("nothing.bd"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("nothing.bd"), std::string::npos);
  EXPECT_NE(r.error().find("cannot open"), std::string::npos);
  expect_rejected("", "empty", true);
  auto d = TwoSidedDatabase::open(dir_.path());
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().find("not a regular file"), std::string::npos);
}

TEST_F(CorruptFiles, UnknownFiles) {
  expect_rejected(std::string(1000, 'z'), "does not start with \"gnubg-\"", true);
  std::string hyper = "gnubg-H2";
  hyper.resize(39, 'x');
  expect_rejected(hyper + "\n" + std::string(100, '\0'), "not a one-sided", true);
  expect_rejected(os_, "not a two-sided", false);
  expect_rejected(ts_, "not a one-sided", true);
}

TEST_F(CorruptFiles, Truncated) {
  expect_rejected(osc_.substr(0, osc_.size() - 2), "truncated", true);
  expect_rejected(os_.substr(0, 60), "truncated", true);  // inside the index
  expect_rejected(ts_.substr(0, ts_.size() - 1), "truncated", false);
  expect_rejected(os_.substr(0, 20), "shorter than the 40-byte header", true);
}

TEST_F(CorruptFiles, TooLong) {
  expect_rejected(osc_ + "x", "header implies", true);
  expect_rejected(os_ + "xx", "index implies", true);
  expect_rejected(ts_ + "xx", "header implies", false);
}

TEST_F(CorruptFiles, HeaderDoesNotFitTheData) {
  std::string wrong = ts_;
  wrong[13] = '4';  // 4x4 header on a 4x3 body
  expect_rejected(wrong, "header implies", false);
  std::string cubeless = ts_;
  cubeless[15] = '0';
  expect_rejected(cubeless, "header implies", false);
}

TEST_F(CorruptFiles, CorruptIndex) {
  std::string bad = os_;
  bad[40 + 8 * 5] ^= 1;  // offset of position 5
  expect_rejected(bad, "corrupt index entry for position 5", true);
  bad = os_;
  bad[40 + 8 * 7 + 4] = 40;  // 40 stored rolls
  expect_rejected(bad, "corrupt index entry for position 7", true);
}

TEST_F(CorruptFiles, CorruptContentFoundByVerify) {
  std::string bad = osc_;
  bad[40 + 128 * 3 + 2] ^= 0x10;  // a probability of position 3
  test::write_file(dir_.file("content.bd"), bad);
  auto db = OneSidedDatabase::open(dir_.file("content.bd"));
  ASSERT_TRUE(db) << db.error();  // the layout is fine
  auto e = db->verify();
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("position 3"), std::string::npos) << e->message;
}

}  // namespace
}  // namespace tavla::bearoff
