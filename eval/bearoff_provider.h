// SPDX-License-Identifier: GPL-3.0-or-later
// What the evaluator needs from bearoff databases, as an interface so that eval/ does not depend on
// bearoff/ (which sits above it): the bearoff library implements it, tests may fake it.
//
// gnubg 1.07 always has a one-sided database (gnubg_os0.bd, 6 points x 15 chequers, or a heuristic
// one built at start-up). The net evaluator uses it in two places:
//   * SanityCheck: the longest possible bear-off of a side whose chequers are all home;
//   * the race backgammon override: the bear-off distribution of the side that may win a
//     backgammon, and a one-sided race of the loser's stragglers against it.
// Without a provider those steps fall back to what needs no database (documented where used), so
// race outputs may differ from gnubg's there.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/board.h"
#include "eval/cubeful.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"

namespace tavla::eval {

// Probability of bearing off all chequers in exactly n rolls (n = 0..31), as 16-bit integers that
// sum to 65535 (the one-sided database's own representation).
using RollDistribution = std::array<uint16_t, 32>;

class BearoffProvider {
 public:
  virtual ~BearoffProvider() = default;

  // The one-sided distribution of the chequers on indices 0..5 of `side` (indices 6..24 are
  // ignored, as gnubg's PositionBearoff ignores them), from the 6-point, 15-chequer one-sided
  // database. nullopt when the provider has none.
  virtual std::optional<RollDistribution> one_sided_rolls(const engine::SideCounts& side) const = 0;

  // The database class of a position without contact that a database covers, in gnubg's order
  // of preference (kBearoff2, kBearoffTs, kBearoff1, kBearoffOs), or nullopt.
  virtual std::optional<PositionClass> database_class(const engine::Board& board) const = 0;

  // The class of every position that is not over, when the provider stands for a game variant
  // evaluated entirely from its database (hypergammon: kHypergammon1..3); nullopt otherwise.
  virtual std::optional<PositionClass> variant_class(const engine::Board&) const {
    return std::nullopt;
  }

  // The exact (database) probabilities of a position of class `c` for the side on roll, or
  // nullopt if it cannot be evaluated. kOver is asked too: a variant's provider scores finished
  // games by its own rules (fewer chequers); nullopt means standard backgammon's.
  virtual std::optional<Probabilities> evaluate(const engine::Board& board,
                                                PositionClass c) const = 0;

  // The exact money equities of a two-sided database position (gnubg's BearoffCubeful) or of a
  // hypergammon position, which cubeful evaluations use instead of Janowski's formulas; nullopt
  // when not covered or when the database has no cubeful values.
  virtual std::optional<ExactMoneyEquities> exact_money_equities(const engine::Board&) const {
    return std::nullopt;
  }
};

}  // namespace tavla::eval
