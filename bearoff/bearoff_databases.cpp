// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/bearoff_databases.h"

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
  if (two_sided_ && two_sided_->covers(board)) return BearoffSource::kTwoSided;
  if (one_sided_ && is_bearoff_position(board, one_sided_->points(), one_sided_->chequers()))
    return BearoffSource::kOneSided;
  if (large_one_sided_ &&
      is_bearoff_position(board, large_one_sided_->points(), large_one_sided_->chequers()))
    return BearoffSource::kLargeOneSided;
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
