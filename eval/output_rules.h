// SPDX-License-Identifier: GPL-3.0-or-later
// Everything between the net's raw outputs and the evaluation gnubg 1.07 reports, plus the exact
// scoring of finished games. All probabilities are for the side on roll (board.sides[1]).
#pragma once

#include <optional>

#include "engine/board.h"
#include "eval/probabilities.h"

namespace tavla::eval {

class BearoffProvider;

// A finished game (one side has no chequers) scored exactly (gnubg's EvalOver): the winner wins a
// gammon if the loser has all 15 chequers on the board, a backgammon if in addition one of them
// is on the winner's home board or on the bar.
Probabilities evaluate_game_over(const engine::Board& board);

// The race backgammon override (gnubg's EvalRaceBG), applied to race-net and race-pruning-net
// outputs before the sanity check. If a side can still be backgammoned (all 15 on the board, one
// or more in the winner's home board) its probability is computed from the winner's one-sided
// bear-off distribution and a built-in table of the stragglers' escape times (or, with more than
// six stragglers, a one-sided bear-off race); the backgammon output is replaced and the gammon
// output raised to at least it. Needs the one-sided database: without `bearoff` only the
// database-free part is applied (a backgammon ruled out by pip counting is set to 0; otherwise
// the net's outputs are kept).
void race_backgammon_override(const engine::Board& board, Probabilities& pr,
                              const BearoffProvider* bearoff);

// The probability that `winner` (0 or 1, a row of board.sides) wins a backgammon in a race,
// gnubg's raceBGprob; nullopt when it needs the one-sided database and `bearoff` has none.
std::optional<float> race_backgammon_probability(const engine::Board& board, int winner,
                                                 const BearoffProvider* bearoff);

// gnubg's SanityCheck for net evaluations: certain wins and losses in races, impossible or
// certain gammons, impossible backgammons, gammons <= wins, backgammons <= gammons, and in contact
// positions gammon and backgammon outputs below 1e-4 set to 0. The race bounds use the longest
// bear-off of a side that is all home from the one-sided database (2 x crossovers without one).
void sanity_check(const engine::Board& board, Probabilities& pr, const BearoffProvider* bearoff);

}  // namespace tavla::eval
