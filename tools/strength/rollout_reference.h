// SPDX-License-Identifier: GPL-3.0-or-later
// Rollout references for an error set: the leading plays of every position are rolled out
// (cubeless money, full games to the end or to the bearoff databases, variance reduction,
// quasi-random dice, the same dice for every play of a position), and their rollout equities
// replace the set's reference equities. A 2-ply reference is made by the nets whose 0-ply play it
// then grades, which flatters nets that think alike; a rollout is a different judge: it plays the
// games out and counts the results.
//
// Plays not rolled out keep their old reference equity moved by the amount the worst rolled-out
// candidate moved (old reference -> rollout), and never above that candidate's rollout equity:
// a configuration that picks one of them is charged at least the loss of the worst candidate.
// The 0-ply choices of strong nets are among the candidates in almost every position, so their
// losses rest on rollouts alone (`RolloutReferenceStats` counts how often a choice was not).
#pragma once

#include <functional>
#include <memory>

#include "rollout/rollout.h"
#include "strength/error_set.h"

namespace tavla::eval {
class BearoffProvider;
}

namespace tavla::strength {

struct RolloutReferenceSettings {
  int trials = 648;     // per candidate play; a multiple of 36 keeps the quasi-random dice even
  int candidates = 5;   // the leading plays of the old reference, at most this many...
  float window = 0.2f;  // ...within this equity of its best (at least two)
  uint32_t seed = 1;    // position i's dice come from seed + i
  int threads = 1;      // positions rolled out at once (the results do not depend on it)
  eval::EvalSetup play{{0, false, false, true, 0.0f},
                       eval::predefined_filters(eval::FilterName::kNormal)};  // both sides
};

// The settings of a reference rollout: `trials` trials with dice from `seed`, quasi-random dice,
// variance reduction, one thread, `play` for both sides' chequer plays and (its context) cube
// decisions, no truncation; results cubeful or cubeless.
rollout::RolloutSettings reference_rollout_settings(int trials, uint32_t seed, bool cubeful,
                                                    const eval::EvalSetup& play);

// Position `index` of a set with the candidates' equities replaced and the plays re-sorted.
ErrorPosition rollout_position(const ErrorPosition& p, int index,
                               std::shared_ptr<const eval::NetSet> nets,
                               const eval::BearoffProvider* bearoff,
                               const RolloutReferenceSettings& st);

// Positions [first, set.positions.size()) of `set` rolled out on st.threads threads; `done` is
// called in position order from the calling thread as each is finished (for files written as
// they go, so that a stopped run resumes where it stopped).
void rollout_positions(const ErrorSet& set, size_t first, std::shared_ptr<const eval::NetSet> nets,
                       const eval::BearoffProvider* bearoff, const RolloutReferenceSettings& st,
                       const std::function<void(size_t, const ErrorPosition&)>& done);

}  // namespace tavla::strength
