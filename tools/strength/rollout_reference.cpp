// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/rollout_reference.h"

#include <algorithm>

#include "eval/cube_info.h"
#include "rollout/rollout.h"
#include "strength/ordered_parallel.h"

namespace tavla::strength {

rollout::RolloutSettings reference_rollout_settings(int trials, uint32_t seed, bool cubeful,
                                                    const eval::EvalSetup& play) {
  rollout::RolloutSettings rs;
  rs.trials = trials;
  rs.seed = seed;
  rs.cubeful = cubeful;
  rs.variance_reduction = true;
  rs.rotate = true;
  rs.threads = 1;
  for (int s = 0; s < 2; ++s) {
    rs.chequer[s] = play;
    rs.cube[s] = play.context;
  }
  rs.chequer_late = rs.chequer;
  rs.cube_late = rs.cube;
  rs.truncation = play.context;
  return rs;
}

ErrorPosition rollout_position(const ErrorPosition& p, int index,
                               std::shared_ptr<const eval::NetSet> nets,
                               const eval::BearoffProvider* bearoff,
                               const RolloutReferenceSettings& st) {
  // The set lists plays best first.
  const float best_old = p.moves.front().equity;
  size_t k = 0;
  while (k < p.moves.size() && k < static_cast<size_t>(std::max(st.candidates, 2)) &&
         (k < 2 || best_old - p.moves[k].equity <= st.window))
    ++k;

  const rollout::RolloutSettings rs =
      reference_rollout_settings(st.trials, st.seed + static_cast<uint32_t>(index), false, st.play);
  // A cubeless money game, the opponent on roll after the play; results inverted to the mover.
  const eval::CubeInfo opp = eval::money_cube_info(1, engine::kCubeCentred, 1, false, false);
  std::vector<rollout::Alternative> alts;
  for (size_t i = 0; i < k; ++i) alts.push_back({p.moves[i].after.swapped(), opp, false, true, 1});
  rollout::Rollout r(std::move(nets), bearoff, rs, alts);
  r.run(st.trials);
  const auto stats = r.stats();

  ErrorPosition out = p;
  float worst_new = 0, worst_shift = 0;
  for (size_t i = 0; i < k; ++i) {
    const float e = stats[i].mean[rollout::kCubelessEquity];
    if (i == 0 || e < worst_new) {
      worst_new = e;
      worst_shift = e - p.moves[i].equity;
    }
    out.moves[i].equity = e;
  }
  for (size_t i = k; i < out.moves.size(); ++i)
    out.moves[i].equity = std::min(p.moves[i].equity + worst_shift, worst_new);
  std::stable_sort(
      out.moves.begin(), out.moves.end(),
      [](const ReferenceMove& a, const ReferenceMove& b) { return a.equity > b.equity; });
  return out;
}

void rollout_positions(const ErrorSet& set, size_t first, std::shared_ptr<const eval::NetSet> nets,
                       const eval::BearoffProvider* bearoff, const RolloutReferenceSettings& st,
                       const std::function<void(size_t, const ErrorPosition&)>& done) {
  ordered_parallel<ErrorPosition>(
      first, set.positions.size(), st.threads,
      [&](size_t i, int) {
        return rollout_position(set.positions[i], static_cast<int>(i), nets, bearoff, st);
      },
      done);
}

}  // namespace tavla::strength
