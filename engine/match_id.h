// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's match ID: 66 bits (67 with gnubg's Jacoby bit) packed least-significant first into
// 9 bytes and Base64-encoded in 12 characters.
//
//   bits  0-3  log2(cube)           bits 15-17 die 1 (larger first; 0 = not rolled)
//   bits  4-5  cube owner (3 = centred) 18-20 die 2
//   bit   6    player on roll (fMove)    21-35 match length (0 = money)
//   bit   7    Crawford game             36-50 score of player 0
//   bits  8-10 game state                51-65 score of player 1
//   bit  11    player to act (fTurn)     66    1 when the Jacoby rule is NOT in force
//   bit  12    double offered            67-71 unused (zero)
//   bits 13-14 resignation level
#pragma once

#include <string>
#include <string_view>

#include "engine/match_state.h"
#include "engine/result.h"

namespace tavla::engine {

inline constexpr int kMatchIdLength = 12;

std::string match_id(const MatchState& ms);

// Decodes a match ID, deriving the post-Crawford flag from the score as gnubg does; rejects bad
// characters, a wrong length, and states that contradict themselves (match_state_error).
Result<MatchState> match_state_from_id(std::string_view id);

}  // namespace tavla::engine
