#include "eval/eval_cache.h"

#include <bit>
#include <cstring>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tavla::eval {

BoardKey board_key(const engine::Board& board) {
  static_assert(sizeof(engine::Board) == 2 * engine::kSlots);
  BoardKey k;
  uint8_t bytes[32] = {};
  for (int i = 0; i < engine::kSlots; ++i)
    bytes[i] = static_cast<uint8_t>(board.sides[0][i] | (board.sides[1][i] << 4));
  std::memcpy(k.w.data(), bytes, sizeof bytes);
  return k;
}

EvalCache::EvalCache(size_t entries) {
  size_t n = std::bit_ceil(std::max<size_t>(entries, 2));
  static_assert(std::is_aggregate_v<CacheEntry> && std::is_trivially_copyable_v<CacheEntry>,
                "zero bytes must make empty entries");
  size_ = n;
  const size_t bytes = n * sizeof(CacheEntry);
#if defined(__linux__)
  // Over-allocate by one huge page to align the table to one.
  constexpr size_t kHuge = size_t{2} << 20;
  const size_t total = bytes + kHuge;
  void* p = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  mapping_.base = p;
  mapping_.bytes = total;
  const auto addr = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~uintptr_t{kHuge - 1};
  entries_ = reinterpret_cast<CacheEntry*>(addr);
  madvise(entries_, bytes, MADV_HUGEPAGE);  // a hint: without it, ordinary pages
#else
  mapping_.base = std::calloc(n + 1, sizeof(CacheEntry));  // one line more, to align to a line
  if (!mapping_.base) throw std::bad_alloc();
  const auto addr = (reinterpret_cast<uintptr_t>(mapping_.base) + alignof(CacheEntry) - 1) &
                    ~uintptr_t{alignof(CacheEntry) - 1};
  entries_ = reinterpret_cast<CacheEntry*>(addr);
#endif
  mask_ = n / 2 - 1;
}

EvalCache::Mapping::~Mapping() {
  if (!base) return;
#if defined(__linux__)
  munmap(base, bytes);
#else
  std::free(base);
#endif
}

size_t EvalCache::bucket(const BoardKey& key, uint64_t context) const {
  uint64_t h = (key.w[0] * 0x9E3779B97F4A7C15ull) ^ (key.w[1] * 0xC2B2AE3D27D4EB4Full) ^
               (key.w[2] * 0x165667B19E3779F9ull) ^ (key.w[3] << 7) ^
               (context * 0xFF51AFD7ED558CCDull);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return static_cast<size_t>(h) & mask_;
}

bool EvalCache::lookup(const BoardKey& key, uint64_t context, Probabilities& probs,
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

void EvalCache::store(const BoardKey& key, uint64_t context, const Probabilities& probs,
                      float cubeful) {
  size_t b = 2 * bucket(key, context);
  entries_[b + 1] = entries_[b];
  entries_[b] = CacheEntry{key, context, probs, cubeful};
}

void EvalCache::clear() {
  std::fill(entries_, entries_ + size_, CacheEntry{});
  lookups_ = hits_ = 0;
}

}  // namespace tavla::eval
