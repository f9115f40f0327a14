// SPDX-License-Identifier: GPL-3.0-or-later
// SGF match files (engine/sgf.h): any bytes are read or refused with a message; what is read is
// replayed as the shell loads a match (GameFlow::load), written back, and what was written must
// read again with as many games. The analysis the file stores (text/match_analysis_sgf.h:
// evaluations, gnubg's rollout entries, cmarks) is read or refused with a message, and every
// rollout read writes back to an entry that reads again.
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "engine/game_flow.h"
#include "engine/sgf.h"
#include "fuzz_support.h"
#include "text/match_analysis_sgf.h"
#include "text/sgf_rollout_read.h"

using namespace tavla::engine;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  std::vector<SgfGameProperties> props;
  auto m = read_sgf(tavla::fuzz::as_text(data, size), "fuzz.sgf", &props);
  if (!m) {
    if (m.error().empty()) std::abort();
    return 0;
  }
  GameFlow flow;
  flow.load(m->games);
  const std::string text = write_sgf(*m, "tavla:fuzz");
  auto again = read_sgf(text, "again.sgf");
  if (!again || again->games.size() != m->games.size()) std::abort();

  std::vector<std::map<int, tavla::text::SgfRecordRollouts>> rolled;
  auto stored = tavla::text::stored_analysis(*m, props, "fuzz.sgf", &rolled);
  if (!stored) {
    if (stored.error().empty()) std::abort();
    return 0;
  }
  if (rolled.size() != stored->size()) std::abort();
  for (const auto& game : rolled)
    for (const auto& [k, r] : game) {
      for (const auto& mr : r.moves)
        if (!mr.score || !tavla::text::read_sgf_move_rollout(tavla::text::sgf_move_rollout(mr, *mr.score)))
          std::abort();
      if (r.cube && !tavla::text::read_sgf_cube_rollout(tavla::text::sgf_cube_rollout(*r.cube)))
        std::abort();
    }
  return 0;
}
