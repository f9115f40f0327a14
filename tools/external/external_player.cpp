// SPDX-License-Identifier: GPL-3.0-or-later
#include "external/external_player.h"

#include <exception>

namespace tavla::external {

std::string external_move_text(const engine::Move& move) {
  std::string s;
  for (int i = 0; i < move.step_count(); ++i) {
    if (!s.empty()) s += ' ';
    // Our indices are 0-based from the mover's side with 24 = the bar and -1 = off.
    s += std::to_string(move.from(i) + 1) + "/" + std::to_string(move.to(i) + 1);
  }
  return s;
}

std::string ExternalPlayer::answer(std::string_view line) {
  auto read = engine::read_fibs_board(line, settings_.rules);
  if (!read) return "Error: " + read.error();
  const engine::Game& game = read->game;
  const engine::MatchState& ms = game.match;
  try {
    const bool beavers = ms.is_money() && settings_.rules.beavers > 0;
    if (ms.doubled) {
      // The line does not say how many beavers came before: allow one while the rules allow any
      // (and the cube can still be doubled twice, as the shell's rule).
      const bool may_beaver = beavers && ms.cube < (engine::kMaxCube >> 1);
      switch (engine_.take_decision(game, settings_.player, may_beaver)) {
        case eval::TakeAction::kTake:
          return "take";
        case eval::TakeAction::kPass:
          return "drop";
        case eval::TakeAction::kBeaver:
          return "beaver";
      }
    }
    if (!ms.dice_rolled()) {
      // gnubg asks only when the cube is available to the player on roll; a double it would
      // refuse stops its play, so never offer one the rules forbid.
      const bool may_double = ms.cube < engine::kMaxCube && !ms.crawford &&
                              (ms.cube_owner == engine::kCubeCentred || ms.cube_owner == ms.on_roll);
      return may_double && engine_.cube_decision(game, settings_.player, beavers) ? "double"
                                                                                  : "roll";
    }
    auto best = engine_.choose_move(game, settings_.player);
    return best ? external_move_text(best->move) : std::string();
  } catch (const std::exception& e) {
    return std::string("Error: ") + e.what();
  }
  return "Error: unreachable";
}

}  // namespace tavla::external
