// SPDX-License-Identifier: GPL-3.0-or-later
// The moves of one hypergammon side for every position and roll, independent of the opponent, for
// value iteration over pairs of positions.
//
// With at most 3 chequers the opponent can hold (own 2+ chequers on) at most one point, and its
// blots matter only through the points where one of our steps lands (a landing on a blot hits
// it, also on an intermediate step). So a play is recorded as the mover's position afterwards
// plus the set of points its steps landed on; for an opponent that holds point b, the legal plays
// are the recorded step sequences that never land on b and use the most dice (then the most pips,
// i.e. the larger die), exactly the rules of engine::generate_moves.
//
// Per (position, roll) the table keeps the plays of the best category without a block ("main")
// and every shorter step sequence ("fallback", best category first, ending with the empty play),
// needed only when the opponent's point blocks all main plays. Within a category the sequences
// are in the order gnubg's GenerateMoves visits them (larger die first, then the smaller; sources
// from the back; with doubles a later step never starts behind an earlier one), each (position,
// landing points) once, at its first visit: the legal plays come out in gnubg's move-list order.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace tavla::bearoff {

inline constexpr int kHyperRolls = 21;
inline constexpr uint32_t kNoBlock = 31;  // a "blocked point" bit no landing mask ever has

// The 21 distinct rolls in gnubg's makehyper order (d1 = 1..6, d2 = 1..d1) and how many of the
// 36 outcomes each stands for.
struct HyperRoll {
  int8_t d1, d2;
  int8_t weight;  // 1 for doubles, 2 otherwise
};
std::array<HyperRoll, kHyperRolls> hyper_rolls();

struct HyperPlay {
  uint32_t to : 12;   // the mover's position afterwards (the caller's numbering)
  uint32_t dice : 3;  // steps played
  uint32_t pips : 5;  // sum of the dice played
  // An earlier sequence in the list ends in the same position (with other landing points), so
  // the two may be one board for some opponents.
  uint32_t repeats_to : 1;
  uint32_t landed : 24;  // bit p: a step landed on the mover's point p (index 0..23)

  int category() const { return dice * 64 + pips; }
};
static_assert(sizeof(HyperPlay) == 8);

class HyperMoveTable {
 public:
  // Plays for all positions with at most `chequers` chequers on 25 points. `number` maps a
  // bearoff index (25 points) to the caller's numbering (< 4096) used for `from` and `to`.
  HyperMoveTable(int chequers, std::span<const uint32_t> number);

  std::span<const HyperPlay> main(uint32_t from, int roll) const { return span(main_, from, roll); }
  std::span<const HyperPlay> fallback(uint32_t from, int roll) const {
    return span(fallback_, from, roll);
  }

  // Calls f(play) for every legal play against an opponent holding point `block` (kNoBlock for
  // none), in gnubg's order: main plays that avoid it, or else the best category of fallback
  // plays that avoid it. Returns the number of plays; 0 means the side cannot move.
  template <typename F>
  int for_each_play(uint32_t from, int roll, uint32_t block, F&& f) const {
    int count = 0;
    for (const HyperPlay& p : main(from, roll))
      if (!blocked(p, block)) ++count, f(p);
    if (count > 0) return count;
    int category = -1;
    for (const HyperPlay& p : fallback(from, roll)) {
      if (category >= 0 && p.category() != category) break;
      if (blocked(p, block)) continue;
      if (p.dice == 0) break;
      category = p.category();
      ++count, f(p);
    }
    return count;
  }

  // The most plays one position can have over all rolls, whatever the block.
  size_t max_plays_per_position() const { return max_plays_per_position_; }
  size_t memory_bytes() const;

 private:
  struct Lists {
    std::vector<HyperPlay> plays;
    std::vector<uint32_t> start;  // (from * 21 + roll) -> first play; one extra at the end
  };
  static std::span<const HyperPlay> span(const Lists& l, uint32_t from, int roll) {
    const size_t k = size_t{from} * kHyperRolls + roll;
    return {l.plays.data() + l.start[k], l.plays.data() + l.start[k + 1]};
  }
  static bool blocked(const HyperPlay& p, uint32_t block) { return (p.landed >> block) & 1; }

  Lists main_;
  Lists fallback_;
  size_t max_plays_per_position_ = 0;
};

}  // namespace tavla::bearoff
