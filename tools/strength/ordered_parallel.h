// SPDX-License-Identifier: GPL-3.0-or-later
// Items [first, n) worked on by `threads` threads (work(i, t): item i on thread t, for per-thread
// state such as a search), each result handed to `done` in item order
// from the calling thread as soon as it and every item before it are finished: for long jobs
// written to a file as they go, so that a stopped run resumes where its file stops.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace tavla::strength {

template <typename Result, typename Work, typename Done>
void ordered_parallel(size_t first, size_t n, int threads, Work work, Done done) {
  std::atomic<size_t> next{first};
  std::mutex mu;
  std::condition_variable cv;
  std::map<size_t, Result> finished;  // waiting for the items before them
  auto worker = [&](int t) {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      Result r = work(i, t);
      std::lock_guard<std::mutex> lock(mu);
      finished.emplace(i, std::move(r));
      cv.notify_one();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, threads); ++t) pool.emplace_back(worker, t);
  for (size_t i = first; i < n; ++i) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return finished.count(i) > 0; });
    Result r = std::move(finished.at(i));
    finished.erase(i);
    lock.unlock();
    done(i, r);
  }
  for (auto& t : pool) t.join();
}

}  // namespace tavla::strength
