// SPDX-License-Identifier: GPL-3.0-or-later
// A batch of input lines answered by the ranks of an MPI job (`tavla analyze --batch`, `tavla
// rollout --batch`): rank 0 reads the lines, hands them out one at a time (two queued per rank, so
// slow lines do not hold the others up: dynamic work sharing), answers lines itself between the
// others' answers, and emits the answers in input order. An answer depends only on its line, so
// the output is that of one process.
//
// What travels: rank 0 -> rank r: the line (index + text); rank r -> rank 0: the index and the
// answer's text.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "mpi/world.h"

namespace tavla::mpi {

// What rank 0 may add to a batch (both may be empty). Indices count the lines of `next_line`
// from 0.
struct LineHooks {
  // Called as each line is read: its answer when already known (a checkpoint's), so that it is
  // neither handed out nor answered again.
  std::function<std::optional<std::string>(int index, const std::string& line)> known;
  // Called as each new answer is made or arrives (in the order they finish, before `emit`).
  std::function<void(int index, const std::string& line, const std::string& answer)> finished;
};

// Every rank calls it. On rank 0, `next_line` gives the lines (nullopt at the end) and `emit` gets
// each line's answer in input order; other ranks only answer. `answer` is called on any rank.
void answer_lines(const World& world, const std::function<std::optional<std::string>()>& next_line,
                  const std::function<std::string(const std::string&)>& answer,
                  const std::function<void(const std::string&)>& emit,
                  const LineHooks& hooks = {});

}  // namespace tavla::mpi
