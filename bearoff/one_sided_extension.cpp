// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/one_sided_extension.h"

#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "bearoff/bearoff_moves.h"
#include "bearoff/coverage.h"
#include "bearoff/one_sided_rules.h"
#include "engine/move.h"
#include "engine/movegen.h"
#include "engine/side_key.h"

namespace tavla::bearoff {

namespace {

using Key = engine::SideKey;
using KeyHash = engine::SideKeyHash;

struct Entry {
  OneSidedRaw raw;
  uint32_t cost_off = 0, cost_gammon = 0;  // 65535 x expected rolls (makebearoff's keys)
};

}  // namespace

struct OneSidedExtension::Impl {
  const OneSidedDatabase& db;
  OneSidedExtensionSettings settings;
  mutable std::shared_mutex mutex;
  mutable std::unordered_map<Key, Entry, KeyHash> memo;

  Impl(const OneSidedDatabase& d, const OneSidedExtensionSettings& s) : db(d), settings(s) {}

  bool reaches(const engine::SideCounts& side) const {
    return side[engine::kBar] == 0 && highest_point(side) < settings.max_points;
  }

  // The entry of a side in reach; false when the budget ran out.
  bool get(const engine::SideCounts& side, Entry& out, size_t& budget) const {
    if (db.covers(side)) {
      out.raw = db.raw(bearoff_index(side, db.points()));
      out.cost_off = expected_rolls(out.raw.bear_off.data());
      out.cost_gammon = expected_rolls(out.raw.save_gammon.data());
      return true;
    }
    const Key key = engine::side_key(side);
    {
      std::shared_lock lock(mutex);
      auto it = memo.find(key);
      if (it != memo.end()) {
        out = it->second;
        return true;
      }
    }
    if (budget == 0) return false;
    --budget;
    if (!compute(side, out, budget)) return false;
    std::unique_lock lock(mutex);
    if (memo.size() >= settings.max_memo) memo.clear();
    memo.emplace(key, out);
    return true;
  }

  // makebearoff's exact_position for a side beyond the database: every chequer is still on the
  // board (none can be off while one is outside the home board).
  bool compute(const engine::SideCounts& side, Entry& out, size_t& budget) const {
    const bool gammon_moves = chequer_count(side) == engine::kCheckersPerSide;
    int sum36[2 * kMaxRolls] = {};
    if (!gammon_moves) sum36[kMaxRolls] = kCertainRolls * 36;  // the gammon is saved already
    engine::Board board;
    board.on_roll() = side;
    std::unique_ptr<engine::MoveList> list = std::make_unique<engine::MoveList>();
    std::vector<engine::SideCounts> children;
    for (const Roll& roll : kRolls) {
      const int n = engine::generate_moves(board, roll.high, roll.low, *list);
      if (n == 0) return false;  // cannot happen without an opponent; never loop on ourselves
      children.resize(n);
      for (int i = 0; i < n; ++i) children[i] = (*list)[i].after.on_roll();
      Entry child, best_off, best_gammon;
      uint32_t off_value = UINT32_MAX, gammon_value = UINT32_MAX;
      for (const engine::SideCounts& c : children) {
        if (!get(c, child, budget)) return false;
        if (child.cost_off < off_value) {
          off_value = child.cost_off;
          best_off = child;
        }
        if (gammon_moves && child.cost_gammon < gammon_value) {
          gammon_value = child.cost_gammon;
          best_gammon = child;
        }
      }
      for (int k = 0; k + 1 < kMaxRolls; ++k) {
        sum36[k + 1] += roll.weight * best_off.raw.bear_off[k];
        if (gammon_moves) sum36[kMaxRolls + k + 1] += roll.weight * best_gammon.raw.save_gammon[k];
      }
    }
    round_distribution(sum36, out.raw.bear_off.data());
    round_distribution(sum36 + kMaxRolls, out.raw.save_gammon.data());
    out.cost_off = expected_rolls(out.raw.bear_off.data());
    out.cost_gammon = expected_rolls(out.raw.save_gammon.data());
    return true;
  }
};

OneSidedExtension::OneSidedExtension(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
OneSidedExtension::~OneSidedExtension() = default;

Result<std::unique_ptr<OneSidedExtension>> OneSidedExtension::create(
    const OneSidedDatabase& db, const OneSidedExtensionSettings& s) {
  if (db.format().normal || !db.has_gammon() || db.chequers() != engine::kCheckersPerSide)
    return Error{db.name() +
                 ": extending a one-sided database needs exact distributions of 15 chequers "
                 "with gammon distributions (makebearoff -o P)"};
  if (s.max_points < 1 || s.max_points > engine::kPoints)
    return Error{"the extension's points must be 1..24, not " + std::to_string(s.max_points)};
  return std::unique_ptr<OneSidedExtension>(
      new OneSidedExtension(std::make_unique<Impl>(db, s)));
}

const OneSidedDatabase& OneSidedExtension::database() const { return impl_->db; }
const OneSidedExtensionSettings& OneSidedExtension::settings() const { return impl_->settings; }

bool OneSidedExtension::reaches(const engine::SideCounts& side) const {
  return impl_->reaches(side);
}

std::optional<OneSidedRaw> OneSidedExtension::raw(const engine::SideCounts& side) const {
  if (!reaches(side)) return std::nullopt;
  Entry e;
  size_t budget = impl_->settings.node_budget;
  if (!impl_->get(side, e, budget)) return std::nullopt;
  return e.raw;
}

std::optional<Probabilities> OneSidedExtension::evaluate(const engine::Board& board) const {
  const auto& us = board.sides[engine::Board::kOnRoll];
  const auto& them = board.sides[engine::Board::kOpponent];
  const int back_us = highest_point(us), back_them = highest_point(them);
  if (back_us < 0 || back_them < 0 || back_us + back_them > 22) return std::nullopt;
  const auto u = raw(us);
  if (!u) return std::nullopt;
  const auto t = raw(them);
  if (!t) return std::nullopt;
  auto to_float = [](const std::array<uint16_t, kMaxRolls>& d) {
    RollDistribution f;
    for (int i = 0; i < kMaxRolls; ++i) f[i] = d[i] / 65535.0f;
    return f;
  };
  const bool gammons = chequer_count(us) == engine::kCheckersPerSide ||
                       chequer_count(them) == engine::kCheckersPerSide;
  return one_sided_probabilities(to_float(u->bear_off), to_float(u->save_gammon),
                                 to_float(t->bear_off), to_float(t->save_gammon), gammons);
}

size_t OneSidedExtension::memo_size() const {
  std::shared_lock lock(impl_->mutex);
  return impl_->memo.size();
}

}  // namespace tavla::bearoff
