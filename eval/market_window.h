// SPDX-License-Identifier: GPL-3.0-or-later
// The player's theory tools of gnubg's `show marketwindow` and `show gammonvalues`: gammon and
// backgammon rates of both players, Janowski's money-game cube points (gnubg's getMoneyPoints) and
// the match-play market window (double point and cash point, dead and live cube; gnubg's
// CommandShowMarketWindow). All chances are a player's own winning chances in [0, 1].
#pragma once

#include <array>

#include "eval/cube_info.h"
#include "eval/probabilities.h"

namespace tavla::eval {

// Rates per player: [0] gammons that are not backgammons per game won, [1] backgammons per game
// won (gnubg's aarRates[player]).
using PlayerRates = std::array<float, 2>;
using GammonRates = std::array<PlayerRates, 2>;

// The rates of both players from the probabilities of `on_roll` (gnubg's calculate_gammon_rates).
GammonRates gammon_rates(const Probabilities& p, int on_roll);

// Probabilities of `on_roll` with a 50% win and the given rates (what gnubg's `show marketwindow`
// builds from rates typed on the command line, for the live-cube cash points).
Probabilities probabilities_from_rates(const GammonRates& rates, int on_roll);

// Janowski's money points of one player ([point][0] dead cube, [point][1] live cube), in the order
// of gnubg's table: take, beaver, raccoon, initial double, redouble, cash, too good.
inline constexpr int kMoneyPointCount = 7;
using MoneyPoints = std::array<std::array<float, 2>, kMoneyPointCount>;
std::array<MoneyPoints, 2> money_points(bool jacoby, bool beavers, const GammonRates& rates);

// One player's match-play market window at the current cube.
struct MarketWindow {
  float double_point_dead = 0;  // dead cube: lower end
  float cash_point_dead = 0;    // dead cube: upper end (opponent's take point, his view)
  float double_point_live = 0;  // live cube, or dead cube with the opponent redoubling
  float cash_point_live = 0;
  bool auto_redouble = false;  // the opponent redoubles at once (the player leads after a double)
  bool dead = false;           // the opponent cannot usefully redouble: no live window to show
};

// Both players' windows: ci is the match state's cube situation (ci.on_roll the player on roll),
// `p` the probabilities of ci.on_roll behind the live-cube cash points, `rates` both players'
// rates.
std::array<MarketWindow, 2> match_market_window(const CubeInfo& ci, const Probabilities& p,
                                                const GammonRates& rates);

}  // namespace tavla::eval
