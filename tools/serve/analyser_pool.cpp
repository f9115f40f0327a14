// SPDX-License-Identifier: GPL-3.0-or-later
#include "serve/analyser_pool.h"

namespace tavla::serve {

engine::Result<std::unique_ptr<AnalyserPool>> AnalyserPool::open(int count,
                                                                  analysis::AnalyserOptions options) {
  auto pool = std::unique_ptr<AnalyserPool>(new AnalyserPool());
  options.threads = 1;
  for (int i = 0; i < count; ++i) {
    auto a = analysis::Analyser::open(options);
    if (!a) return engine::Error{a.error()};
    pool->idle_.push_back(a->get());
    pool->all_.push_back(std::move(a).value());
    options.note = {};  // databases are built (and noted) by the first one only
  }
  return pool;
}

AnalyserPool::Lease AnalyserPool::borrow() {
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return !idle_.empty(); });
  analysis::Analyser* a = idle_.back();
  idle_.pop_back();
  return Lease(*this, a);
}

void AnalyserPool::give_back(analysis::Analyser* a) {
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(a);
  }
  cv_.notify_one();
}

}  // namespace tavla::serve
