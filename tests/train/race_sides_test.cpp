// SPDX-License-Identifier: GPL-3.0-or-later
// The race evaluator by sides (eval/race_sides_net.h, eval/race_sides.h) and its training
// (tools/train/race_sides_training.h), checked against gnubg's 6-point one-sided database: the
// combination of two sides is the database's own evaluation, the lookahead labels reproduce the
// database where its children are in it, and the shipped net is loaded with tavla.wd only.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <unordered_set>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "bearoff/one_sided_extension.h"
#include "engine/side_key.h"
#include "eval/evaluator.h"
#include "eval/net_set.h"
#include "eval/output_rules.h"
#include "eval/race_sides.h"
#include "eval/weights.h"
#include "train/race_sides_training.h"

namespace tavla::train {
namespace {

namespace fs = std::filesystem;
using engine::Board;
using engine::SideCounts;

struct Dbs {
  std::optional<bearoff::BearoffDatabases> dbs;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
};

const Dbs& dbs() {
  static Dbs d = [] {
    Dbs d;
    auto o = bearoff::open_default_databases(true, [](const std::string&) {});
    if (!o) throw std::runtime_error(o.error());
    d.dbs.emplace(std::move(o).value());
    d.provider.emplace(*d.dbs);
    return d;
  }();
  return d;
}

const bearoff::OneSidedDatabase& os0() {
  return *dbs().dbs->one_sided();
}

// Home-board sides: 1..15 chequers dealt at random on points 1..6 (seeded).
std::vector<SideCounts> home_sides(int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<SideCounts> out;
  for (int k = 0; k < n; ++k) {
    SideCounts s{};
    const int chequers = 1 + static_cast<int>(rng() % 15);
    for (int c = 0; c < chequers; ++c) ++s[rng() % 6];
    out.push_back(s);
  }
  return out;
}

// A race: the side on roll's chequers on its 13- to 8-points, the other side's at home.
Board far_race() {
  Board b;
  b.on_roll()[12] = 3, b.on_roll()[10] = 4, b.on_roll()[7] = 4, b.on_roll()[5] = 4;
  b.opponent()[5] = 5, b.opponent()[4] = 5, b.opponent()[3] = 3;
  return b;
}

fs::path temp_file(const std::string& name) {
  return fs::temp_directory_path() / ("tavla_race_sides_test_" + name);
}

TEST(RaceSides, CombiningTwoSidesIsTheOneSidedDatabasesEvaluation) {
  const auto sides = home_sides(400, 1);
  int compared = 0;
  for (size_t i = 0; i + 1 < sides.size(); i += 2) {
    Board b;
    b.on_roll() = sides[i];
    b.opponent() = sides[i + 1];
    const auto expected = os0().evaluate(b);
    ASSERT_TRUE(expected);
    const eval::Probabilities got = eval::race_from_sides(exact_side_rolls(os0(), sides[i]),
                                                          exact_side_rolls(os0(), sides[i + 1]));
    for (int k : {0, 1, 3}) EXPECT_NEAR(got[k], (*expected)[k], 2e-6) << "output " << k;
    EXPECT_EQ(got[2], 0.0f);
    EXPECT_EQ(got[4], 0.0f);
    ++compared;
  }
  EXPECT_EQ(compared, 200);
}

TEST(RaceSides, LookaheadLabelsReproduceTheDatabaseFromItsChildren) {
  // Children of a home-board side are home-board sides, so the lookahead is makebearoff's rule
  // applied once: the database entry itself, up to the file's 16-bit rounding.
  const eval::RaceSidesNet net(16, 3);  // untrained: never consulted here
  for (const SideCounts& s : home_sides(60, 2)) {
    const eval::SideRolls exact = exact_side_rolls(os0(), s);
    const eval::SideRolls look = lookahead_side_rolls(net, os0(), s);
    for (int k = 0; k < eval::kSideRolls; ++k) {
      EXPECT_NEAR(look.off[k], exact.off[k], 1e-4) << k;
      EXPECT_NEAR(look.gammon[k], exact.gammon[k], 1e-4) << k;
    }
  }
}

TEST(RaceSides, TrajectoryLabelsOfHomeSidesAreTheDatabase) {
  // Every game of a home-board side is inside the database after its first roll, so the
  // trajectory label is the lookahead, which is the entry itself.
  const eval::RaceSidesNet net(16, 3);
  for (const SideCounts& s : home_sides(30, 11)) {
    const eval::SideRolls exact = exact_side_rolls(os0(), s);
    const eval::SideRolls traj = trajectory_side_rolls(net, os0(), s, 2, 5);
    for (int k = 0; k < eval::kSideRolls; ++k) {
      EXPECT_NEAR(traj.off[k], exact.off[k], 1e-4) << k;
      EXPECT_NEAR(traj.gammon[k], exact.gammon[k], 1e-4) << k;
    }
  }
}

TEST(RaceSides, TrajectoryLabelsBeyondTheDatabaseMatchTheExactExtension) {
  // Sides with stragglers on the 7- to 9-points, valued by games into the 6-point database,
  // choosing moves by the shipped net (which knows such sides), against the database's rule
  // carried above its points (bearoff/one_sided_extension.h): exact for the one-sided method.
  auto nets = eval::NetSet::load(eval::default_weight_paths().front());
  ASSERT_TRUE(nets) << nets.error();
  ASSERT_NE((*nets)->race_sides(), nullptr);
  const eval::RaceSidesNet& net = *(*nets)->race_sides();
  auto ext = bearoff::OneSidedExtension::create(os0(), {10, 2000000, size_t{1} << 22});
  ASSERT_TRUE(ext) << ext.error();
  std::mt19937_64 rng(14);
  double total = 0;
  int n = 0;
  for (int k = 0; k < 12; ++k) {
    SideCounts s{};
    s[6 + rng() % 3] = 1 + static_cast<int>(rng() % 2);  // one or two on the 7- to 9-points
    for (int c = 0; c < 8; ++c) ++s[rng() % 6];
    const auto raw = (*ext)->raw(s);
    ASSERT_TRUE(raw);
    double exact = 0;
    for (int r = 0; r < bearoff::kMaxRolls; ++r) exact += r * raw->bear_off[r] / 65535.0;
    const double got = eval::expected_rolls(trajectory_side_rolls(net, os0(), s, 8, 15).off);
    EXPECT_NEAR(got, exact, 0.15);
    total += got - exact;
    ++n;
  }
  // The games choose by estimates, so on average they can only lose rolls, and few.
  EXPECT_GT(total / n, -0.03);
  EXPECT_LT(total / n, 0.08);
}

TEST(RaceSidesNet, DistributionsAreDistributions) {
  const eval::RaceSidesNet net(32, 4);
  const Board b = far_race();
  for (const SideCounts& s : b.sides) {
    eval::SideRolls r;
    net.evaluate(s, r);
    double off = 0, gammon = 0;
    for (int k = 0; k < eval::kSideRolls; ++k) {
      EXPECT_GE(r.off[k], 0.0f);
      EXPECT_GE(r.gammon[k], 0.0f);
      off += r.off[k];
      gammon += r.gammon[k];
    }
    EXPECT_NEAR(off, 1.0, 1e-5);
    EXPECT_NEAR(gammon, 1.0, 1e-5);
  }
  // A side with a chequer off has saved the gammon: all the gammon mass at 0 rolls.
  SideCounts some_off{};
  some_off[0] = 14;
  eval::SideRolls r;
  net.evaluate(some_off, r);
  EXPECT_EQ(r.gammon[0], 1.0f);
}

TEST(RaceSidesNet, SavedNetsLoadBackExactly) {
  const eval::RaceSidesNet net(24, 5);
  const fs::path file = temp_file("roundtrip.race-sides");
  ASSERT_FALSE(net.save(file));
  auto back = eval::RaceSidesNet::load(file);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->hidden(), 24);
  EXPECT_EQ(back->w1, net.w1);
  EXPECT_EQ(back->b1, net.b1);
  EXPECT_EQ(back->w2, net.w2);
  EXPECT_EQ(back->b2, net.b2);
  fs::remove(file);
  // As text (how an MPI training job's ranks get rank 0's net): the same weights, and a damaged
  // text is an error naming where it came from.
  auto parsed = eval::RaceSidesNet::parse(net.text(), "a message");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->w1, net.w1);
  EXPECT_EQ(parsed->b2, net.b2);
  const std::string text = net.text();
  auto cut =
      eval::RaceSidesNet::parse(std::string_view(text).substr(0, text.size() / 2), "a message");
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find("a message: weight"), std::string::npos) << cut.error();
}

TEST(RaceSidesNet, BadFilesAreClearErrors) {
  const fs::path file = temp_file("bad.race-sides");
  auto error_of = [&](const std::string& text) {
    std::ofstream(file) << text;
    auto r = eval::RaceSidesNet::load(file);
    EXPECT_FALSE(r);
    return r ? std::string() : r.error();
  };
  EXPECT_NE(error_of("hello").find("not a race sides net"), std::string::npos);
  EXPECT_NE(error_of("tavla-race-sides-net 1\ninputs 100 hidden 8 rolls 32\n").find("layout"),
            std::string::npos);
  EXPECT_NE(error_of("tavla-race-sides-net 1\ninputs 100 hidden 8 rolls 64\n1 2 3\n")
                .find("weight 4 is missing"),
            std::string::npos);
  // A NaN where a weight should be.
  const eval::RaceSidesNet net(8, 6);
  ASSERT_FALSE(net.save(file));
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const size_t second_line = text.find('\n', text.find('\n') + 1);
  EXPECT_NE(error_of(text.substr(0, second_line + 1) + "nan " + text.substr(second_line + 1))
                .find("not a finite number"),
            std::string::npos);
  EXPECT_NE(error_of(text + "7\n").find("text after the last weight"), std::string::npos);
  EXPECT_FALSE(eval::RaceSidesNet::load(temp_file("missing")));
  fs::remove(file);
}

TEST(RaceSides, FittingLearnsTheDatabase) {
  // 3 000 home-board sides labelled by the database; a small net fitted to 2 900 of them must
  // value the other 100 to a fraction of a roll (an untrained net is rolls away).
  const auto sides = home_sides(3000, 7);
  std::vector<SideExample> fit, check;
  for (size_t i = 0; i < sides.size(); ++i)
    (i < 100 ? check : fit).push_back({sides[i], exact_side_rolls(os0(), sides[i])});
  eval::RaceSidesNet net(32, 8);
  const SideFitReport before = check_sides(net, check);
  SideFitSettings s;
  s.epochs = 120;
  s.rate = 0.003f;
  s.final_rate = 0.0003f;
  const SideFitReport after = fit_sides(net, fit, check, s, nullptr);
  EXPECT_GT(before.check_mean_error, 1.0);
  EXPECT_LT(after.check_mean_error, 0.15);
  EXPECT_LT(after.check_loss, before.check_loss);
}

TEST(RaceSides, MoreWalksKeepTheFirstWalksSidesAndAddOthers) {
  // A second walk home goes on with the dice where the first stopped: the first walk's sides
  // come first and unchanged, the second adds sides none of which repeats one already kept.
  const std::vector<Board> races{far_race()};
  SideSampling one{0.8, 5, 1}, three{0.8, 5, 3};
  const auto a = sample_sides(races, os0(), one);
  const auto b = sample_sides(races, os0(), three);
  ASSERT_GT(a.size(), 5u);
  ASSERT_GT(b.size(), a.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]) << "side " << i;
  std::unordered_set<engine::SideKey, engine::SideKeyHash> keys;
  for (const auto& s : b) keys.insert(engine::side_key(s));
  EXPECT_EQ(keys.size(), b.size());
  for (const auto& s : b) {
    int chequers = 0;
    for (int i = 0; i < engine::kPoints; ++i) chequers += s[i];
    EXPECT_GE(chequers, 1);
    EXPECT_LE(chequers, engine::kCheckersPerSide);
  }
}

TEST(RaceSides, ShippedWeightsCarryTheNetAndGnubgsDoNot) {
  const fs::path tavla = eval::default_weight_paths().front();
  ASSERT_TRUE(fs::exists(tavla)) << tavla;
  auto own = eval::NetSet::load(tavla);
  ASSERT_TRUE(own) << own.error();
  EXPECT_NE((*own)->race_sides(), nullptr) << "weights/tavla.race-sides beside " << tavla;
  // The same weights under another name have no net beside them: the race net values races.
  const fs::path copy = temp_file("copy.wd");
  fs::copy_file(tavla, copy, fs::copy_options::overwrite_existing);
  auto bare = eval::NetSet::load(copy);
  ASSERT_TRUE(bare) << bare.error();
  EXPECT_EQ((*bare)->race_sides(), nullptr);
  // A broken file beside the weights is an error naming it, not a silent fallback.
  const fs::path beside = temp_file("copy.race-sides");
  std::ofstream(beside) << "tavla-race-sides-net 1\n";
  auto broken = eval::NetSet::load(copy);
  ASSERT_FALSE(broken);
  EXPECT_NE(broken.error().find("copy.race-sides"), std::string::npos) << broken.error();
  setenv("TAVLA_RACE_SIDES", "none", 1);
  auto off = eval::NetSet::load(copy);
  unsetenv("TAVLA_RACE_SIDES");
  ASSERT_TRUE(off) << off.error();
  EXPECT_EQ((*off)->race_sides(), nullptr);
  fs::remove(copy);
  fs::remove(beside);
}

TEST(RaceSides, TheEvaluatorValuesRacesBySides) {
  auto nets = eval::NetSet::load(eval::default_weight_paths().front());
  ASSERT_TRUE(nets) << nets.error();
  const eval::RaceSidesNet* net = (*nets)->race_sides();
  ASSERT_NE(net, nullptr);
  const eval::BearoffProvider* bo = &*dbs().provider;
  eval::Evaluator ev(*nets, bo);
  const Board b = far_race();
  ASSERT_EQ(eval::classify(b, bo), eval::PositionClass::kRace);
  eval::SideRolls us, them;
  eval::side_rolls(*net, bo, b.on_roll(), us);
  eval::side_rolls(*net, bo, b.opponent(), them);
  eval::Probabilities expected = eval::race_from_sides(us, them);
  eval::race_backgammon_override(b, expected, bo);
  eval::sanity_check(b, expected, bo);
  const eval::Probabilities single = ev.evaluate(b);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(single[k], expected[k]) << k;
  // The batched path and the reference path agree with the single one.
  std::vector<Board> boards(40, b);
  std::vector<eval::Probabilities> out(boards.size());
  ev.evaluate(boards, out);
  for (const auto& p : out) EXPECT_EQ(p, single);
  EXPECT_EQ(eval::evaluate_reference(**nets, b, bo), single);
  // The side on roll (139 pips) is 72 pips behind: it all but loses; it brings its chequers home
  // (49 pips) well before the other side (67 pips, two off) finishes, so it rarely loses a gammon.
  EXPECT_LT(single.win(), 0.01f);
  EXPECT_LT(single.lose_gammon(), 0.2f);
}

TEST(RaceSides, ShippedNetAgreesWithTheHomeBoardDatabase) {
  auto nets = eval::NetSet::load(eval::default_weight_paths().front());
  ASSERT_TRUE(nets) << nets.error();
  const eval::RaceSidesNet* net = (*nets)->race_sides();
  ASSERT_NE(net, nullptr);
  double total = 0;
  const auto sides = home_sides(2000, 9);
  for (const SideCounts& s : sides) {
    eval::SideRolls r;
    net->evaluate(s, r);
    const double err = std::abs(eval::expected_rolls(r.off) -
                                eval::expected_rolls(exact_side_rolls(os0(), s).off));
    EXPECT_LT(err, 0.5);
    total += err;
  }
  EXPECT_LT(total / sides.size(), 0.05);
}

}  // namespace
}  // namespace tavla::train
