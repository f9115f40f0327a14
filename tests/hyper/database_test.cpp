// SPDX-License-Identifier: GPL-3.0-or-later
// The hypergammon file format: codes, entries, headers, sizes; damaged files are refused with a
// message naming the file; probing by board.
#include <gtest/gtest.h>

#include "bearoff/bearoff_index.h"
#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_solver.h"
#include "engine/variant.h"
#include "hyper_test_util.h"

namespace tavla::bearoff {
namespace {

using test::TempDir;

TEST(HyperFormat, Codes) {
  EXPECT_EQ(code_from_probability(0), 0u);
  EXPECT_EQ(code_from_probability(1), 0xFFFFFFu);
  EXPECT_EQ(code_from_probability(1.5), 0xFFFFFFu);  // clamped
  EXPECT_EQ(code_from_equity(-3), 0u);
  EXPECT_EQ(code_from_equity(3), 0xFFFFFFu);
  EXPECT_EQ(code_from_equity(1), 11184810u);  // exactly 2/3 of the range
  EXPECT_EQ(code_from_equity(-1), 5592405u);
  EXPECT_FLOAT_EQ(equity_from_code(11184810u), 1.0f);
  EXPECT_NEAR(equity_from_code(code_from_equity(0.123456)), 0.123456, 2e-7);
  EXPECT_NEAR(probability_from_code(code_from_probability(0.654321)), 0.654321, 3e-8);
  EXPECT_EQ(hyper_positions_per_side(1), 26u);
  EXPECT_EQ(hyper_positions_per_side(2), 351u);
  EXPECT_EQ(hyper_positions_per_side(3), 3276u);
  EXPECT_EQ(hyper_file_size(1), 18968u);
  EXPECT_EQ(hyper_file_size(2), 3449668u);
  EXPECT_EQ(hyper_file_size(3), 300500968u);
}

TEST(HyperFormat, EntryRoundTrip) {
  HyperEntry e;
  e.probabilities = {0.6f, 0.2f, 0.01f, 0.1f, 0.005f};
  e.cubeful = {0.8f, 0.5f, 0.4f, -0.2f};
  uint8_t bytes[kHyperEntryBytes];
  write_codes(encode_entry(e), bytes);
  EXPECT_EQ(bytes[27], 0);
  EXPECT_EQ(read_code(bytes), code_from_probability(0.6f));
  const HyperEntry back = decode_entry(bytes);
  for (int k = 0; k < 5; ++k) EXPECT_NEAR(back.probabilities[k], e.probabilities[k], 1e-7);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(back.cubeful[k], e.cubeful[k], 4e-7);
  EXPECT_EQ(back.cubeful_equity(true, false, true), back.cubeful[kCentredJacoby]);
  EXPECT_EQ(back.cubeful_equity(true, true, false), back.cubeful[kCentred]);
  EXPECT_EQ(back.cubeful_equity(false, true, true), back.cubeful[kOwned]);
  EXPECT_EQ(back.cubeful_equity(false, false, false), back.cubeful[kOpponentOwns]);
}

class HyperFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    auto solver = HypergammonSolver::create(1, 1);
    ASSERT_TRUE(solver) << solver.error();
    while (solver.value().iterate().norm() > 1e-5) {
    }
    ASSERT_FALSE(solver.value().write(good_));
    bytes_ = test::read_file(good_);
    ASSERT_EQ(bytes_.size(), hyper_file_size(1));
  }
  std::string open_error(const std::string& bytes, std::optional<int> chequers = std::nullopt) {
    const auto f = dir_.file("bad.bd");
    test::write_file(f, bytes);
    auto db = HypergammonDatabase::open(f, chequers);
    return db ? "" : db.error();
  }
  TempDir dir_;
  std::filesystem::path good_ = dir_.file("hyper1.bd");
  std::string bytes_;
};

TEST_F(HyperFiles, HeaderIsGnubgs) {
  EXPECT_EQ(bytes_.substr(0, 40), "gnubg-H1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n");
  auto db = HypergammonDatabase::open(good_, 1);
  ASSERT_TRUE(db) << db.error();
  EXPECT_EQ(db->chequers(), 1);
  EXPECT_EQ(db->positions_per_side(), 26u);
  // No temporary file is left next to the output.
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_.path())) ++files;
  EXPECT_EQ(files, 1);
}

TEST_F(HyperFiles, DamagedFilesAreRefused) {
  EXPECT_NE(open_error(bytes_.substr(0, bytes_.size() - 28)).find("truncated"), std::string::npos);
  EXPECT_NE(open_error(bytes_ + "x").find("file size"), std::string::npos);
  EXPECT_NE(open_error(bytes_.substr(0, 20)).find("header"), std::string::npos);
  EXPECT_NE(open_error("").find("bad.bd"), std::string::npos);
  std::string other = bytes_;
  other[7] = '2';  // claims 2 chequers: the size no longer fits
  EXPECT_NE(open_error(other).find("file size"), std::string::npos);
  other = bytes_;
  other[7] = '4';
  EXPECT_NE(open_error(other).find("chequer"), std::string::npos);
  other = bytes_;
  other[6] = 'T';
  other[7] = 'S';
  EXPECT_NE(open_error(other), "");
  other = bytes_;
  other[20] = 'y';
  EXPECT_NE(open_error(other).find("padding"), std::string::npos);
  other = bytes_;
  other[0] = 'G';
  EXPECT_NE(open_error(other), "");
  EXPECT_NE(open_error(bytes_, 2).find("not 2-chequer"), std::string::npos);
  EXPECT_EQ(open_error(bytes_, 1), "");
  auto missing = HypergammonDatabase::open(dir_.file("missing.bd"));
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("missing.bd"), std::string::npos);
}

TEST_F(HyperFiles, ProbeByBoard) {
  auto db = HypergammonDatabase::open(good_).value();
  engine::Board b = engine::starting_position(engine::Variant::kHypergammon1);
  const auto start = db.probe(b);
  ASSERT_TRUE(start);
  // 1-chequer hypergammon from the start: the side on roll is a favourite, but not a big one.
  EXPECT_GT(start->probabilities[kWin], 0.5f);
  EXPECT_LT(start->probabilities[kWin], 0.7f);
  const uint32_t i = bearoff_index(b.on_roll(), kHyperPoints);
  const HyperEntry direct = db.entry(i, i);
  EXPECT_EQ(start->probabilities, direct.probabilities);
  EXPECT_EQ(start->cubeful, direct.cubeful);
  b.on_roll()[3] = 1;  // two chequers: not covered
  EXPECT_FALSE(db.probe(b));
  EXPECT_FALSE(hyper_index(b, 1));
  EXPECT_TRUE(hyper_index(b, 2));
  engine::Board over;  // the opponent is off, the side on roll has its chequer: a gammon loss
  over.on_roll()[5] = 1;
  EXPECT_EQ(db.probe(over)->probabilities, (Probabilities{0, 0, 0, 1, 0}));
  EXPECT_FLOAT_EQ(db.probe(over)->cubeful[kOwned], -2.0f);
  EXPECT_FLOAT_EQ(db.probe(over)->cubeful[kCentredJacoby], -1.0f);  // no gammons with Jacoby
}

}  // namespace
}  // namespace tavla::bearoff
