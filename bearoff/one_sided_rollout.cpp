// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/one_sided_rollout.h"

#include <algorithm>
#include <random>
#include <utility>

namespace tavla::bearoff {

namespace {

constexpr unsigned kProbs = 32;        // rolls to bear off: 0..31 (the last collects the rest)
constexpr unsigned kGammonProbs = 15;  // rolls to bring all chequers home: 0..14

// One side's chequers: [0..5] its home board, [6..23] the rest, [24] the bar.
using Side = std::array<unsigned, engine::kSlots>;

// The database's distribution (units of 1/65535) for the chequers on points `first`..`first`+5.
std::array<uint16_t, kMaxRolls> home_distribution(const OneSidedDatabase& db, const Side& side,
                                                  int first = 0) {
  engine::SideCounts counts{};
  for (int i = 0; i < 6; ++i) counts[i] = static_cast<uint8_t>(side[first + i]);
  return db.raw(counts).value_or(OneSidedRaw{}).bear_off;
}

bool crosses_quadrant(unsigned from, unsigned to) {
  return from / 6 != to / 6;
}

// The index of the rearest chequer outside the home board (5 when there is none).
unsigned rearest(const Side& s) {
  unsigned i = 24;
  while (i > 5 && !s[i]) --i;
  return i;
}

// Moves one chequer from `from` to `from - pips`, counting it in when it reaches the home board.
void step(Side& s, unsigned from, unsigned pips, unsigned& outside) {
  --s[from];
  ++s[from - pips];
  if (from > 5 && from - pips < 6) --outside;
}

// gnubg's FindBestMoveOSR2: a non-double, high die first.
void play_non_double(Side& s, const std::array<unsigned, 2>& dice, unsigned& outside) {
  // Both dice bring a chequer exactly onto the 6-point, or their sum does.
  if (s[5 + dice[0]] && s[5 + dice[1]]) {
    --s[5 + dice[0]];
    --s[5 + dice[1]];
    s[5] += 2;
    outside -= 2;
    return;
  }
  const unsigned both = 5 + dice[0] + dice[1];
  if (both <= 24 && s[both]) {
    --s[both];
    ++s[5];
    --outside;
    return;
  }
  unsigned used = 0;
  for (unsigned d = 0; d < 2 && outside; ++d) {
    const unsigned die = dice[d];
    if (s[5 + die]) {  // exactly home
      step(s, 5 + die, die, outside);
      ++used;
      continue;
    }
    const unsigned back = rearest(s);
    bool moved = false;
    // A chequer that crosses into the next quadrant without reaching home, from the back.
    for (unsigned j = back; j > 5 + die; --j) {
      if (s[j] && crosses_quadrant(j, j - die)) {
        --s[j];
        ++s[j - die];
        ++used;
        moved = true;
        break;
      }
    }
    if (moved) continue;
    // Else the rearest chequer.
    for (unsigned j = back; j > 5; --j) {
      if (s[j]) {
        step(s, j, die, outside);
        ++used;
        break;
      }
    }
  }
  if (outside || used >= 2) return;
  // All home and the low die left: bear off with it, else fill the rearmost gap it can, else
  // move (or bear off) the rearmost chequer.
  const unsigned die = dice[1];
  if (s[die - 1]) {
    --s[die - 1];
    return;
  }
  for (unsigned i = 0; i < 6 - die; ++i) {
    const unsigned j = 5 - i;
    if (s[j] && !s[j - die]) {
      --s[j];
      ++s[j - die];
      return;
    }
  }
  for (unsigned i = 0; i < 6; ++i) {
    const unsigned j = 5 - i;
    if (s[j]) {
      --s[j];
      if (j >= die) ++s[j - die];
      return;
    }
  }
}

// gnubg's FindBestMoveOSR4: a double.
void play_double(Side& s, unsigned die, unsigned& outside) {
  unsigned left = 4;
  while (left > 0 && outside > 0 && s[5 + die]) {  // exactly home
    --s[5 + die];
    ++s[5];
    --left;
    --outside;
  }
  if (outside > 0 && left > 0) {
    const unsigned back = rearest(s);
    bool first = true;
    // Whole points that cross a quadrant line (after the first, only those not reaching home).
    for (unsigned i = back; i > 5; --i) {
      if (!s[i] || !crosses_quadrant(i, i - die) || !(first || i - die > 5)) continue;
      while (s[i] && left && outside) {
        step(s, i, die, outside);
        --left;
      }
      if (!outside || !left) break;
      first = !s[i];
    }
    // Then from the rear, one point per pass (gnubg's loop leaves after the first point).
    while (outside && left) {
      for (unsigned i = back; i > 5; --i) {
        if (!s[i]) continue;
        while (s[i] && left && outside) {
          step(s, i, die, outside);
          --left;
        }
        break;
      }
    }
  }
  if (outside) return;
  while (left) {
    if (s[die - 1]) {  // exactly off
      --s[die - 1];
      --left;
      continue;
    }
    if (left >= 2 && die <= 3 && s[2 * die - 1] > 0) {  // off with two steps
      --s[2 * die - 1];
      left -= 2;
      continue;
    }
    if (left >= 3 && die <= 2 && s[3 * die - 1] > 0) {  // off with three steps
      --s[3 * die - 1];
      left -= 3;
      continue;
    }
    if (left >= 4 && die <= 1 && s[4 * die - 1] > 0) {  // off with four (no `continue' in gnubg)
      --s[4 * die - 1];
      left -= 4;
    }
    bool any = false;
    for (unsigned i = 0; left && i < 6; ++i) {  // from the rear
      const unsigned j = 5 - i;
      while (s[j] && left) {
        any = true;
        --s[j];
        --left;
        if (j >= die) ++s[j - die];
      }
    }
    if (!any) left = 0;
  }
}

class Rollouts {
 public:
  Rollouts(const OneSidedDatabase& db, unsigned games) : db_(db), games_(games), mt_(0) {}

  // gnubg's osp: the distribution of rolls to bear off (probs) and of rolls to bring every
  // chequer home when none is off yet (gammon_probs); returns the chequers left.
  unsigned side(const Side& start, std::array<float, kProbs>& probs,
                std::array<float, kProbs>& gammon_probs) {
    probs.fill(0.0f);
    gammon_probs.fill(0.0f);
    unsigned total = 0, outside = 0;
    for (unsigned i = 0; i < engine::kSlots; ++i) {
      total += start[i];
      if (i > 5) outside += start[i];
    }
    if (outside > 0) {
      roll_home(start, outside, probs, gammon_probs);
      return total;
    }
    gammon_probs[total == 15 ? 1 : 0] = 1.0f;
    const auto dist = home_distribution(db_, start);
    for (unsigned i = 0; i < kMaxRolls; ++i)
      probs[std::min(i, kProbs - 1)] += static_cast<float>(dist[i]) / 65535.0f;
    return total;
  }

 private:
  // gnubg's OSRQuasiRandomDice, the higher die first.
  std::array<unsigned, 2> dice(unsigned turn, unsigned game) {
    std::array<unsigned, 2> d;
    if (turn == 0 && games_ % 36 == 0) {
      d = {game % 6 + 1, (game / 6) % 6 + 1};
    } else if (turn == 1 && games_ % 1296 == 0) {
      d = {(game / 36) % 6 + 1, (game / 216) % 6 + 1};
    } else {
      d[0] = static_cast<unsigned>(mt_() % 6) + 1;
      d[1] = static_cast<unsigned>(mt_() % 6) + 1;
    }
    if (d[0] < d[1]) std::swap(d[0], d[1]);
    return d;
  }

  // gnubg's rollOSR.
  void roll_home(const Side& start, unsigned outside_at_start, std::array<float, kProbs>& probs,
                 std::array<float, kProbs>& gammon_probs) {
    std::array<int, kGammonProbs> counts{};
    for (unsigned game = 0; game < games_; ++game) {
      Side s = start;
      unsigned outside = outside_at_start, turns = 0;
      while (outside) {
        const auto d = dice(turns, game);
        if (d[0] != d[1])
          play_non_double(s, d, outside);
        else
          play_double(s, d[0], outside);
        ++turns;
      }
      unsigned home = 0;
      for (unsigned i = 0; i < 6; ++i) home += s[i];
      ++counts[std::min(home == 15 ? turns + 1 : turns, kGammonProbs - 1)];
      const auto dist = home_distribution(db_, s);
      for (unsigned i = 0; i < kMaxRolls; ++i)
        probs[std::min(turns + i, kProbs - 1)] += static_cast<float>(dist[i]) / 65535.0f;
    }
    for (unsigned i = 0; i < kProbs; ++i) probs[i] /= static_cast<float>(games_);
    for (unsigned i = 0; i < kGammonProbs; ++i)
      gammon_probs[i] = static_cast<float>(counts[i]) / static_cast<float>(games_);
  }

  const OneSidedDatabase& db_;
  unsigned games_;
  std::mt19937 mt_;  // gnubg's init_genrand(0) and genrand_int32
};

// gnubg's bgProb: the chance that `side` (the loser, `total` chequers of the winner left) still
// has chequers in the winner's home board when the winner, with distribution `winner`, is off.
float backgammon_chance(const OneSidedDatabase& db, const Side& side, bool winner_on_roll,
                        unsigned total, const std::array<float, kProbs>& winner) {
  unsigned pips = 0;  // pips to leave the winner's home board (points 18..23, the bar 7)
  for (unsigned i = 18; i < 25; ++i) pips += side[i] * (i - 17);
  if (!pips) return 0.0f;
  // Rolls the winner needs at best (four chequers a roll) against rolls to escape at worst
  // (2-1s); unsigned as gnubg's.
  if (!((total + 3) / 4 - 1 <= (pips + 2) / 3)) return 0.0f;
  const auto escape = home_distribution(db, side, 18);  // the bar is left out, as gnubg's
  float r = 0.0f;
  for (unsigned i = 0; i < kProbs; ++i) {
    if (!(winner[i] > 0.0f)) continue;
    float s = 0.0f;
    for (unsigned j = i + (winner_on_roll ? 0 : 1); j < kMaxRolls; ++j)
      s += static_cast<float>(escape[j]) / 65535.0f;
    r += s * winner[i];
  }
  return r;
}

}  // namespace

OneSidedRolloutResult one_sided_rollout(const engine::Board& board, const OneSidedDatabase& db,
                                        unsigned games) {
  std::array<Side, 2> sides;
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < engine::kSlots; ++i) sides[p][i] = board.sides[p][i];
  std::array<std::array<float, kProbs>, 2> probs, gammon_probs;
  std::array<unsigned, 2> total;
  Rollouts r(db, games);  // one generator for both sides, the opponent's row first
  for (int p = 0; p < 2; ++p) total[p] = r.side(sides[p], probs[p], gammon_probs[p]);

  OneSidedRolloutResult res;
  Probabilities& out = res.probabilities;
  // The side on roll wins when it needs i rolls and the opponent at least i.
  float w = 0.0f;
  for (unsigned i = 0; i < kProbs; ++i) {
    float s = 0.0f;
    for (unsigned j = i; j < kProbs; ++j) s += probs[0][j];
    w += probs[1][i] * s;
  }
  out[kWin] = std::min(w, 1.0f);
  std::array<float, 2> gammon{0.0f, 0.0f}, backgammon{0.0f, 0.0f};
  for (unsigned p = 0; p < 2; ++p) {
    const unsigned q = 1 - p;
    if (total[q] != 15) continue;
    for (unsigned j = 0; j < kGammonProbs; ++j) {
      float s = 0.0f;  // p is off within j rolls (on roll: one more)
      for (unsigned k = 0; k < j + p; ++k) s += probs[p][k];
      gammon[p] += gammon_probs[q][j] * s;
    }
    if (gammon[p] > 0.0f)
      backgammon[p] = backgammon_chance(db, sides[q], p == 1, total[p], probs[p]);
  }
  out[kWinGammon] = std::min(gammon[1], 1.0f);
  out[kLoseGammon] = std::min(gammon[0], 1.0f);
  out[kWinBackgammon] = std::min(backgammon[1], 1.0f);
  out[kLoseBackgammon] = std::min(backgammon[0], 1.0f);
  for (int p = 0; p < 2; ++p) {
    float mu = 0.0f;
    for (unsigned j = 0; j < kProbs; ++j) mu += static_cast<float>(j) * probs[p][j];
    res.mean_rolls[p] = mu;
  }
  return res;
}

}  // namespace tavla::bearoff
