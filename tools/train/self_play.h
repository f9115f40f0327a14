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
#pragma once

#include <cstdint>
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
  float lambda = 0.7f;         // TD(lambda) trace decay per turn
  float exploration = 0.02f;   // probability of a random play instead of the best one
  int max_turns = 1000;        // safety bound; a game this long is abandoned (no examples)
};

struct GameSummary {
  int turns = 0;
  int points = 0;      // 1, 2 or 3 for the winner; 0 if abandoned
  int examples = 0;
};

// The play with the highest cubeless money equity for the mover among `moves` (n > 0), scored in
// one batch by `ev`; its probabilities (mover's side) are written to `best_probs`.
int best_play(eval::Evaluator& ev, const engine::MoveList& moves,
              std::vector<engine::Board>& scratch_boards,
              std::vector<eval::Probabilities>& scratch_probs, eval::Probabilities& best_probs);

// Plays one game with dice and exploration from `rng` and appends one example per position whose
// class is scored by a net (race, crashed, contact).
GameSummary play_td_game(eval::Evaluator& ev, std::mt19937_64& rng, const SelfPlaySettings& s,
                         std::vector<Example>& out);

}  // namespace tavla::train
