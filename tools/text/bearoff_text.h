// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's text of a one-sided bearoff database entry (bearoff.c's BearoffDumpOneSided), which
// gnubg's `eval' prints under "Evaluator:" for positions its one-sided or two-sided bearoff
// databases evaluate.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace tavla::text {

// What the text shows, [0] for the player on roll, [1] for the opponent.
struct OneSidedBearoffEntry {
  std::array<uint32_t, 2> index{};                          // database positions
  std::array<std::array<float, 32>, 2> bear_off{};          // P(all off in n rolls)
  std::array<std::array<float, 32>, 2> save_gammon{};       // P(first chequer off in n rolls)
  std::array<float, 2> mean{}, sd{}, gammon_mean{}, gammon_sd{};  // in rolls
  std::array<int, 2> pips{};
  bool gammon = true;  // the database has the distributions of the first chequer off
};

// gnubg's layout, with its quirk kept: the row of the last number of rolls loses its two
// "Bearing at least one chequer off" columns (gnubg writes the next heading over them).
std::string format_one_sided_bearoff(const OneSidedBearoffEntry& e);

}  // namespace tavla::text
