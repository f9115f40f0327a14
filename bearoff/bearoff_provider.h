// SPDX-License-Identifier: GPL-3.0-or-later
// The bearoff databases behind eval's BearoffProvider interface (eval/bearoff_provider.h).
//
// Header-only on purpose: tavla_bearoff itself depends on engine/ only, so it builds whatever
// state eval/ is in; a target that includes this header links both tavla_bearoff and tavla_eval.
// The databases must outlive the provider. Thread-safe (read-only memory maps).
#pragma once

#include <optional>

#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_index.h"
#include "eval/bearoff_provider.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"

namespace tavla::bearoff {

class DatabaseBearoffProvider final : public eval::BearoffProvider {
 public:
  explicit DatabaseBearoffProvider(const BearoffDatabases& databases) : dbs_(databases) {}

  // gnubg's BearoffDist on its one-sided database: chequers beyond the database's points are
  // ignored (as PositionBearoff ignores them).
  std::optional<eval::RollDistribution> one_sided_rolls(
      const engine::SideCounts& side) const override {
    const OneSidedDatabase* os = dbs_.one_sided();
    if (!os) return std::nullopt;
    int on_points = 0;
    for (int i = 0; i < os->points(); ++i) on_points += side[i];
    if (on_points > os->chequers()) return std::nullopt;
    return os->raw(bearoff_index(side, os->points())).bear_off;
  }

  // Two-sided answers are gnubg's CLASS_BEAROFF2, one-sided ones CLASS_BEAROFF1, the larger
  // one-sided database's CLASS_BEAROFF_OS.
  std::optional<eval::PositionClass> database_class(const engine::Board& board) const override {
    switch (dbs_.classify(board)) {
      case BearoffSource::kTwoSided:
        return eval::PositionClass::kBearoff2;
      case BearoffSource::kOneSided:
        return eval::PositionClass::kBearoff1;
      case BearoffSource::kLargeOneSided:
        return eval::PositionClass::kBearoffOs;
      case BearoffSource::kNone:
        break;
    }
    return std::nullopt;
  }

  std::optional<eval::Probabilities> evaluate(const engine::Board& board,
                                              eval::PositionClass c) const override {
    std::optional<Probabilities> p;
    if (c == eval::PositionClass::kBearoff2 || c == eval::PositionClass::kBearoffTs) {
      if (dbs_.two_sided()) p = dbs_.two_sided()->evaluate(board);
    } else if (c == eval::PositionClass::kBearoff1) {
      if (dbs_.one_sided()) p = dbs_.one_sided()->evaluate(board);
    } else if (c == eval::PositionClass::kBearoffOs) {
      if (dbs_.large_one_sided()) p = dbs_.large_one_sided()->evaluate(board);
    }
    if (!p) return std::nullopt;
    eval::Probabilities out;
    for (int k = 0; k < eval::Probabilities::kCount; ++k) out[k] = (*p)[k];
    return out;
  }

  // The two-sided database's money equities (gnubg's BearoffCubeful), for eval's
  // ExactMoneyEquities; nullopt when the board is not covered or the file is cubeless.
  std::optional<TwoSidedEquities> exact_equities(const engine::Board& board) const {
    if (!dbs_.two_sided()) return std::nullopt;
    auto e = dbs_.two_sided()->equities(board);
    if (!e || !e->has_cubeful) return std::nullopt;
    return e;
  }

  std::optional<eval::ExactMoneyEquities> exact_money_equities(
      const engine::Board& board) const override {
    auto e = exact_equities(board);
    if (!e) return std::nullopt;
    return eval::ExactMoneyEquities{e->cubeless, e->owned, e->centred, e->opponent_owns,
                                    std::nullopt};
  }

  const BearoffDatabases& databases() const { return dbs_; }

 private:
  const BearoffDatabases& dbs_;
};

}  // namespace tavla::bearoff
