// SPDX-License-Identifier: GPL-3.0-or-later
// Generating one-sided bearoff databases byte-identical to gnubg 1.07's `makebearoff -o P`.
//
// For each position (in index order; every move lowers the index) and each of the 21 rolls the
// move with the fewest expected rolls is chosen; "expected" is gnubg's integer sum
// sum_n n * dist[n] over the stored 16-bit distribution, and ties go to the move gnubg generates
// first. Separately the move with the fewest expected rolls to bear off the first chequer is
// chosen for the gammon distribution (only while all 15 chequers are on the board). The new
// distribution is the roll-weighted sum shifted by one roll, rounded as (x + 18) / 36, with the
// rounding error taken out of the most likely entry so the sum is exactly 65535.
// The normal-distribution variant propagates (mean, sd) pairs in float arithmetic instead.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "bearoff/database_header.h"
#include "bearoff/one_sided_database.h"
#include "bearoff/result.h"

namespace tavla::bearoff {

// Called now and then with (positions done, positions in all); may be empty.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

inline constexpr int kMaxOneSidedPoints = 13;  // gnubg's limit (file size below 2 GB)

struct OneSidedSettings {
  int points = 6;
  bool gammon = true;      // include the distributions of rolls to save the gammon
  bool compressed = true;  // file layout (see one_sided_database.h)
  bool normal = false;     // normal-distribution approximation (implies gammon, uncompressed)
  bool header = true;      // write gnubg's 40-byte header
  int threads = 0;         // 0: all hardware threads
  // Reuse an existing database of the same kind (gnubg's -O): positions it covers are copied.
  const OneSidedDatabase* old = nullptr;
};

// The generated database in memory. Exact distributions are kept in gnubg's compressed layout
// (that is the file's data area); normal approximations as 4 floats per position.
class OneSidedTable {
 public:
  struct IndexEntry {
    uint32_t offset;    // in words into the table's data (computation order)
    uint8_t nz, first;  // bear-off distribution: stored length and first stored roll
    uint8_t nz_gammon, first_gammon;
  };

  uint32_t size() const { return size_; }
  int points() const { return points_; }
  bool gammon() const { return gammon_; }
  bool normal() const { return normal_; }

  // Exact databases: the entry of a position (gammon part zero without gammons).
  OneSidedRaw raw(uint32_t index) const;
  // Normal databases: mean, sd, gammon mean, gammon sd.
  const std::array<float, 4>& normal_entry(uint32_t index) const { return normal_entries_[index]; }

 private:
  friend class OneSidedBuilder;
  friend MaybeError write_one_sided_database(const OneSidedTable&, const OneSidedSettings&,
                                             const std::filesystem::path&);
  uint32_t size_ = 0;
  int points_ = 0;
  bool gammon_ = true;
  bool normal_ = false;
  std::vector<IndexEntry> index_;
  std::vector<uint16_t> words_;
  std::vector<std::array<float, 4>> normal_entries_;
};

// Checks the settings (points 1..13, old database of the same kind). nullopt when fine.
MaybeError check_one_sided_settings(const OneSidedSettings& settings);

Result<OneSidedTable> generate_one_sided(const OneSidedSettings& settings,
                                         const ProgressFn& progress = {});

// Writes the file (header unless settings.header is false) via a temporary file.
MaybeError write_one_sided_database(const OneSidedTable& table, const OneSidedSettings& settings,
                                    const std::filesystem::path& path);

// The format (header fields) a settings object produces.
DatabaseFormat one_sided_format(const OneSidedSettings& settings);

}  // namespace tavla::bearoff
