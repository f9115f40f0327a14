// A fixed-size evaluation cache (gnubg's cEval): position key + evaluation key -> the five
// probabilities and one cubeful equity. Direct-mapped with two ways per bucket, replacing the
// older entry. A cache only saves time: a hit returns exactly what the evaluation computed.
//
// Not thread-safe: each search thread owns one (so results never depend on the thread count).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/position_id.h"
#include "eval/probabilities.h"

namespace tavla::eval {

struct CacheEntry {
  engine::PositionKey key{};
  uint64_t context = 0;  // evaluation key: plies, cubeful, prune, cube and score; 0 = empty
  Probabilities probs;
  float cubeful = 0.0f;
};

class EvalCache {
 public:
  // `entries` is rounded up to a power of two; gnubg's default is 2^19.
  explicit EvalCache(size_t entries = size_t{1} << 19);

  // True and fills the outputs on a hit. `context` must not be 0.
  bool lookup(const engine::PositionKey& key, uint64_t context, Probabilities& probs,
              float* cubeful = nullptr);
  void store(const engine::PositionKey& key, uint64_t context, const Probabilities& probs,
             float cubeful = 0.0f);
  void clear();

  uint64_t lookups() const { return lookups_; }
  uint64_t hits() const { return hits_; }

 private:
  size_t bucket(const engine::PositionKey& key, uint64_t context) const;
  std::vector<CacheEntry> entries_;  // pairs: [2b] newer, [2b + 1] older
  size_t mask_ = 0;
  uint64_t lookups_ = 0, hits_ = 0;
};

}  // namespace tavla::eval
