// SPDX-License-Identifier: GPL-3.0-or-later
// Themes of a chequer-play position, for error rates broken down further than gnubg's three net
// classes: the kinds of position where nets are known to differ (on the bar, back and holding
// games, the opening, bearoffs). A position may have several themes or none. The definitions are
// simple board tests (all from the side on roll, "mover"), chosen to be easy to state, not to
// match a book's definitions exactly.
#pragma once

#include <array>
#include <string_view>

#include "engine/board.h"
#include "eval/position_class.h"

namespace tavla::strength {

enum class Theme {
  kBar,       // the mover has a chequer on the bar
  kOpening,   // contact, nothing borne off, both pip counts at least kOpeningPips
  kBackGame,  // the mover holds two or more points in the opponent's home board and trails the
              // race by at least kBackGamePips
  kHolding,   // the mover holds an anchor on the opponent's 4, 5, 6 or bar point, not a back
              // game, and the opponent has no chequer back in the mover's home board or on the bar
  kBearoff,   // a race with all the mover's chequers in its home board (both sides home is
              // exact in the one-sided database, so the nets never see it)
};
inline constexpr int kThemeCount = 5;
inline constexpr std::array<Theme, kThemeCount> kThemes = {
    Theme::kBar, Theme::kOpening, Theme::kBackGame, Theme::kHolding, Theme::kBearoff};

inline constexpr int kOpeningPips = 150;   // the game starts at 167 each
inline constexpr int kBackGamePips = 40;

std::string_view theme_name(Theme t);  // "bar", "opening", "back game", "holding", "bearoff"

// Whether `board` (seen from the side on roll) has the theme; `cls` is its net class.
bool has_theme(const engine::Board& board, eval::PositionClass cls, Theme t);

}  // namespace tavla::strength
