// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/eval_cache.h"

#include <atomic>
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

namespace {

constexpr uint64_t kKeyMask3 = 0xffffffffull;  // word 3 without the sequence number

uint64_t load(const uint64_t& w, std::memory_order order = std::memory_order_relaxed) {
  return std::atomic_ref<const uint64_t>(w).load(order);
}
void put(uint64_t& w, uint64_t v, std::memory_order order = std::memory_order_relaxed) {
  std::atomic_ref<uint64_t>(w).store(v, order);
}

// A consistent copy of an entry, or false if a writer was at work on it.
bool read_entry(const CacheEntry& e, std::array<uint64_t, 8>& out) {
  const uint64_t before = load(e.w[3], std::memory_order_acquire) >> 32;
  if (before & 1) return false;
  for (int i = 0; i < 8; ++i) out[i] = load(e.w[i]);
  std::atomic_thread_fence(std::memory_order_acquire);
  return (load(e.w[3]) >> 32) == before;
}

// Writes words (with word 3's key half) unless another thread is writing the entry.
void write_entry(CacheEntry& e, const std::array<uint64_t, 8>& in) {
  uint64_t w3 = load(e.w[3]);
  const uint64_t seq = w3 >> 32;
  if (seq & 1) return;
  if (!std::atomic_ref<uint64_t>(e.w[3]).compare_exchange_strong(
          w3, ((seq + 1) << 32) | (w3 & kKeyMask3), std::memory_order_acquire))
    return;
  for (int i = 0; i < 8; ++i)
    if (i != 3) put(e.w[i], in[i]);
  put(e.w[3], (((seq + 2) & 0xffffffffull) << 32) | (in[3] & kKeyMask3),
      std::memory_order_release);
}

}  // namespace

bool EvalCache::lookup(const BoardKey& key, uint64_t context, Probabilities& probs,
                       float* cubeful) {
  const size_t b = 2 * bucket(key, context);
  for (size_t i = b; i < b + 2; ++i) {
    std::array<uint64_t, 8> w;
    if (load(entries_[i].w[4]) != context || !read_entry(entries_[i], w)) continue;
    if (w[4] != context || w[0] != key.w[0] || w[1] != key.w[1] || w[2] != key.w[2] ||
        (w[3] & kKeyMask3) != key.w[3])
      continue;
    static_assert(sizeof(Probabilities) == 20);
    std::memcpy(static_cast<void*>(&probs), &w[5], sizeof(Probabilities));
    if (cubeful) std::memcpy(cubeful, reinterpret_cast<const char*>(&w[5]) + 20, sizeof(float));
    return true;
  }
  return false;
}

void EvalCache::store(const BoardKey& key, uint64_t context, const Probabilities& probs,
                      float cubeful) {
  const size_t b = 2 * bucket(key, context);
  std::array<uint64_t, 8> older;
  if (read_entry(entries_[b], older)) write_entry(entries_[b + 1], older);  // keep the newer one
  std::array<uint64_t, 8> w{};
  w[0] = key.w[0];
  w[1] = key.w[1];
  w[2] = key.w[2];
  w[3] = key.w[3];
  w[4] = context;
  std::memcpy(&w[5], &probs, sizeof(Probabilities));
  std::memcpy(reinterpret_cast<char*>(&w[5]) + 20, &cubeful, sizeof(float));
  write_entry(entries_[b], w);
}

void EvalCache::clear() {
  std::fill(entries_, entries_ + size_, CacheEntry{});
}

}  // namespace tavla::eval
