// SPDX-License-Identifier: GPL-3.0-or-later
// What `tavla rollout` and every door (the Python module) roll out for a position, and with which
// settings: with dice the best plays of the roll, with a cube request the cube decision (no double
// against double/take on the same dice), else the position itself. The rollout itself is
// rollout/rollout.h's; the JSON form is tools/text/rollout_json.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/xgid.h"
#include "eval/cube_info.h"
#include "eval/search.h"
#include "rollout/rollout.h"

namespace tavla::analysis {

// The options of `tavla rollout`, as its command line names them.
struct RolloutRequest {
  int trials = 1296;
  uint32_t seed = 0;
  int threads = 1;
  bool cubeful = true;             // false: --cubeless
  bool variance_reduction = true;  // false: --no-variance-reduction
  bool random_dice = false;        // plain random dice instead of quasi-random ones
  bool initial = false;            // the opening position: no doubles on the first roll
  std::optional<int> truncate;     // truncate after N half-moves
  std::optional<int> plies;        // chequer-play plies (default 0)
  std::optional<int> cube_plies;   // cube-decision plies (default 2)
  std::optional<float> std_error;  // stop when every equity's standard error is below this
  bool cube = false;               // roll out the cube decision (no dice)
  int moves = 5;                   // with dice: how many candidate plays
};

// Checks the request's numbers; nullopt when usable.
std::optional<std::string> rollout_request_error(const RolloutRequest& r);

// The rollout settings of a request (gnubg's defaults for everything it does not set).
rollout::RolloutSettings rollout_settings(const RolloutRequest& r);

struct RolloutCandidate {
  std::string label;  // the move text, "No double", "Double, take" or "Position"
  rollout::Alternative alt;
};

// What to roll out for `game` (ci: its cube situation): with dice the request's number of best
// plays ranked at 0 ply (gnubg's expert level) by `search`, with r.cube the cube decision, else
// the position. Errors: no legal play, the player on roll cannot double.
engine::Result<std::vector<RolloutCandidate>> rollout_candidates(const engine::Game& game,
                                                                 const eval::CubeInfo& ci,
                                                                 const RolloutRequest& r,
                                                                 eval::Search& search);

}  // namespace tavla::analysis
