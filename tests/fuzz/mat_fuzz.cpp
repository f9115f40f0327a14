// SPDX-License-Identifier: GPL-3.0-or-later
// Jellyfish .mat files (engine/mat_file.h): any bytes are read or refused with a message naming
// the file. What is read is a valid replay: GameFlow::load of its games gives the same records
// (the reader built them through the same rules); writing it never fails.
#include <cstdlib>
#include <string>

#include "engine/game_flow.h"
#include "engine/mat_file.h"
#include "fuzz_support.h"

using namespace tavla::engine;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  auto m = read_mat(tavla::fuzz::as_text(data, size), "fuzz.mat");
  if (!m) {
    if (m.error().rfind("fuzz.mat", 0) != 0) std::abort();
    return 0;
  }
  GameFlow flow;
  flow.rules().variant = m->info.variant;
  flow.load(m->games);
  const auto& games = flow.games();
  if (games.size() != m->games.size()) std::abort();
  for (size_t g = 0; g < games.size(); ++g)
    if (!(games[g].info == m->games[g].info) || games[g].records != m->games[g].records)
      std::abort();
  (void)write_mat(*m);
  return 0;
}
