// SPDX-License-Identifier: GPL-3.0-or-later
// Per-side bit masks and counts of a board, computed together in a few vector instructions: the
// quantities the input encoders, the sanity check and the search ask of every board they see.
// Internal to eval/.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/board.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tavla::eval {

struct SideSummary {
  uint32_t occupied = 0;     // bit i: index i (0..24, 24 = bar) holds a chequer
  uint32_t blots = 0;        // bit i: exactly one chequer
  uint32_t exactly_two = 0;  // bit i: exactly two chequers
  int total = 0;             // chequers on the board (bar included)
  int pips = 0;              // sum of index x chequers
  // Highest occupied index, -1 when the side has no chequers left.
  int back() const { return occupied ? 31 - std::countl_zero(occupied) : -1; }
  // Bit i: two or more chequers.
  uint32_t made() const { return occupied & ~blots; }
};

// Both rows: [0] the side not on roll, [1] the side on roll (Board's order).
inline std::array<SideSummary, 2> summarize(const engine::Board& board) {
  std::array<SideSummary, 2> out;
#if defined(__AVX2__)
  // Each row in its own 256-bit register, bytes 25..31 zero, built from two overlapping 16-byte
  // loads (bytes 0..15 and 9..24, the second shifted down by 7) without going through memory: a
  // 32-byte load of a row copied into a buffer stalls on store forwarding, and this runs for
  // every board the search sees.
  static_assert(sizeof(engine::Board) == 2 * engine::kSlots);
  const auto row = [](const uint8_t* p) {
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hi = _mm_srli_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 9)), 7);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
  };
  const __m256i rows[2] = {row(board.sides[0].data()), row(board.sides[1].data())};
  const __m256i zero = _mm256_setzero_si256();
  const __m256i index = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                         17, 18, 19, 20, 21, 22, 23, 24, 0, 0, 0, 0, 0, 0, 0);
  const __m256i ones16 = _mm256_set1_epi16(1);
  for (int side = 0; side < 2; ++side) {
    const __m256i v = rows[side];
    const auto bits = [](__m256i m) { return static_cast<uint32_t>(_mm256_movemask_epi8(m)); };
    SideSummary& s = out[side];
    s.occupied = ~bits(_mm256_cmpeq_epi8(v, zero)) & 0x1ffffffu;
    s.blots = bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(1)));
    s.exactly_two = bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(2)));
    // Counts are at most 15 (legal boards), so the byte products and pair sums fit.
    const __m256i sad = _mm256_sad_epu8(v, zero);
    const __m256i weighted = _mm256_madd_epi16(_mm256_maddubs_epi16(v, index), ones16);
    alignas(32) int64_t t[4];
    alignas(32) int32_t w[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(t), sad);
    _mm256_store_si256(reinterpret_cast<__m256i*>(w), weighted);
    s.total = static_cast<int>(t[0] + t[1] + t[2] + t[3]);
    s.pips = ((w[0] + w[1]) + (w[2] + w[3])) + ((w[4] + w[5]) + (w[6] + w[7]));
  }
#else
  for (int side = 0; side < 2; ++side) {
    SideSummary& s = out[side];
    for (int i = 0; i < engine::kSlots; ++i) {
      const int c = board.sides[side][i];
      s.occupied |= static_cast<uint32_t>(c > 0) << i;
      s.blots |= static_cast<uint32_t>(c == 1) << i;
      s.exactly_two |= static_cast<uint32_t>(c == 2) << i;
      s.total += c;
      s.pips += i * c;
    }
  }
#endif
  return out;
}

// Bits 0..23 mirrored: bit p of the result is bit 23 - p of x (a point seen from the other side).
inline uint32_t mirror24(uint32_t x) {
  x &= 0xffffffu;
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x) >> 8;
}

}  // namespace tavla::eval
