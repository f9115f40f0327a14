// SPDX-License-Identifier: GPL-3.0-or-later
// Jellyfish .mat match files: written byte for byte as gnubg 1.07's `export match mat` writes them
// (export.c), read as gnubg writes them and as other programs (Jellyfish, XG, GridGammon, ...)
// leave them.
//
//   ; [Site "Earth"]                      optional header comments: Site, Event, Round,
//   ; [EventDate "2026.11.25"]            EventDate, Variation, Transcriber, Jacoby, Beaver,
//                                         Crawford; other comment lines are the match comment
//    7 point match                        0 = money session
//
//    Game 1
//    alice : 0                      bob : 0
//     1) 31: 8/5 6/5                 Doubles => 2         player 0 left, player 1 right
//     2)  Takes                      64: 24/18 13/9
//    ...                                                  Beavers => 4, Drops, Wins 2 points
//                                                         (and the match), 25 = bar, 0 = off
//
// Reading replays every game under the rules (GameFlow): each roll must come in turn, each play
// must be a legal play of its roll, each cube action allowed (Crawford game, cube ownership, dead
// cube, beavers in money play only), and every game must start at the score the previous one left
// and end as its "Wins" line says. A file that contradicts the rules is refused with an error
// naming the line, the game, the move number and the reason; nothing is repaired or guessed.
// What gnubg's importer tolerates and reads the same way is accepted: CRLF or CR line ends, blank
// or trailing-blank lines, no final newline, a UTF-8 byte order mark, tabs, column widths other
// than gnubg's, consolidated plays ("24/13", "6/2(2)"), "bar"/"off", "Cannot Move", the take
// that gnubg and Jellyfish leave out after a beaver, a roll shown without a play before a
// resignation, GridGammon's ratings after the names ("name, 1650").
//
// Not representable in the format: edited positions (gnubg warns and writes blanks; the reader
// refuses what other programs write for them), automatic doubles, analysis.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/game_flow.h"
#include "engine/game_record.h"
#include "engine/result.h"

namespace tavla::engine {

// Reads a .mat file; `name` names the source in errors. `rules` are the rules the file does not
// state (gnubg's settings at import): the Jacoby rule, beavers, cube use, and the variant unless a
// [Variation] header names one; [Jacoby], [Beaver] and [Crawford] headers override them. The
// games are GameFlow's records of the replayed match, the same records read_sgf gives for the
// same match once GameFlow::load has replayed them: plays in gnubg's recorded step order,
// resignations as kResign records. Match info: names (the last game's header), ratings, date,
// event, round, place (Site), annotator (Transcriber), comment, variant.
Result<MatchRecord> read_mat(std::string_view text, std::string_view name,
                             const FlowRules& rules = {});

// The file gnubg 1.07's `export match mat` writes for the match: header comments from the match
// info, " N point match", then every game with its score line, plays, cube actions and results,
// gnubg's column layout and spacing (trailing blanks included). A game's result is written from
// its records as gnubg does: the points of a bear-off are counted without the Jacoby rule and
// " and the match" is never written. Records .mat cannot hold (positions, dice or cube edited
// during play) leave a line break or blanks, as in gnubg; `edit_warnings` (if given) receives
// the offsets in the text where gnubg prints, once per edited game, "Warning: this game was
// edited during play and cannot be exported correctly in this format." (on the output, between
// the lines of the file when it writes to the output).
std::string write_mat(const MatchRecord& match, std::vector<size_t>* edit_warnings = nullptr);

// The file gnubg 1.07's `export game gam` writes for one game (ExportGameGam): no header, no
// "N point match" and no "Game N" line; the names without the score, then the game as write_mat
// writes it (warnings as there).
std::string write_gam(const GameRecord& game, const MatchInfo& info,
                      std::vector<size_t>* edit_warnings = nullptr);

// gnubg's warning for an edited game, with its line ends.
inline constexpr const char* kMatEditWarning =
    "Warning: this game was edited during play and cannot be exported correctly in this format.\n"
    "Use Snowie text format instead.\n";

}  // namespace tavla::engine
