// SPDX-License-Identifier: GPL-3.0-or-later
// The five cubeless outcome probabilities every evaluation returns (gnubg's arOutput), always for
// one stated side: the side on roll before it rolls, unless a function says otherwise.
#pragma once

#include <array>

namespace tavla::eval {

struct Probabilities {
  // Output order as in gnubg. Gammon probabilities include backgammons.
  static constexpr int kWin = 0;
  static constexpr int kWinGammon = 1;
  static constexpr int kWinBackgammon = 2;
  static constexpr int kLoseGammon = 3;
  static constexpr int kLoseBackgammon = 4;
  static constexpr int kCount = 5;

  std::array<float, kCount> p{};

  float& operator[](int i) { return p[i]; }
  float operator[](int i) const { return p[i]; }

  float win() const { return p[kWin]; }
  float win_gammon() const { return p[kWinGammon]; }
  float win_backgammon() const { return p[kWinBackgammon]; }
  float lose_gammon() const { return p[kLoseGammon]; }
  float lose_backgammon() const { return p[kLoseBackgammon]; }

  // The same outcomes seen by the other side: win <- 1 - win, gammons and backgammons swapped
  // (gnubg's InvertEvaluation).
  Probabilities inverted() const {
    return {{1.0f - p[kWin], p[kLoseGammon], p[kLoseBackgammon], p[kWinGammon], p[kWinBackgammon]}};
  }

  friend bool operator==(const Probabilities&, const Probabilities&) = default;
};

// Cubeless money equity per unit stake of the side the probabilities belong to (gnubg's UtilityME
// for money play): 2 win - 1 + (win gammon - lose gammon) + (win bg - lose bg), in float as gnubg.
inline float cubeless_money_equity(const Probabilities& pr) {
  return pr[Probabilities::kWin] * 2.0f - 1.0f +
         (pr[Probabilities::kWinGammon] - pr[Probabilities::kLoseGammon]) +
         (pr[Probabilities::kWinBackgammon] - pr[Probabilities::kLoseBackgammon]);
}

}  // namespace tavla::eval
