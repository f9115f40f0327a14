#include "eval/eval_cache.h"

#include <bit>
#include <cstring>

namespace tavla::eval {

EvalCache::EvalCache(size_t entries) {
  size_t n = std::bit_ceil(std::max<size_t>(entries, 2));
  entries_.assign(n, CacheEntry{});
  mask_ = n / 2 - 1;
}

size_t EvalCache::bucket(const engine::PositionKey& key, uint64_t context) const {
  uint64_t a = 0, b = 0;
  std::memcpy(&a, key.data(), 8);
  std::memcpy(&b, key.data() + 8, 2);
  uint64_t h = (a ^ (b << 48) ^ (context * 0x9E3779B97F4A7C15ull)) * 0xFF51AFD7ED558CCDull;
  h ^= h >> 32;
  return static_cast<size_t>(h) & mask_;
}

bool EvalCache::lookup(const engine::PositionKey& key, uint64_t context, Probabilities& probs,
                       float* cubeful) {
  ++lookups_;
  size_t b = 2 * bucket(key, context);
  for (size_t i = b; i < b + 2; ++i) {
    const CacheEntry& e = entries_[i];
    if (e.context == context && e.key == key) {
      probs = e.probs;
      if (cubeful) *cubeful = e.cubeful;
      ++hits_;
      if (i != b) std::swap(entries_[b], entries_[b + 1]);  // keep the recent one first
      return true;
    }
  }
  return false;
}

void EvalCache::store(const engine::PositionKey& key, uint64_t context, const Probabilities& probs,
                      float cubeful) {
  size_t b = 2 * bucket(key, context);
  entries_[b + 1] = entries_[b];
  entries_[b] = CacheEntry{key, context, probs, cubeful};
}

void EvalCache::clear() {
  std::fill(entries_.begin(), entries_.end(), CacheEntry{});
  lookups_ = hits_ = 0;
}

}  // namespace tavla::eval
