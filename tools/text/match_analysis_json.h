// SPDX-License-Identifier: GPL-3.0-or-later
// The match analysis as one JSON object (for `tavla analyze MATCHFILE --json` and scripts):
//
//   {"match_length": N, "settings": {...},
//    "players": [{"name": ..., "chequer": {...}, "luck": {...}, "cube": {...}, "overall": {...}},
//                {...}],
//    "games": [{"game": 1, "score": [s0, s1], "crawford": bool, "winner": 0|1|null,
//               "points": n, "resigned": bool, "players": [...as above, for this game...],
//               "decisions": [...]}]}
//
// Statistics are grouped as gnubg's `show statistics` groups them, keys the snake_case of its row
// labels (e.g. players[i].chequer.error_rate_memg, .cube.wrong_takes.count, .luck.luck_rate_memg,
// .overall.rating). Units: *_emg are normalised equity; *_memg the same in thousandths; *_mwc
// (match play) match-winning chances as fractions, *_points (money) points; errors are negative,
// as gnubg prints them; a figure gnubg prints as "n/a" is null.
//
// A decision: {"record": i, "action": "move"|"double"|"take"|"drop"|..., "player": 0|1,
// "position_id", "match_id" (before the action), and for a move "dice", "play", "best",
// "equity_loss" (<= 0), "mark", "luck", "luck_mark"; for a cube decision "cube": {"no_double",
// "double_take", "double_pass", "optimal", "proper", "error", "mark"} (equities for the doubler).
#pragma once

#include <string>

#include "analysis/match_analysis.h"

namespace tavla::text {

std::string match_analysis_json(const analysis::MatchAnalysis& m);

}  // namespace tavla::text
