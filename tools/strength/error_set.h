// SPDX-License-Identifier: GPL-3.0-or-later
// A fixed set of positions for measuring error rates: positions with dice, each with EVERY legal
// play and its reference equity (cubeless money equity for the mover, from a deep analysis).
//
// File format (text, one position per line; '#' starts a comment line):
//   reference <free text: how the equities were made>
//   <POSID:MATCHID> <class> <n> <after_1> <equity_1> ... <after_n> <equity_n>
// The gnubg ID is a money game with a centred cube and the dice set; <class> is contact, crashed
// or race; <after_i> is the position ID of the board after play i, still seen from the mover;
// plays are listed best first, equities with 6 decimals.
//
// Building (build_error_set): positions are sampled from self-play games between 0-ply players
// with gnubg's deterministic noise (so that the games wander off the beaten track), with dice from
// a seeded generator, up to the requested number per class; every legal play of the sampled roll
// is then scored at the reference depth (by default 2 ply with pruning, cubeless: gnubg's world
// class chequer play in a cubeless money game).
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "eval/eval_settings.h"
#include "eval/net_set.h"
#include "eval/position_class.h"

namespace tavla::eval {
class BearoffProvider;
}

namespace tavla::strength {

struct ReferenceMove {
  engine::Board after;  // the board after the play, seen from the mover (not swapped)
  float equity = 0;     // cubeless money equity for the mover, at the reference depth
};

struct ErrorPosition {
  engine::Board board;  // seen from the player on roll
  int d1 = 0, d2 = 0;   // d1 >= d2
  eval::PositionClass cls = eval::PositionClass::kContact;  // contact, crashed or race
  std::vector<ReferenceMove> moves;  // every legal play, best first; at least two
};

struct ErrorSet {
  std::string reference;  // how the equities were made
  std::vector<ErrorPosition> positions;
};

// The three classes of the set, in report order.
inline constexpr eval::PositionClass kErrorClasses[3] = {
    eval::PositionClass::kContact, eval::PositionClass::kCrashed, eval::PositionClass::kRace};

// The committed set: $TAVLA_ERROR_POSITIONS if set, else bench/error_positions.txt of the source
// tree tavla was built from.
std::filesystem::path default_error_set_path();

engine::Result<ErrorSet> read_error_set(std::istream& in, const std::string& source_name);
engine::Result<ErrorSet> read_error_set(const std::filesystem::path& file);
void write_error_set(std::ostream& out, const ErrorSet& set, const std::string& header_comment);
// The position's gnubg ID (money game, centred cube, the dice set): its line's first field.
std::string error_position_id(const ErrorPosition& p);

// One position's line (what write_error_set writes after the header, for files written as their
// positions are finished).
void write_error_position(std::ostream& out, const ErrorPosition& p);

struct ErrorSetBuildSettings {
  int contact = 500, crashed = 200, race = 300;  // positions wanted per class
  uint32_t seed = 1;
  int threads = 1;
  float sample_noise = 0.04f;      // noise of the self-play players (gnubg's "intermediate")
  // Chance that a position of the class is taken when it comes up (crashed positions are rarer).
  float take_contact = 0.08f, take_crashed = 0.5f, take_race = 0.15f;
  int max_games = 200000;          // stop sampling after this many games even if short
  eval::EvalContext reference{2, false, true, true, 0.0f};  // cubeless 2 ply with pruning
  std::string nets_name;  // for the set's reference line, e.g. "gnubg.wd"
};

struct ErrorSetProgress {
  const char* stage;  // "sampling" or "analysing"
  int done = 0, total = 0;
};

ErrorSet build_error_set(std::shared_ptr<const eval::NetSet> nets,
                         const eval::BearoffProvider* bearoff, const ErrorSetBuildSettings& st,
                         const std::function<void(const ErrorSetProgress&)>& progress = {});

}  // namespace tavla::strength
