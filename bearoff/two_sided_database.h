// SPDX-License-Identifier: GPL-3.0-or-later
// Reading gnubg's two-sided bearoff databases (gnubg_ts0.bd and makebearoff -t output): exact
// money equities for every pair of one-sided positions with at most C chequers on P points.
// Memory-mapped; probing is thread-safe.
//
// Layout after the 40-byte header: n = C(P + C, P) positions per side; the entry for (side on
// roll with index u, opponent with index t) is number u * n + t. An entry is 1 (cubeless) or 4
// (cubeful) little-endian uint16 values; value v means equity v / 32767.5 - 1 (0 = -1, 65535 = +1).
// The four values: cubeless equity, then the cubeful "no double" equities per unit cube with the
// cube owned by the side on roll, centred, and owned by the opponent.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>

#include "bearoff/database_header.h"
#include "bearoff/mapped_file.h"
#include "bearoff/probabilities.h"
#include "bearoff/result.h"
#include "engine/board.h"

namespace tavla::bearoff {

// Money equities for the side on roll, per unit cube, before its own cube action. The cubeful
// values are the equities if the side on roll does not double now; the caller makes the cube
// decision (double/take = 2 x opponent_owns of the same position).
struct TwoSidedEquities {
  float cubeless = 0;
  bool has_cubeful = false;  // false for cubeless databases (the next three are then 0)
  float owned = 0;           // cube owned by the side on roll
  float centred = 0;
  float opponent_owns = 0;
};

// The stored value v as an equity: v / 32767.5 - 1, in gnubg's float arithmetic.
inline float equity_from_stored(uint16_t v) {
  return v / 32767.5f - 1.0f;
}

class TwoSidedDatabase {
 public:
  // Opens and validates a two-sided database (header, exact file size). Errors name the file.
  static Result<TwoSidedDatabase> open(const std::filesystem::path& path);

  const DatabaseFormat& format() const { return format_; }
  int points() const { return format_.points; }
  int chequers() const { return format_.chequers; }
  bool cubeful() const { return format_.cubeful; }
  uint32_t positions_per_side() const { return n_; }
  const std::string& name() const { return file_.name(); }

  // gnubg's isBearoff: both sides fit, the game is not over, no contact.
  bool covers(const engine::Board& board) const;

  // Entry number on_roll * n + opponent; values as stored (1 or 4 of them, the rest 0).
  std::array<uint16_t, 4> raw(uint32_t on_roll, uint32_t opponent) const;
  TwoSidedEquities equities(uint32_t on_roll, uint32_t opponent) const;

  // Probes by board; nullopt ("not available") when the board is not covered.
  std::optional<TwoSidedEquities> equities(const engine::Board& board) const;
  std::optional<float> cubeless_equity(const engine::Board& board) const;
  // The five probabilities gnubg derives from the cubeless equity (no gammons in these DBs).
  std::optional<Probabilities> evaluate(const engine::Board& board) const;

 private:
  MappedFile file_;
  DatabaseFormat format_;
  uint32_t n_ = 0;
};

}  // namespace tavla::bearoff
