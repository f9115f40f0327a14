// SPDX-License-Identifier: GPL-3.0-or-later
// Rollouts (and the cmarks, MR[] and CR[]) read from a match file (gnubg's RestoreExtendedRollout: a record's plays and cube
// decision rolled out, EVAL_ROLLOUT), kept beside the loaded analysis so that `save game|match'
// writes them back as gnubg does and `export game|match text' shows them as gnubg's export. A
// new analysis of the game (`analyse'), `analyse clear' or a change of its records drops them,
// as it drops the loaded evaluations.
#include "shell/shell.h"

namespace tavla::shell {

void Shell::keep_loaded_rollouts(std::vector<std::map<int, text::SgfRecordRollouts>> rolled) {
  loaded_rollouts_.clear();
  const auto& games = all_games();
  loaded_rollouts_.resize(games.size());
  for (size_t g = 0; g < rolled.size() && g < games.size(); ++g)
    for (auto& [k, r] : rolled[g]) {
      const size_t at = static_cast<size_t>(k);
      if (at >= games[g].records.size()) continue;
      // The marks (MR[], CR[]) are the records' cmarks, as gnubg restores them.
      if (!r.marked.empty() || r.cube_marked) {
        CMarks& m = cmarks_[cmarks_key(g, at)];
        if (!r.marked.empty()) m.moves = r.marked;
        m.cube = m.cube || r.cube_marked;
      }
      r.marked.clear();
      r.cube_marked = false;
      if (!r.empty()) loaded_rollouts_[g][at] = LoadedRollouts{games[g].records[at], std::move(r)};
    }
}

void Shell::drop_loaded_rollouts(size_t first, size_t last) {
  for (size_t g = first; g < last && g < loaded_rollouts_.size(); ++g) loaded_rollouts_[g].clear();
}

const text::SgfRecordRollouts* Shell::loaded_rollouts(size_t g, size_t k) const {
  const auto& games = all_games();
  if (g >= loaded_rollouts_.size() || g >= games.size() || g >= game_analyses_.size() ||
      !game_analyses_[g] || game_analyses_[g]->decisions.size() != games[g].records.size())
    return nullptr;
  const auto it = loaded_rollouts_[g].find(k);
  if (it == loaded_rollouts_[g].end() || k >= games[g].records.size() ||
      !(games[g].records[k] == it->second.record))
    return nullptr;
  return &it->second.rollouts;
}

std::vector<std::optional<Shell::HintMemo::MoveRollout>> Shell::loaded_move_rollouts(
    size_t g, size_t k, const analysis::DecisionAnalysis& d) const {
  std::vector<std::optional<HintMemo::MoveRollout>> out;
  const text::SgfRecordRollouts* r = loaded_rollouts(g, k);
  if (!r || r->moves.empty()) return out;
  out.resize(d.moves.size());
  for (size_t i = 0; i < d.moves.size(); ++i)
    for (const text::SgfMoveRollout& m : r->moves)
      if (m.move == d.moves[i].move.move)
        out[i] = HintMemo::MoveRollout{m.mean, m.std_error, m.settings, m.games};
  return out;
}

std::optional<Shell::HintMemo::CubeRollout> Shell::loaded_cube_rollout(
    size_t g, size_t k, const analysis::DecisionAnalysis& d) const {
  const text::SgfRecordRollouts* r = loaded_rollouts(g, k);
  if (!r || !r->cube || !d.cube) return std::nullopt;
  return HintMemo::CubeRollout{r->cube->mean, r->cube->std_error, *d.cube, r->cube->settings,
                               r->cube->games};
}

}  // namespace tavla::shell
