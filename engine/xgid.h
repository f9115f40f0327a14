// SPDX-License-Identifier: GPL-3.0-or-later
// eXtreme Gammon's XGID, read as gnubg 1.07's `set xgid` reads it and written the same way.
//
//   XGID=<26 chars>:cubelog:cubeowner:turn:dice:score1:score2:rules:matchlen:maxcube
//
// The 26 position characters are seen from XG's bottom player, which is gnubg's player 1: char 0
// is player 0's bar, chars 1..24 are player 1's points 1..24, char 25 is player 1's bar; 'A'..'P'
// are 1..16 chequers of player 1, 'a'..'p' of player 0, '-' an empty point. cubeowner: 1 =
// player 1, -1 = player 0, 0 = centred. turn: 1 = player 1 on roll, otherwise player 0. dice:
// "00" to roll, "D" when the player on roll has doubled, else the two dice. score1 is player 1's,
// score2 player 0's. rules: match play 1 = this is the Crawford game; money 0 none, 1 Jacoby,
// 2 beavers, 3 both. maxcube 0 means no cube at all.
//
// What gnubg 1.07's `set xgid` makes of that, and so tavla (checked against gnubg's answers in
// tests/fixtures/engine/xgids.txt): the Crawford flag only counts when a player is 1-away in a
// match longer than 1 point; in the Crawford game the cube value is 1 whatever the XGID says
// (the owner field is kept); a pending double ("D") is stepped back to the doubler before the
// double, since a gnubg match ID cannot carry an offered cube after `set`.
#pragma once

#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/match_state.h"
#include "engine/result.h"

namespace tavla::engine {

struct Game {
  Board board;       // seen from match.on_roll: board.sides[1] belongs to player match.on_roll
  MatchState match;
  friend bool operator==(const Game&, const Game&) = default;
};

// Accepts the text with or without "XGID=" (any label before the last '=', as gnubg), with 10
// fields, or 9: the older form without maxcube (the cube is used). gnubg 1.07 rejects the 9-field
// form; accepting it is a deliberate extension.
Result<Game> game_from_xgid(std::string_view text);

// Writes "XGID=..." with 10 fields (maxcube 10 unless the cube is not used).
std::string xgid(const Game& game);

}  // namespace tavla::engine
