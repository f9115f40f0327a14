// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play games that produce training examples with TD(lambda) targets.
//
// A game is played from the starting position by one evaluator at 0-ply for both sides: each
// roll's plays are scored by the evaluator (the after-move position, from the mover's side) and
// the best one by cubeless money equity is played, except that with probability `exploration` a
// uniformly random legal play is played instead.
//
// Targets (all probabilities for the side on roll of the example's position, before it rolls):
// with A_t the value of the greedy play of turn t for the mover (exact when the play ends the
// game or enters a database class), the lambda-return is
//     G_last = A_last,    G_t = (1 - lambda) A_t + lambda invert(G_{t+1}),
// the forward view of TD(lambda) computed once the game is over. After an exploratory play the
// chain is cut (G_t = A_t of the greedy play), so random plays never pull a target down.
//
// Luck-free returns (SelfPlaySettings::luck_free_returns) replace the lambda-returns by the game's
// outcome with the luck of every roll from the position on taken out, luck measured as gnubg's
// variance reduction measures it: a roll's luck is the greedy play's value A_t less the mean of
// the greedy values over the 21 rolls, M_t (a 1-ply evaluation whose leaves are the same 0-ply
// evaluations play uses). Backwards,
//     R_last = M_last,    R_t = M_t + invert(R_{t+1}) - A_t,
// i.e. R_t = outcome - (luck of turns t, t+1, ...). Luck has mean zero at every turn, so R_t is an
// unbiased estimate of the greedy player's value of the position, like a one-trial rollout with
// variance reduction (what is left is the sum of the nets' 1-ply corrections M - 0-ply along the
// game), and a whole game labels all of its positions for the cost of a 1-ply evaluation each.
// After an exploratory play the chain is cut (R_t = M_t).
//
// With a decay mu < 1 (SelfPlaySettings::returns_lambda) each later turn's correction counts mu
// times less: R_t = M_t + mu (invert(R_{t+1}) - A_t). mu = 0 gives the 1-ply means M_t, mu = 1
// the luck-free returns; in between, R_t mixes the n-turn variance-reduced lookaheads with
// weights (1 - mu) mu^(n-1), of both parities alike when mu is near 1, so that what the nets
// learn from a game's end reaches back with less of the noise that its many turns add.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "eval/evaluator.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"

namespace tavla::train {

struct Example {
  engine::Board board;  // side on roll = sides[1], before rolling
  eval::PositionClass cls = eval::PositionClass::kContact;
  eval::Probabilities target;
};

struct SelfPlaySettings {
  float lambda = 0.7f;             // TD(lambda) trace decay per turn
  float exploration = 0.02f;       // probability of a random play instead of the best one
  int max_turns = 1000;            // safety bound; a game this long is abandoned (no examples)
  bool luck_free_returns = false;  // targets: luck-free returns instead of lambda-returns
  float returns_lambda = 1.0f;     // luck-free returns: decay mu of later turns' corrections
};

struct GameSummary {
  int turns = 0;
  int points = 0;  // 1, 2 or 3 for the winner; 0 if abandoned
  int examples = 0;
};

// The play with the highest cubeless money equity for the mover among `moves` (n > 0), scored in
// one batch by `ev`; its probabilities (mover's side) are written to `best_probs`.
int best_play(eval::Evaluator& ev, const engine::MoveList& moves,
              std::vector<engine::Board>& scratch_boards,
              std::vector<eval::Probabilities>& scratch_probs, eval::Probabilities& best_probs);

// Plays one game with dice and exploration from `rng` and appends one example per position whose
// class is scored by a net (race, crashed, contact). With luck-free returns, `wanted` (if set)
// says which classes' examples are kept: the 1-ply means they need are computed only from the
// first such position on (a 1-ply evaluation per turn is most of the cost).
GameSummary play_td_game(eval::Evaluator& ev, std::mt19937_64& rng, const SelfPlaySettings& s,
                         std::vector<Example>& out,
                         const std::function<bool(eval::PositionClass)>& wanted = {});

// The luck-free returns R_t of turns [0, n) from each turn's greedy value A_t, mean greedy value
// M_t and whether its play was exploratory (then R_t = M_t): the recurrence above with decay
// `mu` (1: luck-free returns), unclamped.
std::vector<eval::Probabilities> luck_free_returns(const std::vector<eval::Probabilities>& greedy,
                                                   const std::vector<eval::Probabilities>& mean,
                                                   const std::vector<bool>& explored,
                                                   float mu = 1.0f);

// The mean over the 21 rolls (weighted 1/36 and 2/36) of the greedy play's value for the mover,
// as play_td_game chooses and values plays: the expectation of A_t before the roll.
eval::Probabilities mean_greedy_value(eval::Evaluator& ev, const engine::Board& board);

}  // namespace tavla::train
