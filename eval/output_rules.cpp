// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/output_rules.h"

#include <algorithm>
#include <cassert>
#include <memory>

#include "eval/bearoff_provider.h"
#include "eval/board_summary.h"
#include "eval/race_backgammon_table.h"

namespace tavla::eval {

using engine::Board;
using engine::SideCounts;
using P = Probabilities;

Probabilities evaluate_game_over(const Board& board) {
  Probabilities pr;
  const SideCounts& us = board.sides[Board::kOnRoll];
  const SideCounts& them = board.sides[Board::kOpponent];
  auto all_on = [](const SideCounts& s) {
    int n = 0;
    for (int c : s) n += c;
    return n == engine::kCheckersPerSide;
  };
  // A chequer on the winner's home board (the loser's indices 18..23) or on the bar.
  auto in_winners_home = [](const SideCounts& s) {
    for (int i = 18; i < engine::kSlots; ++i)
      if (s[i]) return true;
    return false;
  };
  if (board.back_checker(Board::kOpponent) < 0) {  // the opponent is off: we lost
    if (all_on(us)) {
      pr[P::kLoseGammon] = 1.0f;
      pr[P::kLoseBackgammon] = in_winners_home(us) ? 1.0f : 0.0f;
    }
    return pr;
  }
  if (board.back_checker(Board::kOnRoll) < 0) {  // we are off: we won
    pr[P::kWin] = 1.0f;
    if (all_on(them)) {
      pr[P::kWinGammon] = 1.0f;
      pr[P::kWinBackgammon] = in_winners_home(them) ? 1.0f : 0.0f;
    }
  }
  return pr;
}

namespace detail {

const RaceBackgammonEntry* find_race_backgammon_entry(const std::array<uint8_t, 5>& stragglers) {
  // Index by the configuration read as a base-7 number (at most 6 chequers, so digits < 7).
  static const std::unique_ptr<int16_t[]> index = [] {
    auto idx = std::make_unique<int16_t[]>(16807);
    std::fill(idx.get(), idx.get() + 16807, int16_t{-1});
    for (int e = 0; e < kRaceBackgammonEntries; ++e) {
      int key = 0;
      for (int k = 4; k >= 0; --k) key = key * 7 + kRaceBackgammonTable[e].stragglers[k];
      idx[key] = static_cast<int16_t>(e);
    }
    return idx;
  }();
  int total = 0, key = 0;
  for (int k = 4; k >= 0; --k) {
    total += stragglers[k];
    key = key * 7 + std::min<int>(stragglers[k], 6);
  }
  if (total == 0 || total > 6) return nullptr;
  const int e = index[key];
  return e < 0 ? nullptr : &kRaceBackgammonTable[e];
}

}  // namespace detail

namespace {

// gnubg's one-sided race (BearoffEvalOneSided, win output only): the probability that the side
// on roll, bearing off in i rolls, finishes no later than the other side's j rolls.
float one_sided_race(const RollDistribution& on_roll, const RollDistribution& other) {
  float a[32], b[32];
  for (int i = 0; i < 32; ++i) {  // gnubg: x / 65535, a multiplication under -ffast-math
    a[i] = on_roll[i] * (1.0f / 65535.0f);
    b[i] = other[i] * (1.0f / 65535.0f);
  }
  float r = 0.0f;
  for (int i = 0; i < 32; ++i)
    for (int j = i; j < 32; ++j) r += a[i] * b[j];
  return r;
}

}  // namespace

std::optional<float> race_backgammon_probability(const Board& board, int winner,
                                                 const BearoffProvider* bearoff) {
  const SideCounts& w = board.sides[winner];
  const SideCounts& l = board.sides[1 - winner];
  // Quick test in integers: the winner needs about (men home + 3) / 4 rolls to bear off; the
  // loser escapes in about (pips to leave + 2) / 3 rolls. If the winner is too slow, no bg.
  int men_home = 0, pips_out = 0;
  for (int i = 0; i < 6; ++i) men_home += w[i];
  for (int i = 22; i >= 18; --i) pips_out += l[i] * (i - 17);
  if (!((men_home + 3) / 4 - (winner == 1 ? 1 : 0) <= (pips_out + 2) / 3)) return 0.0f;

  assert(l[23] == 0 && "in a race nobody is 6 pips deep in the other home board");
  std::array<uint8_t, 5> stragglers;
  for (int k = 0; k < 5; ++k) stragglers[k] = l[18 + k];
  if (bearoff == nullptr) return std::nullopt;
  const auto dist = bearoff->one_sided_rolls(w);
  if (!dist) return std::nullopt;

  float p = 0.0f;
  if (const auto* e = detail::find_race_backgammon_entry(stragglers)) {
    // Sum over the loser's escape time j + 1 of P(escape then) x P(winner off within j + s
    // rolls), s = 1 when the winner is on roll (he rolls first).
    const int s = winner == 1 ? 1 : 0;
    unsigned long scale = s ? 1 : 36;
    for (int j = 1 - s; j < 5; ++j) {
      unsigned long sum = 0;
      scale *= 36;
      for (int i = 1; i <= j + s; ++i) sum += (*dist)[i];
      p += static_cast<float>(e->t[j]) / static_cast<float>(scale) * static_cast<float>(sum);
    }
    p *= 1.0f / 65535.0f;  // gnubg: p /= 65535, which -ffast-math makes a multiplication
  } else {
    // More than six stragglers: race the winner's bear-off against the stragglers borne off
    // from the winner's home board, both one-sided; the side on roll keeps the roll.
    SideCounts loser_home{};
    for (int k = 0; k < 6; ++k) loser_home[k] = l[18 + k];
    const auto ldist = bearoff->one_sided_rolls(loser_home);
    if (!ldist) return std::nullopt;
    const float on_roll_wins =
        winner == 1 ? one_sided_race(*dist, *ldist) : one_sided_race(*ldist, *dist);
    p = winner == 1 ? on_roll_wins : 1.0f - on_roll_wins;
  }
  return std::min(p, 1.0f);
}

void race_backgammon_override(const Board& board, Probabilities& pr,
                              const BearoffProvider* bearoff) {
  int men[2] = {0, 0};
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < 24; ++i) men[side] += board.sides[side][i];
  auto has_stragglers = [&](int side) {
    for (int i = 23; i >= 18; --i)
      if (board.sides[side][i]) return true;
    return false;
  };
  // Backgammon possible for the side on roll (1) if the opponent has all 15 on and stragglers,
  // for the opponent (0) likewise. Only one side is considered, the side on roll first.
  const bool bg_us = men[0] == engine::kCheckersPerSide && has_stragglers(0);
  const bool bg_them = men[1] == engine::kCheckersPerSide && has_stragglers(1);
  if (!bg_us && !bg_them) return;
  const int side = bg_us ? 1 : 0;
  const std::optional<float> p = race_backgammon_probability(board, side, bearoff);
  if (!p) return;  // needs the database we do not have: keep the net's outputs
  const int bg = side == 1 ? P::kWinBackgammon : P::kLoseBackgammon;
  const int g = side == 1 ? P::kWinGammon : P::kLoseGammon;
  if (*p > 0.0f) {
    pr[bg] = *p;
    if (pr[g] < pr[bg]) pr[g] = pr[bg];
  } else {
    pr[bg] = 0.0f;
  }
}

void sanity_check(const Board& board, Probabilities& pr, const BearoffProvider* bearoff) {
  // Per side: rearmost chequer and chequers on the board; in races also the crossovers left
  // (weights 1..4 by quadrant, 5 on the bar) and the crossovers to bring everything home plus
  // one to bear a chequer off.
  int back[2] = {0, 0}, on[2] = {0, 0}, cross[2] = {0, 0}, gcross[2] = {1, 1};
  const std::array<SideSummary, 2> sum = summarize(board);
  for (int j = 0; j < 2; ++j) {
    on[j] = sum[j].total;
    back[j] = std::max(sum[j].back(), 0);  // 0 for a side with no chequers, as gnubg
  }
  const bool contact = back[0] + back[1] >= 24;
  if (!contact) {
    for (int j = 0; j < 2; ++j) {
      const SideCounts& s = board.sides[j];
      for (int i = 0; i < engine::kSlots; ++i) {
        const int q = i / 6;  // quadrant; the bar is 4
        cross[j] += (q + 1) * s[i];
        gcross[j] += q * s[i];
      }
    }
  }

  int max_turns[2] = {0, 0};
  if (!contact) {
    for (int i = 0; i < 2; ++i) {
      std::optional<RollDistribution> dist;
      if (back[i] < 6 && bearoff) dist = bearoff->one_sided_rolls(board.sides[i]);
      if (dist) {
        int n = 31;
        while (n >= 0 && !(*dist)[n]) --n;
        max_turns[i] = n;
      } else {
        max_turns[i] = cross[i] * 2;
      }
    }
    if (!max_turns[1]) max_turns[1] = 1;
  }

  if (!contact && cross[0] > 4 * (max_turns[1] - 1)) pr[P::kWin] = 1.0f;  // certain win

  if (on[0] < 15) {  // the opponent has borne off: we cannot win a gammon
    pr[P::kWinGammon] = pr[P::kWinBackgammon] = 0.0f;
  } else if (!contact) {
    if (cross[1] > 8 * gcross[0])
      pr[P::kWinGammon] = 0.0f;
    else if (gcross[0] > 4 * (max_turns[1] - 1))
      pr[P::kWinGammon] = 1.0f;
    if (back[0] < 18) pr[P::kWinBackgammon] = 0.0f;
  }

  if (!contact && cross[1] > 4 * max_turns[0]) pr[P::kWin] = 0.0f;  // certain loss

  if (on[1] < 15) {
    pr[P::kLoseGammon] = pr[P::kLoseBackgammon] = 0.0f;
  } else if (!contact) {
    if (cross[0] > 8 * gcross[1] - 4)
      pr[P::kLoseGammon] = 0.0f;
    else if (gcross[1] > 4 * max_turns[0])
      pr[P::kLoseGammon] = 1.0f;
    if (back[1] < 18) pr[P::kLoseBackgammon] = 0.0f;
  }

  if (pr[P::kWinGammon] > pr[P::kWin]) pr[P::kWinGammon] = pr[P::kWin];
  const float lose = 1.0f - pr[P::kWin];
  if (pr[P::kLoseGammon] > lose) pr[P::kLoseGammon] = lose;
  if (pr[P::kWinBackgammon] > pr[P::kWinGammon]) pr[P::kWinBackgammon] = pr[P::kWinGammon];
  if (pr[P::kLoseBackgammon] > pr[P::kLoseGammon]) pr[P::kLoseBackgammon] = pr[P::kLoseGammon];

  if (contact) {
    constexpr float kNoise = 1 / 10000.0f;
    for (int i = P::kWinGammon; i < P::kCount; ++i)
      if (pr[i] < kNoise) pr[i] = 0.0f;
  }
}

}  // namespace tavla::eval
