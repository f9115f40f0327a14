// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla rollout --json`: the rollout of a position's candidates (analysis/position_rollout.h) as
// one JSON object: id, trials, seed, cubeful, variance_reduction and per candidate its label, mean
// and std_error (seven numbers each: rollout/rollout.h's outputs). Shared with the doors.
#pragma once

#include <string>
#include <vector>

#include "analysis/position_rollout.h"
#include "rollout/rollout.h"

namespace tavla::text {

std::string rollout_json(const std::string& id, const std::vector<analysis::RolloutCandidate>& cands,
                         const std::vector<rollout::AlternativeStats>& stats,
                         const rollout::RolloutSettings& settings);

}  // namespace tavla::text
