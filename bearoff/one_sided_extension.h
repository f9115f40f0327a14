// SPDX-License-Identifier: GPL-3.0-or-later
// One-sided bear-off distributions beyond a one-sided database's points, by the database's own
// rule applied on demand: for each of the 21 rolls the move with the fewest expected rolls to bear
// off (and, separately, to bear off the first chequer) is chosen, and the new distribution is the
// roll-weighted sum of the chosen moves' distributions one roll later, rounded to 16 bits as
// makebearoff rounds. A side's chequers move as if alone on the board (the one-sided method: a
// race ignores the other side). Positions the database covers are read from it, so extending a
// P-point database to Q points gives exactly the Q-point database's entries (makebearoff -o Q).
//
// The point: a race with chequers on the 11- to 15-point is cheap to value this way (a few roll
// levels above a 10- or 12-point database), and the one-sided method is close to exact in races
// (0.0012 of equity from the two-sided database, weights/README.md), far closer than a race net.
// tavla uses it for training labels (`tavla train --label-database-reach`).
//
// Results are memoised (thread-safe; a pure function of the side, so the order and the threads
// of the calls never change them). A call that would compute more than `node_budget` new
// positions gives up (nullopt); what it computed stays memoised.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "bearoff/one_sided_database.h"
#include "bearoff/probabilities.h"
#include "engine/board.h"

namespace tavla::bearoff {

struct OneSidedExtensionSettings {
  int max_points = 15;              // sides whose chequers are all on points 1..max_points
  size_t node_budget = 200000;      // new positions one call may compute
  size_t max_memo = size_t{1} << 22;  // memoised positions before the memo is cleared
};

class OneSidedExtension {
 public:
  // `db` must be an exact (not normal-distribution) one-sided database with gammon
  // distributions, of 15 chequers; it must outlive the extension.
  static Result<std::unique_ptr<OneSidedExtension>> create(const OneSidedDatabase& db,
                                                           const OneSidedExtensionSettings& s);
  ~OneSidedExtension();

  const OneSidedDatabase& database() const;
  const OneSidedExtensionSettings& settings() const;

  // Whether a side can be valued at all: no chequer on the bar or beyond max_points.
  bool reaches(const engine::SideCounts& side) const;

  // The side's entry in the database's units (16-bit, summing to 65535): from the database when
  // it covers the side, else computed. nullopt when the side is out of reach or over budget.
  std::optional<OneSidedRaw> raw(const engine::SideCounts& side) const;

  // The five cubeless probabilities for the side on roll of a race (no contact, neither side
  // finished), as OneSidedDatabase::evaluate computes them from two entries; nullopt when not a
  // race or a side cannot be valued.
  std::optional<Probabilities> evaluate(const engine::Board& board) const;

  // Positions memoised now (for tests and progress).
  size_t memo_size() const;

 private:
  struct Impl;
  explicit OneSidedExtension(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tavla::bearoff
