// SPDX-License-Identifier: GPL-3.0-or-later
// What the files of gnubg's command tables share (command_table.cpp: the top level and all but
// `set'; command_table_set.cpp: `set'): the usage strings, the entries of commands tavla does
// not have, and the tables one file names from the other. Only for those two files.
#pragma once

#include "shell/command_table.h"
#include "shell/shell.h"

namespace tavla::shell::tables {

using S = Shell;

// Usage strings (gnubg's sz... constants).
inline constexpr const char* kDice = "<die> <die>";
inline constexpr const char* kFilename = "<filename>";
inline constexpr const char* kLength = "<length>";
inline constexpr const char* kLimit = "<limit>";
inline constexpr const char* kMove = "<from> <to> ...";
inline constexpr const char* kName = "<name>";
inline constexpr const char* kOnOff = "on|off";
inline constexpr const char* kOptCommand = "[command]";
inline constexpr const char* kOptLength = "[length]";
inline constexpr const char* kOptPosition = "[position]";
inline constexpr const char* kOptSeed = "[seed]";
inline constexpr const char* kSize = "<size>";
inline constexpr const char* kOptValue = "[value]";
inline constexpr const char* kPlayer = "<player>";
inline constexpr const char* kPlies = "<plies>";
inline constexpr const char* kPosition = "<position>";
inline constexpr const char* kPrompt = "<prompt>";
inline constexpr const char* kScore = "<score> [length]";
inline constexpr const char* kValue = "<value>";
inline constexpr const char* kMatchId = "<matchid>";
inline constexpr const char* kGnubgId = "<gnubgid>";
inline constexpr const char* kXgid = "<xgid>";
inline constexpr const char* kStdDev = "<std dev>";
inline constexpr const char* kTrials = "<trials>";
inline constexpr const char* kLevel = "<level>";
inline constexpr const char* kEvalType = "evaluation|rollout";
inline constexpr const char* kFilter =
    "<ply> <num.xjoin to accept (0 = skip)> [<num. of extra moves to accept> <tolerance>]";
inline constexpr const char* kMinGames = "<minimum games to rollout>";
inline constexpr const char* kMaxErr = "<fraction>";
inline constexpr const char* kJsds = "<joint standard deviations>";
inline constexpr const char* kStep = "[game|roll|rolled|marked] <count>";

// Commands gnubg has and tavla does not: kept (hidden from `help`) so that abbreviations select
// what they select in gnubg, and answered with why: settings of gnubg's graphical board and
// windows, its sounds,
#define NA_GUI(name) \
  { name, &S::cmd_not_available_gui, nullptr, nullptr, nullptr }
#define NA_SOUND(name) \
  { name, &S::cmd_not_available_sound, nullptr, nullptr, nullptr }
// File formats tavla does not read or write, and gnubg's interfaces to other programs.
#define NA_FORMAT(name) \
  { name, &S::cmd_not_available_format, nullptr, nullptr, nullptr }
#define NA_IFACE(name) \
  { name, &S::cmd_not_available_interface, nullptr, nullptr, nullptr }

extern const CommandEntry kSet[];          // command_table_set.cpp
extern const CommandEntry kSetRollout[];   // command_table_set.cpp: gnubg's acSetRollout
extern const CommandEntry kSetInvert[];    // command_table_set.cpp: `show` names it too

}  // namespace tavla::shell::tables
