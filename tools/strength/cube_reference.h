// SPDX-License-Identifier: GPL-3.0-or-later
// Rollout references for a cube set: "no double" and "double, take" of every position rolled out
// cubeful (money, full games to the end or to the exact two-sided bearoff databases, variance
// reduction, quasi-random dice, the same dice for both), and their equities replace the set's.
// As for chequer plays (rollout_reference.h): a 2-ply reference made by the nets it grades flatters
// nets that think alike; a rollout plays the games out and counts the results.
#pragma once

#include <functional>
#include <memory>

#include "strength/cube_set.h"

namespace tavla::eval {
class BearoffProvider;
}

namespace tavla::strength {

struct CubeReferenceSettings {
  int trials = 648;   // per decision; a multiple of 36 keeps the quasi-random dice even
  uint32_t seed = 1;  // position i's dice come from seed + i
  int threads = 1;    // positions rolled out at once (the results do not depend on it)
  // Chequer play and cube decisions of both sides during the rollout: cubeful 0 ply.
  eval::EvalSetup play{{0, true, true, true, 0.0f},
                       eval::predefined_filters(eval::FilterName::kNormal)};
};

// Position `index` of a set with its equities replaced by the rollout's.
CubePosition rollout_cube_position(const CubePosition& p, int index,
                                   std::shared_ptr<const eval::NetSet> nets,
                                   const eval::BearoffProvider* bearoff,
                                   const CubeReferenceSettings& st);

// Positions [first, set.positions.size()) rolled out on st.threads threads; `done` is called in
// position order from the calling thread as each is finished.
void rollout_cube_positions(const CubeSet& set, size_t first,
                            std::shared_ptr<const eval::NetSet> nets,
                            const eval::BearoffProvider* bearoff, const CubeReferenceSettings& st,
                            const std::function<void(size_t, const CubePosition&)>& done);

}  // namespace tavla::strength
