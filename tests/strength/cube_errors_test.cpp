// SPDX-License-Identifier: GPL-3.0-or-later
// Cube sets and cube error rates (strength/cube_set.h, cube_errors.h, cube_reference.h): the file
// format round-trips and refuses what is not a money cube decision; losses follow the doubler's
// and taker's rules; a built set keeps only positions its screen finds close; the rollout
// reference is `tavla rollout --cube`'s rollout; nothing depends on the number of threads.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "analysis/position_rollout.h"
#include "engine/gnubg_id.h"
#include "eval/cube_decision.h"
#include "eval/position_class.h"
#include "eval/search.h"
#include "strength/cube_errors.h"
#include "strength/cube_reference.h"
#include "strength/cube_set.h"
#include "tests/eval/test_support.h"

namespace tavla::strength {
namespace {

CubePosition position(float nd, float dt, eval::PositionClass c = eval::PositionClass::kContact) {
  CubePosition p;
  p.board = engine::Board::starting_position();
  p.cls = c;
  p.no_double = nd;
  p.double_take = dt;
  return p;
}

TEST(CubeSet, WritesAndReadsBack) {
  CubeSet set{"a test", {position(0.5f, 0.75f), position(0.9f, 1.3f, eval::PositionClass::kRace)}};
  set.positions[1].owned = true;
  set.positions[1].cube = 2;
  set.positions[1].se_no_double = 0.012f;
  set.positions[1].se_double_take = 0.02f;
  std::ostringstream out;
  write_cube_set(out, set, "made by\na test");
  std::istringstream in(out.str());
  auto back = read_cube_set(in, "mem");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->reference, "a test");
  ASSERT_EQ(back->positions.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const CubePosition &a = set.positions[i], &b = back->positions[i];
    EXPECT_EQ(a.board, b.board);
    EXPECT_EQ(a.cube, b.cube);
    EXPECT_EQ(a.owned, b.owned);
    EXPECT_EQ(a.cls, b.cls);
    EXPECT_FLOAT_EQ(a.no_double, b.no_double);
    EXPECT_FLOAT_EQ(a.double_take, b.double_take);
    EXPECT_FLOAT_EQ(a.se_no_double, b.se_no_double);
    EXPECT_FLOAT_EQ(a.se_double_take, b.se_double_take);
  }
  // The ID carries the cube: the owned one is "cube 2, player on roll owns it".
  auto g = engine::game_from_text(cube_position_id(set.positions[1]));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->match.cube, 2);
  EXPECT_EQ(g->match.cube_owner, g->match.on_roll);
  EXPECT_FALSE(g->match.dice_rolled());
}

TEST(CubeSet, RefusesWhatIsNotAMoneyCubeDecision) {
  const std::string ok = cube_position_id(position(0, 0));
  auto g = engine::game_from_text(ok);
  ASSERT_TRUE(g);
  engine::Game rolled = *g, theirs = *g, match = *g;
  rolled.match.dice = {3, 1};
  theirs.match.cube = 2;
  theirs.match.cube_owner = 1 - theirs.match.on_roll;
  match.match.match_length = 5;
  const std::pair<std::string, std::string> bad[] = {
      {engine::gnubg_id(rolled) + " contact 0.1 0.2 0 0", "before the roll"},
      {engine::gnubg_id(theirs) + " contact 0.1 0.2 0 0", "cannot double"},
      {engine::gnubg_id(match) + " contact 0.1 0.2 0 0", "not a money position"},
      {ok + " bearoff 0.1 0.2 0 0", "unknown class"},
      {ok + " contact 0.1 x 0 0", "bad number 'x'"},
      {ok + " contact 0.1 0.2 0", "expected a class"},
      {ok + " contact 0.1 0.2 0 -1", "negative standard error"},
      {ok + " contact 0.1 0.2 0 0 7", "unexpected text '7'"},
      {"nonsense contact 0.1 0.2 0 0", ""},
  };
  for (const auto& [line, why] : bad) {
    std::istringstream in("reference r\n" + line + "\n");
    auto r = read_cube_set(in, "f");
    ASSERT_FALSE(r) << line;
    EXPECT_NE(r.error().find("f:2: "), std::string::npos) << r.error();
    EXPECT_NE(r.error().find(why), std::string::npos) << r.error();
  }
  std::istringstream empty("reference r\n# nothing\n");
  EXPECT_FALSE(read_cube_set(empty, "f"));
}

TEST(CubeErrors, DoublerAndTakerLosses) {
  // Double, take: the doubler should double, the taker take.
  const CubePosition dt = position(0.5f, 0.75f);
  EXPECT_FLOAT_EQ(double_loss(dt, true), 0.0f);
  EXPECT_FLOAT_EQ(double_loss(dt, false), 0.25f);
  EXPECT_FLOAT_EQ(take_loss(dt, true), 0.0f);
  EXPECT_FLOAT_EQ(take_loss(dt, false), 0.25f);
  // Double, pass: doubling wins the point; taking costs the taker DT - 1.
  const CubePosition dp = position(0.9f, 1.3f);
  EXPECT_FLOAT_EQ(double_loss(dp, false), 0.1f);
  EXPECT_FLOAT_EQ(double_loss(dp, true), 0.0f);
  EXPECT_FLOAT_EQ(take_loss(dp, true), 0.3f);
  EXPECT_FLOAT_EQ(take_loss(dp, false), 0.0f);
  // No double, take: doubling gives away min(DT, DP) - ND.
  const CubePosition nd = position(0.4f, 0.3f);
  EXPECT_FLOAT_EQ(double_loss(nd, true), 0.1f);
  EXPECT_FLOAT_EQ(double_loss(nd, false), 0.0f);
  // Too good: no double beats double/pass.
  const CubePosition tg = position(1.2f, 1.5f);
  EXPECT_FLOAT_EQ(double_loss(tg, true), 0.2f);
  EXPECT_FLOAT_EQ(double_loss(tg, false), 0.0f);

  const CubeSet set{"r", {dt, dp, position(0.4f, 0.3f, eval::PositionClass::kRace)}};
  const std::vector<CubeChoice> chosen{{false, true}, {true, true}, {true, false}};
  const CubeErrorReport r = tally_cube_errors(set, chosen);
  EXPECT_EQ(r.all[0].decisions, 3);
  EXPECT_EQ(r.all[1].decisions, 3);
  EXPECT_EQ(r.all[2].decisions, 6);
  EXPECT_NEAR(r.all[0].total_loss, 0.25 + 0.1, 1e-6);  // dt not doubled, race doubled
  EXPECT_NEAR(r.all[1].total_loss, 0.3 + 0.7, 1e-6);   // dp taken, race (DT 0.3) passed
  EXPECT_EQ(r.all[2].wrong, 4);
  EXPECT_EQ(r.by_class[0][2].decisions, 4);  // contact
  EXPECT_EQ(r.by_class[2][2].decisions, 2);  // race
  EXPECT_NEAR(r.by_class[2][2].total_loss, 0.1 + 0.7, 1e-6);
  EXPECT_NEAR(r.all[2].mean_millipoints(), 1000.0 * 1.35 / 6, 1e-3);

  // The same decisions listed, worst first: the race pass, dp's take, dt's missed double, the
  // race double.
  const std::vector<LostCubeDecision> lost = lost_cube_decisions(set, chosen);
  ASSERT_EQ(lost.size(), 4u);
  const int index[4] = {2, 1, 0, 2};
  const bool take[4] = {true, true, false, false};
  const float loss[4] = {0.7f, 0.3f, 0.25f, 0.1f};
  for (size_t k = 0; k < lost.size(); ++k) {
    EXPECT_EQ(lost[k].index, index[k]) << k;
    EXPECT_EQ(lost[k].take, take[k]) << k;
    EXPECT_NEAR(lost[k].loss, loss[k], 1e-6) << k;
  }
}

// A small set built with a cheap (0-ply) screen, shared by the tests below.
const CubeSet& small_set(std::shared_ptr<const eval::NetSet> nets,
                         const eval::BearoffProvider* bearoff) {
  static const CubeSet set = [&] {
    CubeSetBuildSettings st;
    st.contact = 3;
    st.crashed = 1;
    st.race = 2;
    st.seed = 3;
    st.screen.plies = 0;
    st.owned_fraction = 0.5f;
    return build_cube_set(nets, bearoff, st);
  }();
  return set;
}

TEST(CubeSet, BuiltPositionsAreCloseDecisionsOfTheirClass) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  const CubeSet& set = small_set(nets, bearoff);
  ASSERT_EQ(set.positions.size(), 6u);
  int per_class[3] = {0, 0, 0}, owned = 0;
  eval::Search search(nets, bearoff);
  const CubeSetBuildSettings st;
  for (const CubePosition& p : set.positions) {
    EXPECT_EQ(eval::classify(p.board, bearoff), p.cls);
    ++per_class[p.cls == eval::PositionClass::kContact   ? 0
                : p.cls == eval::PositionClass::kCrashed ? 1
                                                         : 2];
    owned += p.owned;
    EXPECT_EQ(p.cube, p.owned ? 2 : 1);
    const eval::CubeInfo ci = cube_info_of(p);
    EXPECT_TRUE(eval::may_double(ci));
    auto ev = search.cube_evaluations(p.board, ci, eval::EvalContext{0, true, true, true, 0.0f});
    EXPECT_FLOAT_EQ(ev[0].cubeful_equity, p.no_double);
    EXPECT_FLOAT_EQ(ev[1].cubeful_equity, p.double_take);
    const bool close_double =
        std::abs(std::min(p.double_take, 1.0f) - p.no_double) < st.double_window;
    const bool close_take = std::abs(p.double_take - 1.0f) < st.take_window;
    EXPECT_TRUE(close_double || close_take) << cube_position_id(p);
    EXPECT_FALSE(p.no_double >= st.dead_cash_no_double && p.double_take >= st.dead_cash_double_take)
        << cube_position_id(p);
  }
  EXPECT_EQ(per_class[0], 3);
  EXPECT_EQ(per_class[1], 1);
  EXPECT_EQ(per_class[2], 2);
  EXPECT_GT(owned, 0);
  EXPECT_LT(owned, 6);
}

TEST(CubeReference, IsTheRolloutOfTheCubeCommand) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  const CubeSet& set = small_set(nets, bearoff);
  CubeReferenceSettings st;
  st.trials = 36;
  st.seed = 11;
  size_t i = 0;  // a race: quick
  while (set.positions[i].cls != eval::PositionClass::kRace) ++i;
  const CubePosition& p = set.positions[i];
  const CubePosition r = rollout_cube_position(p, static_cast<int>(i), nets, bearoff, st);
  // The same decision through `tavla rollout --cube`'s request, at 0-ply cube decisions.
  analysis::RolloutRequest req;
  req.cube = true;
  req.trials = 36;
  req.seed = st.seed + static_cast<uint32_t>(i);
  req.plies = 0;
  req.cube_plies = 0;
  auto game = engine::game_from_text(cube_position_id(p));
  ASSERT_TRUE(game);
  eval::Search search(nets, bearoff);
  auto cands = analysis::rollout_candidates(*game, cube_info_of(p), req, search);
  ASSERT_TRUE(cands) << cands.error();
  ASSERT_EQ(cands->size(), 2u);
  std::vector<rollout::Alternative> alts{(*cands)[0].alt, (*cands)[1].alt};
  rollout::Rollout direct(nets, bearoff, analysis::rollout_settings(req), alts);
  direct.run(36);
  EXPECT_FLOAT_EQ(r.no_double, direct.stats()[0].mean[rollout::kCubefulEquity]);
  EXPECT_FLOAT_EQ(r.double_take, direct.stats()[1].mean[rollout::kCubefulEquity]);
  EXPECT_FLOAT_EQ(r.se_no_double, direct.stats()[0].std_error[rollout::kCubefulEquity]);
  EXPECT_GT(r.se_double_take, 0.0f);
  EXPECT_EQ(r.board, p.board);
  EXPECT_EQ(r.cls, p.cls);
}

TEST(CubeReference, InPositionOrderWhateverTheThreads) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  CubeSet set = small_set(nets, bearoff);
  // The crashed position and the races (quick).
  std::erase_if(set.positions,
                [](const CubePosition& p) { return p.cls == eval::PositionClass::kContact; });
  ASSERT_EQ(set.positions.size(), 3u);
  CubeReferenceSettings st;
  st.trials = 36;
  std::vector<CubePosition> one, two;
  std::vector<size_t> order;
  rollout_cube_positions(set, 0, nets, bearoff, st, [&](size_t i, const CubePosition& p) {
    order.push_back(i);
    one.push_back(p);
  });
  st.threads = 2;
  rollout_cube_positions(set, 1, nets, bearoff, st,
                         [&](size_t, const CubePosition& p) { two.push_back(p); });
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2}));
  ASSERT_EQ(two.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(one[i + 1].no_double, two[i].no_double);
    EXPECT_EQ(one[i + 1].double_take, two[i].double_take);
  }
}

TEST(CubeErrors, ChoicesAreTheDuelPlayersAndDoNotDependOnThreads) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  const CubeSet& set = small_set(nets, bearoff);
  PlayerConfig player{nets, zero_ply_cubeless(), "0-ply"};
  const auto one = choose_cube_actions(set, player, bearoff, 1);
  int calls = 0;
  const auto two = choose_cube_actions(set, player, bearoff, 2, [&](int done, int total) {
    ++calls;
    EXPECT_EQ(done, calls);
    EXPECT_EQ(total, 6);
  });
  EXPECT_EQ(calls, 6);
  ASSERT_EQ(one.size(), set.positions.size());
  eval::Search search(nets, bearoff);
  for (size_t i = 0; i < set.positions.size(); ++i) {
    const CubePosition& p = set.positions[i];
    EXPECT_EQ(one[i].doubles, two[i].doubles);
    EXPECT_EQ(one[i].takes, two[i].takes);
    EXPECT_EQ(one[i].doubles, wants_to_double(search, player, p.board, cube_info_of(p)));
    EXPECT_EQ(one[i].takes, takes(search, player, p.board, cube_info_of(p)));
  }
}

// The committed benchmark: the leading candidates of bench/cube_candidates.txt, rolled out, every
// class present, every equity with its standard error.
TEST(CubeSet, TheCommittedBenchmarkIsItsCandidatesRolledOut) {
  const std::filesystem::path dir = std::filesystem::path(TAVLA_SOURCE_DIR) / "bench";
  auto set = read_cube_set(dir / "cube_positions.txt");
  ASSERT_TRUE(set) << set.error();
  auto candidates = read_cube_set(dir / "cube_candidates.txt");
  ASSERT_TRUE(candidates) << candidates.error();
  EXPECT_EQ(default_cube_set_path(), dir / "cube_positions.txt");
  ASSERT_GE(set->positions.size(), 200u);
  ASSERT_LE(set->positions.size(), candidates->positions.size());
  int per_class[3] = {0, 0, 0};
  for (size_t i = 0; i < set->positions.size(); ++i) {
    const CubePosition &p = set->positions[i], &c = candidates->positions[i];
    EXPECT_EQ(cube_position_id(p), cube_position_id(c)) << i;
    EXPECT_EQ(p.cls, c.cls) << i;
    EXPECT_GT(p.se_no_double, 0.0f) << i;
    EXPECT_GT(p.se_double_take, 0.0f) << i;
    EXPECT_EQ(c.se_no_double, 0.0f) << i;
    ++per_class[p.cls == eval::PositionClass::kContact   ? 0
                : p.cls == eval::PositionClass::kCrashed ? 1
                                                         : 2];
  }
  for (int k = 0; k < 3; ++k) EXPECT_GT(per_class[k], 10) << k;
  EXPECT_NE(set->reference.find("rollouts"), std::string::npos);
}

// The crashed class's own cube benchmark (bench/make_crashed_cube_positions.sh): crashed
// positions only, each once, every equity rolled out with its standard error.
TEST(CubeSet, TheCommittedCrashedBenchmarkIsRolledOutCrashedPositions) {
  const std::filesystem::path dir = std::filesystem::path(TAVLA_SOURCE_DIR) / "bench";
  auto set = read_cube_set(dir / "cube_positions_crashed.txt");
  ASSERT_TRUE(set) << set.error();
  ASSERT_GE(set->positions.size(), 200u);
  std::set<std::string> ids;
  for (size_t i = 0; i < set->positions.size(); ++i) {
    const CubePosition& p = set->positions[i];
    EXPECT_EQ(p.cls, eval::PositionClass::kCrashed) << i;
    EXPECT_EQ(eval::classify(p.board), eval::PositionClass::kCrashed) << i;
    EXPECT_GT(p.se_no_double, 0.0f) << i;
    EXPECT_GT(p.se_double_take, 0.0f) << i;
    EXPECT_TRUE(ids.insert(cube_position_id(p)).second) << "twice: " << cube_position_id(p);
  }
  EXPECT_NE(set->reference.find("1296 trials"), std::string::npos) << set->reference;
}

}  // namespace
}  // namespace tavla::strength
