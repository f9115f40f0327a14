// SPDX-License-Identifier: GPL-3.0-or-later
// Jellyfish .pos files (engine/pos_file.h): any bytes are read or refused with a message naming
// the file. What is read loads into a GameFlow (the shell's `import pos`) with at most 15
// chequers a side on its board.
#include <cstdlib>
#include <string>

#include "engine/game_flow.h"
#include "engine/pos_file.h"
#include "engine/position_id.h"
#include "fuzz_support.h"

using namespace tavla::engine;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100000) return 0;
  auto m = read_pos(tavla::fuzz::as_text(data, size), "fuzz.pos");
  if (!m) {
    if (m.error().rfind("fuzz.pos", 0) != 0) std::abort();
    return 0;
  }
  GameFlow flow;
  flow.load(m->games);
  for (int side = 0; side < 2; ++side)
    if (flow.board().checkers_on_board(side) > kCheckersPerSide) std::abort();
  (void)position_id(flow.board());
  return 0;
}
