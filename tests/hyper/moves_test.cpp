// SPDX-License-Identifier: GPL-3.0-or-later
// The solver's move tables (plays as "position afterwards + landing points") give exactly the
// boards engine::generate_moves gives, for every roll, against opponents with blots, a held point
// or chequers on the bar, and in the same order (gnubg's move-list order).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "bearoff/bearoff_index.h"
#include "bearoff/hypergammon_entry.h"
#include "bearoff/hypergammon_moves.h"
#include "engine/movegen.h"

namespace tavla::bearoff {
namespace {

using Key = std::pair<engine::SideCounts, engine::SideCounts>;

class MoveTableCheck {
 public:
  explicit MoveTableCheck(int chequers)
      : c_(chequers),
        n_(static_cast<uint32_t>(position_count(kHyperPoints, chequers))),
        identity_(identity(n_)),
        table_(chequers, identity_) {}

  uint32_t n() const { return n_; }

  // Compares the plays of (u on roll, t) for all 21 rolls; returns the number of boards seen.
  int check(uint32_t u, uint32_t t) {
    engine::Board board;
    board.on_roll() = side_from_index(u, kHyperPoints, c_);
    board.opponent() = side_from_index(t, kHyperPoints, c_);
    if (engine::board_error(board)) return 0;
    uint32_t block = kNoBlock;
    std::vector<int> blots;  // the mover's points with an opponent blot
    for (int i = 0; i < engine::kPoints; ++i) {
      if (board.opponent()[i] >= 2) block = engine::kPoints - 1 - i;
      if (board.opponent()[i] == 1) blots.push_back(engine::kPoints - 1 - i);
    }
    const auto rolls = hyper_rolls();
    int seen = 0;
    for (int r = 0; r < kHyperRolls; ++r) {
      std::vector<Key> expected, got;  // distinct boards in list order
      const int count = engine::generate_moves(board, rolls[r].d1, rolls[r].d2, list_);
      for (const auto& m : list_) expected.push_back({m.after.on_roll(), m.after.opponent()});
      const int plays = table_.for_each_play(u, r, block, [&](const HyperPlay& p) {
        engine::SideCounts them = board.opponent();
        for (int point : blots)
          if (p.landed >> point & 1) {
            --them[engine::kPoints - 1 - point];
            ++them[engine::kBar];
          }
        const Key key{side_from_index(p.to, kHyperPoints, c_), them};
        if (std::find(got.begin(), got.end(), key) == got.end()) got.push_back(key);
      });
      EXPECT_EQ(count == 0, plays == 0) << "u " << u << " t " << t << " roll " << r;
      EXPECT_EQ(got, expected) << "u " << u << " t " << t << " roll " << int(rolls[r].d1)
                               << int(rolls[r].d2);
      if (got != expected) return seen;
      seen += static_cast<int>(got.size());
    }
    return seen;
  }

 private:
  static std::vector<uint32_t> identity(uint32_t n) {
    std::vector<uint32_t> v(n);
    std::iota(v.begin(), v.end(), 0u);
    return v;
  }

  int c_;
  uint32_t n_;
  std::vector<uint32_t> identity_;
  HyperMoveTable table_;
  engine::MoveList list_;
};

TEST(HyperRolls, Weights) {
  const auto rolls = hyper_rolls();
  int total = 0;
  for (const auto& r : rolls) total += r.weight;
  EXPECT_EQ(total, 36);
}

TEST(HyperMoves, OneChequerAllPairs) {
  MoveTableCheck check(1);
  for (uint32_t u = 1; u < check.n(); ++u)
    for (uint32_t t = 1; t < check.n(); ++t) check.check(u, t);
}

TEST(HyperMoves, TwoChequersAllOnRollPositions) {
  MoveTableCheck check(2);
  for (uint32_t u = 1; u < check.n(); ++u)
    for (uint32_t t = 1 + u % 7; t < check.n(); t += 7) check.check(u, t);
}

TEST(HyperMoves, ThreeChequersSample) {
  MoveTableCheck check(3);
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<uint32_t> pick(1, check.n() - 1);
  int boards = 0;
  for (int i = 0; i < 20000; ++i) boards += check.check(pick(rng), pick(rng));
  EXPECT_GT(boards, 100000);
  // Two chequers on the bar against a held entry point: 4-4 dances, 4-x enters one chequer only
  // (fallback plays), and a blot can be hit on entering.
  engine::SideCounts us{}, them{};
  us[engine::kBar] = 2;
  us[3] = 1;
  them[3] = 2;  // the opponent's 4-point is our entry point for a 4 (index 20)
  them[5] = 1;  // a blot on our index 18
  check.check(bearoff_index(us, kHyperPoints), bearoff_index(them, kHyperPoints));
}

}  // namespace
}  // namespace tavla::bearoff
