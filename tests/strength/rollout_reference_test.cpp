// SPDX-License-Identifier: GPL-3.0-or-later
// Rollout references (strength/rollout_reference.h): the candidates' equities are the rollout's,
// every legal play stays listed best first, plays not rolled out are charged at least the worst
// candidate's loss, and the result depends on the seed and position only (not on threads).
#include <gtest/gtest.h>

#include <filesystem>

#include "eval/cube_info.h"
#include "rollout/rollout.h"
#include "strength/error_rate.h"
#include "strength/error_set.h"
#include "strength/rollout_reference.h"
#include "tests/eval/test_support.h"

namespace tavla::strength {
namespace {

ErrorSet first_of_each_class() {
  auto s = read_error_set(std::filesystem::path(TAVLA_SOURCE_DIR) / "bench/error_positions.txt");
  if (!s) throw std::runtime_error(s.error());
  ErrorSet out{s->reference, {}};
  for (eval::PositionClass c : kErrorClasses)
    for (const ErrorPosition& p : s->positions)
      if (p.cls == c && p.moves.size() >= 6) {
        out.positions.push_back(p);
        break;
      }
  return out;
}

TEST(RolloutReference, CandidatesAreRolledOutAndTheRestChargedMore) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  const ErrorSet set = first_of_each_class();
  ASSERT_EQ(set.positions.size(), 3u);
  RolloutReferenceSettings st;
  st.trials = 36;
  st.candidates = 3;
  st.window = 10.0f;  // exactly the three leading plays
  st.seed = 5;
  for (size_t i = 0; i < set.positions.size(); ++i) {
    const ErrorPosition& p = set.positions[i];
    const ErrorPosition r = rollout_position(p, static_cast<int>(i), nets, bearoff, st);
    ASSERT_EQ(r.moves.size(), p.moves.size());
    for (size_t j = 1; j < r.moves.size(); ++j) EXPECT_GE(r.moves[j - 1].equity, r.moves[j].equity);
    // The same rollout made directly gives the candidates' equities.
    rollout::RolloutSettings rs;
    rs.trials = 36;
    rs.seed = st.seed + static_cast<uint32_t>(i);
    rs.cubeful = false;
    for (int s = 0; s < 2; ++s) {
      rs.chequer[s] = st.play;
      rs.cube[s] = st.play.context;
    }
    rs.chequer_late = rs.chequer;
    rs.cube_late = rs.cube;
    rs.truncation = st.play.context;
    std::vector<rollout::Alternative> alts;
    const eval::CubeInfo opp = eval::money_cube_info(1, engine::kCubeCentred, 1, false, false);
    for (int j = 0; j < 3; ++j) alts.push_back({p.moves[j].after.swapped(), opp, false, true, 1});
    rollout::Rollout direct(nets, bearoff, rs, alts);
    direct.run(36);
    float worst = 1e9f;
    for (int j = 0; j < 3; ++j) {
      const float e = direct.stats()[j].mean[rollout::kCubelessEquity];
      worst = std::min(worst, e);
      auto loss = play_loss(r, p.moves[j].after);
      ASSERT_TRUE(loss.has_value());
      EXPECT_FLOAT_EQ(r.moves.front().equity - *loss, e) << "position " << i << " play " << j;
    }
    // Plays not rolled out: never above the worst candidate, in their old order.
    for (size_t j = 3; j < p.moves.size(); ++j) {
      const float e = r.moves.front().equity - *play_loss(r, p.moves[j].after);
      EXPECT_LE(e, worst) << "position " << i << " play " << j;
      EXPECT_LE(e - (p.moves[3].equity - p.moves[j].equity),
                r.moves.front().equity - *play_loss(r, p.moves[3].after) + 1e-6f);
    }
  }
}

TEST(RolloutReference, InPositionOrderWhateverTheThreads) {
  GNUBG_NETS_OR_SKIP(nets);
  GNUBG_BEAROFF_OR_SKIP(bearoff);
  const ErrorSet set = first_of_each_class();
  RolloutReferenceSettings st;
  st.trials = 36;
  std::vector<std::vector<ReferenceMove>> one, two;
  std::vector<size_t> order;
  rollout_positions(set, 0, nets, bearoff, st, [&](size_t i, const ErrorPosition& p) {
    order.push_back(i);
    one.push_back(p.moves);
  });
  st.threads = 2;
  rollout_positions(set, 1, nets, bearoff, st,
                    [&](size_t, const ErrorPosition& p) { two.push_back(p.moves); });
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2}));
  ASSERT_EQ(two.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(one[i + 1].size(), two[i].size());
    for (size_t j = 0; j < two[i].size(); ++j) {
      EXPECT_EQ(one[i + 1][j].after, two[i][j].after);
      EXPECT_EQ(one[i + 1][j].equity, two[i][j].equity);
    }
  }
}

}  // namespace
}  // namespace tavla::strength
