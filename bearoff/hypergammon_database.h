// SPDX-License-Identifier: GPL-3.0-or-later
// Reading gnubg's hypergammon databases (hyper1.bd, hyper2.bd, hyper3.bd as makehyper writes
// them; layout in hypergammon_entry.h): the exact cubeless probabilities and cubeful money
// equities of every position of 1-, 2- or 3-chequer hypergammon. Memory-mapped; probing is
// thread-safe.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>

#include "bearoff/hypergammon_entry.h"
#include "bearoff/mapped_file.h"
#include "bearoff/result.h"
#include "engine/board.h"

namespace tavla::bearoff {

// Positions per side of a c-chequer database, C(25 + c, c): 26, 351, 3276.
uint32_t hyper_positions_per_side(int chequers);
// Bytes of a complete file: 40 + n * n * 28.
uint64_t hyper_file_size(int chequers);

// The bearoff index (25 points) of each side of a board, or nullopt when a side has more than
// `chequers` chequers.
struct HyperIndex {
  uint32_t on_roll = 0;
  uint32_t opponent = 0;
};
std::optional<HyperIndex> hyper_index(const engine::Board& board, int chequers);

class HypergammonDatabase {
 public:
  // Opens and validates a database: the header (type H, chequers 1..3) and the exact file size.
  // `expected_chequers` (1..3), when given, must match the header. Errors name the file.
  static Result<HypergammonDatabase> open(const std::filesystem::path& path,
                                          std::optional<int> expected_chequers = std::nullopt);

  int chequers() const { return chequers_; }
  uint32_t positions_per_side() const { return n_; }
  const std::string& name() const { return file_.name(); }

  // The entry for (side on roll with index on_roll, opponent with index opponent); both < n.
  HyperEntry entry(uint32_t on_roll, uint32_t opponent) const {
    return decode_entry(raw(on_roll, opponent));
  }
  HyperCodes codes(uint32_t on_roll, uint32_t opponent) const {
    return read_codes(raw(on_roll, opponent));
  }

  // Probes by board (side on roll = Board::kOnRoll). "Not available" (nullopt) when a side has
  // more chequers than the database. Positions where a side has no chequers left are stored too
  // (the game is over); so are impossible boards (both sides on one point), as zeros.
  std::optional<HyperEntry> probe(const engine::Board& board) const;

 private:
  const uint8_t* raw(uint32_t on_roll, uint32_t opponent) const;

  MappedFile file_;
  int chequers_ = 0;
  uint32_t n_ = 0;
};

}  // namespace tavla::bearoff
