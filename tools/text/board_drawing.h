// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's ASCII board (`show board` in tty mode), character for character.
#pragma once

#include <array>
#include <string>

#include "engine/board.h"
#include "engine/match_state.h"

namespace tavla::text {

struct PlayerNames {
  std::array<std::string, 2> name{"gnubg", "user"};  // gnubg's defaults for players 0 and 1
};

// `board` is seen from match.on_roll (as everywhere in tavla). The result ends with a newline.
// When no game is in progress gnubg prints only "No game in progress." `chequers`: per side in
// the game played (hypergammon: 1 to 3), for the borne-off stacks.
std::string draw_board(const engine::Board& board, const engine::MatchState& match,
                       const PlayerNames& names = {}, int chequers = engine::kCheckersPerSide);

}  // namespace tavla::text
