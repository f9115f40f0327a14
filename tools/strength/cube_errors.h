// SPDX-License-Identifier: GPL-3.0-or-later
// Cube error rates of a playing configuration on a CubeSet. In every position the configuration
// makes both decisions with its own cube analysis (player.h: wants_to_double, takes): the doubler's
// and, as if doubled, the taker's. Losses are in cubeful money equity per cube against the set's
// reference:
//   doubler: max(ND, min(DT, DP)) - (doubles ? min(DT, DP) : ND), with DP = +1;
//   taker (from his side): (takes ? DT : DP) - min(DT, DP), the doubler's equities.
// Reported as gnubg reports cube error rates: mean loss per decision in millipoints.
#pragma once

#include <array>
#include <functional>
#include <span>
#include <vector>

#include "strength/cube_set.h"
#include "strength/player.h"

namespace tavla::strength {

struct CubeChoice {
  bool doubles = false;  // the roller doubles
  bool takes = false;    // the opponent, doubled, takes
};

struct CubeTally {
  int decisions = 0;
  double total_loss = 0;  // equity per cube
  int wrong = 0;          // decisions that lose anything against the reference
  double mean_millipoints() const { return decisions ? 1000.0 * total_loss / decisions : 0.0; }
  void add(float loss);
};

struct CubeErrorReport {
  // [0] doubling decisions, [1] take decisions, [2] both; by class in kErrorClasses order.
  std::array<CubeTally, 3> all;
  std::array<std::array<CubeTally, 3>, 3> by_class;
};

float double_loss(const CubePosition& p, bool doubles);
float take_loss(const CubePosition& p, bool takes);

// chosen.size() must equal set.positions.size().
CubeErrorReport tally_cube_errors(const CubeSet& set, std::span<const CubeChoice> chosen);

// A cube decision that lost equity: the position's index in the set (from 0), which decision
// (the doubler's or the taker's) and the loss (cubeful money equity per cube).
struct LostCubeDecision {
  int index = 0;
  bool take = false;  // the taker's decision (else the doubler's)
  float loss = 0;
};

// The decisions of `chosen` that lost equity, worst first (ties in the set's order, the
// doubler's before the taker's). chosen.size() must equal set.positions.size().
std::vector<LostCubeDecision> lost_cube_decisions(const CubeSet& set,
                                                  std::span<const CubeChoice> chosen);

// The configuration's two decisions in every position of the set, positions spread over
// `threads` threads (each with its own search; the choices do not depend on the number of
// threads). `progress` (positions done, total) is called from the calling thread.
std::vector<CubeChoice> choose_cube_actions(const CubeSet& set, const PlayerConfig& player,
                                            const eval::BearoffProvider* bearoff, int threads,
                                            const std::function<void(int, int)>& progress = {});

}  // namespace tavla::strength
