// SPDX-License-Identifier: GPL-3.0-or-later
// Generating two-sided bearoff databases byte-identical to gnubg 1.07's `makebearoff -t PxC`.
//
// Values are gnubg's signed 16-bit equities (32767 = +1, -32768 = -1) for the side on roll. For a
// position (us, them) and each roll, the move maximising the negated (bitwise complement, as in
// gnubg) value of the opponent's resulting position is taken, separately for each of the four
// values; the opponent's cube action is resolved as gnubg's CubeEquity. The roll-weighted sum is
// divided by 36 with truncation toward zero.
//
// Order of work: a move lowers the mover's pip count, so (us, them) depends only on positions
// whose pip sum is smaller. tavla computes pip-sum levels in increasing order and splits each
// level among threads; inside a level all positions with the same opponent read the same row of
// the table (good locality). The whole table stays in memory (n^2 x 8 bytes, 72 MB for 6x8).
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "bearoff/database_header.h"
#include "bearoff/one_sided_generator.h"
#include "bearoff/result.h"
#include "bearoff/two_sided_database.h"

namespace tavla::bearoff {

inline constexpr int kMaxTwoSidedPoints = 12;    // beyond 12 points the sides could meet
inline constexpr int kMaxTwoSidedChequers = 11;  // gnubg's limit

struct TwoSidedSettings {
  int points = 6;
  int chequers = 6;
  bool cubeful = true;
  bool header = true;
  int threads = 0;  // 0: all hardware threads
  // Reuse an existing database of the same kind (gnubg's -O): positions it covers are copied.
  const TwoSidedDatabase* old = nullptr;
};

// The generated table: values(on roll, opponent) as gnubg's signed 16-bit equities.
class TwoSidedTable {
 public:
  uint32_t positions_per_side() const { return n_; }
  int values_per_entry() const { return k_; }
  const int16_t* entry(uint32_t on_roll, uint32_t opponent) const {
    return values_.data() + (static_cast<uint64_t>(on_roll) * n_ + opponent) * k_;
  }

 private:
  friend class TwoSidedBuilder;
  friend MaybeError write_two_sided_database(const TwoSidedTable&, const TwoSidedSettings&,
                                             const std::filesystem::path&);
  uint32_t n_ = 0;
  int k_ = 4;
  std::vector<int16_t> values_;
};

MaybeError check_two_sided_settings(const TwoSidedSettings& settings);

Result<TwoSidedTable> generate_two_sided(const TwoSidedSettings& settings,
                                         const ProgressFn& progress = {});

MaybeError write_two_sided_database(const TwoSidedTable& table, const TwoSidedSettings& settings,
                                    const std::filesystem::path& path);

DatabaseFormat two_sided_format(const TwoSidedSettings& settings);

}  // namespace tavla::bearoff
