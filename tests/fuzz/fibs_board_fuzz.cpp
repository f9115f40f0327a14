// SPDX-License-Identifier: GPL-3.0-or-later
// The FIBS board line gnubg sends `tavla external` (engine/fibs_board.h): a value or an error,
// and a line it accepts is a legal position whose gnubg ID reads back to the same game.
#include <cstdlib>

#include "engine/fibs_board.h"
#include "engine/gnubg_id.h"
#include "fuzz_support.h"

using namespace tavla::engine;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = tavla::fuzz::as_text(data, size);
  auto read = read_fibs_board(text);
  if (!read) return 0;
  if (board_error(read->game.board)) std::abort();
  auto again = game_from_text(gnubg_id(read->game));
  if (!again || !(again->board == read->game.board)) std::abort();
  return 0;
}
