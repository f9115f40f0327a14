// SPDX-License-Identifier: GPL-3.0-or-later
// The record of a match as gnubg keeps it (its list of games, each a list of moverecords): what
// the shell replays, and what match files (SGF) store. Plain data; game_flow.h applies it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/match_state.h"
#include "engine/move.h"
#include "engine/variant.h"

namespace tavla::engine {

// The first record of every game (gnubg's MOVE_GAMEINFO): the score and rules it started with
// and, once it is over, its result.
struct GameInfo {
  int index = 0;                   // games completed in the match before this one
  int match_length = 0;            // 0 = money session
  std::array<int, 2> score{0, 0};  // at the start of the game
  bool crawford_rule = false;      // the match is played with the Crawford rule
  bool crawford_game = false;      // this game is the Crawford game
  bool jacoby = false;             // money play under the Jacoby rule
  bool cube_use = true;
  int auto_doubles = 0;   // automatic doubles on opening doublets (cube = 2^n)
  int winner = -1;        // -1 while the game is in progress
  int points = 0;         // points the winner scored
  bool resigned = false;  // the game ended by a resignation

  friend bool operator==(const GameInfo&, const GameInfo&) = default;
};

enum class RecordKind : uint8_t {
  kDouble,  // a double, or with a double pending a beaver/raccoon (gnubg's MOVE_DOUBLE)
  kTake,
  kDrop,
  kMove,      // a roll and its play; a move with no steps means the roll could not be played
  kResign,    // an accepted resignation
  kSetBoard,  // the position was edited
  kSetDice,   // the dice were rolled or set (replaced by the kMove that plays them)
  kSetCubeValue,
  kSetCubeOwner,
};

// Annotations a user puts on a record (gnubg's skilltype and lucktype, in gnubg's order: the
// values below kNone are "marked", as gnubg's badSkill).
enum class Skill : uint8_t { kVeryBad, kBad, kDoubtful, kNone };
enum class Luck : uint8_t { kVeryUnlucky, kUnlucky, kNone, kLucky, kVeryLucky };

struct MoveRecord {
  RecordKind kind = RecordKind::kMove;
  int player = 0;                 // who acted (for kSetBoard: who is on roll)
  std::array<int, 2> dice{0, 0};  // kMove, kSetDice; kMove stores the larger die first
  Move move;                      // kMove, in gnubg's anMove layout seen from `player`
  int resigned = 0;               // kResign: 1 single game, 2 gammon, 3 backgammon
  Board board;                    // kSetBoard: seen from player 0 (sides[1] = player 0)
  int cube = 1;                   // kSetCubeValue
  int cube_owner = kCubeCentred;  // kSetCubeOwner
  std::string comment;            // free text (SGF C[...])
  // `annotate` marks (not yet written to or read from match files).
  Skill skill = Skill::kNone;         // kMove: the chequer play
  Skill cube_skill = Skill::kNone;    // kMove (the cube decision before the roll), kDouble,
                                      // kTake, kDrop
  Skill resign_skill = Skill::kNone;  // kResign: the resignation
  Skill accept_skill = Skill::kNone;  // kResign: accepting it
  Luck luck = Luck::kNone;            // kMove, kSetDice: the roll

  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

struct GameRecord {
  GameInfo info;
  std::vector<MoveRecord> records;
};

// Optional information about the match as a whole (SGF root properties of the first game).
struct MatchInfo {
  std::array<std::string, 2> names{"gnubg", "user"};
  std::array<std::string, 2> ratings;
  std::string date;  // "YYYY-MM-DD" or empty
  std::string event, round, place, annotator, comment;
  Variant variant = Variant::kStandard;  // .mat [Variation], SGF RU[...:Nackgammon|Hypergammon<n>]
};

// A whole match (or session) as a match file holds it: what the SGF and .mat readers return.
struct MatchRecord {
  MatchInfo info;
  std::vector<GameRecord> games;
};

}  // namespace tavla::engine
