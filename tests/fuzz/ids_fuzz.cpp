// SPDX-License-Identifier: GPL-3.0-or-later
// Position IDs, match IDs, gnubg IDs and XGIDs, and anything else a user pastes as a position:
// every reader must answer with a value or an error, and what it accepts must be consistent
// (an ID it reads back is written the same, a board it accepts is a legal board).
#include <cstdlib>

#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/position_id.h"
#include "engine/xgid.h"
#include "fuzz_support.h"

using namespace tavla::engine;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = tavla::fuzz::as_text(data, size);
  if (auto b = board_from_position_id(text)) {
    if (board_error(*b)) std::abort();  // an accepted ID gives a legal board
    if (!board_from_position_id(position_id(*b))) std::abort();
  }
  (void)board_from_nibble_id(text);
  if (auto ms = match_state_from_id(text)) {
    auto again = match_state_from_id(match_id(*ms));
    if (!again || match_id(*again) != match_id(*ms)) std::abort();
  }
  if (auto g = game_from_xgid(text)) {
    if (board_error(g->board)) std::abort();
    (void)xgid(*g);
  }
  if (auto g = game_from_text(text)) {
    if (board_error(g->board)) std::abort();
    if (!game_from_text(gnubg_id(*g))) std::abort();  // what it accepts it can write and reread
  }
  return 0;
}
