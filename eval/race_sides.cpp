// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/race_sides.h"

#include <optional>

#include "engine/side_key.h"

namespace tavla::eval {

Probabilities race_from_sides(const SideRolls& us, const SideRolls& them) {
  // Suffix sums of the other side's distributions, in double as the database evaluator sums.
  double them_off_ge[kSideRolls + 1] = {}, them_gammon_ge[kSideRolls + 1] = {};
  double us_gammon_gt[kSideRolls + 1] = {};
  for (int j = kSideRolls - 1; j >= 0; --j) {
    them_off_ge[j] = them_off_ge[j + 1] + them.off[j];
    them_gammon_ge[j] = them_gammon_ge[j + 1] + them.gammon[j];
    us_gammon_gt[j] = us_gammon_gt[j + 1] + (j + 1 < kSideRolls ? us.gammon[j + 1] : 0.0);
  }
  double win = 0, win_gammon = 0, lose_gammon = 0;
  for (int i = 0; i < kSideRolls; ++i) {
    win += us.off[i] * them_off_ge[i];
    win_gammon += us.off[i] * them_gammon_ge[i];
    lose_gammon += them.off[i] * us_gammon_gt[i];
  }
  Probabilities pr;
  pr[Probabilities::kWin] = static_cast<float>(win);
  pr[Probabilities::kWinGammon] = static_cast<float>(win_gammon);
  pr[Probabilities::kLoseGammon] = static_cast<float>(lose_gammon);
  return pr;
}

void side_rolls(const RaceSidesNet& net, const BearoffProvider* bearoff,
                const engine::SideCounts& side, SideRolls& out) {
  bool home = bearoff != nullptr;
  int on = 0;
  for (int i = 0; i < engine::kSlots; ++i) {
    on += side[i];
    if (i >= 6 && side[i]) home = false;
  }
  std::optional<RollDistribution> db;
  if (home) db = bearoff->one_sided_rolls(side);
  if (!db) {
    net.evaluate(side, out);
    return;
  }
  // A home side: the database's bear-off distribution; the net only for the gammon one, and not
  // even that once a chequer is off.
  if (on == engine::kCheckersPerSide) {
    net.evaluate(side, out);
  } else {
    out.gammon.fill(0.0f);
    out.gammon[0] = 1.0f;
  }
  out.off.fill(0.0f);
  for (int k = 0; k < static_cast<int>(db->size()); ++k) out.off[k] = (*db)[k] / 65535.0f;
}

const SideRolls& SideRollsCache::get(const RaceSidesNet& net, const BearoffProvider* bearoff,
                                     const engine::SideCounts& side) {
  const engine::SideKey key = engine::side_key(side);
  Slot& s = slots_[engine::SideKeyHash{}(key) % kSlots];
  if (s.key != key) {
    side_rolls(net, bearoff, side, s.rolls);
    s.key = key;
  }
  return s.rolls;
}

}  // namespace tavla::eval
