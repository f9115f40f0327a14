// SPDX-License-Identifier: GPL-3.0-or-later
// A program built against the installed tavla package: reads an ID, lists the legal plays of a
// roll, evaluates the starting position with the nets (gnubg's weights, or the file named by the
// first argument) and rolls it out briefly. Exits non-zero when an answer is not the known one.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "engine/gnubg_id.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/position_id.h"
#include "eval/cube_info.h"
#include "eval/evaluator.h"
#include "eval/net_set.h"
#include "rollout/rollout.h"

using namespace tavla;

int main(int argc, char** argv) {
  auto game = engine::game_from_text("4HPwATDgc/ABMA:cIkKAAAAAAAA");  // the opening, 52 rolled
  if (!game) return std::fprintf(stderr, "%s\n", game.error().c_str()), 1;
  engine::MoveList moves;
  const int n = engine::generate_moves(game->board, game->match.dice[0], game->match.dice[1], moves);
  std::printf("%d legal plays of 52, first %s\n", n, engine::format_move(game->board, moves[0].move).c_str());
  if (n != 8) return 1;

  std::optional<std::filesystem::path> weights;
  if (argc > 1) weights = argv[1];
  auto nets = eval::NetSet::find(weights);
  if (!nets) return std::fprintf(stderr, "%s\n", nets.error().c_str()), 1;
  eval::Evaluator evaluator(*nets);
  const engine::Board start = engine::Board::starting_position();
  const eval::Probabilities p = evaluator.evaluate(start);
  std::printf("starting position: %.6f %.6f %.6f %.6f %.6f\n", p[0], p[1], p[2], p[3], p[4]);
  // gnubg 1.07's 0-ply evaluation with its weights.
  if (argc > 1 && std::abs(p[0] - 0.521514f) > 1e-5f) return 1;

  rollout::RolloutSettings st;
  st.trials = 36;
  st.seed = 1;
  st.cube[0].plies = st.cube[1].plies = 0;
  auto ci = eval::cube_info(engine::default_money_state());
  if (!ci) return 1;
  rollout::Rollout ro(*nets, nullptr, st, {rollout::Alternative{start, *ci, false, false, 1}});
  ro.run(st.trials);
  const auto stats = ro.stats();
  std::printf("rollout of %d trials: win %.4f, equity %+.4f\n", stats[0].trials, stats[0].mean[0],
              stats[0].mean[rollout::kCubelessEquity]);
  return stats[0].trials == 36 && stats[0].mean[0] > 0.3f && stats[0].mean[0] < 0.7f ? 0 : 1;
}
