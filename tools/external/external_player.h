// SPDX-License-Identifier: GPL-3.0-or-later
// tavla as gnubg's external player (gnubg: `set player N external HOST:PORT`): gnubg sends a FIBS
// board line (engine/fibs_board.h) whenever the seat must act, and reads one answer line (play.c,
// PLAYER_EXTERNAL): a move in gnubg's notation, "roll" or "double" before rolling, "take", "drop"
// or "beaver" to a double. An answer starting "Error: " makes gnubg print it and stop play.
//
// The decisions are those of tavla's computer player in the shell (shell::EnginePlayer: gnubg's
// ComputerTurn policies) at the settings given. tavla never resigns through this door, and
// gnubg answers resignations offered to an external player itself.
#pragma once

#include <string>
#include <string_view>

#include "engine/fibs_board.h"
#include "shell/engine_player.h"

namespace tavla::external {

struct ExternalSettings {
  shell::PlayerSettings player;  // chequer play and cube levels
  engine::FibsRules rules;       // what the line does not say: Jacoby, beavers
};

class ExternalPlayer {
 public:
  ExternalPlayer(shell::Analyzer& analyzer, const ExternalSettings& settings)
      : engine_(analyzer), settings_(settings) {}

  // The answer to one line from gnubg (without its newline): never throws; a line that is not a
  // FIBS board or not a position gnubg could send gets "Error: <what is wrong>".
  std::string answer(std::string_view line);

 private:
  shell::EnginePlayer engine_;
  ExternalSettings settings_;
};

// A move as gnubg's ParseMove reads it: one "from/to" pair per die (25 = the bar, 0 = off), at
// most eight numbers, which ParseMove accepts; empty when there is no move.
std::string external_move_text(const engine::Move& move);

}  // namespace tavla::external
