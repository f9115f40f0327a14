// SPDX-License-Identifier: GPL-3.0-or-later
// One line of the batch protocol (`tavla analyze --batch`), checked as analyze checks it before
// any evaluation: the ID, the board for every variant, the cube situation (which needs the match
// equity table), the position class, and the legal plays of the dice it names.
#include "engine/gnubg_id.h"
#include "engine/movegen.h"
#include "engine/variant.h"
#include "eval/cube_info.h"
#include "eval/position_class.h"
#include "fuzz_support.h"

using namespace tavla;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto game = engine::game_from_text(fuzz::as_text(data, size));
  if (!game) return 0;
  for (engine::Variant v : engine::kAllVariants) (void)engine::board_error(game->board, v);
  if (engine::board_error(game->board)) return 0;  // analyze stops here too
  auto ci = eval::cube_info(game->match);
  if (!ci) return 0;
  (void)eval::classify(game->board, nullptr);
  (void)eval::may_double(*ci);
  if (game->match.dice_rolled()) {
    engine::MoveList moves;
    engine::generate_moves(game->board, game->match.dice[0], game->match.dice[1], moves);
  }
  return 0;
}
