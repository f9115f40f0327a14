// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation cache's board key must be exact (equal keys only for equal boards), and the cache
// must give back what was stored under the same key and context, and nothing under another.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>
#include <thread>
#include <vector>

#include "engine/movegen.h"
#include "engine/position_id.h"
#include "eval/eval_cache.h"

namespace tavla::eval {
namespace {

// Every board reachable in two plays from a few positions (with repeats: transpositions).
std::vector<engine::Board> many_boards() {
  std::vector<engine::Board> out;
  engine::MoveList first, second;
  for (const char* id : {"4HPwATDgc/ABMA", "yLPwACPQ28gBIQ", "sNvBAQDYZsEBAA"}) {
    auto b = engine::board_from_position_id(id);
    EXPECT_TRUE(b.ok()) << id;
    if (!b.ok()) continue;
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= d1; ++d2) {
        const int n = engine::generate_moves(*b, d1, d2, first);
        for (int i = 0; i < n; ++i) {
          const engine::Board next = first[i].after.swapped();
          out.push_back(next);
          const int m = engine::generate_moves(next, 6, 5, second);
          for (int j = 0; j < m; ++j) out.push_back(second[j].after.swapped());
        }
      }
  }
  return out;
}

TEST(BoardKey, EqualExactlyForEqualBoards) {
  const std::vector<engine::Board> boards = many_boards();
  std::map<std::string, BoardKey> by_id;  // position ID -> key
  std::set<std::array<uint64_t, 4>> keys;
  for (const engine::Board& b : boards) {
    const std::string id = engine::position_id(b);
    const BoardKey k = board_key(b);
    auto [it, fresh] = by_id.emplace(id, k);
    if (!fresh) {
      EXPECT_EQ(it->second, k) << id;  // the same board: the same key
    }
    keys.insert(k.w);
  }
  EXPECT_GT(by_id.size(), 1000u);
  EXPECT_EQ(keys.size(), by_id.size());  // distinct boards: distinct keys
}

TEST(EvalCache, GivesBackWhatWasStoredUnderTheSameContext) {
  const std::vector<engine::Board> boards = many_boards();
  EvalCache cache(size_t{1} << 20);
  auto probs_of = [](size_t i) {
    Probabilities p;
    for (int k = 0; k < Probabilities::kCount; ++k) p[k] = static_cast<float>(i % 997) / 997.0f + k;
    return p;
  };
  const size_t n = std::min<size_t>(boards.size(), 2000);
  for (size_t i = 0; i < n; ++i) cache.store(board_key(boards[i]), 7, probs_of(i), float(i));
  size_t found = 0;
  for (size_t i = n; i-- > 0;) {  // the latest store of a repeated board wins: look up backwards
    Probabilities p;
    float cf = -1.0f;
    if (!cache.lookup(board_key(boards[i]), 7, p, &cf)) continue;
    ++found;
    if (cf != float(i)) continue;  // an earlier copy of a board stored again later
    for (int k = 0; k < Probabilities::kCount; ++k) EXPECT_EQ(p[k], probs_of(i)[k]);
    Probabilities q;
    EXPECT_FALSE(cache.lookup(board_key(boards[i]), 8, q));  // another context
  }
  EXPECT_GT(found, n * 9 / 10);  // 2^20 entries: almost nothing was evicted
}

// Threads sharing a cache, storing and probing the same few entries at once: every hit must be
// exactly what was stored for that key (a torn entry would mix two stores).
TEST(EvalCache, SharedByThreadsNeverReturnsATornEntry) {
  std::vector<engine::Board> boards;  // 64 distinct boards
  std::set<std::string> seen;
  for (const engine::Board& b : many_boards())
    if (boards.size() < 64 && seen.insert(engine::position_id(b)).second) boards.push_back(b);
  ASSERT_EQ(boards.size(), 64u);
  EvalCache cache(64);  // tiny: constant collisions and overwrites
  auto value_of = [](size_t i) {
    Probabilities p;
    for (int k = 0; k < Probabilities::kCount; ++k) p[k] = static_cast<float>(i * 8 + k);
    return p;
  };
  std::atomic<int> bad{0}, hits{0};
  auto work = [&](int seed) {
    for (int round = 0; round < 20000; ++round) {
      const size_t i = (static_cast<size_t>(round) * 7919 + seed * 104729) % 64;
      const BoardKey key = board_key(boards[i]);
      if (round % 3 == 0) {
        cache.store(key, 5, value_of(i), static_cast<float>(i));
        continue;
      }
      Probabilities p;
      float cf = 0.0f;
      if (!cache.lookup(key, 5, p, &cf)) continue;
      ++hits;
      bool ok = cf == static_cast<float>(i);
      for (int k = 0; k < Probabilities::kCount; ++k) ok = ok && p[k] == value_of(i)[k];
      if (!ok) ++bad;
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < 4; ++t) pool.emplace_back(work, t);
  }
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(hits.load(), 0);
}

}  // namespace
}  // namespace tavla::eval
