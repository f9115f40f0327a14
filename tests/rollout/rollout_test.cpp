// SPDX-License-Identifier: GPL-3.0-or-later
// Rollout properties that need no reference program: the statistics recurrence, identical
// results whatever the number of threads or the way the trials are split into runs, stopping on
// the standard error, cube-decision rollouts and move rollouts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "eval/search.h"
#include "rollout_test_support.h"

using namespace tavla;
using namespace tavla::rollout;
using namespace tavla::rollout::testing;

namespace {

constexpr const char* kMidgame = "yLPwACPQ28gBIQ";  // money, centred cube, Jacoby, player 1 on roll
constexpr const char* kOpening = "4HPwATDgc/ABMA";
constexpr const char* kBlitzNoJacoby = "4HPwAWC27QwGAA:cAkAAAAAAAAE";  // too good to double
constexpr const char* kMatchMidgame = "yLPwACPQ28gBIQ:QQngADAAKAAE";   // 7 points, 3-5, cube 2

// Bit-for-bit equality of two sets of statistics.
void expect_identical(const std::vector<AlternativeStats>& a,
                      const std::vector<AlternativeStats>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].trials, b[i].trials) << "alternative " << i;
    EXPECT_EQ(std::memcmp(a[i].mean.data(), b[i].mean.data(), sizeof(Outputs)), 0)
        << "alternative " << i << " means differ";
    EXPECT_EQ(std::memcmp(a[i].std_error.data(), b[i].std_error.data(), sizeof(Outputs)), 0)
        << "alternative " << i << " standard errors differ";
  }
}

std::vector<AlternativeStats> run_rollout(const RolloutSettings& st,
                                          const std::vector<Alternative>& alts, int trials,
                                          int progress_every = 36) {
  Rollout ro(eval::testing::gnubg_nets(), eval::testing::gnubg_bearoff(), st, alts);
  ro.run(trials, {}, progress_every);
  return ro.stats();
}

// The outputs of the other player (gnubg's InvertEvaluationR).
Outputs inverted(const Outputs& o, bool money) {
  return {1.0f - o[0], o[3], o[4], o[1], o[2], -o[5], money ? -o[6] : 1.0f - o[6]};
}

// A move's alternative as the rollout command builds it: the position after the move, seen from
// the opponent who is then on roll, results inverted back to the mover.
Alternative move_alternative(const engine::Board& after, const eval::CubeInfo& ci, bool invert) {
  return {after.swapped(), eval::with_on_roll(ci, 1 - ci.on_roll), true, invert, ci.cube};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Statistics

TEST(Accumulate, GnubgRecurrence) {
  // Four trials, win 1, 0, 1, 1.
  std::vector<Outputs> r(4);
  const float wins[4] = {1, 0, 1, 1};
  for (int i = 0; i < 4; ++i) {
    r[i][0] = wins[i];
    r[i][kCubelessEquity] = 2 * wins[i] - 1;
  }
  // Recurrence by hand: mu 1, 1/2, 2/3, 3/4; V_2 = 2 (1/2)^2 = 1/2; V_3 = 1/2 * 1/2 + 3 (1/6)^2
  // = 1/3; V_4 = 1/3 * 2/3 + 4 (1/12)^2 = 1/4. se = sqrt(V_4 / 4) = 1/4.
  AlternativeStats s = accumulate(r, 4);
  EXPECT_EQ(s.trials, 4);
  EXPECT_FLOAT_EQ(s.mean[0], 0.75f);
  EXPECT_NEAR(s.std_error[0], 0.25f, 1e-6);
  EXPECT_FLOAT_EQ(s.mean[kCubelessEquity], 0.5f);
  EXPECT_NEAR(s.std_error[kCubelessEquity], 0.5f, 1e-6);
  // Only the first `trials` results count.
  EXPECT_FLOAT_EQ(accumulate(r, 2).mean[0], 0.5f);
}

TEST(Accumulate, ProbabilitiesClampedEquitiesNot) {
  // With variance reduction a trial's probabilities can leave [0, 1]; the reported means are
  // clamped (equities are not).
  std::vector<Outputs> r(2);
  r[0] = {-0.25f, 1.5f, 0, 0, 0, -3.0f, 4.0f};
  r[1] = {-0.25f, 1.5f, 0, 0, 0, -3.0f, 4.0f};
  AlternativeStats s = accumulate(r, 2);
  EXPECT_EQ(s.mean[0], 0.0f);
  EXPECT_EQ(s.mean[1], 1.0f);
  EXPECT_EQ(s.mean[kCubelessEquity], -3.0f);
  EXPECT_EQ(s.mean[kCubefulEquity], 4.0f);
}

TEST(Accumulate, RunningMeanClampedAsGnubg) {
  // gnubg (RolloutLoopMT) keeps the clamped running mean of a probability and takes the next
  // step of the variance recurrence from it: lose-backgammon results -0.1, 0.05, 0.3 (variance
  // reduction) give V_2 = 2 (-0.025 - 0)^2 = 0.00125, V_3 = 0.00125 / 2 + 3 (1/12 - 0)^2 =
  // 0.0214583, se = sqrt(V_3 / 3) = 0.0845741; without the clamp it would be 0.1166667.
  std::vector<Outputs> r(3);
  r[0][4] = -0.1f, r[1][4] = 0.05f, r[2][4] = 0.3f;
  AlternativeStats s = accumulate(r, 3);
  EXPECT_NEAR(s.mean[4], 0.0833333f, 1e-6);
  EXPECT_NEAR(s.std_error[4], 0.0845741f, 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Reproducibility

TEST(RolloutReproducible, OneAndTwoThreadsBitIdentical) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kMidgame);
  for (bool vr : {false, true}) {
    const int trials = vr ? 36 : 360;
    RolloutSettings one = zero_ply_settings(true, vr, true, false, 4242, 1);
    RolloutSettings two = zero_ply_settings(true, vr, true, false, 4242, 2);
    auto a = run_rollout(one, {position_alternative(p)}, trials);
    auto b = run_rollout(two, {position_alternative(p)}, trials, 7);  // other blocks, too
    SCOPED_TRACE(vr ? "variance reduction" : "no variance reduction");
    expect_identical(a, b);
    EXPECT_EQ(a[0].trials, trials);
  }
}

TEST(RolloutReproducible, ExtendingEqualsRunningAtOnce) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kMidgame);
  const RolloutSettings st = zero_ply_settings(true, false, true, false, 99, 2);
  Rollout extended(nets, eval::testing::gnubg_bearoff(), st, {position_alternative(p)});
  extended.run(50);
  EXPECT_EQ(extended.trials_done(), 50);
  const auto after_50 = extended.stats();
  extended.run(30);  // fewer than done: nothing happens
  EXPECT_EQ(extended.trials_done(), 50);
  extended.run(130);
  EXPECT_EQ(extended.trials_done(), 130);
  expect_identical(extended.stats(), run_rollout(st, {position_alternative(p)}, 130));
  expect_identical(after_50, run_rollout(st, {position_alternative(p)}, 50));
}

TEST(RolloutReproducible, ProgressReportsTheTrialsDone) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kMidgame);
  const RolloutSettings st = zero_ply_settings(false, false, false, false, 5, 2);
  Rollout ro(nets, eval::testing::gnubg_bearoff(), st, {position_alternative(p)});
  std::vector<int> seen;
  ro.run(
      100,
      [&](const Progress& pr) {
        seen.push_back(pr.trials_done);
        EXPECT_EQ(pr.trials_total, 100);
        ASSERT_EQ(pr.stats.size(), 1u);
        EXPECT_EQ(pr.stats[0].trials, pr.trials_done);
      },
      36);
  EXPECT_EQ(seen, (std::vector<int>{36, 72, 100}));
}

TEST(RolloutReproducible, SeedMatters) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kMidgame);
  auto a = run_rollout(zero_ply_settings(false, false, false, false, 1, 2),
                       {position_alternative(p)}, 72);
  auto b = run_rollout(zero_ply_settings(false, false, false, false, 2, 2),
                       {position_alternative(p)}, 72);
  EXPECT_NE(a[0].mean[kCubelessEquity], b[0].mean[kCubelessEquity]);
}

// Trials shared with other processes (tools/mpi/): played out of order, in any groups, on another
// Rollout object with another thread count, then taken in order, they give run()'s numbers.
TEST(RolloutReproducible, PlayTrialsAnywhereThenAddInOrderEqualsRun) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kMidgame);
  RolloutSettings st = zero_ply_settings(true, true, true, false, 77, 1);
  const std::vector<Alternative> alts = {position_alternative(p), position_alternative(p)};
  const int trials = 40;
  const auto reference = run_rollout(st, alts, trials);

  RolloutSettings three = st;
  three.threads = 3;
  Rollout elsewhere(nets, eval::testing::gnubg_bearoff(), three, alts);
  std::vector<std::vector<Outputs>> results(trials);
  for (const std::vector<int>& chunk : {std::vector<int>{39, 2, 17, 0}, std::vector<int>{1}}) {
    const auto r = elsewhere.play_trials(chunk);
    ASSERT_EQ(r.size(), chunk.size());
    for (size_t i = 0; i < chunk.size(); ++i) results[chunk[i]] = r[i];
  }
  std::vector<int> rest;
  for (int t = 0; t < trials; ++t)
    if (results[t].empty()) rest.push_back(t);
  const auto r = elsewhere.play_trials(rest);
  for (size_t i = 0; i < rest.size(); ++i) results[rest[i]] = r[i];
  EXPECT_EQ(elsewhere.trials_done(), 0);  // playing leaves the statistics alone

  Rollout ordered(nets, eval::testing::gnubg_bearoff(), st, alts);
  for (int t = 0; t < trials; ++t) {
    ASSERT_EQ(results[t].size(), alts.size());
    EXPECT_FALSE(ordered.add_trial(results[t]));  // no standard-error rule: never stops
  }
  EXPECT_EQ(ordered.trials_done(), trials);
  expect_identical(reference, ordered.stats());
}

// ---------------------------------------------------------------------------------------------
// Stopping on the standard error

TEST(RolloutStopOnStdError, SameTrialForOneAndTwoThreads) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kMidgame);
  RolloutSettings st = zero_ply_settings(true, false, true, false, 31, 1);
  st.stop_on_std_error = true;
  st.min_trials = 36;
  st.std_error_limit = 0.2f;  // the cubeful error of this position gets there after ~200 trials
  const int max_trials = 1296;
  Rollout one(nets, eval::testing::gnubg_bearoff(), st, {position_alternative(p)});
  one.run(max_trials);
  st.threads = 2;
  Rollout two(nets, eval::testing::gnubg_bearoff(), st, {position_alternative(p)});
  two.run(max_trials, {}, 5);  // small blocks: the stopping trial must not depend on them
  const int stop = one.trials_done();
  EXPECT_EQ(two.trials_done(), stop);
  EXPECT_GT(stop, st.min_trials);
  EXPECT_LT(stop, max_trials);
  expect_identical(one.stats(), two.stats());

  // The rule: the first trial count >= min_trials with every checked error within the limit.
  // tavla checks the equity of the rollout's kind (cubeful here).
  EXPECT_LE(one.stats()[0].std_error[kCubefulEquity], st.std_error_limit);
  RolloutSettings plain = st;
  plain.stop_on_std_error = false;
  auto before = run_rollout(plain, {position_alternative(p)}, stop - 1);
  EXPECT_GT(before[0].std_error[kCubefulEquity], st.std_error_limit);
  // Stopping changes nothing about the trials done.
  expect_identical(one.stats(), run_rollout(plain, {position_alternative(p)}, stop));
}

// ---------------------------------------------------------------------------------------------
// Cube-decision rollouts: "no double" and "double, take" on the same dice

namespace {

std::vector<Alternative> cube_alternatives(const Position& p) {
  return {{p.board, p.cube, false, false, p.cube.cube},
          {p.board, eval::after_double_take(p.cube), false, false, p.cube.cube}};
}

}  // namespace

TEST(CubeRollout, ReproducibleAndConsistentWithPositionRollouts) {
  GNUBG_NETS_OR_SKIP(nets);
  const Position p = position(kOpening);
  const RolloutSettings one = zero_ply_settings(true, false, true, false, 77, 1);
  const RolloutSettings two = zero_ply_settings(true, false, true, false, 77, 2);
  const int trials = 144;
  auto cube = run_rollout(one, cube_alternatives(p), trials);
  expect_identical(cube, run_rollout(two, cube_alternatives(p), trials, 10));

  // Each alternative is a rollout of its own: "no double" is the position's rollout, and
  // "double, take" is the rollout of the position with the doubled cube, reported per unit of
  // the cube before the double (x2, exact in binary floating point).
  expect_identical({cube[0]}, run_rollout(two, {position_alternative(p)}, trials));
  const Position doubled{p.board, eval::after_double_take(p.cube)};
  const auto dt = run_rollout(two, {position_alternative(doubled)}, trials);
  for (int k = 0; k < kCubefulEquity; ++k) {
    EXPECT_EQ(cube[1].mean[k], dt[0].mean[k]) << k;
    EXPECT_EQ(cube[1].std_error[k], dt[0].std_error[k]) << k;
  }
  EXPECT_EQ(cube[1].mean[kCubefulEquity], 2.0f * dt[0].mean[kCubefulEquity]);
  EXPECT_EQ(cube[1].std_error[kCubefulEquity], 2.0f * dt[0].std_error[kCubefulEquity]);
}

TEST(CubeRollout, OpeningIsNoDouble) {
  GNUBG_NETS_OR_SKIP(nets);
  // Doubling at the opening gives the cube away for nothing: "no double" is worth more than
  // "double, take". The cubeful results vary a lot from trial to trial (recubes), but both
  // alternatives share the dice, so the trial-by-trial difference is compared with its own error.
  const Position p = position(kOpening);
  Rollout ro(nets, eval::testing::gnubg_bearoff(),
             zero_ply_settings(true, false, true, false, 78, 1), cube_alternatives(p));
  const int trials = 1296;
  std::vector<Outputs> nd_minus_dt(trials);
  for (int t = 0; t < trials; ++t)
    nd_minus_dt[t][kCubefulEquity] =
        ro.trial(0, t)[kCubefulEquity] - ro.trial(1, t)[kCubefulEquity];
  const AlternativeStats d = accumulate(nd_minus_dt, trials);
  EXPECT_GT(d.mean[kCubefulEquity], 3 * d.std_error[kCubefulEquity])
      << "no double - double/take: " << d.mean[kCubefulEquity] << " ± "
      << d.std_error[kCubefulEquity];
}

TEST(CubeRollout, ClearPass) {
  GNUBG_NETS_OR_SKIP(nets);
  // A race of 60 pips (all home) against 105: the opponent should pass a double ("double, take"
  // is worth more than the point of "double, pass"); waiting cannot be better than cashing (here
  // the opponent never recovers in one roll: "no double" then cashes a turn later, +1).
  using eval::testing::side;
  const Position p{eval::testing::board(side({{5, 5}, {6, 5}, {7, 5}}),
                                        side({{1, 3}, {2, 3}, {3, 3}, {4, 3}, {5, 3}})),
                   position(kOpening).cube};
  auto cube =
      run_rollout(zero_ply_settings(true, false, true, false, 6, 2), cube_alternatives(p), 324);
  const AlternativeStats &nd = cube[0], &dt = cube[1];
  EXPECT_GT(dt.mean[kCubefulEquity], 1.0f + 3 * dt.std_error[kCubefulEquity]);
  EXPECT_LE(nd.mean[kCubefulEquity], 1.0f);
  EXPECT_GT(nd.mean[0], 0.9f);
}

TEST(CubeRollout, TooGoodToDouble) {
  GNUBG_NETS_OR_SKIP(nets);
  // Two on the bar against a 5-point board, no Jacoby rule: playing on for the gammon is worth
  // far more than the point a pass would bring, and a take would be a blunder by the opponent.
  const Position p = position(kBlitzNoJacoby);
  auto cube =
      run_rollout(zero_ply_settings(true, false, true, false, 5, 2), cube_alternatives(p), 324);
  const AlternativeStats &nd = cube[0], &dt = cube[1];
  EXPECT_GT(nd.mean[kCubefulEquity], 1.0f + 3 * nd.std_error[kCubefulEquity]);
  EXPECT_GT(dt.mean[kCubefulEquity], 1.0f + 3 * dt.std_error[kCubefulEquity]);
  EXPECT_GT(nd.mean[1], 0.6f);  // mostly gammons
}

// ---------------------------------------------------------------------------------------------
// Move rollouts: the position after a move, rolled out for the opponent and inverted

TEST(MoveRollout, InvertedRolloutOfThePositionAfterTheMove) {
  GNUBG_NETS_OR_SKIP(nets);
  for (const char* id : {kOpening, kMatchMidgame}) {
    SCOPED_TRACE(id);
    const Position p = position(id);
    eval::Search search(nets, eval::testing::gnubg_bearoff());
    const RolloutSettings st = zero_ply_settings(true, false, true, false, 123, 2);
    auto moves = search.rank_moves(p.board, 3, 1, p.cube, st.chequer[0]);
    ASSERT_FALSE(moves.empty());
    const engine::Board& after = moves[0].move.after;
    Rollout as_move(nets, eval::testing::gnubg_bearoff(), st,
                    {move_alternative(after, p.cube, true)});
    Rollout as_position(nets, eval::testing::gnubg_bearoff(), st,
                        {move_alternative(after, p.cube, false)});
    // Trial by trial: the move's result is the position's result for the other player.
    for (int t = 0; t < 20; ++t) {
      const Outputs m = as_move.trial(0, t);
      const Outputs o = inverted(as_position.trial(0, t), p.cube.is_money());
      for (int k = 0; k < kOutputs; ++k) EXPECT_FLOAT_EQ(m[k], o[k]) << "trial " << t << " " << k;
    }
    // And so are the statistics (the win probability up to rounding: 1 - x in each trial).
    as_move.run(144);
    as_position.run(144);
    const AlternativeStats m = as_move.stats()[0], o = as_position.stats()[0];
    EXPECT_NEAR(m.mean[0], 1.0f - o.mean[0], 1e-5);
    EXPECT_NEAR(m.std_error[0], o.std_error[0], 1e-5);
    EXPECT_EQ(m.mean[1], o.mean[3]);
    EXPECT_EQ(m.mean[2], o.mean[4]);
    EXPECT_EQ(m.mean[3], o.mean[1]);
    EXPECT_EQ(m.mean[4], o.mean[2]);
    EXPECT_EQ(m.mean[kCubelessEquity], -o.mean[kCubelessEquity]);
    EXPECT_EQ(m.std_error[kCubelessEquity], o.std_error[kCubelessEquity]);
    if (p.cube.is_money())
      EXPECT_EQ(m.mean[kCubefulEquity], -o.mean[kCubefulEquity]);
    else
      EXPECT_NEAR(m.mean[kCubefulEquity], 1.0f - o.mean[kCubefulEquity], 1e-5);
  }
}

TEST(MoveRollout, BestPlayBeatsTheWorst) {
  GNUBG_NETS_OR_SKIP(nets);
  // Opening 6-5: the 0-ply best play (24/13) against the 0-ply worst; same dice for both.
  const Position p = position(kOpening);
  eval::Search search(nets, eval::testing::gnubg_bearoff());
  const RolloutSettings st = zero_ply_settings(true, true, true, false, 65, 2);
  auto moves = search.rank_moves(p.board, 6, 5, p.cube, st.chequer[0]);
  ASSERT_GE(moves.size(), 2u);
  auto stats = run_rollout(st,
                           {move_alternative(moves.front().move.after, p.cube, true),
                            move_alternative(moves.back().move.after, p.cube, true)},
                           36);
  // The cubeless equities (smaller errors) by three combined standard errors, the cubeful ones
  // at least in order.
  const float se =
      std::hypot(stats[0].std_error[kCubelessEquity], stats[1].std_error[kCubelessEquity]);
  EXPECT_GT(stats[0].mean[kCubelessEquity], stats[1].mean[kCubelessEquity] + 3 * se)
      << "best " << stats[0].mean[kCubelessEquity] << " worst " << stats[1].mean[kCubelessEquity];
  EXPECT_GT(stats[0].mean[kCubefulEquity], stats[1].mean[kCubefulEquity])
      << "best " << stats[0].mean[kCubefulEquity] << " worst " << stats[1].mean[kCubefulEquity];
}
