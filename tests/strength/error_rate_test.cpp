// SPDX-License-Identifier: GPL-3.0-or-later
// Error rates on the committed set (bench/error_positions.txt): the file is what it says (every
// legal play, reference equities reproduced at 2 ply), choosing the reference's best plays scores
// exactly 0, and 2 ply < 0 ply < a noisy 0 ply. The reader rejects malformed files.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "engine/movegen.h"
#include "eval/search.h"
#include "strength/error_rate.h"
#include "strength/error_set.h"
#include "tests/eval/test_support.h"

namespace tavla::strength {
namespace {

const ErrorSet& committed_set() {
  static const ErrorSet set = [] {
    auto s = read_error_set(std::filesystem::path(TAVLA_SOURCE_DIR) / "bench/error_positions.txt");
    if (!s) throw std::runtime_error(s.error());
    return *s;
  }();
  return set;
}

PlayerConfig player(std::shared_ptr<const eval::NetSet> nets, eval::Level level) {
  return {std::move(nets), eval::level_setup(level), "test"};
}

TEST(ErrorSet, CommittedFileIsComplete) {
  const ErrorSet& set = committed_set();  // the reader checks every play is listed, best first
  EXPECT_GE(set.positions.size(), 500u);
  EXPECT_LE(set.positions.size(), 2000u);
  std::array<int, 3> per_class{};
  for (const ErrorPosition& p : set.positions)
    for (int k = 0; k < 3; ++k) per_class[k] += p.cls == kErrorClasses[k];
  for (int k = 0; k < 3; ++k) EXPECT_GE(per_class[k], 100) << k;
  EXPECT_NE(set.reference.find("2-ply"), std::string::npos);
}

TEST(ErrorSet, ReferenceEquitiesAreTwoPly) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  const ErrorSet& set = committed_set();
  eval::Search search(nets, bearoff);
  auto list = std::make_unique<engine::MoveList>();
  const eval::EvalContext two_ply{2, false, true, true, 0.0f};
  for (size_t i = 0; i < set.positions.size(); i += 100) {  // contact, crashed and race ones
    const ErrorPosition& p = set.positions[i];
    const int n = engine::generate_moves(p.board, p.d1, p.d2, *list);
    std::vector<eval::ScoredMove> moves;
    for (int j = 0; j < n; ++j) moves.push_back(eval::unscored((*list)[j]));
    search.score_moves(p.board, moves, cubeless_money(1), two_ply, 2);
    for (const eval::ScoredMove& m : moves) {
      auto loss = play_loss(p, m.move.after);
      ASSERT_TRUE(loss.has_value());
      // The file keeps 6 decimals.
      EXPECT_NEAR(p.moves.front().equity - *loss, m.cubeless_equity, 1e-6) << "position " << i;
    }
  }
}

TEST(ErrorRate, ReferenceBestPlaysScoreZero) {
  const ErrorSet& set = committed_set();
  std::vector<engine::Board> best;
  for (const ErrorPosition& p : set.positions) best.push_back(p.moves.front().after);
  auto r = tally_errors(set, best);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->all.decisions, static_cast<int>(set.positions.size()));
  EXPECT_EQ(r->all.total_loss, 0.0);
  EXPECT_EQ(r->all.mean_millipoints(), 0.0);
  EXPECT_EQ(r->all.errors, 0);
  EXPECT_EQ(r->all.best, r->all.decisions);
  // The worst plays lose what the file says.
  std::vector<engine::Board> worst;
  double expected = 0;
  for (const ErrorPosition& p : set.positions) {
    worst.push_back(p.moves.back().after);
    expected += p.moves.front().equity - p.moves.back().equity;
  }
  auto w = tally_errors(set, worst);
  ASSERT_TRUE(w);
  EXPECT_NEAR(w->all.total_loss, expected, 1e-6 * static_cast<double>(set.positions.size()));
  EXPECT_EQ(w->by_class[0].decisions + w->by_class[1].decisions + w->by_class[2].decisions,
            w->all.decisions);
  // A board that is no play of the roll is an error, not a loss.
  std::vector<engine::Board> wrong = best;
  wrong[3] = set.positions[3].board;
  EXPECT_FALSE(tally_errors(set, wrong));
}

TEST(ErrorRate, DeeperIsBetterAndNoiseIsWorse) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  // Every fourth position keeps the 2-ply part short.
  ErrorSet subset;
  const ErrorSet& set = committed_set();
  for (size_t i = 0; i < set.positions.size(); i += 4) subset.positions.push_back(set.positions[i]);
  auto rate = [&](const PlayerConfig& p) {
    auto r = tally_errors(subset, choose_plays(subset, p, bearoff, 2));
    EXPECT_TRUE(r);
    return r ? r->all.mean_millipoints() : 0.0;
  };
  const double two = rate(player(nets, eval::Level::kWorldClass));
  const double zero = rate(player(nets, eval::Level::kExpert));
  const double noisy = rate(player(nets, eval::Level::kBeginner));
  EXPECT_LT(two, zero);
  EXPECT_LT(zero, noisy);
  EXPECT_GT(two, 0.0);  // filters and pruning at 2 ply do not always find the full 2-ply best
}

TEST(ErrorRate, ThreadsDoNotChangeChoices) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  ErrorSet subset;
  const ErrorSet& set = committed_set();
  for (size_t i = 0; i < set.positions.size(); i += 10) subset.positions.push_back(set.positions[i]);
  PlayerConfig p = player(nets, eval::Level::kIntermediate);
  EXPECT_EQ(choose_plays(subset, p, bearoff, 1), choose_plays(subset, p, bearoff, 3));
}

TEST(ErrorSet, BuildIsReproducibleAndRoundTrips) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  ErrorSetBuildSettings st;
  st.contact = 4;
  st.crashed = 2;
  st.race = 3;
  st.seed = 5;
  st.reference.plies = 1;  // the sampling and bookkeeping are under test here, not the depth
  auto text = [&](int threads) {
    st.threads = threads;
    ErrorSet set = build_error_set(nets, bearoff, st);
    std::ostringstream os;
    write_error_set(os, set, "test");
    return os.str();
  };
  const std::string one = text(1);
  EXPECT_EQ(one, text(3));
  std::istringstream in(one);
  auto back = read_error_set(in, "built");
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->positions.size(), 9u);
  EXPECT_EQ(back->positions[0].cls, eval::PositionClass::kContact);
  EXPECT_EQ(back->positions[4].cls, eval::PositionClass::kCrashed);
  EXPECT_EQ(back->positions[8].cls, eval::PositionClass::kRace);
  for (const ErrorPosition& p : back->positions) {
    EXPECT_EQ(eval::classify(p.board, bearoff), p.cls);
    EXPECT_GE(p.d1, p.d2);
  }
  std::ostringstream again;
  write_error_set(again, *back, "test");
  EXPECT_EQ(again.str(), one);
}

std::string reject(const std::string& text) {
  std::istringstream in(text);
  auto r = read_error_set(in, "t.txt");
  return r ? std::string("accepted") : r.error();
}

TEST(ErrorSet, ReaderRejectsBadFiles) {
  // A real line from the committed set, then variants of it.
  const ErrorSet& set = committed_set();
  std::ostringstream os;
  ErrorSet one{"r", {set.positions[0]}};
  write_error_set(os, one, "header");
  const std::string good = os.str();
  EXPECT_EQ(reject(good), "accepted");
  EXPECT_EQ(reject(""), "t.txt: no positions");
  const std::string line = good.substr(good.find("reference r\n") + 12);
  auto swap_first = [&](const std::string& from, const std::string& to) {
    const size_t at = line.find(from);
    std::string l = line.substr(0, at);
    l += to;
    l += line.substr(at + from.size());
    return l;
  };
  auto spaced = [](std::string_view word) {  // appended piecewise: GCC 12 warns on a + chain
    std::string s(1, ' ');
    s += word;
    s += ' ';
    return s;
  };
  const std::string cls = spaced(eval::position_class_name(set.positions[0].cls));
  EXPECT_NE(reject(swap_first(cls, " midgame ")).find("t.txt:1: unknown class"),
            std::string::npos);
  const std::string n = spaced(std::to_string(set.positions[0].moves.size()));
  EXPECT_NE(reject(swap_first(n, " 1 ")).find("at least two plays"), std::string::npos);
  if (set.positions[0].moves.size() > 2) {
    EXPECT_NE(reject(swap_first(n, " 2 ")).find("unexpected text"), std::string::npos);
  }
  EXPECT_NE(reject(swap_first(line.substr(0, line.find(':')), "4HPwATDgc/ABMA")).find("t.txt:1:"),
            std::string::npos);
  EXPECT_NE(reject("zzz contact 2\n").find("t.txt:1:"), std::string::npos);
}

}  // namespace
}  // namespace tavla::strength
