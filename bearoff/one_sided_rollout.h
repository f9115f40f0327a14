// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's one-sided race rollout (osr.c, raceProbs), which `show onesidedrollout` prints:
// each side's chequers are brought home by a fixed heuristic, alone on the board, with dice that
// are quasi-random on the first turns and otherwise from a Mersenne Twister seeded with 0 (so the
// result is reproducible); once home the one-sided database gives the distribution of the rolls
// still needed. The two distributions of rolls-to-bear-off give the five cubeless probabilities
// (contact is ignored: the sides pass through each other) and each side's mean number of rolls.
// Float arithmetic in gnubg's order, so the figures are gnubg's up to its -ffast-math rounding.
#pragma once

#include <array>

#include "bearoff/one_sided_database.h"
#include "bearoff/probabilities.h"
#include "engine/board.h"

namespace tavla::bearoff {

struct OneSidedRolloutResult {
  Probabilities probabilities{};  // for the side on roll (Board::kOnRoll), before it rolls
  // Mean number of rolls to bear off all chequers, per row of the board (index Board::kOpponent
  // and Board::kOnRoll), as gnubg's arMu.
  std::array<float, 2> mean_rolls{};
};

// gnubg's default number of games (`show onesidedrollout`).
inline constexpr unsigned kOneSidedRolloutGames = 5760;

// `db` must be gnubg's 6-point, 15-chequer one-sided database (gnubg_os0.bd or tavla's copy).
OneSidedRolloutResult one_sided_rollout(const engine::Board& board, const OneSidedDatabase& db,
                                        unsigned games = kOneSidedRolloutGames);

}  // namespace tavla::bearoff
