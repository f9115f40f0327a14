// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/cube_errors.h"

#include <algorithm>
#include <cassert>

#include "eval/cube_decision.h"
#include "eval/search.h"
#include "strength/error_set.h"
#include "strength/ordered_parallel.h"

namespace tavla::strength {

namespace {

// "Double, pass" in money play, per cube.
constexpr float kDoublePass = 1.0f;

int class_index(eval::PositionClass c) {
  for (int k = 0; k < 3; ++k)
    if (kErrorClasses[k] == c) return k;
  return 0;
}

}  // namespace

void CubeTally::add(float loss) {
  ++decisions;
  total_loss += loss;
  if (loss > 0) ++wrong;
}

float double_loss(const CubePosition& p, bool doubles) {
  const float doubled = std::min(p.double_take, kDoublePass);
  const float best = std::max(p.no_double, doubled);
  return best - (doubles ? doubled : p.no_double);
}

float take_loss(const CubePosition& p, bool takes) {
  return (takes ? p.double_take : kDoublePass) - std::min(p.double_take, kDoublePass);
}

CubeErrorReport tally_cube_errors(const CubeSet& set, std::span<const CubeChoice> chosen) {
  assert(chosen.size() == set.positions.size());
  CubeErrorReport r;
  for (size_t i = 0; i < set.positions.size(); ++i) {
    const CubePosition& p = set.positions[i];
    const float losses[2] = {double_loss(p, chosen[i].doubles), take_loss(p, chosen[i].takes)};
    auto& cls = r.by_class[class_index(p.cls)];
    for (int d = 0; d < 2; ++d) {
      r.all[d].add(losses[d]);
      r.all[2].add(losses[d]);
      cls[d].add(losses[d]);
      cls[2].add(losses[d]);
    }
  }
  return r;
}

std::vector<LostCubeDecision> lost_cube_decisions(const CubeSet& set,
                                                  std::span<const CubeChoice> chosen) {
  assert(chosen.size() == set.positions.size());
  std::vector<LostCubeDecision> lost;
  for (size_t i = 0; i < set.positions.size(); ++i) {
    const CubePosition& p = set.positions[i];
    const int index = static_cast<int>(i);
    if (const float l = double_loss(p, chosen[i].doubles); l > 0) lost.push_back({index, false, l});
    if (const float l = take_loss(p, chosen[i].takes); l > 0) lost.push_back({index, true, l});
  }
  std::stable_sort(lost.begin(), lost.end(),
                   [](const LostCubeDecision& a, const LostCubeDecision& b) { return a.loss > b.loss; });
  return lost;
}

std::vector<CubeChoice> choose_cube_actions(const CubeSet& set, const PlayerConfig& player,
                                            const eval::BearoffProvider* bearoff, int threads,
                                            const std::function<void(int, int)>& progress) {
  const int n = static_cast<int>(set.positions.size());
  std::vector<CubeChoice> chosen(set.positions.size());
  std::vector<std::unique_ptr<eval::Search>> searches;
  for (int t = 0; t < std::max(1, threads); ++t)
    searches.push_back(std::make_unique<eval::Search>(player.nets, bearoff, size_t{1} << 20));
  ordered_parallel<CubeChoice>(
      0, set.positions.size(), threads,
      [&](size_t i, int t) {
        eval::Search& search = *searches[t];
        const CubePosition& p = set.positions[i];
        const eval::CubeInfo ci = cube_info_of(p);
        return CubeChoice{wants_to_double(search, player, p.board, ci),
                          takes(search, player, p.board, ci)};
      },
      [&](size_t i, const CubeChoice& c) {
        chosen[i] = c;
        if (progress) progress(static_cast<int>(i) + 1, n);
      });
  return chosen;
}

}  // namespace tavla::strength
