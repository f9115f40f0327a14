// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation settings: plies, cubeful or not, pruning, noise, move filters, and gnubg 1.07's
// predefined levels with the same numbers (eval.c and movefilters.inc of 1.07).
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace tavla::eval {

inline constexpr int kMaxFilterPlies = 4;

// One level of a move filter: keep the best `accept` moves plus up to `extra` more whose score is
// within `threshold` (equity, for the mover) of the best; accept < 0 skips the level.
struct MoveFilter {
  int accept = 0;
  int extra = 0;
  float threshold = 0.0f;
};

// filters[n - 1][level]: the filter applied at `level` ply when moves are ranked at n ply.
using MoveFilters = std::array<std::array<MoveFilter, kMaxFilterPlies>, kMaxFilterPlies>;

enum class FilterName { kTiny, kNarrow, kNormal, kLarge, kHuge };
const MoveFilters& predefined_filters(FilterName name);

// gnubg's evalcontext.
struct EvalContext {
  int plies = 0;
  bool cubeful = true;
  bool prune = false;           // pruning nets inside the lookahead
  bool deterministic = true;    // noise derived from the position rather than random
  float noise = 0.0f;           // standard deviation of the evaluation noise (0 = none)
  friend bool operator==(const EvalContext&, const EvalContext&) = default;
};

// A complete setting for choosing moves: the context and the filters for its ply depth.
struct EvalSetup {
  EvalContext context;
  MoveFilters filters;
};

enum class Level {
  kBeginner, kCasual, kIntermediate, kAdvanced, kExpert, kWorldClass, kSupremo, kGrandmaster,
  kFourPly
};
inline constexpr int kLevelCount = 9;

EvalSetup level_setup(Level level);
std::string_view level_name(Level level);  // gnubg's names: "world class", "4ply", ...
// Accepts gnubg's names, also with '_' or '-' for the space ("world-class", "worldclass").
std::optional<Level> level_from_name(std::string_view name);

}  // namespace tavla::eval
