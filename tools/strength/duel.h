// SPDX-License-Identifier: GPL-3.0-or-later
// Head-to-head matches between two playing configurations ("A" and "B"): money games, cubeless by
// default (optionally with a doubling cube), with mirrored dice and luck adjustment.
//
// Mirrored dice: pair p has one dice sequence (a Mersenne Twister seeded from (seed, p)); it is
// played twice, A moving first in game 0 and B moving first in game 1, and turn t of either game
// uses roll t of the sequence (the games differ in length, so the rolls are consumed differently).
// The first roll of a game is never a double, as an opening roll.
//
// Starting positions (DuelSettings::starts, e.g. races only, to measure a race net where whole games
// would drown it in contact play): pair p starts from starts[p mod n] instead of the opening
// position, with the player to move first on roll (game 0: A, game 1: B, the same dice); the first
// roll may then be a double and its luck is measured over all 36 rolls.
//
// Luck adjustment: for every roll, luck = (cubeless equity after the best 0-ply play of that roll)
// - (the average of that over all rolls: 36, or the 30 non-doubles of an opening roll), both from
// the roller's point of view, computed by one fixed reference evaluator (A's nets at 0 ply, no
// noise; DuelSettings::luck_plies values the best plays deeper, the play still chosen at 0 ply).
// The luck of a turn has mean 0 whatever happened before, so the adjusted result
// points(A) - (luck(A) - luck(B)) has the same mean as the raw result and a smaller variance.
// With the cube each roll's luck is multiplied by the cube value in force when it was rolled
// (known before the roll, so the mean is still 0).
//
// With the cube: money play without the Jacoby rule or beavers; before his roll the player on roll
// doubles when his own cube analysis says double (take or pass), and the opponent takes when his
// own analysis gives the doubler more for a take than for a pass (both with their own settings,
// cubeful); chequer play is then cubeful. The opening roll is played without a cube decision.
//
// Reproducible: a pair depends only on (seed, pair index) and deterministic evaluations (gnubg's
// deterministic noise included), and statistics are taken in pair order, so the results do not
// depend on the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <span>
#include <vector>

#include "engine/board.h"
#include "rollout/dice.h"
#include "strength/player.h"

namespace tavla::eval {
class BearoffProvider;
}

namespace tavla::strength {

struct DuelSettings {
  int pairs = 500;               // games = 2 * pairs
  uint32_t seed = 1;
  int threads = 1;
  bool luck_adjustment = true;   // off: adjusted results equal the raw ones (and games are faster)
  int luck_plies = 0;            // plies at which the reference values each roll's best 0-ply play
  bool cube = false;             // money play with a doubling cube (see above)
  int max_turns = 10000;         // safety net: a game still running then counts 0 points
  // Empty: every game starts from the opening position. Else pair p starts from starts[p mod n],
  // seen from the side to move first (on roll, before rolling).
  std::vector<engine::Board> starts;
};

// One game, seen from A.
struct GameOutcome {
  int points = 0;      // points won by A (result * cube): negative when B won
  int result = 0;      // +-1, 2, 3: single game, gammon, backgammon won by A (-: by B); a passed
                       // double counts as a single game
  int cube = 1;        // the final cube value (always 1 without the cube)
  bool passed = false; // ended by a passed double
  float luck_a = 0;    // sum of A's luck over A's rolls, equity from A's point of view (times the
                       // cube in force with the cube)
  float luck_b = 0;    // sum of B's luck, from B's point of view
  int turns = 0;       // rolls played by both sides
  bool finished = true;
  double adjusted() const { return points - (static_cast<double>(luck_a) - luck_b); }
};

// games[0]: A moved first; games[1]: B moved first, same dice.
struct PairOutcome {
  std::array<GameOutcome, 2> games;
};

// Mean of a per-game quantity estimated over mirrored pairs (a pair's value is the mean of its two
// games) with its 95% confidence interval (mean +- 1.96 sd / sqrt(pairs)).
struct Estimate {
  double mean = 0;
  double std_dev = 0;      // of the pair values (sample standard deviation)
  double half_width = 0;   // 1.96 * std_dev / sqrt(pairs)
  double low() const { return mean - half_width; }
  double high() const { return mean + half_width; }
};

// Fractions of all games.
struct DuelSummary {
  int pairs = 0;
  int games = 0;
  Estimate raw;       // points per game won by A
  Estimate adjusted;  // the same, luck-adjusted
  // raw - adjusted: A's luck minus B's per game. Its true mean is 0 (strength/luck.h), so its
  // interval should hold 0 in 95% of duels: the check that the two estimates agree.
  Estimate luck;
  double wins_a = 0;                 // games won by A
  double gammons_a = 0, backgammons_a = 0;  // games A won with a gammon (backgammons included)
  double gammons_b = 0, backgammons_b = 0;
  double passes = 0;      // games ended by a passed double
  double mean_cube = 0;   // final cube value
  double mean_turns = 0;
  int unfinished = 0;
};

DuelSummary summarize(std::span<const PairOutcome> pairs);

// The rolls of one pair: roll t of the sequence, drawn on demand from the pair's generator.
class DiceSequence {
 public:
  // opening: the first roll is never a double (an opening roll).
  DiceSequence(uint32_t seed, int pair, bool opening = true);
  rollout::Dice at(int turn);  // d1 >= d2

 private:
  std::mt19937 rng_;
  bool opening_;
  std::vector<rollout::Dice> rolls_;
};

struct DuelProgress {
  int pairs_done = 0;
  int pairs_total = 0;
};

// Thread-compatible: run() and play_pair() must not be called concurrently.
class Duel {
 public:
  Duel(PlayerConfig a, PlayerConfig b, const eval::BearoffProvider* bearoff, DuelSettings settings);
  ~Duel();

  // Plays all pairs, `threads` at a time (each thread plays whole pairs); results by pair index.
  // `progress` is called from the calling thread about every `progress_ms` milliseconds.
  std::vector<PairOutcome> run(const std::function<void(const DuelProgress&)>& progress = {},
                               int progress_ms = 200);

  // One pair (public for tests), on the first worker.
  PairOutcome play_pair(int index);

  const DuelSettings& settings() const { return settings_; }

 private:
  struct Worker;
  PairOutcome play_pair(Worker& w, int index) const;
  GameOutcome play_game(Worker& w, DiceSequence& dice, bool a_first, const engine::Board& start,
                        bool opening) const;

  std::array<PlayerConfig, 2> players_;
  const eval::BearoffProvider* bearoff_;
  DuelSettings settings_;
  // Per player: it plays exactly the reference's moves (0 ply, no noise, A's nets), so the luck
  // computation has already found its play.
  std::array<bool, 2> plays_reference_{};
  std::vector<std::unique_ptr<Worker>> workers_;
};

}  // namespace tavla::strength
