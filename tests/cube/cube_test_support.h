// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the cube tests: METs by the names the fixtures use.
#pragma once

#include <optional>
#include <string>

#include "eval/match_equity.h"

namespace tavla::test {

// The table gnubg used for a fixture: "Kazaross-XG2" (built in), "fallback" (gnubg's default
// Zadeh table), the test inputs of tests/fixtures/cube/met_inputs/, or a file of gnubg's met/
// folder. nullopt when that folder is not installed.
std::optional<eval::MatchEquityTable> try_met_by_name(const std::string& name);
// The same; fails the test when the table is unavailable.
eval::MatchEquityTable met_by_name(const std::string& name);

}  // namespace tavla::test
