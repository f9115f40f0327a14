// SPDX-License-Identifier: GPL-3.0-or-later
// Match files in gnubg's SGF dialect (sgf.c of gnubg 1.07): one game tree per game, written as
// gnubg writes them and read as gnubg reads them, so that gnubg opens what tavla saves and tavla
// opens what gnubg saves.
//
//   (;FF[4]GM[6]CA[UTF-8]AP[...]MI[length:7][game:0][ws:0][bs:0]PW[gnubg]PB[user]DT[...]
//     RU[Crawford:CrawfordGame:Jacoby]RE[W+2]
//   ;B[52lgge]        player 1 ("Black") rolled 5-2 and moved; points 'a'.. from player 0's
//                     side ('a' = player 0's ace point = player 1's 24-point), 'y' bar, 'z' off
//   ;W[double] ;B[take] ;B[drop]   cube actions
//   ;PL[B]DI[31]      dice set or rolled but not yet played
//   ;PL[W]AE[a:y]AW[..]AB[..]      an edited position;  ;CV[4]  ;CP[w]   cube edits
//   )
// Player 0 is White (W), player 1 Black (B). A resignation is stored only as the result RE[W+2R].
// Analysis properties (A, DA, GS, LU, ...) are kept raw when reading (SgfGameProperties, parsed by
// tools/text/match_analysis_sgf.h); writing puts the caller's (SgfGameExtras, made by the same
// file) where gnubg puts its own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.h"
#include "engine/result.h"

namespace tavla::engine {

using SgfMatch = MatchRecord;

// Properties written as they are (already in SGF syntax, e.g. "LU[0.12345]") at the places gnubg
// writes its analysis: `root` after the root node's RE[] (gnubg's GS[]), records[k] after the
// action of the game's record k and before its comment C[] (DA, A, MR, LU, GB/GW, BM/DO, BC/DC).
// Missing or empty entries write nothing; a record that is not written (a resignation, a
// pending double at the end) drops its entry.
struct SgfGameExtras {
  std::string root;
  std::vector<std::string> records;
};

// What tavla writes into AP[...] (gnubg writes "GNU Backgammon:1.07.001").
inline constexpr std::string_view kSgfApplication = "tavla:0.1.0";

// `application` goes into AP[...]. Every game tree ends with ")\n". `extras`, when given, holds
// one entry per game of `match` (fewer: the games after them have none).
std::string write_sgf(const SgfMatch& match, std::string_view application,
                      const std::vector<SgfGameExtras>* extras = nullptr);

// A play in SGF letters (gnubg's WriteMove): each step's points in the mover's coordinates,
// 'a' + i for White (player 0) and 'x' - i for Black, 'y' the bar, 'z' off.
std::string sgf_move_letters(int player, const Move& m);

// One property as read: its name and its values, unescaped.
struct SgfProperty {
  std::string name;
  std::vector<std::string> values;
};

// The analysis properties of one game as read (gnubg's, see SgfGameExtras): `root` of the root
// node (GS), records[k] of the node that holds the game's record k (DA, A, MR, CR, LU, GW/GB,
// BM/DO, BC/DC), in the file's order. records has one entry per record of the game.
struct SgfGameProperties {
  std::vector<SgfProperty> root;
  std::vector<std::vector<SgfProperty>> records;
};

// Reads every backgammon game tree (GM[6]) of a collection; `name` names the source in errors.
// `analysis`, when given, receives one entry per game read.
Result<SgfMatch> read_sgf(std::string_view text, std::string_view name,
                          std::vector<SgfGameProperties>* analysis = nullptr);

// A play in SGF letters read back (gnubg's Point for each letter; the inverse of
// sgf_move_letters): pairs of letters, at most 4; nullopt if a letter is not a point.
std::optional<Move> sgf_move_from_letters(int player, std::string_view letters);

}  // namespace tavla::engine
