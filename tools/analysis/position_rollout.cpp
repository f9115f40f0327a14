// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/position_rollout.h"

#include <algorithm>

#include "engine/move_text.h"
#include "eval/cube_decision.h"
#include "eval/eval_settings.h"

namespace tavla::analysis {

std::optional<std::string> rollout_request_error(const RolloutRequest& r) {
  if (r.trials < 1) return "trials must be >= 1";
  if (r.threads < 1 || r.threads > 64) return "threads must be 1..64";
  if (r.truncate && *r.truncate < 1) return "truncate must be >= 1";
  if (r.plies && (*r.plies < 0 || *r.plies > 6)) return "plies must be 0..6";
  if (r.cube_plies && (*r.cube_plies < 0 || *r.cube_plies > 6)) return "cube plies must be 0..6";
  if (r.std_error && !(*r.std_error > 0)) return "std_error must be > 0";
  if (r.moves < 1) return "moves must be >= 1";
  return std::nullopt;
}

rollout::RolloutSettings rollout_settings(const RolloutRequest& r) {
  rollout::RolloutSettings st;
  st.trials = r.trials;
  st.threads = r.threads;
  st.seed = r.seed;
  st.cubeful = r.cubeful;
  st.variance_reduction = r.variance_reduction;
  st.rotate = !r.random_dice;
  st.initial = r.initial;
  if (st.initial) st.rotate = false;  // as gnubg: opening rollouts use plain random dice
  if (r.truncate) {
    st.truncate = true;
    st.truncate_plies = *r.truncate;
  }
  // As gnubg's `set rollout cubeful off`: only the rollout's results become cubeless; chequer
  // play keeps its own (cubeful) setting.
  for (int p = 0; p < 2; ++p) {
    if (r.plies) st.chequer[p].context.plies = *r.plies;
    if (r.cube_plies) st.cube[p].plies = *r.cube_plies;
  }
  st.chequer_late = st.chequer;
  st.cube_late = st.cube;
  if (r.std_error) {
    st.stop_on_std_error = true;
    st.std_error_limit = *r.std_error;
  }
  return st;
}

engine::Result<std::vector<RolloutCandidate>> rollout_candidates(const engine::Game& game,
                                                                 const eval::CubeInfo& ci,
                                                                 const RolloutRequest& r,
                                                                 eval::Search& search) {
  std::vector<RolloutCandidate> cands;
  const engine::MatchState& ms = game.match;
  if (ms.dice_rolled()) {
    auto moves = search.rank_moves(game.board, ms.dice[0], ms.dice[1], ci,
                                   eval::level_setup(eval::Level::kExpert));
    const int k = std::min<int>(r.moves, static_cast<int>(moves.size()));
    for (int i = 0; i < k; ++i)
      cands.push_back({engine::format_move(game.board, moves[i].move.move),
                       {moves[i].move.after.swapped(), eval::with_on_roll(ci, 1 - ci.on_roll),
                        true, true, ci.cube}});
    if (cands.empty()) return engine::Error{"no legal move to roll out"};
  } else if (r.cube) {
    if (!eval::may_double(ci)) return engine::Error{"the player on roll cannot double here"};
    cands.push_back({"No double", {game.board, ci, false, false, ci.cube}});
    cands.push_back({"Double, take", {game.board, eval::after_double_take(ci), false, false, ci.cube}});
  } else {
    // As gnubg's rollout command: the player on roll does not consider the cube on the first turn.
    cands.push_back({"Position", {game.board, ci, false, false, ci.cube}});
  }
  return cands;
}

}  // namespace tavla::analysis
