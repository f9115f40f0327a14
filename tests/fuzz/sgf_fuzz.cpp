// SPDX-License-Identifier: GPL-3.0-or-later
// SGF match files (engine/sgf.h): any bytes are read or refused with a message; what is read is
// replayed as the shell loads a match (GameFlow::load), written back, and what was written must
// read again with as many games.
#include <cstdlib>
#include <string>

#include "engine/game_flow.h"
#include "engine/sgf.h"
#include "fuzz_support.h"

using namespace tavla::engine;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  auto m = read_sgf(tavla::fuzz::as_text(data, size), "fuzz.sgf");
  if (!m) {
    if (m.error().empty()) std::abort();
    return 0;
  }
  GameFlow flow;
  flow.load(m->games);
  const std::string text = write_sgf(*m, "tavla:fuzz");
  auto again = read_sgf(text, "again.sgf");
  if (!again || again->games.size() != m->games.size()) std::abort();
  return 0;
}
