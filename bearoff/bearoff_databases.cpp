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

BearoffSource BearoffDatabases::classify(const engine::Board& board) const {
  if (two_sided_ && two_sided_->covers(board)) return BearoffSource::kTwoSided;
  if (one_sided_ && is_bearoff_position(board, one_sided_->points(), one_sided_->chequers()))
    return BearoffSource::kOneSided;
  return BearoffSource::kNone;
}

std::optional<BearoffProbe> BearoffDatabases::probe(const engine::Board& board) const {
  switch (classify(board)) {
    case BearoffSource::kTwoSided: {
      BearoffProbe p;
      p.source = BearoffSource::kTwoSided;
      p.equities = two_sided_->equities(board);
      p.probabilities = two_sided_probabilities(p.equities->cubeless);
      return p;
    }
    case BearoffSource::kOneSided: {
      const auto probabilities = one_sided_->evaluate(board);
      if (!probabilities) return std::nullopt;
      BearoffProbe p;
      p.source = BearoffSource::kOneSided;
      p.probabilities = *probabilities;
      return p;
    }
    case BearoffSource::kNone:
      break;
  }
  return std::nullopt;
}

}  // namespace tavla::bearoff
