// SPDX-License-Identifier: GPL-3.0-or-later
// A backgammon board as a self-contained SVG picture (for HTML reports and web pages): the
// points, the chequers (counts above five written on the top chequer), the bar, the borne-off
// trays, the cube, the dice, pip counts and optionally a play drawn as arrows.
//
// The picture is seen from the side on roll, as gnubg's boards are seen from the player whose
// turn it is (gnubg's `show board` layout): that side's chequers are dark and travel from its
// 24-point (top right) along the top row, then the bottom row to its home board (bottom right);
// the opponent's chequers are light, its bar chequers in the lower half of the bar.
#pragma once

#include <array>
#include <string>

#include "engine/board.h"
#include "engine/match_state.h"
#include "engine/move.h"

namespace tavla::text {

struct SvgBoardOptions {
  // Names of the side on roll and of its opponent (empty: not written).
  std::string on_roll_name, opponent_name;
  // A play of the side on roll to draw as arrows from each step's point to its destination
  // (engine::Move numbering: 24 = bar, -1 = off); none when it has no steps.
  engine::Move play;
  // Written under the board (e.g. "Move 12: 8/5 6/5").
  std::string caption;
  int width = 480;  // pixels; the height follows (aspect ratio fixed)
};

// `board` is seen from match.on_roll; the cube and dice come from `match` (dice are drawn when
// rolled; the cube is drawn centred, on the owner's side, or not at all in a Crawford game).
// The result is a complete <svg> element with no external references and escaped text.
std::string board_svg(const engine::Board& board, const engine::MatchState& match,
                      const SvgBoardOptions& options = {});

// `text` with &, <, >, " and ' replaced by XML entities.
std::string xml_escape(const std::string& text);

}  // namespace tavla::text
