// SPDX-License-Identifier: GPL-3.0-or-later
// The one-sided extension applies makebearoff's rule above a smaller database: extending a
// 3-point database to 6 points must give every entry of the 6-point database bit for bit, and the
// race probabilities of OneSidedDatabase::evaluate.
#include "bearoff/one_sided_extension.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <thread>

#include "bearoff/bearoff_index.h"
#include "bearoff/coverage.h"
#include "test_util.h"

namespace tavla::bearoff {
namespace {

class OneSidedExtensionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<test::TempDir>();
    ASSERT_EQ(test::generate({"-o", "3"}, dir_->file("os3.bd"), 2), "");
    ASSERT_EQ(test::generate({"-o", "6"}, dir_->file("os6.bd"), 2), "");
  }
  static void TearDownTestSuite() { dir_.reset(); }

  // The 3-point and 6-point databases, and the 3-point one extended to 6 points.
  void SetUp() override {
    auto small = OneSidedDatabase::open(dir_->file("os3.bd"));
    auto large = OneSidedDatabase::open(dir_->file("os6.bd"));
    ASSERT_TRUE(small) << small.error();
    ASSERT_TRUE(large) << large.error();
    small_.emplace(std::move(small).value());
    large_.emplace(std::move(large).value());
    OneSidedExtensionSettings s;
    s.max_points = 6;
    auto ext = OneSidedExtension::create(*small_, s);
    ASSERT_TRUE(ext) << ext.error();
    ext_ = std::move(ext).value();
  }

  static std::unique_ptr<test::TempDir> dir_;
  std::optional<OneSidedDatabase> small_, large_;
  std::unique_ptr<OneSidedExtension> ext_;
};
std::unique_ptr<test::TempDir> OneSidedExtensionTest::dir_;

engine::SideCounts side_of_index(uint32_t index, int points) {
  return side_from_index(index, points, engine::kCheckersPerSide);
}

TEST_F(OneSidedExtensionTest, ReproducesTheLargerDatabaseExactly) {
  const auto& small = small_;
  const auto& large = large_;
  const auto& ext = ext_;
  int beyond = 0;
  for (uint32_t i = 0; i < large->size(); ++i) {
    const engine::SideCounts side = side_of_index(i, 6);
    if (!small->covers(side)) ++beyond;
    const auto got = ext->raw(side);
    ASSERT_TRUE(got) << "index " << i;
    const OneSidedRaw want = large->raw(i);
    ASSERT_EQ(got->bear_off, want.bear_off) << "index " << i;
    ASSERT_EQ(got->save_gammon, want.save_gammon) << "index " << i;
  }
  EXPECT_GT(beyond, 50000);  // almost all of the 54 264 positions are beyond the 3 points
  EXPECT_EQ(ext->memo_size(), static_cast<size_t>(beyond));
}

TEST_F(OneSidedExtensionTest, RacesAsTheLargerDatabaseEvaluatesThem) {
  const auto& large = large_;
  const auto& ext = ext_;
  std::mt19937 rng(5);
  int compared = 0;
  for (int n = 0; n < 300; ++n) {
    engine::Board b;
    b.sides[0] = side_of_index(rng() % large->size(), 6);
    b.sides[1] = side_of_index(rng() % large->size(), 6);
    const auto want = large->evaluate(b);
    const auto got = ext->evaluate(b);
    ASSERT_EQ(bool(want), bool(got)) << n;
    if (!want) continue;
    ++compared;
    for (int k = 0; k < 5; ++k) EXPECT_FLOAT_EQ((*got)[k], (*want)[k]) << n << " output " << k;
  }
  EXPECT_GT(compared, 250);
}

TEST_F(OneSidedExtensionTest, RefusesWhatItCannotValue) {
  OneSidedExtensionSettings s;
  s.max_points = 8;
  s.node_budget = 10;
  auto ext = OneSidedExtension::create(*small_, s);
  ASSERT_TRUE(ext);
  engine::SideCounts far{};
  far[7] = 15;  // fifteen chequers on the 8-point: thousands of positions above 3 points
  EXPECT_FALSE((*ext)->raw(far)) << "over the node budget";
  engine::SideCounts beyond{};
  beyond[8] = 1;
  beyond[0] = 14;
  EXPECT_FALSE((*ext)->reaches(beyond));
  EXPECT_FALSE((*ext)->raw(beyond));
  engine::SideCounts bar{};
  bar[engine::kBar] = 1;
  bar[0] = 14;
  EXPECT_FALSE((*ext)->raw(bar));
  // Sides in contact are no race.
  engine::Board contact;
  contact.sides[1][12] = 1;
  contact.sides[1][0] = 14;
  contact.sides[0][12] = 1;
  contact.sides[0][0] = 14;
  EXPECT_FALSE((*ext)->evaluate(contact));

  // Normal-distribution databases hold no exact distributions to extend.
  ASSERT_EQ(test::generate({"-o", "3", "-n"}, dir_->file("os3n.bd"), 1), "");
  auto normal = OneSidedDatabase::open(dir_->file("os3n.bd"));
  ASSERT_TRUE(normal) << normal.error();
  const auto refused = OneSidedExtension::create(*normal, s);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("exact distributions"), std::string::npos) << refused.error();
}

TEST_F(OneSidedExtensionTest, ThreadsShareTheMemoAndAgree) {
  const auto& large = large_;
  const auto& ext = ext_;
  int wrong[2] = {0, 0};
  auto work = [&](int t) {
    for (uint32_t i = large->size(); i-- > 0;) {
      const auto got = ext->raw(side_of_index((i * 7919u + t) % large->size(), 6));
      if (!got || got->bear_off != large->raw((i * 7919u + t) % large->size()).bear_off)
        ++wrong[t];
    }
  };
  std::thread other(work, 1);
  work(0);
  other.join();
  EXPECT_EQ(wrong[0], 0);
  EXPECT_EQ(wrong[1], 0);
}

}  // namespace
}  // namespace tavla::bearoff
