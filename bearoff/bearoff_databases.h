// SPDX-License-Identifier: GPL-3.0-or-later
// The bearoff databases an evaluator consults, in gnubg's order: the two-sided database first
// (exact, with cubeful money equities), then the one-sided one (gnubg_os0.bd), then an optional
// larger one-sided one (gnubg_os.bd, e.g. makebearoff -o 10: gnubg's CLASS_BEAROFF_OS). A probe
// answers "not available" (nullopt) for boards no database covers, and the caller falls back to
// the neural nets.
// Thread-safe after construction (read-only memory maps).
#pragma once

#include <filesystem>
#include <optional>

#include "bearoff/one_sided_database.h"
#include "bearoff/probabilities.h"
#include "bearoff/result.h"
#include "bearoff/two_sided_database.h"
#include "engine/board.h"

namespace tavla::bearoff {

// Which database answers (gnubg's CLASS_BEAROFF2 / CLASS_BEAROFF1 / CLASS_BEAROFF_OS).
enum class BearoffSource { kNone, kTwoSided, kOneSided, kLargeOneSided };

struct BearoffProbe {
  BearoffSource source = BearoffSource::kNone;
  Probabilities probabilities{};             // cubeless, for the side on roll
  std::optional<TwoSidedEquities> equities;  // two-sided answers only
};

class BearoffDatabases {
 public:
  BearoffDatabases() = default;

  // Opens the given files; an empty path means "no such database". Errors name the file.
  static Result<BearoffDatabases> open(const std::filesystem::path& one_sided,
                                       const std::filesystem::path& two_sided);

  void set_one_sided(OneSidedDatabase db) { one_sided_ = std::move(db); }
  void set_two_sided(TwoSidedDatabase db) { two_sided_ = std::move(db); }
  // The larger one-sided database, consulted for boards the first two do not cover. Its
  // chequer count must be 15 and it must have gammon distributions (gnubg's evaluator would
  // otherwise fall back to a heuristic tavla does not have); checked here.
  MaybeError set_large_one_sided(OneSidedDatabase db);
  const OneSidedDatabase* one_sided() const { return one_sided_ ? &*one_sided_ : nullptr; }
  const TwoSidedDatabase* two_sided() const { return two_sided_ ? &*two_sided_ : nullptr; }
  const OneSidedDatabase* large_one_sided() const {
    return large_one_sided_ ? &*large_one_sided_ : nullptr;
  }

  // The database that would answer for this board (without reading it).
  BearoffSource classify(const engine::Board& board) const;

  // Probabilities (and for two-sided answers the money equities) for the side on roll.
  std::optional<BearoffProbe> probe(const engine::Board& board) const;

 private:
  std::optional<OneSidedDatabase> one_sided_;
  std::optional<TwoSidedDatabase> two_sided_;
  std::optional<OneSidedDatabase> large_one_sided_;
};

}  // namespace tavla::bearoff
