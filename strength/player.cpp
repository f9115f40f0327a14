#include "strength/player.h"

namespace tavla::strength {

eval::CubeInfo cubeless_money(int on_roll) {
  return eval::money_cube_info(1, engine::kCubeCentred, on_roll, false, false);
}

eval::EvalSetup zero_ply_cubeless() {
  return {eval::EvalContext{0, false, false, true, 0.0f},
          eval::predefined_filters(eval::FilterName::kNormal)};
}

eval::EvalSetup cubeless(eval::EvalSetup setup) {
  setup.context.cubeful = false;
  return setup;
}

engine::Board choose_move(eval::Search& search, const PlayerConfig& player,
                          const engine::Board& board, int d1, int d2, int on_roll) {
  auto moves = search.rank_moves(board, d1, d2, cubeless_money(on_roll), cubeless(player.setup));
  return moves.empty() ? board : moves[0].move.after;
}

}  // namespace tavla::strength
