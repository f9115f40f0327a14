// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's rollout entries of SGF files read back (tools/text/sgf_rollout_read.h): what tavla's
// writer (gnubg's WriteRolloutAnalysis) writes reads back to the same rollout and writes again to
// the same text; entries that are not whole are refused with what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "text/match_analysis_sgf.h"
#include "text/sgf_rollout_read.h"

namespace tavla::text {
namespace {

// Settings unlike the defaults in every field the entry holds.
rollout::RolloutSettings unusual_settings() {
  rollout::RolloutSettings rc;
  rc.trials = 72;
  rc.seed = 4000000000u;
  rc.cubeful = false;
  rc.variance_reduction = false;
  rc.rotate = false;
  rc.initial = true;
  rc.truncate = true;
  rc.truncate_plies = 7;
  rc.truncate_bearoff2 = false;
  rc.truncate_bearoff_os = true;
  rc.late_evaluations = true;
  rc.late_turn = 3;
  rc.chequer[0].context = {1, true, true, true, 0.0f};
  rc.chequer[0].filters[0][0] = {0, 8, 0.16f};
  rc.chequer[1].context = {2, false, false, false, 0.25f};
  rc.chequer[1].filters[1][0] = {-1, 0, 0.0f};
  rc.chequer[1].filters[1][1] = {2, 3, 0.04f};
  rc.cube[0] = {0, true, false, true, 0.0f};
  rc.cube[1] = {3, true, true, false, 0.0f};
  rc.chequer_late[0].context = {0, false, false, true, 0.0f};
  rc.chequer_late[1].context = {1, true, false, true, 0.0f};
  rc.chequer_late[1].filters[0][0] = {1, 2, 0.5f};
  rc.cube_late[0] = {1, true, true, true, 0.0f};
  rc.cube_late[1] = {0, true, false, true, 0.0f};
  rc.truncation = {4, true, true, true, 0.0f};
  return rc;
}

void expect_same_context(const eval::EvalContext& a, const eval::EvalContext& b) {
  EXPECT_EQ(a.plies, b.plies);
  EXPECT_EQ(a.cubeful, b.cubeful);
  EXPECT_EQ(a.prune, b.prune);
  EXPECT_EQ(a.deterministic, b.deterministic);
  EXPECT_FLOAT_EQ(a.noise, b.noise);
}

void expect_same_settings(const rollout::RolloutSettings& a, const rollout::RolloutSettings& b) {
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.cubeful, b.cubeful);
  EXPECT_EQ(a.variance_reduction, b.variance_reduction);
  EXPECT_EQ(a.rotate, b.rotate);
  EXPECT_EQ(a.initial, b.initial);
  EXPECT_EQ(a.truncate, b.truncate);
  EXPECT_EQ(a.truncate_plies, b.truncate_plies);
  EXPECT_EQ(a.truncate_bearoff2, b.truncate_bearoff2);
  EXPECT_EQ(a.truncate_bearoff_os, b.truncate_bearoff_os);
  EXPECT_EQ(a.late_evaluations, b.late_evaluations);
  EXPECT_EQ(a.late_turn, b.late_turn);
  for (int i = 0; i < 2; ++i) {
    expect_same_context(a.cube[i], b.cube[i]);
    expect_same_context(a.cube_late[i], b.cube_late[i]);
    expect_same_context(a.chequer[i].context, b.chequer[i].context);
    expect_same_context(a.chequer_late[i].context, b.chequer_late[i].context);
    for (int p : {a.chequer[i].context.plies}) {
      for (int l = 0; l < p; ++l) {
        EXPECT_EQ(a.chequer[i].filters[p - 1][l].accept, b.chequer[i].filters[p - 1][l].accept);
        EXPECT_EQ(a.chequer[i].filters[p - 1][l].extra, b.chequer[i].filters[p - 1][l].extra);
        EXPECT_NEAR(a.chequer[i].filters[p - 1][l].threshold,
                    b.chequer[i].filters[p - 1][l].threshold, 1e-5);
      }
    }
  }
  expect_same_context(a.truncation, b.truncation);
}

TEST(SgfRolloutRead, MoveRolloutReadsBackWhatIsWritten) {
  SgfMoveRollout r;
  r.mean = {0.5f, 0.125f, 0.01f, 0.25f, 0.03f, -0.0123456789f, 0.4f};
  r.std_error = {0.001f, 0.002f, 0.0f, 0.003f, 0.0f, 0.004f, 0.005f};
  r.settings = unusual_settings();
  r.games = 72;
  const std::string text = sgf_move_rollout(r, 0.375f);
  auto back = read_sgf_move_rollout(text);
  ASSERT_TRUE(back) << back.error() << "\n" << text;
  EXPECT_EQ(back->games, 72);
  ASSERT_TRUE(back->score && back->score2);
  EXPECT_FLOAT_EQ(*back->score, 0.375f);
  EXPECT_FLOAT_EQ(*back->score2, r.mean[5]);
  for (int i = 0; i < 7; ++i) {
    EXPECT_FLOAT_EQ(back->mean[i], r.mean[i]) << i;
    EXPECT_FLOAT_EQ(back->std_error[i], r.std_error[i]) << i;
  }
  expect_same_settings(back->settings, r.settings);
  EXPECT_EQ(sgf_move_rollout(*back, *back->score), text);
}

TEST(SgfRolloutRead, CubeRolloutReadsBackWhatIsWritten) {
  SgfCubeRollout r;
  r.mean[0] = {0.7f, 0.1f, 0.0f, 0.2f, 0.01f, 0.47f, 0.55f};
  r.mean[1] = {0.7f, 0.1f, 0.0f, 0.2f, 0.01f, 0.9f, 0.56f};
  r.std_error[0] = {0.0002f, 0, 0, 0, 0, 0.0004f, 0.0011f};
  r.std_error[1] = {0.0003f, 0, 0, 0, 0, 0.0005f, 0.0012f};
  r.settings = unusual_settings();
  r.games = 1296;
  const std::string text = sgf_cube_rollout(r);
  auto back = read_sgf_cube_rollout(text);
  ASSERT_TRUE(back) << back.error() << "\n" << text;
  EXPECT_EQ(back->games, 1296);
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < 7; ++i) {
      EXPECT_FLOAT_EQ(back->mean[s][i], r.mean[s][i]);
      EXPECT_FLOAT_EQ(back->std_error[s][i], r.std_error[s][i]);
    }
  expect_same_settings(back->settings, r.settings);
  EXPECT_EQ(sgf_cube_rollout(*back), text);
}

// gnubg's version 2 contexts ("<plies>[C] <reduced> <deterministic> <noise>", no pruning flag).
TEST(SgfRolloutRead, Version2Contexts) {
  auto r = read_sgf_cube_rollout(
      "X ver 3 Eq Trials 36 NoDouble Output 1 0 0 0 0 1 1 StdDev 0 0 0 0 0 0 0 DoubleTake Output "
      "1 0 0 0 0 1 1 StdDev 0 0 0 0 0 0 0 SK 0 RC 1 1 0 1 0 0 10 1 1 5 \"Mersenne Twister\" 9 "
      " cube0 ver 2 2C 0 1 0.000000  cheq0 ver 2 0 0 0 0.020000");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->settings.seed, 9u);
  EXPECT_EQ(r->settings.cube[0].plies, 2);
  EXPECT_TRUE(r->settings.cube[0].cubeful);
  EXPECT_TRUE(r->settings.cube[0].deterministic);
  EXPECT_FALSE(r->settings.cube[0].prune);
  EXPECT_FALSE(r->settings.chequer[0].context.cubeful);
  EXPECT_FLOAT_EQ(r->settings.chequer[0].context.noise, 0.02f);
  // Contexts the entry does not name are gnubg's zero context.
  EXPECT_EQ(r->settings.cube[1].plies, 0);
  EXPECT_FALSE(r->settings.cube[1].cubeful);
}

TEST(SgfRolloutRead, RefusesEntriesThatAreNotWhole) {
  const std::string head = "X ver 3 Score 0.5 0.4 Trials 36 Output 1 0 0 0 0 1 1 StdDev 0 0 0 0 0 0 0 ";
  const std::string rc = "SK 0 RC 1 1 0 1 0 0 10 1 1 5 \"Mersenne Twister\" 1 ";
  const std::pair<std::string, std::string> cases[] = {
      {"X ver 3 Score 0.5 Trials 36", "number expected for Score at \"Trials\""},
      {"X ver 4 Score 0.5 0.4", "whole number 2..3 expected for the version at \"4\""},
      {"X ver 3 Score 0.5 0.4 Trials 36 Output 1 0 0 StdDev", "number expected for Output"},
      {head, "\"RC\" expected at the end"},
      {head + "SK 0 RC 1 1 0 1 0 0 10 1 1 5 Mersenne 1", "the quoted dice generator expected"},
      {head + "SK 0 RC 2 1 0 1 0 0 10 1 1 5 \"Mersenne Twister\" 1",
       "whole number 0..1 expected for RC cubeful at \"2\""},
      {head + rc + " filt0 0 8 0.16", "\"filt0\" before the chequer context it filters"},
      {head + rc + " cheq0 ver 3 5C 1 0.000000 1", "plies 0..4 expected for cheq at \"5C\""},
      {head + rc + " cheq0 ver 3 1C 1 0.000000 1 filt0 0 8", "number expected for filt at the end"},
      {head + rc + " cube0 ver 3 2C 1 0.000000 1 speed 3", "unknown rollout setting \"speed\""},
  };
  for (const auto& [text, why] : cases) {
    auto r = read_sgf_move_rollout(text);
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().find(why), std::string::npos) << text << "\n" << r.error();
  }
  EXPECT_FALSE(read_sgf_cube_rollout(head + rc));  // a play's entry is no cube decision's
}

}  // namespace
}  // namespace tavla::text
