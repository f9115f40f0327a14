// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/bearoff_databases.h"

#include <algorithm>

#include "bearoff/coverage.h"

namespace tavla::bearoff {

Result<BearoffDatabases> BearoffDatabases::open(const std::filesystem::path& one_sided,
                                                const std::filesystem::path& two_sided) {
  BearoffDatabases dbs;
  if (!one_sided.empty()) {
    auto db = OneSidedDatabase::open(one_sided);
    if (!db) return Error{db.error()};
    dbs.one_sided_ = std::move(db).value();
  }
  if (!two_sided.empty()) {
    auto db = TwoSidedDatabase::open(two_sided);
    if (!db) return Error{db.error()};
    dbs.two_sided_ = std::move(db).value();
  }
  return dbs;
}

MaybeError BearoffDatabases::set_large_one_sided(OneSidedDatabase db) {
  if (db.format().normal || !db.has_gammon() || db.chequers() != engine::kCheckersPerSide)
    return Error{db.name() + ": a larger one-sided database must hold exact distributions of 15 " +
                 "chequers with gammons (makebearoff -o P, P = 7..13)"};
  large_one_sided_ = std::move(db);
  return std::nullopt;
}

BearoffSource BearoffDatabases::classify(const engine::Board& board) const {
  // is_bearoff_position for each database in turn, with what the tests share found once: both
  // sides fit when the larger of their rearmost indices and the larger of their chequer counts
  // do (the counts only once some database's points fit, as most race boards fit none).
  const int back_us = highest_point(board.sides[engine::Board::kOnRoll]);
  const int back_them = highest_point(board.sides[engine::Board::kOpponent]);
  if (back_us < 0 || back_them < 0 || back_us + back_them > 22) return BearoffSource::kNone;
  const int back = std::max(back_us, back_them);
  int count = -1;
  const auto fits = [&](const auto& db) {
    if (back >= db.points()) return false;
    if (count < 0) count = std::max(chequer_count(board.sides[0]), chequer_count(board.sides[1]));
    return count <= db.chequers();
  };
  if (two_sided_ && fits(*two_sided_)) return BearoffSource::kTwoSided;
  if (one_sided_ && fits(*one_sided_)) return BearoffSource::kOneSided;
  if (large_one_sided_ && fits(*large_one_sided_)) return BearoffSource::kLargeOneSided;
  return BearoffSource::kNone;
}

std::optional<BearoffProbe> BearoffDatabases::probe(const engine::Board& board) const {
  const BearoffSource source = classify(board);
  switch (source) {
    case BearoffSource::kTwoSided: {
      BearoffProbe p;
      p.source = BearoffSource::kTwoSided;
      p.equities = two_sided_->equities(board);
      p.probabilities = two_sided_probabilities(p.equities->cubeless);
      return p;
    }
    case BearoffSource::kOneSided:
    case BearoffSource::kLargeOneSided: {
      const OneSidedDatabase& db =
          source == BearoffSource::kOneSided ? *one_sided_ : *large_one_sided_;
      const auto probabilities = db.evaluate(board);
      if (!probabilities) return std::nullopt;
      BearoffProbe p;
      p.source = source;
      p.probabilities = *probabilities;
      return p;
    }
    case BearoffSource::kNone:
      break;
  }
  return std::nullopt;
}

}  // namespace tavla::bearoff
