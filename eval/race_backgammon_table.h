// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in table behind the race backgammon override (see race_backgammon_table.cpp for what
// the numbers mean and where they come from). Internal to eval/.
#pragma once

#include <array>
#include <cstdint>

namespace tavla::eval::detail {

struct RaceBackgammonEntry {
  std::array<uint8_t, 5> stragglers;  // the loser's chequers on its indices 18..22
  std::array<int32_t, 5> t;           // rolls-to-escape counts, t[j] over 36^(j + 1)
};

inline constexpr int kRaceBackgammonEntries = 461;
extern const std::array<RaceBackgammonEntry, kRaceBackgammonEntries> kRaceBackgammonTable;

// The entry for a straggler configuration (at most 6 chequers in all), or nullptr if it has more
// than 6 chequers or none.
const RaceBackgammonEntry* find_race_backgammon_entry(const std::array<uint8_t, 5>& stragglers);

}  // namespace tavla::eval::detail
