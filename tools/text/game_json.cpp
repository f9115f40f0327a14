// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/game_json.h"

#include "engine/gnubg_id.h"

namespace tavla::text {

void write_game_fields(JsonWriter& w, const engine::Game& game) {
  const engine::MatchState& ms = game.match;
  w.field("gnubg_id", engine::gnubg_id(game));
  w.field("xgid", engine::xgid(game));
  w.key("state").begin_object();
  w.field("on_roll", ms.on_roll);
  w.field("turn", ms.turn);
  w.field("match_length", ms.match_length);
  w.key("score").begin_array().value(ms.score[0]).value(ms.score[1]).end_array();
  w.field("cube", ms.cube);
  w.key("cube_owner");
  if (ms.cube_owner == engine::kCubeCentred)
    w.value("centered");
  else
    w.value(ms.cube_owner);
  w.field("crawford", ms.crawford);
  w.field("post_crawford", ms.post_crawford);
  w.field("jacoby", ms.jacoby);
  w.key("dice");
  if (ms.dice_rolled())
    w.begin_array().value(ms.dice[0]).value(ms.dice[1]).end_array();
  else
    w.null();
  w.field("doubled", ms.doubled);
  w.field("resigned", ms.resigned);
  w.end_object();
  w.key("board").begin_object();
  for (auto [name, side] : {std::pair{"on_roll", engine::Board::kOnRoll},
                            std::pair{"opponent", engine::Board::kOpponent}}) {
    w.key(name).begin_array();
    for (int n : game.board.sides[side]) w.value(n);
    w.end_array();
  }
  w.end_object();
}

}  // namespace tavla::text
