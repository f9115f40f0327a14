// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gnubg_id.h"

#include <algorithm>

#include "engine/match_id.h"
#include "engine/position_id.h"

namespace tavla::engine {

std::string gnubg_id(const Game& game) {
  std::string id = position_id(game.board);  // appended piecewise: GCC 12 warns on a + chain
  id += ':';
  id += match_id(game.match);
  return id;
}

MatchState default_money_state() { return MatchState{}; }

Result<Game> game_from_text(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  if (text.empty()) return Error{"empty position: expected a position ID, gnubg ID or XGID"};

  const auto colons = std::count(text.begin(), text.end(), ':');
  if (text.starts_with("XGID=") || colons >= 8) return game_from_xgid(text);
  if (colons == 1) {
    size_t c = text.find(':');
    auto board = board_from_position_id(text.substr(0, c));
    if (!board) return Error{board.error()};
    auto ms = match_state_from_id(text.substr(c + 1));
    if (!ms) return Error{ms.error()};
    return Game{*board, *ms};
  }
  if (colons > 1)
    return Error{"'" + std::string(text) +
                 "' is neither a gnubg ID (POSID:MATCHID) nor an XGID (10 fields)"};
  auto board = text.size() == 20 ? board_from_nibble_id(text) : board_from_position_id(text);
  if (!board) return Error{board.error()};
  return Game{*board, default_money_state()};
}

}  // namespace tavla::engine
