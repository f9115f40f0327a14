// SPDX-License-Identifier: GPL-3.0-or-later
// Position classes as gnubg 1.07 classifies them (ClassifyPosition). Each class has its own
// evaluator: exact scoring (over), a database (bearoff, hypergammon) or one of the three nets.
#pragma once

#include <string_view>

#include "engine/board.h"

namespace tavla::eval {

class BearoffProvider;

// Same order and numbers as gnubg's positionclass (gnubg.classifypos returns these numbers), so
// "class <= kBearoffTs" means "evaluated exactly by a two-sided database or better".
enum class PositionClass {
  kOver = 0,          // one side has no chequers left
  kHypergammon1 = 1,  // hypergammon variants (not used by tavla yet)
  kHypergammon2 = 2,
  kHypergammon3 = 3,
  kBearoff2 = 4,   // two-sided bearoff database in memory (gnubg_ts0.bd)
  kBearoffTs = 5,  // larger two-sided database (gnubg_ts.bd)
  kBearoff1 = 6,   // one-sided bearoff database in memory (gnubg_os0.bd)
  kBearoffOs = 7,  // larger one-sided database (gnubg_os.bd)
  kRace = 8,       // no contact: race net
  kCrashed = 9,    // contact with a crashed board: crashed net
  kContact = 10,   // contact: contact net
};
inline constexpr int kPositionClassCount = 11;

std::string_view position_class_name(PositionClass c);

// True for the classes scored by one of the three nets (and therefore sanity-checked).
constexpr bool is_net_class(PositionClass c) {
  return c >= PositionClass::kRace;
}

constexpr bool is_hypergammon(PositionClass c) {
  return c >= PositionClass::kHypergammon1 && c <= PositionClass::kHypergammon3;
}

// The classes whose databases hold exact cubeful money equities (two-sided bearoff, hypergammon).
constexpr bool has_exact_money_equities(PositionClass c) {
  return is_hypergammon(c) || c == PositionClass::kBearoff2 || c == PositionClass::kBearoffTs;
}

// gnubg's ClassifyPosition for standard backgammon without any bearoff database: kOver, kRace,
// kCrashed or kContact. Contact means the two rearmost chequers have not passed each other
// (back(on roll) + back(opponent) > 22, indices from each side's own view).
PositionClass classify(const engine::Board& board);

// The same with databases: a non-contact position covered by a database the provider holds gets
// that database's class (the provider answers in gnubg's order of preference). A provider for a
// hypergammon variant classes every position that is not over (gnubg: by the variation). With no
// provider this is classify(board).
PositionClass classify(const engine::Board& board, const BearoffProvider* bearoff);

// tavla's stragglers region: a side with at most kStragglersMaxLeft chequers left (on the board
// and the bar) still has one outside its home board (on the bar or beyond its 6-point). In
// contact such a position is crashed (that side is). tavla's own nets value the crashed ones with
// a net of their own (NetSet::stragglers()): the crashed net rated that side 0.05 to 0.3 points
// of equity too high there (weights/README.md, session 38).
inline constexpr int kStragglersMaxLeft = 6;
bool in_stragglers_region(const engine::Board& board);

}  // namespace tavla::eval
