// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/hypergammon_moves.h"

#include <algorithm>
#include <cassert>
#include <tuple>

#include "bearoff/bearoff_index.h"
#include "bearoff/hypergammon_entry.h"

namespace tavla::bearoff {

namespace {

constexpr int kBar = 24;

// A step sequence as found by the search: the mover's counts afterwards (as a bearoff index),
// where it landed, and its category.
struct Found {
  uint32_t index;
  uint32_t landed;
  int dice;
  int pips;
  auto key() const { return std::tuple(-(dice * 64 + pips), index, landed); }
};

// May a chequer on `from` move `die` pips, ignoring the opponent? (Its chequers can only block
// landing points, which the caller checks through the landing mask.)
bool step_possible(const std::array<uint8_t, kHyperPoints>& c, int from, int die) {
  if (c[from] == 0) return false;
  if (c[kBar] > 0 && from != kBar) return false;  // chequers on the bar enter first
  const int to = from - die;
  if (to >= 0) return true;
  // Bearing off: all chequers home, and exact or from the highest occupied point.
  for (int i = 6; i < kHyperPoints; ++i)
    if (c[i]) return false;
  if (to == -1) return true;
  for (int i = from + 1; i < 6; ++i)
    if (c[i]) return false;
  return true;
}

// gnubg's GenerateMovesSub order: chequers on the bar enter first; otherwise sources from
// `first_source` down; after a step the next starts from the same source with doubles, from the
// back otherwise. Every sequence (also an unfinished one) is recorded when first reached.
void search(std::array<uint8_t, kHyperPoints>& c, const int* dice, int left, bool doubles,
            int first_source, uint32_t landed, int played, int pips, std::vector<Found>& out) {
  out.push_back({bearoff_index(c.data(), kHyperPoints), landed, played, pips});
  if (left == 0) return;
  const int die = dice[0];
  auto step = [&](int from, int next_first) {
    const int to = from - die;
    --c[from];
    if (to >= 0) ++c[to];
    search(c, dice + 1, left - 1, doubles, next_first, to >= 0 ? landed | (1u << to) : landed,
           played + 1, pips + die, out);
    if (to >= 0) --c[to];
    ++c[from];
  };
  if (c[kBar] > 0) {
    step(kBar, kBar - 1);
    return;
  }
  for (int from = first_source; from >= 0; --from)
    if (step_possible(c, from, die)) step(from, doubles ? from : kBar - 1);
}

// All step sequences of a roll in gnubg's order, the larger die first.
std::vector<Found> all_sequences(uint32_t index, int chequers, const HyperRoll& roll) {
  std::array<uint8_t, kHyperPoints> c{};
  position_from_index(index, kHyperPoints, chequers, c);
  std::vector<Found> found;
  if (roll.d1 == roll.d2) {
    const int dice[4] = {roll.d1, roll.d1, roll.d1, roll.d1};
    search(c, dice, 4, true, kBar - 1, 0, 0, 0, found);
  } else {
    const int a[2] = {roll.d1, roll.d2}, b[2] = {roll.d2, roll.d1};
    search(c, a, 2, false, kBar - 1, 0, 0, 0, found);
    search(c, b, 2, false, kBar - 1, 0, 0, 0, found);
  }
  return found;
}

// Each sequence once, at its first visit; then best category first, in visiting order within a
// category.
void order_plays(std::vector<Found>& found) {
  std::vector<Found> kept;
  for (const Found& f : found)
    if (std::none_of(kept.begin(), kept.end(), [&](const Found& k) { return k.key() == f.key(); }))
      kept.push_back(f);
  std::stable_sort(kept.begin(), kept.end(), [](const Found& x, const Found& y) {
    return x.dice * 64 + x.pips > y.dice * 64 + y.pips;
  });
  found = std::move(kept);
}

}  // namespace

std::array<HyperRoll, kHyperRolls> hyper_rolls() {
  std::array<HyperRoll, kHyperRolls> r{};
  int k = 0;
  for (int d1 = 1; d1 <= 6; ++d1)
    for (int d2 = 1; d2 <= d1; ++d2)
      r[k++] = {static_cast<int8_t>(d1), static_cast<int8_t>(d2),
                static_cast<int8_t>(d1 == d2 ? 1 : 2)};
  return r;
}

HyperMoveTable::HyperMoveTable(int chequers, std::span<const uint32_t> number) {
  const auto n = static_cast<uint32_t>(position_count(kHyperPoints, chequers));
  assert(number.size() == n && n <= 4096);
  std::vector<uint32_t> index_of(n);
  for (uint32_t a = 0; a < n; ++a) index_of[number[a]] = a;
  const auto rolls = hyper_rolls();
  main_.start.reserve(size_t{n} * kHyperRolls + 1);
  fallback_.start.reserve(size_t{n} * kHyperRolls + 1);
  for (uint32_t from = 0; from < n; ++from) {
    size_t per_position = 0;
    for (const HyperRoll& roll : rolls) {
      main_.start.push_back(static_cast<uint32_t>(main_.plays.size()));
      fallback_.start.push_back(static_cast<uint32_t>(fallback_.plays.size()));
      auto found = all_sequences(index_of[from], chequers, roll);
      order_plays(found);
      for (size_t i = 0; i < found.size(); ++i) {
        const Found& f = found[i];
        HyperPlay p{};
        p.to = number[f.index];
        p.landed = f.landed;
        p.dice = static_cast<uint32_t>(f.dice);
        p.pips = static_cast<uint32_t>(f.pips);
        p.repeats_to = std::any_of(found.begin(), found.begin() + i, [&](const Found& g) {
          return g.index == f.index && g.dice == f.dice && g.pips == f.pips;
        });
        const bool best = found[0].dice > 0 && f.dice == found[0].dice && f.pips == found[0].pips;
        (best ? main_ : fallback_).plays.push_back(p);
      }
      per_position += std::max(main_.plays.size() - main_.start.back(),
                               fallback_.plays.size() - fallback_.start.back());
    }
    max_plays_per_position_ = std::max(max_plays_per_position_, per_position);
  }
  main_.start.push_back(static_cast<uint32_t>(main_.plays.size()));
  fallback_.start.push_back(static_cast<uint32_t>(fallback_.plays.size()));
}

size_t HyperMoveTable::memory_bytes() const {
  return (main_.plays.capacity() + fallback_.plays.capacity()) * sizeof(HyperPlay) +
         (main_.start.capacity() + fallback_.start.capacity()) * sizeof(uint32_t);
}

}  // namespace tavla::bearoff
