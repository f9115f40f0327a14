// SPDX-License-Identifier: GPL-3.0-or-later
// Jellyfish .pos position files (binary), read as gnubg 1.07's `import pos` reads them (import.c,
// ParseJF and ImportJF). Every number is a little-endian signed 16-bit word:
//
//   version                      124 (Jellyfish 1.0-1.2), 125 (1.6) or 126 (3.0)
//   [126: caution, unused]
//   [125, 126: cube use, Jacoby rule, beavers]    124: gnubg takes the cube as not used
//   cube value, cube owner       owner 0 centred, 1 or 2 the first or second player
//   on roll                      0 starting position, 1 or 2 the player with the dice rolled,
//                                3 or 4 the player (1 or 2) to roll
//   moves left, moves right, unused, game or match (1 match, 3 single game), opponent (2: the
//   first player is Jellyfish, whatever the name stored), level, match length, score 1, score 2
//   name 1, name 2               a length byte, then the bytes
//   swap dice, Crawford (2 Crawford game, 3 post-Crawford), Jellyfish played last
//   last move                    a length byte, then the bytes
//   die 1, die 2                 die 1 may be stored negative
//   26 pairs (new, old)          the board plus 20: [0] and [25] the bars; the first player's
//                                chequers negative, the second's positive
//
// The result is what gnubg's ImportJF records: one game (numbered 0, the Crawford rule on) whose
// records set the dice (when stored), the board, the cube value and its owner. gnubg's first
// player is the file's first player (gnubg's player 0). gnubg reads fields that tavla refuses
// (it would show or play nonsense, or overflow its name buffers): more than 15 chequers on a side
// or none, a cube that is not a power of two up to 4096, an owner other than 0 to 2, dice out of
// 1..6, a score not below the match length, a match longer than 64 points. Such files are
// refused with the field and its byte offset.
#pragma once

#include <string_view>

#include "engine/game_record.h"
#include "engine/result.h"

namespace tavla::engine {

// Reads a .pos file; `name` names it in errors. `unrecognised` (if given) is set when the file
// does not start with a known version word (gnubg's "File not recognised as Jellyfish file.").
Result<MatchRecord> read_pos(std::string_view bytes, std::string_view name,
                         bool* unrecognised = nullptr);

}  // namespace tavla::engine
