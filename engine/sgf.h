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
// Analysis properties (A, DA, GS, LU, ...) are skipped when reading and not written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.h"
#include "engine/result.h"

namespace tavla::engine {

using SgfMatch = MatchRecord;

// `application` goes into AP[...]. Every game tree ends with ")\n".
std::string write_sgf(const SgfMatch& match, std::string_view application);

// Reads every backgammon game tree (GM[6]) of a collection; `name` names the source in errors.
Result<SgfMatch> read_sgf(std::string_view text, std::string_view name);

}  // namespace tavla::engine
