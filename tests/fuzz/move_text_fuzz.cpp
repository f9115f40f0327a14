// SPDX-License-Identifier: GPL-3.0-or-later
// Move text as a user types it ("24/20 13/11", "bar/22*", "6/off(2)"): parsed alone, and matched
// against the legal plays of a roll on one of a few boards. What matches must be legal and must
// format back to text that finds the same play.
#include <array>
#include <cstdlib>

#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/position_id.h"
#include "fuzz_support.h"

using namespace tavla::engine;

namespace {
const std::array<Board, 4>& boards() {
  static const std::array<Board, 4> b = {
      Board::starting_position(),
      *board_from_position_id("4HPwATDgc/ABMA"),  // starting position (via the ID)
      *board_from_position_id("sGfwATDgc/ABMA"),  // a chequer on the bar
      *board_from_position_id("DwAAAHwOHhYAAA"),  // a race, bearing off
  };
  return b;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const int d1 = data[0] % 6 + 1, d2 = data[0] / 6 % 6 + 1;
  const Board& board = boards()[data[1] % boards().size()];
  const std::string_view text = tavla::fuzz::as_text(data + 2, size - 2);
  (void)parse_move(text);
  if (auto m = find_legal_move(board, d1, d2, text)) {
    auto again = find_legal_move(board, d1, d2, format_move(board, m->move));
    if (!again || again->after != m->after) std::abort();
  }
  return 0;
}
