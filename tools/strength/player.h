// SPDX-License-Identifier: GPL-3.0-or-later
// A playing configuration for strength measurements: a set of nets and the settings that choose
// its moves (plies, move filters, pruning, noise). Games in strength/ are cubeless money games, so
// moves are always chosen by cubeless equity (context.cubeful is forced off).
#pragma once

#include <memory>
#include <string>

#include "engine/board.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/net_set.h"
#include "eval/search.h"

namespace tavla::strength {

struct PlayerConfig {
  std::shared_ptr<const eval::NetSet> nets;
  eval::EvalSetup setup;  // chequer play
  std::string name;       // for reports: "0-ply", "world class", ...
};

// The cube situation of a cubeless money game with `on_roll` to move (centred cube of 1, no
// Jacoby rule, so gammons always count).
eval::CubeInfo cubeless_money(int on_roll);

// The setup that picks the move with the best cubeless 0-ply equity, without noise: the reference
// evaluator of the luck adjustment.
eval::EvalSetup zero_ply_cubeless();

// `setup` for cubeless play.
eval::EvalSetup cubeless(eval::EvalSetup setup);

// The board after `player`'s play of (d1, d2), still seen from the mover (the board itself when no
// chequer can move). `search` must use the player's nets. Cubeless play; the second form plays
// for the cube situation `ci` by cubeful equity (the player's own cubeful setting).
engine::Board choose_move(eval::Search& search, const PlayerConfig& player,
                          const engine::Board& board, int d1, int d2, int on_roll);
engine::Board choose_cubeful_move(eval::Search& search, const PlayerConfig& player,
                                  const engine::Board& board, int d1, int d2,
                                  const eval::CubeInfo& ci);

// Money play with a cube: whether `player` (on roll in ci) doubles now, and whether `taker` (the
// opponent, with its own search) takes; both decide with their own settings (the context's plies
// and noise, cubeful).
bool wants_to_double(eval::Search& search, const PlayerConfig& player, const engine::Board& board,
                     const eval::CubeInfo& ci);
bool takes(eval::Search& taker_search, const PlayerConfig& taker, const engine::Board& board,
           const eval::CubeInfo& ci);

}  // namespace tavla::strength
