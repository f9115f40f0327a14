// SPDX-License-Identifier: GPL-3.0-or-later
// FIBS's "board:" line as gnubg 1.07 sends it to an external player (play.c, PLAYER_EXTERNAL;
// drawboard.c, FIBSBoard): 53 colon-separated fields. gnubg's conventions, checked against
// gnubg itself (tests/fixtures/external/fibs_boards.txt):
// - the board fields hold player 1's chequers as positive counts (its own point numbers, bar in
//   the last board field) and player 0's as negative counts (bar in the first);
// - the turn field is 1 when player 1 is on roll (gnubg's fMove), -1 when player 0 is;
// - the names and scores are player 0's then player 1's, swapped while a double is pending;
// - "may double" is player 1's, "opponent may double" player 0's (both: centred cube);
// - the last two fields are "post-Crawford" and "not the Crawford game".
// The Jacoby rule, beavers and whether the cube is used at all are not in the line.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/xgid.h"

namespace tavla::engine {

struct FibsRules {
  bool jacoby = true;  // gnubg's defaults
  int beavers = 3;
};

struct FibsBoard {
  Game game;                         // match.turn: the player who must answer now
  std::array<std::string, 2> names;  // gnubg's player 0 and player 1
};

// The line gnubg's `set output rawboard on' prints for a board (drawboard.c FIBSBoard as
// ShowBoard calls it): `board` from the side of ms.on_roll (gnubg's fMove), names and scores of
// player 1 then player 0, `chequers` per side (15 in the standard game). Names have ':' as '_'.
std::string write_fibs_board(const Board& board, const MatchState& ms,
                             const std::array<std::string, 2>& names, int chequers = 15);

// Errors name the field (1-based, as FIBS documents them) and what is wrong with it.
Result<FibsBoard> read_fibs_board(std::string_view line, const FibsRules& rules = {});

}  // namespace tavla::engine
