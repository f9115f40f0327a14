// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/cube_reference.h"

#include "eval/cube_info.h"
#include "rollout/rollout.h"
#include "strength/ordered_parallel.h"
#include "strength/rollout_reference.h"

namespace tavla::strength {

CubePosition rollout_cube_position(const CubePosition& p, int index,
                                   std::shared_ptr<const eval::NetSet> nets,
                                   const eval::BearoffProvider* bearoff,
                                   const CubeReferenceSettings& st) {
  const rollout::RolloutSettings rs =
      reference_rollout_settings(st.trials, st.seed + static_cast<uint32_t>(index), true, st.play);
  // As `tavla rollout --cube`: the roller does not double again before his roll, both equities
  // per unit of the cube in play.
  const eval::CubeInfo ci = cube_info_of(p);
  std::vector<rollout::Alternative> alts{
      {p.board, ci, false, false, ci.cube},
      {p.board, eval::after_double_take(ci), false, false, ci.cube}};
  rollout::Rollout r(std::move(nets), bearoff, rs, alts);
  r.run(st.trials);
  const auto stats = r.stats();
  CubePosition out = p;
  out.no_double = stats[0].mean[rollout::kCubefulEquity];
  out.double_take = stats[1].mean[rollout::kCubefulEquity];
  out.se_no_double = stats[0].std_error[rollout::kCubefulEquity];
  out.se_double_take = stats[1].std_error[rollout::kCubefulEquity];
  return out;
}

void rollout_cube_positions(const CubeSet& set, size_t first,
                            std::shared_ptr<const eval::NetSet> nets,
                            const eval::BearoffProvider* bearoff, const CubeReferenceSettings& st,
                            const std::function<void(size_t, const CubePosition&)>& done) {
  ordered_parallel<CubePosition>(
      first, set.positions.size(), st.threads,
      [&](size_t i, int) {
        return rollout_cube_position(set.positions[i], static_cast<int>(i), nets, bearoff, st);
      },
      done);
}

}  // namespace tavla::strength
