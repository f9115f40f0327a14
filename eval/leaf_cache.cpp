// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/leaf_cache.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace tavla::eval {

LeafCache::LeafCache(int log2_entries) : mask_((size_t{1} << log2_entries) - 1) {}

LeafCache::~LeafCache() { std::free(memory_); }

size_t LeafCache::slot(const BoardKey& key) const {
  uint64_t h = (key.w[0] * 0x9E3779B97F4A7C15ull) ^ (key.w[1] * 0xC2B2AE3D27D4EB4Full) ^
               (key.w[2] * 0x165667B19E3779F9ull) ^ (key.w[3] << 7);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return static_cast<size_t>(h) & mask_;
}

void LeafCache::prefetch(size_t slot) const {
  if (entries_) __builtin_prefetch(entries_ + slot);
}

bool LeafCache::lookup(size_t slot, const BoardKey& key, Probabilities& out) const {
  if (!entries_) return false;
  const Entry& e = entries_[slot];
  if (!(e.key == key)) return false;
  std::memcpy(out.p.data(), e.p.data(), sizeof e.p);
  return true;
}

void LeafCache::store(size_t slot, const BoardKey& key, const Probabilities& p) {
  if (!entries_) {
    // calloc: a large block comes as fresh zero pages, touched only where entries are written
    // (a search that stores little costs little). One entry more, to align to a cache line.
    memory_ = std::calloc(mask_ + 2, sizeof(Entry));
    if (!memory_) throw std::bad_alloc();
    entries_ = reinterpret_cast<Entry*>(
        (reinterpret_cast<uintptr_t>(memory_) + alignof(Entry) - 1) & ~uintptr_t{alignof(Entry) - 1});
  }
  Entry& e = entries_[slot];
  e.key = key;
  std::memcpy(e.p.data(), p.p.data(), sizeof e.p);
}

void LeafCache::clear() {
  if (entries_) std::memset(static_cast<void*>(entries_), 0, (mask_ + 1) * sizeof(Entry));
}

}  // namespace tavla::eval
