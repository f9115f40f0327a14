// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/parallel_levels.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <thread>

#include "bearoff/bearoff_index.h"

namespace tavla::bearoff {

namespace {
constexpr uint64_t kChunk = 16;  // items handed to a worker at a time
}  // namespace

void run_levels(const LevelWork& work, int threads) {
  if (threads <= 0) threads = static_cast<int>(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, 256);
  int level = work.first_level;
  std::atomic<uint64_t> next{0};
  auto finish_level = [&]() noexcept {
    if (work.after_level) work.after_level(level);
    ++level;
    next.store(0, std::memory_order_relaxed);
  };
  std::barrier sync(threads, finish_level);
  auto worker = [&](int id) {
    while (level <= work.last_level) {
      const auto [lo, hi] = work.items(level);
      for (;;) {
        const uint64_t start = lo + next.fetch_add(kChunk, std::memory_order_relaxed);
        if (start >= hi) break;
        const uint64_t end = std::min(hi, start + kChunk);
        for (uint64_t item = start; item < end; ++item) work.process(level, item, id);
      }
      sync.arrive_and_wait();
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(worker, i);
  worker(0);
  for (auto& t : pool) t.join();
}

PipOrder make_pip_order(int points, int chequers) {
  PipOrder o;
  const auto n = static_cast<uint32_t>(position_count(points, chequers));
  o.pips.resize(n);
  uint8_t c[kMaxIndexPoints];
  for (uint32_t a = 0; a < n; ++a) {
    position_from_index(a, points, chequers, std::span<uint8_t>(c, points));
    int pips = 0;
    for (int p = 0; p < points; ++p) pips += (p + 1) * c[p];
    o.pips[a] = static_cast<uint16_t>(pips);
    o.max_pips = std::max(o.max_pips, pips);
  }
  o.start.assign(o.max_pips + 2, 0);
  for (uint32_t a = 0; a < n; ++a) ++o.start[o.pips[a] + 1];
  for (int p = 0; p <= o.max_pips; ++p) o.start[p + 1] += o.start[p];
  o.order.resize(n);
  std::vector<uint32_t> fill(o.start.begin(), o.start.end() - 1);
  for (uint32_t a = 0; a < n; ++a) o.order[fill[o.pips[a]]++] = a;
  return o;
}

}  // namespace tavla::bearoff
