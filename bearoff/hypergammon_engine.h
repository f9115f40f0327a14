// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the hypergammon solver (hypergammon_solver.h): the two iteration schemes behind it
// and what they share. Not for use elsewhere.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_entry.h"
#include "bearoff/hypergammon_moves.h"
#include "bearoff/hypergammon_solver.h"

namespace tavla::bearoff::detail {

class HyperEngine {
 public:
  virtual ~HyperEngine() = default;
  // One sweep over all pairs.
  virtual HyperSweep sweep() = 0;
  // The values of a pair (bearoff indices) as the file stores them.
  virtual HyperCodes codes(uint32_t on_roll, uint32_t opponent) const = 0;
  // Replaces the state by a database's (same chequer count).
  virtual void load(const HypergammonDatabase& db) = 0;
  virtual size_t memory_bytes() const = 0;
};

// tavla's scheme: Gauss-Seidel by total pips, parallel, state in file codes. threads 0: auto.
std::unique_ptr<HyperEngine> make_level_engine(int chequers, int threads);
// gnubg's makehyper exactly: row-by-row in-place sweeps in float arithmetic, one thread.
std::unique_ptr<HyperEngine> make_gnubg_order_engine(int chequers);

// A position as the opponent (not on roll) as the mover's plays see it.
struct AsOpponent {
  uint32_t block = kNoBlock;  // the mover's point (0..23) the opponent holds
  int blots = 0;
  std::array<uint8_t, 3> blot_point{};  // the mover's point of each blot
  std::array<uint16_t, 8> hit{};        // position after the blots in the subset are hit

  // The opponent's position after a play that landed on the points in `landed`.
  uint32_t after(uint32_t landed) const {
    uint32_t subset = 0;
    for (int b = 0; b < blots; ++b) subset |= ((landed >> blot_point[b]) & 1u) << b;
    return hit[subset];
  }
};

// What both schemes need to know about every one-sided position, in a numbering of their choice
// (`number` maps a bearoff index to it).
struct HyperSides {
  std::vector<uint32_t> occupied;  // bit i: own point i (0..23) occupied
  std::vector<uint32_t> mirrored;  // the same seen from the other side: bit 23 - i
  std::vector<AsOpponent> opponent;

  HyperSides(int chequers, const std::vector<uint32_t>& number);
  bool illegal(uint32_t u, uint32_t t) const { return (occupied[u] & mirrored[t]) != 0; }
};

// gnubg's values of a finished game (EvalOver, then Utility with gammon price 1, and 0 for the
// Jacoby value): probabilities, then the cubeless, owned, centred, Jacoby and opponent-owns
// equities. On-roll and opponent positions as bearoff indices; one of them must be 0.
std::array<float, 10> finished_game_values(int chequers, uint32_t on_roll, uint32_t opponent);

}  // namespace tavla::bearoff::detail
