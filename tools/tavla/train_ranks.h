// SPDX-License-Identifier: GPL-3.0-or-later
// `mpirun -np N tavla train ...`: the games of every round, with their labels (n-ply evaluations or
// truncated rollouts: the costly part of supervised rounds), are shared by the ranks; rank 0 alone
// trains the nets, writes the checkpoint and the label file. A game's examples depend only on the
// nets, the settings and the game's index (train/trainer.h), so the run is that of one process,
// bit for bit: the same nets.wd, state (but its seconds) and labels.
//
// What travels, each round: rank 0 -> every rank (broadcast): the settings (sizeof TrainSettings
// bytes), whether rank 0 has bearoff databases, the nets (gnubg's binary weights format, 4 bytes
// a weight, after their length as 8 bytes) and the race sides net's text if the run has one; then, shared dynamically (mpi/distributed_lines.h), rank 0 -> rank r: a chunk
// of games as the text "FIRST COUNT"; rank r -> rank 0: its rank (4 bytes) and the chunk's examples
// (sizeof Example = 72 bytes each, the same binary on every rank), or the rank's error.
#pragma once

#include <memory>
#include <vector>

#include "mpi/world.h"
#include "train/trainer.h"

namespace tavla::cli {

// What rank 0 saw of the sharing, over all rounds.
struct ShareCount {
  std::vector<long long> games;  // played by each rank
  long long answers = 0;         // chunks answered by the other ranks
  long long bytes = 0;           // their size
};

// Rank 0 of several: plays a round's games with the other ranks, `chunk` games a message.
// `bearoff` is rank 0's (may be null); a rank without databases when rank 0 has them (or the
// reverse) would label races differently: the round then fails with that rank's message.
// `race_sides` (may be null) is the run's (train::play_games); every rank gets it from rank 0.
// Throws std::runtime_error naming the rank when a rank cannot play.
train::GamePlayer shared_game_player(const mpi::World& world, const eval::BearoffProvider* bearoff,
                                     std::shared_ptr<const eval::RaceSidesNet> race_sides,
                                     int chunk, ShareCount& count);

// Rank 0 of several: tells the other ranks that no round follows. Call it once, on every way out.
void stop_ranks(const mpi::World& world);

// Every rank but 0: plays the games rank 0 hands out, on `threads` threads, round after round,
// until rank 0 says stop. Returns the exit status.
int serve_games(const mpi::World& world, int threads);

}  // namespace tavla::cli
