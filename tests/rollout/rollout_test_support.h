// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers of the rollout tests: gnubg's nets and bearoff databases (through the eval tests'
// support), rollout settings as the fixtures describe them, and the gnubg reference rollouts of
// tests/fixtures/rollout/gnubg_rollouts.txt (written by tests/gnubg/make_rollout_fixtures.py).
#pragma once

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "eval/cube_info.h"
#include "rollout/rollout.h"
#include "tests/eval/test_support.h"

namespace tavla::rollout::testing {

// A position and its cube situation from a gnubg ID, an XGID or a position ID (dice ignored).
struct Position {
  engine::Board board;
  eval::CubeInfo cube;
};
Position position(const std::string& id);

// The settings every fixture shares: 0-ply chequer play and cube decisions (deterministic, no
// noise), quasi-random dice unless `initial` (gnubg then uses plain random dice), no truncation,
// no bearoff truncation.
RolloutSettings zero_ply_settings(bool cubeful, bool variance_reduction, bool chequer_cubeful,
                                  bool initial, uint32_t seed, int threads = 1);

// A position rolled out as gnubg's `rollout` command does (GeneralEvaluationR): no cube decision
// for the player on roll at the start, results for him, equities per unit of the current cube.
Alternative position_alternative(const Position& p);

// One line of gnubg_rollouts.txt.
struct GnubgRollout {
  std::string name;
  bool replay = false;  // "replay": same seed and trials in the test; "reference": other dice
  std::string id;
  uint32_t seed = 0;
  int trials = 0;
  bool cubeful = false, variance_reduction = false, chequer_cubeful = false, initial = false;
  bool match = false;  // units: outputs 5 and 6 are MWC (see the fixture's header)
  std::array<std::optional<double>, kOutputs> mean{}, std_error{};  // nullopt: '-'
};
std::vector<GnubgRollout> gnubg_rollouts();
// For test names and messages: the record's name.
void PrintTo(const GnubgRollout& r, std::ostream* os);

// tavla's statistics in the fixture's units: in match play the cubeless equity (output 5) is
// shown as MWC, as gnubg prints it (eq2mwc for the mean, se_eq2mwc for the error).
AlternativeStats in_fixture_units(const AlternativeStats& s, const eval::CubeInfo& ci);

}  // namespace tavla::rollout::testing
