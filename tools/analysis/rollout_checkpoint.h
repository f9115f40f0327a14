// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla rollout --save FILE`: the finished trials of a rollout, appended to FILE as they finish so
// that a rollout stopped at any moment (killed, a rank lost) resumes from them, with any number of
// processes and threads, losing only the trials that were being played.
//
// The file is text, one line each:
//   tavla-rollout-checkpoint 1
//   signature <what was rolled out and how: position, settings, candidates>
//   seed <dice seed>
//   trial <index> <alternatives x 7 outputs as C hex floats (exact)>
// A last line cut short by a kill is ignored (and cut off before appending).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "analysis/position_rollout.h"
#include "engine/result.h"
#include "rollout/rollout.h"

namespace tavla::analysis {

struct CheckpointTrial {
  int index = 0;
  std::vector<rollout::Outputs> results;  // one per alternative, as Rollout::play_trials gives them
};

struct RolloutCheckpoint {
  std::string signature;
  uint32_t seed = 0;
  std::vector<CheckpointTrial> trials;  // in the order they finished
  uintmax_t valid_bytes = 0;            // the file's length up to its last complete line
};

// What a checkpoint must match to be resumed: the position, every setting of the request that
// changes a trial's result, and the candidates rolled out. The number of trials, the threads, the
// processes and the standard-error limit may differ (trials depend only on their index).
std::string checkpoint_signature(const std::string& position, const RolloutRequest& r,
                                 const std::vector<RolloutCandidate>& candidates);

// Reads FILE; `alternatives`: how many results each trial line must hold. Errors name the file and
// the line.
engine::Result<RolloutCheckpoint> read_rollout_checkpoint(const std::filesystem::path& file,
                                                          int alternatives);

// Appends finished trials to a checkpoint file, flushed after every batch.
class CheckpointWriter {
 public:
  CheckpointWriter() = default;
  ~CheckpointWriter();
  CheckpointWriter(const CheckpointWriter&) = delete;
  CheckpointWriter& operator=(const CheckpointWriter&) = delete;

  // A new file (the header written) or, with `resume`, the one read (cut to `resume->valid_bytes`).
  std::optional<std::string> open(const std::filesystem::path& file, const std::string& signature,
                                  uint32_t seed, const RolloutCheckpoint* resume);
  bool is_open() const { return f_ != nullptr; }
  bool failed() const;  // a write or flush failed (disk full, ...)
  void append(int index, const std::vector<rollout::Outputs>& results);
  void flush();

 private:
  std::FILE* f_ = nullptr;
};

}  // namespace tavla::analysis
