// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON fields of the batch protocol that describe a game: gnubg_id, xgid, state, board.
#pragma once

#include "engine/xgid.h"
#include "text/json.h"

namespace tavla::text {

// Writes "gnubg_id", "xgid", "state" and "board" into the open object of `w`.
void write_game_fields(JsonWriter& w, const engine::Game& game);

}  // namespace tavla::text
