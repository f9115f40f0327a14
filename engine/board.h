// SPDX-License-Identifier: GPL-3.0-or-later
// The backgammon board as gnubg holds it (its TanBoard): two rows of chequer counts, each row seen
// from its own side. Row kOnRoll is the side to move, row kOpponent the other side. Index 0 is a
// side's ace point, index 23 its 24-point, index 24 (kBar) its bar; borne-off chequers are not
// stored (15 minus the row's sum). Our index i and the opponent's index 23 - i are the same
// physical point. After a move the rows are swapped so that the side on roll is again kOnRoll.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tavla::engine {

inline constexpr int kPoints = 24;          // playing points per side
inline constexpr int kBar = 24;             // index of a side's bar
inline constexpr int kSlots = 25;           // 24 points + bar
inline constexpr int kCheckersPerSide = 15;

using SideCounts = std::array<uint8_t, kSlots>;

struct Board {
  static constexpr int kOpponent = 0;  // gnubg's anBoard[0]: the side not on roll
  static constexpr int kOnRoll = 1;    // gnubg's anBoard[1]: the side to move

  std::array<SideCounts, 2> sides{};

  SideCounts& on_roll() { return sides[kOnRoll]; }
  const SideCounts& on_roll() const { return sides[kOnRoll]; }
  SideCounts& opponent() { return sides[kOpponent]; }
  const SideCounts& opponent() const { return sides[kOpponent]; }

  // The same position seen by the other side (who becomes the side on roll).
  void swap_sides() { std::swap(sides[0], sides[1]); }
  // swapped(), written straight into `out` (no temporary: callers filling arrays of boards).
  void swapped_into(Board& out) const {
    out.sides[0] = sides[1];
    out.sides[1] = sides[0];
  }
  Board swapped() const {
    Board b;
    b.sides[0] = sides[1];
    b.sides[1] = sides[0];
    return b;
  }

  int checkers_on_board(int side) const;  // including the bar
  int borne_off(int side) const { return kCheckersPerSide - checkers_on_board(side); }
  int pip_count(int side) const;          // bar counts 25 pips
  // Highest occupied index of a side (0..24), or -1 when it has no chequers left.
  int back_checker(int side) const;

  // The standard starting position (the same for both sides).
  static Board starting_position();

  friend bool operator==(const Board&, const Board&) = default;
};
static_assert(sizeof(Board) == 50, "a board is two rows of 25 bytes and cheap to copy");

// The invariants every board must satisfy (gnubg's CheckPosition): at most 15 chequers a side, no
// point held by both sides, and not both sides on the bar against closed boards. Returns a description of the first violation, or nullopt when the board is legal.
std::optional<std::string> board_error(const Board& board);

}  // namespace tavla::engine
