// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/batch_evaluation.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace tavla::analysis {

BatchEvaluator::BatchEvaluator(std::shared_ptr<const eval::NetSet> nets,
                               const eval::BearoffProvider* bearoff, int threads) {
  for (int t = 0; t < std::max(threads, 1); ++t)
    evaluators_.push_back(std::make_unique<eval::Evaluator>(nets, bearoff));
}

BatchEvaluator::~BatchEvaluator() = default;

std::optional<BatchError> BatchEvaluator::evaluate(
    size_t n, const std::function<std::optional<std::string>(size_t, engine::Board&)>& make,
    float* out) {
  const size_t blocks = (n + kBlock - 1) / kBlock;
  std::atomic<size_t> next{0};
  std::mutex error_mutex;
  std::optional<BatchError> error;

  auto work = [&](eval::Evaluator& ev) {
    std::vector<engine::Board> boards(kBlock);
    std::vector<eval::Probabilities> probs(kBlock);
    for (size_t b; (b = next.fetch_add(1, std::memory_order_relaxed)) < blocks;) {
      const size_t first = b * kBlock, count = std::min(kBlock, n - first);
      size_t made = 0;
      for (; made < count; ++made) {
        if (auto bad = make(first + made, boards[made])) {
          std::lock_guard lock(error_mutex);
          if (!error || first + made < error->index) error = BatchError{first + made, *bad};
          break;
        }
      }
      if (made < count) continue;
      ev.evaluate(std::span(boards.data(), count), std::span(probs.data(), count));
      for (size_t i = 0; i < count; ++i)
        std::copy(probs[i].p.begin(), probs[i].p.end(), out + 5 * (first + i));
    }
  };

  const size_t helpers = std::min<size_t>(evaluators_.size(), blocks) - (blocks > 0 ? 1 : 0);
  std::vector<std::thread> pool;
  for (size_t t = 0; t < helpers; ++t) pool.emplace_back(work, std::ref(*evaluators_[t + 1]));
  if (blocks > 0) work(*evaluators_[0]);
  for (auto& t : pool) t.join();
  return error;
}

}  // namespace tavla::analysis
