// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/themes.h"

namespace tavla::strength {

using engine::Board;

namespace {

// Points of the opponent's home board as the mover counts them: 19..24, indices 18..23; the
// opponent's 4-, 5-, 6- and bar points are the mover's 21, 20, 19, 18 (indices 20..17).
int points_held(const engine::SideCounts& side, int from, int to) {
  int n = 0;
  for (int i = from; i <= to; ++i) n += side[i] >= 2;
  return n;
}

bool back_game(const Board& b) {
  return points_held(b.on_roll(), 18, 23) >= 2 &&
         b.pip_count(Board::kOnRoll) - b.pip_count(Board::kOpponent) >= kBackGamePips;
}

}  // namespace

std::string_view theme_name(Theme t) {
  switch (t) {
    case Theme::kBar:
      return "bar";
    case Theme::kOpening:
      return "opening";
    case Theme::kBackGame:
      return "back game";
    case Theme::kHolding:
      return "holding";
    case Theme::kBearoff:
      return "bearoff";
  }
  return "?";
}

bool has_theme(const Board& b, eval::PositionClass cls, Theme t) {
  const auto& me = b.on_roll();
  const auto& opp = b.sides[Board::kOpponent];
  switch (t) {
    case Theme::kBar:
      return me[engine::kBar] > 0;
    case Theme::kOpening: {
      if (cls == eval::PositionClass::kRace) return false;
      return b.checkers_on_board(Board::kOnRoll) == 15 &&
             b.checkers_on_board(Board::kOpponent) == 15 &&
             b.pip_count(Board::kOnRoll) >= kOpeningPips &&
             b.pip_count(Board::kOpponent) >= kOpeningPips;
    }
    case Theme::kBackGame:
      return back_game(b);
    case Theme::kHolding: {
      if (back_game(b) || points_held(me, 17, 20) == 0) return false;
      // The opponent's chequers in the mover's home board are on its own 19..24 (indices 18..23).
      for (int i = 18; i <= engine::kBar; ++i)
        if (opp[i] > 0) return false;
      return true;
    }
    case Theme::kBearoff: {
      using C = eval::PositionClass;
      if (cls != C::kRace && cls != C::kBearoff1 && cls != C::kBearoff2 && cls != C::kBearoffOs &&
          cls != C::kBearoffTs)
        return false;
      for (int i = 6; i <= engine::kBar; ++i)
        if (me[i] > 0) return false;
      return true;
    }
  }
  return false;
}

}  // namespace tavla::strength
