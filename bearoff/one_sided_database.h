// SPDX-License-Identifier: GPL-3.0-or-later
// Reading gnubg's one-sided bearoff databases (gnubg_os0.bd and makebearoff -o output): for each
// position of one side (up to 15 chequers on P points, numbered by bearoff_index), the
// distribution of the number of rolls needed to bear off all chequers, and (optionally) to bear off
// the first chequer ("save the gammon"). The file is memory-mapped; probing is thread-safe.
//
// File layouts after the 40-byte header (all little-endian), N = C(P + 15, P) positions:
//   uncompressed  per position 32 uint16 (bear off) [+ 32 uint16 (gammon)]
//   compressed    N index entries: uint32 offset (in uint16 words into the data area),
//                 uint8 nz, uint8 first roll [, uint8 nz gammon, uint8 first roll gammon];
//                 then the data area: per position nz words [+ nz gammon words]
//   normal        per position 4 floats: mean, sd (bear off), mean, sd (gammon)
// Exact distributions are integers summing to 65535.
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

// One entry as gnubg stores it, in units of 1/65535.
struct OneSidedRaw {
  std::array<uint16_t, kMaxRolls> bear_off{};     // [n]: all chequers off after exactly n rolls
  std::array<uint16_t, kMaxRolls> save_gammon{};  // [n]: first chequer off after exactly n rolls
                                                  // (all zero when the file has no gammon data)
};

// The same as probabilities (gnubg: value / 65535.0f; normal databases: the normal density).
struct OneSidedDistribution {
  RollDistribution bear_off{};
  RollDistribution save_gammon{};
};

// gnubg's "average rolls": mean and standard deviation of the two distributions (float
// arithmetic as gnubg's AverageRolls, so printing them reproduces bearoffdump).
struct RollStatistics {
  float mean = 0, sd = 0, gammon_mean = 0, gammon_sd = 0;
};

class OneSidedDatabase {
 public:
  // Opens and validates a one-sided database: header, file size, and for compressed files every
  // index entry (offsets consecutive, lengths within 32 rolls). Errors name the file.
  static Result<OneSidedDatabase> open(const std::filesystem::path& path);

  const DatabaseFormat& format() const { return format_; }
  int points() const { return format_.points; }
  int chequers() const { return format_.chequers; }
  bool has_gammon() const { return format_.gammon; }
  uint32_t size() const { return size_; }  // positions
  const std::string& name() const { return file_.name(); }

  // A side is covered when its chequers are all on the database's points and not too many.
  bool covers(const engine::SideCounts& side) const;

  // Probes by index (index < size()).
  OneSidedRaw raw(uint32_t index) const;
  OneSidedDistribution distribution(uint32_t index) const;
  RollStatistics roll_statistics(uint32_t index) const;

  // Probes by side; nullopt when the side is not covered.
  std::optional<OneSidedRaw> raw(const engine::SideCounts& side) const;
  std::optional<OneSidedDistribution> distribution(const engine::SideCounts& side) const;
  std::optional<float> mean_rolls(const engine::SideCounts& side) const;

  // The five cubeless probabilities for the side on roll, as gnubg's one-sided evaluator.
  // nullopt ("not available") when a side is not covered, the game is over, the sides are in
  // contact, or gammons are possible but the file has no gammon distributions (gnubg then uses a
  // built-in table that tavla does not have).
  std::optional<Probabilities> evaluate(const engine::Board& board) const;

  // Reads every entry and checks that exact distributions sum to 65535. Slow for big files.
  MaybeError verify() const;

 private:
  MappedFile file_;
  DatabaseFormat format_;
  uint32_t size_ = 0;
  uint64_t data_offset_ = 0;  // compressed: start of the data area
};

}  // namespace tavla::bearoff
