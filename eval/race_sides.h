// SPDX-License-Identifier: GPL-3.0-or-later
// A race valued by the one-sided method from each side's distribution of rolls to bear off
// (race_sides_net.h), as gnubg's one-sided bearoff database values home-board races:
//   P(win)         = sum_i us.off[i] * sum_{j >= i} them.off[j]
//   P(win gammon)  = sum_i us.off[i] * sum_{j >= i} them.gammon[j]
//   P(lose gammon) = sum_i them.off[i] * sum_{j > i} us.gammon[j]
// (the side on roll needs i rolls, the other side has had i - 1 by then). No backgammons: the
// evaluator's race backgammon rule adds them where they are possible. Point of view: the side on
// roll, before it rolls.
#pragma once

#include <cstdint>

#include "engine/board.h"
#include "engine/side_key.h"
#include "eval/bearoff_provider.h"
#include "eval/probabilities.h"
#include "eval/race_sides_net.h"

namespace tavla::eval {

Probabilities race_from_sides(const SideRolls& us, const SideRolls& them);

// A side's distributions: the 6-point one-sided database's bear-off distribution where the
// provider has it and every chequer is home (exact), the net's otherwise; the gammon
// distribution is always the net's (the provider gives no gammon distributions).
void side_rolls(const RaceSidesNet& net, const BearoffProvider* bearoff,
                const engine::SideCounts& side, SideRolls& out);

// A small memo of sides' distributions, so that the side that did not move is not evaluated
// again for every candidate move. Not thread-safe: one per evaluator.
class SideRollsCache {
 public:
  const SideRolls& get(const RaceSidesNet& net, const BearoffProvider* bearoff,
                       const engine::SideCounts& side);

 private:
  static constexpr int kSlots = 64;
  struct Slot {
    engine::SideKey key{~uint64_t{0}, ~uint64_t{0}};  // no side has this key: empty
    SideRolls rolls;
  };
  Slot slots_[kSlots];
};

}  // namespace tavla::eval
