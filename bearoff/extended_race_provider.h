// SPDX-License-Identifier: GPL-3.0-or-later
// The bearoff databases behind eval's BearoffProvider interface, plus races beyond them valued by
// the one-sided extension (bearoff/one_sided_extension.h): a race whose sides are both within the
// extension's points (and that the databases do not cover) is classified as gnubg's
// CLASS_BEAROFF_OS and evaluated by the one-sided method, as if the larger database reached that
// far. Used for training labels (`tavla train --label-database-reach`), not for play.
//
// Header-only for the reason given in bearoff_provider.h. The databases and the extension must
// outlive the provider. Thread-safe.
#pragma once

#include <optional>

#include "bearoff/bearoff_provider.h"
#include "bearoff/coverage.h"
#include "bearoff/one_sided_extension.h"

namespace tavla::bearoff {

class ExtendedRaceProvider final : public eval::BearoffProvider {
 public:
  ExtendedRaceProvider(const BearoffDatabases& databases, const OneSidedExtension& extension)
      : base_(databases), extension_(extension) {}

  std::optional<eval::RollDistribution> one_sided_rolls(
      const engine::SideCounts& side) const override {
    return base_.one_sided_rolls(side);
  }

  // The databases' class where they answer; else CLASS_BEAROFF_OS for a race the extension can
  // value (within its points and its node budget), else nullopt (the race net's).
  std::optional<eval::PositionClass> database_class(const engine::Board& board) const override {
    if (auto c = base_.database_class(board)) return c;
    if (extended(board)) return eval::PositionClass::kBearoffOs;
    return std::nullopt;
  }

  std::optional<eval::Probabilities> evaluate(const engine::Board& board,
                                              eval::PositionClass c) const override {
    if (c == eval::PositionClass::kBearoffOs && !base_.database_class(board)) {
      const auto p = extension_.evaluate(board);
      if (!p) return std::nullopt;
      eval::Probabilities out;
      for (int k = 0; k < eval::Probabilities::kCount; ++k) out[k] = (*p)[k];
      return out;
    }
    return base_.evaluate(board, c);
  }

  std::optional<eval::ExactMoneyEquities> exact_money_equities(
      const engine::Board& board) const override {
    return base_.exact_money_equities(board);
  }

 private:
  // A race (both sides still playing, past each other) whose sides the extension values.
  bool extended(const engine::Board& board) const {
    const auto& us = board.sides[engine::Board::kOnRoll];
    const auto& them = board.sides[engine::Board::kOpponent];
    const int back_us = highest_point(us), back_them = highest_point(them);
    if (back_us < 0 || back_them < 0 || back_us + back_them > 22) return false;
    return extension_.raw(us) && extension_.raw(them);
  }

  DatabaseBearoffProvider base_;
  const OneSidedExtension& extension_;
};

}  // namespace tavla::bearoff
