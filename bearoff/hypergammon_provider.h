// SPDX-License-Identifier: GPL-3.0-or-later
// A hypergammon database behind eval's BearoffProvider interface: with it the evaluator and the
// search play c-chequer hypergammon as gnubg does with `set variation`: every position that is
// not over is of class kHypergammon<c> and read from the database (exact probabilities and, for
// cubeful evaluations, the database's money equities: gnubg's CFHYPER); finished games are scored
// with the variant's chequer count (a gammon: the loser has borne off none of its c chequers).
//
// Header-only for the same reason as bearoff_provider.h (tavla_bearoff does not link eval/).
// The database must outlive the provider. Thread-safe (a read-only memory map).
#pragma once

#include <optional>

#include "bearoff/hypergammon_database.h"
#include "engine/variant.h"
#include "eval/bearoff_provider.h"
#include "eval/cube_info.h"
#include "eval/cubeful.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"

namespace tavla::bearoff {

class HypergammonProvider final : public eval::BearoffProvider {
 public:
  explicit HypergammonProvider(const HypergammonDatabase& db) : db_(db) {}

  engine::Variant variant() const { return *engine::hypergammon_variant(db_.chequers()); }

  // No one-sided database: hypergammon positions are never scored by the nets.
  std::optional<eval::RollDistribution> one_sided_rolls(const engine::SideCounts&) const override {
    return std::nullopt;
  }
  std::optional<eval::PositionClass> database_class(const engine::Board& board) const override {
    return variant_class(board);
  }
  std::optional<eval::PositionClass> variant_class(const engine::Board& board) const override {
    if (!hyper_index(board, db_.chequers())) return std::nullopt;
    return static_cast<eval::PositionClass>(static_cast<int>(eval::PositionClass::kHypergammon1) +
                                            db_.chequers() - 1);
  }

  std::optional<eval::Probabilities> evaluate(const engine::Board& board,
                                              eval::PositionClass c) const override {
    eval::Probabilities out;
    if (c == eval::PositionClass::kOver) {
      const auto o = engine::game_over_outputs(board, variant());
      for (int k = 0; k < eval::Probabilities::kCount; ++k) out[k] = o[k];
      return out;
    }
    const auto e = db_.probe(board);
    if (!e) return std::nullopt;
    for (int k = 0; k < eval::Probabilities::kCount; ++k) out[k] = e->probabilities[k];
    return out;
  }

  std::optional<eval::ExactMoneyEquities> exact_money_equities(
      const engine::Board& board) const override {
    const auto e = db_.probe(board);
    if (!e) return std::nullopt;
    eval::ExactMoneyEquities x;
    eval::Probabilities p;
    for (int k = 0; k < eval::Probabilities::kCount; ++k) p[k] = e->probabilities[k];
    x.cubeless = eval::cubeless_utility(p, eval::money_cube_info(1, engine::kCubeCentred, 0,
                                                                 false, false));
    x.owned = e->cubeful[kOwned];
    x.centred = e->cubeful[kCentred];
    x.opponent_owned = e->cubeful[kOpponentOwns];
    x.hyper = eval::ExactMoneyEquities::Hyper{p, e->cubeful[kCentredJacoby]};
    return x;
  }

  const HypergammonDatabase& database() const { return db_; }

 private:
  const HypergammonDatabase& db_;
};

}  // namespace tavla::bearoff
