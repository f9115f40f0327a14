// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/position_class.h"

#include <array>

#include "eval/bearoff_provider.h"
#include "eval/board_summary.h"

namespace tavla::eval {

namespace {

// A side is "crashed" when at most this many of its chequers are still playing: all of them,
// less those that are dead on the ace point, or on the ace and deuce points (gnubg's N = 6).
constexpr int kCrashedLimit = 6;

bool side_is_crashed(const engine::SideCounts& s, int tot) {
  if (tot <= kCrashedLimit) return true;
  if (s[0] > 1) {
    // Chequers on the ace point count as dead; with the deuce point made as well, those count
    // too, less one.
    if (tot <= kCrashedLimit + s[0]) return true;
    return s[1] > 1 && 1 + tot - (s[0] + s[1]) <= kCrashedLimit;
  }
  // Ace point empty or a blot: one chequer of a made deuce point counts as dead.
  return tot <= kCrashedLimit + (s[1] - 1);
}

}  // namespace

std::string_view position_class_name(PositionClass c) {
  switch (c) {
    case PositionClass::kOver:
      return "over";
    case PositionClass::kHypergammon1:
      return "hypergammon1";
    case PositionClass::kHypergammon2:
      return "hypergammon2";
    case PositionClass::kHypergammon3:
      return "hypergammon3";
    case PositionClass::kBearoff2:
      return "bearoff2";
    case PositionClass::kBearoffTs:
      return "bearoff-ts";
    case PositionClass::kBearoff1:
      return "bearoff1";
    case PositionClass::kBearoffOs:
      return "bearoff-os";
    case PositionClass::kRace:
      return "race";
    case PositionClass::kCrashed:
      return "crashed";
    case PositionClass::kContact:
      return "contact";
  }
  return "?";
}

PositionClass classify(const engine::Board& board) {
  const std::array<SideSummary, 2> sum = summarize(board);
  const int back_opp = sum[engine::Board::kOpponent].back();
  const int back_us = sum[engine::Board::kOnRoll].back();
  if (back_opp < 0 || back_us < 0) return PositionClass::kOver;
  if (back_opp + back_us > 22) {
    // gnubg checks the side not on roll first; either side crashed makes the position crashed.
    for (int side = 0; side < 2; ++side)
      if (side_is_crashed(board.sides[side], sum[side].total)) return PositionClass::kCrashed;
    return PositionClass::kContact;
  }
  return PositionClass::kRace;
}

PositionClass classify(const engine::Board& board, const BearoffProvider* bearoff) {
  const PositionClass c = classify(board);
  if (c == PositionClass::kOver || bearoff == nullptr) return c;
  if (auto v = bearoff->variant_class(board)) return *v;
  if (c != PositionClass::kRace) return c;
  return bearoff->database_class(board).value_or(PositionClass::kRace);
}

bool in_stragglers_region(const engine::Board& board) {
  for (const engine::SideCounts& side : board.sides) {
    int left = 0, outside = 0;  // outside: beyond the home board (points 7-24 and the bar)
    for (int i = 0; i < engine::kSlots; ++i) {
      left += side[i];
      if (i >= 6) outside += side[i];
    }
    if (outside > 0 && left <= kStragglersMaxLeft) return true;
  }
  return false;
}

}  // namespace tavla::eval
