// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's rollouts against gnubg 1.07's (tests/fixtures/rollout/gnubg_rollouts.txt).
//
// Every "replay" record is rolled out again with gnubg's seed and trial count, and compared with
// gnubg's result and with the "reference" records of the same name (longer gnubg rollouts of the
// same settings with other seeds).
//
// 1. Statistical agreement, for every output gnubg prints (the five probabilities, the cubeless
//    equity and, in cubeful rollouts, the cubeful equity):
//        |mean_tavla - mean_gnubg| <= 3 * sqrt(se_tavla^2 + se_gnubg^2) + 1e-5
//    (1e-5 covers gnubg's printed rounding, 6 or 7 digits, when both errors are zero). Against a
//    reference record the two samples are independent; against the replay record they share the
//    dice, which makes the criterion easy to meet.
// 2. The same games: tavla draws gnubg's dice for the same seed (DiceSchedule) and, with gnubg's
//    bearoff databases, makes the same plays and cube decisions, so it reproduces gnubg's means
//    and standard errors to the printed digits. Checked for the records listed below as not
//    diverging; the others reach two-sided bearoff positions in cubeful play or cube decisions,
//    where gnubg uses the database's exact cubeful money equities and tavla's evaluator (so far)
//    Janowski's formula, so a few games are played differently (see kDiverging).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "rollout_test_support.h"

using namespace tavla;
using namespace tavla::rollout;
using namespace tavla::rollout::testing;

namespace {

constexpr double kZ = 3.0;
constexpr double kPrintSlack = 1e-5;
constexpr const char* kOutputNames[kOutputs] = {"win",     "win gammon", "win bg", "lose gammon",
                                                "lose bg", "cubeless",   "cubeful"};

// Records whose games differ from gnubg's in a few trials: cubeful chequer play or cube decisions
// in two-sided bearoff positions (gnubg 1.07 evaluates them with the exact cubeful equities of
// gnubg_ts0.bd, EvaluatePositionCubeful4 with CLASS_BEAROFF2; eval::BearoffProvider does not
// provide those yet). Example: race_cubeful, trial 95, turn 19, 1AIAwAsBAAAAAA:AQEAAAAAAAAA:
// gnubg "redouble, pass" (double/take +1.0733), tavla "redouble, take" (+0.9923).
const std::set<std::string> kDiverging = {
    "opening_cubeful_vr",        "midgame_cubeful_vr", "midgame_cubeless",       "race_cubeful",
    "race_cube2_owned_nojacoby", "bearoff_ts_cubeful", "match7_cube2_cubeful_vr"};

// Checks criterion 1 for every output; returns the largest z = |difference| / combined error.
double compare(const GnubgRollout& g, const AlternativeStats& t) {
  double max_z = 0.0;
  for (int k = 0; k < kOutputs; ++k) {
    if (!g.mean[k] || !g.std_error[k]) continue;  // not printed by gnubg (cubeless rollout)
    const double diff = std::abs(t.mean[k] - *g.mean[k]);
    const double sigma = std::hypot(double{t.std_error[k]}, *g.std_error[k]);
    if (sigma > 0) max_z = std::max(max_z, diff / sigma);
    EXPECT_LE(diff, kZ * sigma + kPrintSlack)
        << g.name << " (" << (g.replay ? "replay" : "reference") << ", seed " << g.seed
        << "): " << kOutputNames[k] << " tavla " << t.mean[k] << " ± " << t.std_error[k]
        << " vs gnubg " << *g.mean[k] << " ± " << *g.std_error[k];
  }
  return max_z;
}

// Checks criterion 2; returns the largest difference of a mean or a standard error.
double compare_exactly(const GnubgRollout& g, const AlternativeStats& t) {
  double max_diff = 0.0;
  for (int k = 0; k < kOutputs; ++k) {
    if (!g.mean[k] || !g.std_error[k]) continue;
    const double dm = std::abs(t.mean[k] - *g.mean[k]);
    const double ds = std::abs(t.std_error[k] - *g.std_error[k]);
    max_diff = std::max({max_diff, dm, ds});
    EXPECT_LE(dm, kPrintSlack) << g.name << ": " << kOutputNames[k] << " mean tavla " << t.mean[k]
                               << " gnubg " << *g.mean[k];
    EXPECT_LE(ds, kPrintSlack) << g.name << ": " << kOutputNames[k] << " standard error tavla "
                               << t.std_error[k] << " gnubg " << *g.std_error[k];
  }
  return max_diff;
}

// The records of one kind; none if the fixture cannot be read (test discovery must not throw:
// GnubgRolloutFixtures.Present reports it).
std::vector<GnubgRollout> records(bool replay) {
  std::vector<GnubgRollout> out;
  try {
    for (const auto& r : gnubg_rollouts())
      if (r.replay == replay) out.push_back(r);
  } catch (const std::exception&) {
  }
  return out;
}

std::string test_name(const ::testing::TestParamInfo<GnubgRollout>& info) {
  return info.param.name;
}

class GnubgRolloutAgreement : public ::testing::TestWithParam<GnubgRollout> {};

}  // namespace

TEST(GnubgRolloutFixtures, Present) {
  std::vector<GnubgRollout> all;
  ASSERT_NO_THROW(all = gnubg_rollouts());
  const auto replays = records(true);
  EXPECT_GE(replays.size(), 10u);
  EXPECT_GE(records(false).size(), 3u);
  for (const auto& r : records(false)) {
    const bool has_replay = std::any_of(replays.begin(), replays.end(),
                                        [&](const GnubgRollout& x) { return x.name == r.name; });
    EXPECT_TRUE(has_replay) << "reference " << r.name << " has no replay record";
  }
  for (const auto& name : kDiverging)
    EXPECT_TRUE(std::any_of(replays.begin(), replays.end(), [&](const GnubgRollout& x) {
      return x.name == name;
    })) << name;
}

TEST_P(GnubgRolloutAgreement, SameSeedAndIndependentDice) {
  GNUBG_NETS_OR_SKIP(nets);
  const GnubgRollout& g = GetParam();
  const Position p = position(g.id);
  const RolloutSettings st = zero_ply_settings(g.cubeful, g.variance_reduction, g.chequer_cubeful,
                                               g.initial, g.seed, /*threads=*/2);
  const eval::BearoffProvider* bearoff = eval::testing::gnubg_bearoff();
  Rollout ro(nets, bearoff, st, {position_alternative(p)});
  ro.run(g.trials);
  const AlternativeStats t = in_fixture_units(ro.stats()[0], p.cube);
  ASSERT_EQ(t.trials, g.trials);

  const double z = compare(g, t);
  std::printf("[ same dice ] %-28s %5d trials  max z %.3f", g.name.c_str(), g.trials, z);
  if (bearoff && !kDiverging.count(g.name)) {
    std::printf("  same games: max |diff| %.1e\n", compare_exactly(g, t));
  } else {
    double max_diff = 0.0;
    for (int k = 0; k < kOutputs; ++k)
      if (g.mean[k]) max_diff = std::max(max_diff, std::abs(t.mean[k] - *g.mean[k]));
    std::printf("  max |diff| %.1e %s\n", max_diff,
                bearoff ? "(diverges: two-sided bearoff cubeful equities)"
                        : "(no bearoff databases: games may differ)");
  }

  for (const auto& ref : records(false)) {
    if (ref.name != g.name) continue;
    const double zr = compare(ref, t);
    std::printf("[ other dice] %-28s %5d trials  vs gnubg seed %u, %d trials: max z %.3f\n",
                g.name.c_str(), g.trials, ref.seed, ref.trials, zr);
  }
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GnubgRolloutAgreement);
INSTANTIATE_TEST_SUITE_P(Fixtures, GnubgRolloutAgreement, ::testing::ValuesIn(records(true)),
                         test_name);
