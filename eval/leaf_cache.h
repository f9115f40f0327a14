// SPDX-License-Identifier: GPL-3.0-or-later
// A private cache of static (0-ply, full-net, no noise) evaluations: board -> the five
// probabilities for the side on roll. gnubg's cEval keeps these too; tavla's shared EvalCache
// does not (a random access to a large shared table per candidate cost more than the evaluations
// it saved in deep searches, and the leaves pushed out the costlier interior entries). This one
// is small, owned by one Search (no atomics) and probed a batch at a time with prefetches.
//
// Why it pays in a 2-ply search: the leaves are positions three half-moves below the root, and
// many are reached through more than one line (a match analysis of engine7.sgf scored 3.25 M
// candidates at 0 ply, 0.82 M of them boards already scored; this cache's 2^16 entries catch
// about 0.74 M). A hit returns exactly what the evaluator computed, so results do not change.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "eval/eval_cache.h"
#include "eval/probabilities.h"

namespace tavla::eval {

class LeafCache {
 public:
  // 2^log2_entries entries of 64 bytes, direct-mapped; the memory is taken at the first store.
  explicit LeafCache(int log2_entries = 16);
  ~LeafCache();
  LeafCache(const LeafCache&) = delete;
  LeafCache& operator=(const LeafCache&) = delete;

  size_t slot(const BoardKey& key) const;
  // Starts loading a slot's line (a hint; no effect before the first store).
  void prefetch(size_t slot) const;
  // True and fills `out` when the slot holds `key`.
  bool lookup(size_t slot, const BoardKey& key, Probabilities& out) const;
  void store(size_t slot, const BoardKey& key, const Probabilities& p);
  void clear();

 private:
  struct alignas(64) Entry {
    BoardKey key;  // all zero: empty (no board to evaluate has no chequers at all)
    std::array<float, Probabilities::kCount> p;
  };
  static_assert(sizeof(Entry) == 64);
  void* memory_ = nullptr;  // what calloc returned
  Entry* entries_ = nullptr;  // memory_ aligned to a line
  size_t mask_;
};

}  // namespace tavla::eval
