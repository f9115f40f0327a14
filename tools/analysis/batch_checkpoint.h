// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla rollout --batch --save FILE`: the answers of a batch of rollouts, appended to FILE as each
// position finishes (in the order they finish, from any rank), so that a batch stopped at any
// moment resumes with any number of processes, rolling out only the positions not yet answered.
//
// The file is text, one line each:
//   tavla-batch-checkpoint 1
//   signature <every setting that changes an answer: trials, dice, plies, ..., the weights>
//   seed <dice seed>
//   answer <index> <length> <input line> <answer: one JSON line>
// <index> counts the input's non-blank lines from 0; <length> is the input line's length in bytes
// (it may hold spaces). A last line cut short by a kill is ignored (and cut off before appending).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "analysis/position_rollout.h"
#include "engine/result.h"

namespace tavla::analysis {

struct BatchCheckpoint {
  std::string signature;
  uint32_t seed = 0;
  std::map<int, std::pair<std::string, std::string>> answers;  // index -> (input line, answer)
  uintmax_t valid_bytes = 0;  // the file's length up to its last complete line
};

// What a batch checkpoint must match: every setting of `r` that changes an answer (not the
// threads), and `weights`, a name for the nets and databases (e.g. a hash of the weights).
std::string batch_signature(const RolloutRequest& r, const std::string& weights);

// Reads FILE. Errors name the file and the line.
engine::Result<BatchCheckpoint> read_batch_checkpoint(const std::filesystem::path& file);

// Appends answers to a batch checkpoint file, flushed after each.
class BatchCheckpointWriter {
 public:
  BatchCheckpointWriter() = default;
  ~BatchCheckpointWriter();
  BatchCheckpointWriter(const BatchCheckpointWriter&) = delete;
  BatchCheckpointWriter& operator=(const BatchCheckpointWriter&) = delete;

  // A new file (the header written) or, with `resume`, the one read (cut to its valid bytes).
  std::optional<std::string> open(const std::filesystem::path& file, const std::string& signature,
                                  uint32_t seed, const BatchCheckpoint* resume);
  bool is_open() const { return f_ != nullptr; }
  bool failed() const;  // a write or flush failed (disk full, ...)
  void append(int index, const std::string& line, const std::string& answer);

 private:
  std::FILE* f_ = nullptr;
};

}  // namespace tavla::analysis
