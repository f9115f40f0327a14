// SPDX-License-Identifier: GPL-3.0-or-later
// The analysers a server shares among its connections. An Analyser analyses one position at a
// time (tools/analysis/position_analysis.h), so the server keeps a fixed number of them -- its
// --threads -- and a request borrows one for the length of its analysis, waiting while all are
// busy. Thread-safe.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

#include "analysis/position_analysis.h"
#include "engine/result.h"

namespace tavla::serve {

class AnalyserPool {
 public:
  // Opens `count` analysers with `options` (each searches on one thread).
  static engine::Result<std::unique_ptr<AnalyserPool>> open(int count,
                                                            analysis::AnalyserOptions options);

  // An analyser held by one caller until the lease is destroyed.
  class Lease {
   public:
    Lease(AnalyserPool& pool, analysis::Analyser* a) : pool_(&pool), a_(a) {}
    Lease(Lease&& o) noexcept : pool_(o.pool_), a_(o.a_) { o.a_ = nullptr; }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (a_) pool_->give_back(a_);
    }
    analysis::Analyser& operator*() const { return *a_; }
    analysis::Analyser* operator->() const { return a_; }

   private:
    AnalyserPool* pool_;
    analysis::Analyser* a_;
  };

  Lease borrow();  // blocks while every analyser is lent
  // Any analyser, not lent: for what it owns and shares (nets, database provider), which live as
  // long as the pool.
  const analysis::Analyser& any() const { return *all_.front(); }
  const std::string& warning() const { return all_.front()->warning(); }

 private:
  void give_back(analysis::Analyser* a);

  std::vector<std::unique_ptr<analysis::Analyser>> all_;
  std::vector<analysis::Analyser*> idle_;
  std::mutex mutex_;
  std::condition_variable cv_;
};

}  // namespace tavla::serve
