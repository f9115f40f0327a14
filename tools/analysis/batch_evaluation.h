// SPDX-License-Identifier: GPL-3.0-or-later
// 0-ply evaluation of many positions in one call, on several threads: the Python module's
// evaluate_batch. Each thread owns an Evaluator (eval/evaluator.h) and evaluates blocks of
// consecutive positions as one batch; blocks are handed out in turn, so that threads finish
// together whatever the mix of position classes. Results are those of single evaluations
// (Evaluator::evaluate), in input order, whatever the number of threads.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "eval/bearoff_provider.h"
#include "eval/evaluator.h"
#include "eval/net_set.h"

namespace tavla::analysis {

struct BatchError {
  size_t index = 0;  // the first position (lowest index) that could not be made
  std::string message;
};

class BatchEvaluator {
 public:
  static constexpr size_t kBlock = 256;  // positions a thread takes at a time

  // `bearoff` may be null and must outlive the evaluator; threads >= 1.
  BatchEvaluator(std::shared_ptr<const eval::NetSet> nets, const eval::BearoffProvider* bearoff,
                 int threads);
  ~BatchEvaluator();

  int threads() const { return static_cast<int>(evaluators_.size()); }

  // Evaluates positions 0..n-1: make(i, board) fills position i's board (seen from its side on
  // roll; both rows: the board is not cleared first) and returns nullopt, or an error message; out[5 i .. 5 i + 4] receive its five
  // probabilities (gnubg's output order) for the side on roll. `make` is called from several
  // threads at once (for different i). On errors the positions after the first bad one in its
  // block are not evaluated; the first error is returned.
  std::optional<BatchError> evaluate(
      size_t n, const std::function<std::optional<std::string>(size_t, engine::Board&)>& make,
      float* out);

 private:
  std::vector<std::unique_ptr<eval::Evaluator>> evaluators_;
};

}  // namespace tavla::analysis
