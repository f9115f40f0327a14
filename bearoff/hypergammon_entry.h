// SPDX-License-Identifier: GPL-3.0-or-later
// One entry of a gnubg hypergammon database (makehyper's "gnubg-H<c>" files) and its byte layout.
//
// File: the 40-byte header "gnubg-H<c>" padded with 'x' and ending in '\n', then n * n entries of
// 28 bytes, n = C(25 + c, c) positions per side (bearoff index over 25 points: 24 points + bar).
// Entry number u * n + t holds the position where the side on roll has bearoff index u and the
// opponent index t. Entry bytes (all little-endian 24-bit unsigned codes q, 0 <= q <= 0xFFFFFF):
//   0..14   five probabilities for the side on roll, p = q / 0xFFFFFF
//           (win, win gammon, win backgammon, lose gammon, lose backgammon; gammons include bgs)
//   15..26  four cubeful money equities per unit cube, e = (q / 0xFFFFFF - 0.5) * 6 (range +-3):
//           cube owned by the side on roll, centred, centred with the Jacoby rule, owned by the
//           opponent. These are "no double" values: the side on roll has not yet decided on the
//           cube this turn (gnubg's CFHYPER picks one; the caller takes the double/take decision).
//   27      padding, 0
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "bearoff/probabilities.h"

namespace tavla::bearoff {

static_assert(std::endian::native == std::endian::little, "codes are read in place");

inline constexpr int kHyperPoints = 25;  // 24 points + bar
inline constexpr int kHyperMaxChequers = 3;
inline constexpr size_t kHyperEntryBytes = 28;
inline constexpr int kHyperValues = 9;  // 5 probabilities + 4 equities
inline constexpr uint32_t kHyperCodeMax = 0xFFFFFF;
inline constexpr double kHyperEquityRange = 6.0;  // equities span [-3, 3]

// Which cube position a cubeful equity is for (the order of the file's four equities).
enum HyperCube : int { kOwned = 0, kCentred, kCentredJacoby, kOpponentOwns };

// The decoded entry, for the side on roll.
struct HyperEntry {
  Probabilities probabilities{};
  std::array<float, 4> cubeful{};  // indexed by HyperCube; money equity per unit cube

  // gnubg's CFHYPER: the "no double" equity for a cube position (centred, owned by the side on
  // roll, or owned by the opponent), with the Jacoby rule applying to a centred cube only.
  float cubeful_equity(bool centred, bool owned_by_roller, bool jacoby) const {
    if (centred) return jacoby ? cubeful[kCentredJacoby] : cubeful[kCentred];
    return owned_by_roller ? cubeful[kOwned] : cubeful[kOpponentOwns];
  }
};

// The nine 24-bit codes of an entry (probabilities first), as stored.
using HyperCodes = std::array<uint32_t, kHyperValues>;

// The code at p (p[0..2]); reads p[3] too, which is always inside an entry (the last code is
// followed by the padding byte).
inline uint32_t read_code(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);  // little-endian hosts only (static_assert in the database reader)
  return v & kHyperCodeMax;
}

inline HyperCodes read_codes(const uint8_t* entry) {
  HyperCodes c;
  for (int k = 0; k < kHyperValues; ++k) c[k] = read_code(entry + 3 * k);
  return c;
}

inline void write_codes(const HyperCodes& c, uint8_t* entry) {
  for (int k = 0; k < kHyperValues; ++k) {
    entry[3 * k] = static_cast<uint8_t>(c[k]);
    entry[3 * k + 1] = static_cast<uint8_t>(c[k] >> 8);
    entry[3 * k + 2] = static_cast<uint8_t>(c[k] >> 16);
  }
  entry[kHyperEntryBytes - 1] = 0;
}

// Decoding as gnubg's ReadHypergammon does it (float arithmetic).
inline float probability_from_code(uint32_t q) {
  return static_cast<float>(q) / 16777215.0f;
}
inline float equity_from_code(uint32_t q) {
  return (static_cast<float>(q) / 16777215.0f - 0.5f) * 6.0f;
}

// Encoding rounds to the nearest code (gnubg's makehyper truncates, which is at most one code,
// 6e-8 for a probability and 3.6e-7 for an equity, lower). Out-of-range values are clamped.
inline uint32_t code_from_fraction(double x) {
  return static_cast<uint32_t>(std::clamp(std::nearbyint(x * kHyperCodeMax), 0.0, 16777215.0));
}
inline uint32_t code_from_probability(double p) {
  return code_from_fraction(p);
}
inline uint32_t code_from_equity(double e) {
  return code_from_fraction(e / kHyperEquityRange + 0.5);
}

inline HyperEntry decode_entry(const uint8_t* entry) {
  HyperEntry e;
  for (int k = 0; k < 5; ++k) e.probabilities[k] = probability_from_code(read_code(entry + 3 * k));
  for (int k = 0; k < 4; ++k) e.cubeful[k] = equity_from_code(read_code(entry + 15 + 3 * k));
  return e;
}

inline HyperCodes encode_entry(const HyperEntry& e) {
  HyperCodes c;
  for (int k = 0; k < 5; ++k) c[k] = code_from_probability(e.probabilities[k]);
  for (int k = 0; k < 4; ++k) c[5 + k] = code_from_equity(e.cubeful[k]);
  return c;
}

}  // namespace tavla::bearoff
