// SPDX-License-Identifier: GPL-3.0-or-later
// A rollout shared by the processes of an MPI job (mpi/world.h), and checkpointed: rank 0 hands out
// chunks of trial indices, plays chunks itself on its threads, takes the results of every rank and
// feeds them to the statistics in trial order, so the numbers, the standard-error stop and the
// truncation are those of one process with one thread, bit for bit (a trial's result depends only
// on its index). Each other rank plays the chunks it is given on its threads until told to stop.
//
// What travels: rank 0 -> rank r: the indices of a chunk (4 bytes a trial); rank r -> rank 0: the
// indices and results (4 + alternatives x 7 x 4 bytes a trial). Each rank has two chunks given at
// a time, so it never waits for the next one.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "analysis/rollout_checkpoint.h"
#include "mpi/world.h"
#include "rollout/rollout.h"

namespace tavla::mpi {

struct DistributedRolloutOptions {
  int trials = 0;        // the rollout's length (it may stop earlier on the standard-error rule)
  int chunk = 1;         // trials a chunk (at least the threads of a rank, to keep them busy)
  int progress_every = 36;
  // Rank 0: trials already finished (a checkpoint read back), and where to append new ones.
  const analysis::RolloutCheckpoint* resume = nullptr;
  analysis::CheckpointWriter* save = nullptr;
};

struct TransferCount {
  long long messages = 0;  // received by rank 0
  long long bytes = 0;
};

// Runs `ro` (fresh: no trials done) on every rank of `world`. On rank 0 `ro` ends with the
// rollout's statistics; the other ranks' `ro` keeps none. Returns what rank 0 received.
TransferCount run_distributed(const World& world, rollout::Rollout& ro,
                              const DistributedRolloutOptions& options,
                              const rollout::ProgressCallback& progress = {});

// Rank 0's value of `v` on every rank.
uint32_t broadcast(const World& world, uint32_t v);

}  // namespace tavla::mpi
