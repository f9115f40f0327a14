// SPDX-License-Identifier: GPL-3.0-or-later
// Making the race sides net (eval/race_sides_net.h): sides of races sampled from real races and
// walked home, labelled exactly where a larger one-sided database covers them (makebearoff -o 12)
// and, beyond it, by one roll of lookahead (makebearoff's own rule: for each of the 21 rolls the
// move with the fewest expected rolls, the distribution one roll later), with the children valued
// by the database where it covers them and by the net being trained elsewhere; or by games of
// the side alone played into the database (trajectory labels, below). Rounds of labels and fits
// repeat, so the labels move outwards from the database like value iteration. Nothing comes
// from another program's nets.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bearoff/one_sided_database.h"
#include "engine/board.h"
#include "eval/race_sides_net.h"

namespace tavla::train {

struct SideExample {
  engine::SideCounts side{};
  eval::SideRolls target;
};

// Sides sampled from races: both sides of every board, then walks home with random dice
// (`greedy_share` of the moves the fewest expected rolls by the database or a pip heuristic, the
// others random), keeping every side visited and one random alternative of each move. With
// `walks` > 1 every race is walked home that many times (the dice go on from one walk to the
// next), which mostly adds sides the database covers.
struct SideSampling {
  double greedy_share = 0.8;
  uint64_t seed = 1;
  int walks = 1;
};
std::vector<engine::SideCounts> sample_sides(const std::vector<engine::Board>& races,
                                             const bearoff::OneSidedDatabase& db,
                                             const SideSampling& s);

// The database's distributions of a side it covers.
eval::SideRolls exact_side_rolls(const bearoff::OneSidedDatabase& db,
                                 const engine::SideCounts& side);

// One roll of lookahead (see above). Thread-safe.
eval::SideRolls lookahead_side_rolls(const eval::RaceSidesNet& net,
                                     const bearoff::OneSidedDatabase& db,
                                     const engine::SideCounts& side);

// Trajectory labels: for each of the 21 first rolls, `trials` games of the side alone played
// until it is inside the database, each move the fewest expected rolls (the database's means
// where it covers a child, the net's mean heads elsewhere), each game adding the database's
// distribution where it entered, shifted by the rolls it took. Unbiased for that way of playing,
// whatever the net's errors beyond the database (lookahead labels inherit them, and the choice of
// the least of several estimates favours the ones that are too low). The dice are drawn from the
// side itself and `seed`, so a label does not depend on threads or order. Thread-safe.
eval::SideRolls trajectory_side_rolls(const eval::RaceSidesNet& net,
                                      const bearoff::OneSidedDatabase& db,
                                      const engine::SideCounts& side, int trials, uint64_t seed);

// Labels for every side, on `threads` threads: trajectory_side_rolls when trials > 0, else
// lookahead_side_rolls; `progress(done)` now and then.
std::vector<SideExample> side_labels(const eval::RaceSidesNet& net,
                                     const bearoff::OneSidedDatabase& db,
                                     const std::vector<engine::SideCounts>& sides, int trials,
                                     uint64_t seed, int threads,
                                     const std::function<void(size_t)>& progress);

struct SideFitSettings {
  int epochs = 1;
  float rate = 0.001f;        // Adam's step size at the first epoch
  float final_rate = 0.001f;  // at the last (geometric in between)
  int batch = 64;
  uint64_t seed = 1;
};

struct SideFitReport {
  double train_loss = 0;  // mean cross-entropy of the two distributions, nats
  double check_loss = 0;
  double check_mean_error = 0;    // mean |expected rolls - target's|, all chequers off
  double check_gammon_error = 0;  // the same, first chequer off (sides with 15 chequers)
};

// Adam on cross-entropy (both distributions; the gammon one only for sides with 15 chequers) and
// squared error of the mean heads. `epoch_done(epoch, report)` after every epoch.
SideFitReport fit_sides(eval::RaceSidesNet& net, const std::vector<SideExample>& train,
                        const std::vector<SideExample>& check, const SideFitSettings& s,
                        const std::function<void(int, const SideFitReport&)>& epoch_done);

SideFitReport check_sides(const eval::RaceSidesNet& net, const std::vector<SideExample>& check);

}  // namespace tavla::train
