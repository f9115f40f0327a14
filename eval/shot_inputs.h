// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to eval/: the per-side bit masks the input encoders share (SideInfo) and gnubg's shot
// inputs (kPipLoss, kP1, kP2: how the side on roll can hit the other side's blots with each of
// the 21 rolls), which are the largest piece of the contact inputs.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/board.h"
#include "eval/board_summary.h"

namespace tavla::eval {


// Bits lo..hi (inclusive); empty when hi < lo.
constexpr uint32_t bits(int lo, int hi) {
  return hi < lo ? 0u : static_cast<uint32_t>((uint64_t{1} << (hi + 1)) - (uint64_t{1} << lo));
}

inline int msb(uint32_t x) {
  return 31 - std::countl_zero(x);
}

// Per-side bit masks (bit i = index i of that side) computed once per board, and the same for the
// points seen from the other side (bit p = the side's index 23 - p, p = 0..23).
struct SideInfo {
  const engine::SideCounts* counts;
  uint32_t occupied, blots, made, exactly_two;
  uint32_t blots_mirrored, made_mirrored;
  int back;   // rearmost occupied index (24 = bar), -1 when the side has no chequers
  int total;  // chequers on the board
  int pips;   // sum of index x chequers (gnubg's moment input uses it)
};

inline SideInfo side_info(const engine::SideCounts& s, const SideSummary& m) {
  SideInfo info{&s, m.occupied, m.blots, m.made(), m.exactly_two, 0, 0, m.back(), m.total, m.pips};
  info.blots_mirrored = mirror24(info.blots);
  info.made_mirrored = mirror24(info.made);
  return info;
}

inline SideInfo side_info(const engine::SideCounts& s) {
  SideSummary m;
  for (int i = 0; i < engine::kSlots; ++i) {
    const int c = s[i];
    m.occupied |= static_cast<uint32_t>(c > 0) << i;
    m.blots |= static_cast<uint32_t>(c == 1) << i;
    m.exactly_two |= static_cast<uint32_t>(c == 2) << i;
    m.total += c;
    m.pips += i * c;
  }
  return side_info(s, m);
}

// The shot statistics: PIPLOSS, P1, P2 of `usi` hitting `themi`, written to out[kPipLoss],
// out[kP1], out[kP2] (the half-input block of inputs.h).
void encode_shots(const SideInfo& usi, const SideInfo& themi, float* out);

}  // namespace tavla::eval
