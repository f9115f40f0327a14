// SPDX-License-Identifier: GPL-3.0-or-later
// A fixed-size evaluation cache (gnubg's cEval): board key + evaluation key -> the five
// probabilities and one cubeful equity. Direct-mapped with two ways per bucket, replacing the
// older entry. A cache only saves time: a hit returns exactly what the evaluation computed.
//
// Thread-safe: the threads of one search share a cache (ParallelSearch), so a transposition
// found by one thread serves the others. Every entry carries a sequence number (a seqlock): a
// reader that overlaps a writer sees a miss, never a torn entry; a writer that finds the entry
// being written by another thread skips its store. Results never depend on what is cached.
#pragma once

#include <array>
#include <cstdint>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "engine/board.h"
#include "eval/probabilities.h"

namespace tavla::eval {

// An exact key of a board, cheaper to make than gnubg's 10-byte position key: the 25 slots of
// both sides as nibbles (a side never has more than 15 chequers on a slot), slot i in byte i,
// bytes 25..31 zero.
struct BoardKey {
  std::array<uint64_t, 4> w{};
  // Word by word: the defaulted comparison of the array became a call to memcmp, in the probe of
  // every cached leaf.
  friend bool operator==(const BoardKey& a, const BoardKey& b) {
    return ((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1]) | (a.w[2] ^ b.w[2]) | (a.w[3] ^ b.w[3])) == 0;
  }
};
BoardKey board_key(const engine::Board& board);

// One cache line: eight words, read and written with relaxed atomic accesses. Words 0-3 are the
// BoardKey, except that the upper half of word 3 (key bytes 28-31, always zero in a key) holds
// the entry's sequence number, odd while it is being written. Word 4 is the context (0: empty),
// words 5-7 the probabilities and the cubeful equity.
struct alignas(64) CacheEntry {
  std::array<uint64_t, 8> w{};
};
class EvalCache {
 public:
  // `entries` is rounded up to a power of two; gnubg's default is 2^19.
  explicit EvalCache(size_t entries = size_t{1} << 19);

  // True and fills the outputs on a hit. `context` must not be 0.
  bool lookup(const BoardKey& key, uint64_t context, Probabilities& probs,
              float* cubeful = nullptr);
  void store(const BoardKey& key, uint64_t context, const Probabilities& probs,
             float cubeful = 0.0f);
  // Not while other threads use the cache.
  void clear();

 private:
  size_t bucket(const BoardKey& key, uint64_t context) const;
  // Pairs: [2b] newer, [2b + 1] older. Zero bytes are empty entries, so the table is fresh
  // anonymous memory: the operating system's zero pages, touched only where entries are written.
  // On Linux it asks for transparent huge pages: a page fault costs 10-20 us in a virtual
  // machine, and 4 kB pages made a 4-ply search on two threads spend 0.3 s faulting in its two
  // 32 MB tables.
  struct Mapping {
    void* base = nullptr;
    size_t bytes = 0;
    Mapping() = default;
    Mapping(Mapping&& o) noexcept : base(std::exchange(o.base, nullptr)), bytes(o.bytes) {}
    Mapping& operator=(Mapping&& o) noexcept {
      std::swap(base, o.base);
      std::swap(bytes, o.bytes);
      return *this;
    }
    ~Mapping();
  };
  Mapping mapping_;
  CacheEntry* entries_ = nullptr;
  size_t size_ = 0;
  size_t mask_ = 0;
};

}  // namespace tavla::eval
