// SPDX-License-Identifier: GPL-3.0-or-later
// The match-equity values one score needs, computed once per score (gnubg computes them once per
// cube info, in SetCubeInfoMatch and its getMEMultiple tables) so that the cubeful evaluation of a
// leaf does arithmetic only: no table walks through MatchEquityTable::mwc_after at every leaf.
//
// A ScoreMwcs belongs to one MatchEquityTable, match length, score and Crawford flag, and covers
// every cube value 1..128 (2^level, level 0..7: 64 is gnubg's highest cube level, and the live
// cash points look one level above it for an automatic redouble). The values are those
// mwc_after and gammon_prices return, bit for bit: they are copies, not a second formula.
#pragma once

#include <array>
#include <bit>

namespace tavla::eval {

class MatchEquityTable;

inline constexpr int kScoreMwcLevels = 8;  // cube values 1, 2, ..., 128

// MWC of `player` after he wins (`win`) or loses (`lose`) kOutcomeMultiples[m] times the cube
// (a single game, a gammon or a doubled single game, a backgammon, a doubled gammon, a doubled
// backgammon): gnubg's getMEMultiple for one cube value.
inline constexpr std::array<int, 5> kOutcomeMultiples = {1, 2, 3, 4, 6};
struct OutcomeMwcs {
  std::array<float, 5> win{}, lose{};
};

struct ScoreMwcs {
  int match_length = 0;
  std::array<int, 2> score{0, 0};
  bool crawford = false;
  // outcome[level][player]: the cube at 2^level.
  std::array<std::array<OutcomeMwcs, 2>, kScoreMwcLevels> outcome{};
  // gammon_prices[level]: MatchEquityTable::gammon_prices at the cube 2^level.
  std::array<std::array<float, 4>, kScoreMwcLevels> gammon_prices{};

  // Fills every entry from `met` (precondition: a usable match score, as match_cube_info asks).
  static ScoreMwcs compute(const MatchEquityTable& met, const std::array<int, 2>& score,
                           int match_length, bool crawford);

  // Whether this table is for that score (a caller that edited a CubeInfo's score by hand gets
  // the slow path, not stale numbers).
  // Element by element: std::array's == becomes a call to memcmp, and this runs several times
  // at every cubeful leaf.
  bool is_for(const std::array<int, 2>& s, int length, bool craw) const {
    return length == match_length && s[0] == score[0] && s[1] == score[1] && craw == crawford;
  }
  // The level of a cube value, or -1 when the table does not hold it (not a power of two, or
  // above 128).
  static int level(int cube) {
    if (cube < 1 || !std::has_single_bit(static_cast<unsigned>(cube))) return -1;
    const int l = std::countr_zero(static_cast<unsigned>(cube));
    return l < kScoreMwcLevels ? l : -1;
  }
};

}  // namespace tavla::eval
