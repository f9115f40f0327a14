// SPDX-License-Identifier: GPL-3.0-or-later
// Search on several threads with results identical to one thread: the work is split where the
// pieces are independent and the pieces are combined in a fixed order (the 21 rolls of the top
// node in roll order; moves scored above 0 ply: every (move, roll) pair on its own when cubeful,
// else each move). Each thread owns a Search.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <vector>

#include "eval/search.h"

namespace tavla::eval {

class ParallelSearch {
 public:
  ParallelSearch(std::shared_ptr<const NetSet> nets, int threads,
                 const BearoffProvider* bearoff = nullptr, size_t cache_entries = size_t{1} << 19);

  int threads() const { return static_cast<int>(searches_.size()); }
  Search& primary() { return *searches_[0]; }
  // Search::set_cancel_flag on every thread's search.
  void set_cancel_flag(const std::atomic<bool>* flag);
  // Search::set_cube_efficiency on every thread's search; clears the shared cache, whose cubeful
  // equities were computed with the old efficiencies.
  void set_cube_efficiency(const CubeEfficiencySettings& s);

  Evaluation evaluate(const engine::Board& board, const CubeInfo& ci, const EvalContext& ec);
  std::array<Evaluation, 2> cube_evaluations(const engine::Board& board, const CubeInfo& ci,
                                             const EvalContext& ec);
  std::vector<ScoredMove> rank_moves(const engine::Board& board, int d1, int d2,
                                     const CubeInfo& ci, const EvalSetup& setup);

 private:
  // Cubeful scoring of plays at plies > 0, the 21 rolls of every play spread over the threads.
  void score_moves_by_roll(const engine::Board& board, std::span<ScoredMove> moves,
                           const CubeInfo& ci, const EvalContext& ec, int plies);
  // A cubeful evaluation of `positions` at ec.plies with the top node's rolls spread over threads.
  void evaluate_node(const engine::Board& board, std::span<const CubePosition> positions,
                     const CubeInfo& mover, const EvalContext& ec, bool top, Probabilities& probs,
                     std::span<float> cubeful);
  // Runs job(thread, index) for index in [0, n) on all threads (index handed out in turn).
  template <typename Job>
  void parallel_for(int n, Job job);

  std::vector<std::unique_ptr<Search>> searches_;
};

}  // namespace tavla::eval
