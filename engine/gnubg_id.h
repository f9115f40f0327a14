// SPDX-License-Identifier: GPL-3.0-or-later
// The ways a user names a position: gnubg ID "POSID:MATCHID", a bare position ID (a money game
// with player 1 on roll and no dice), or an XGID.
#pragma once

#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/xgid.h"

namespace tavla::engine {

std::string gnubg_id(const Game& game);  // "POSID:MATCHID"

// The match state gnubg uses for a bare position ID: money, centred cube, Jacoby on, player 1 on
// roll and to act, no dice.
MatchState default_money_state();

// Parses any of the three forms (surrounding blanks ignored), choosing by shape: text starting with
// "XGID=" or containing 9 colons is an XGID; "A:B" is a gnubg ID; otherwise a position ID (or its
// 20-letter A..P form).
Result<Game> game_from_text(std::string_view text);

}  // namespace tavla::engine
