// SPDX-License-Identifier: GPL-3.0-or-later
// Hints kept with the actions made after them, as gnubg 1.07 keeps them (play.c: AddMoveRecord,
// add_moverecord_get_cur, copy_from_pmr_cur, get_current_moverecord): a turn's hint record
// (pmr_hint) holds the last hint's answer, and the record of the next action receives a copy.
// The exports and `save game` / `save match` then show that analysis, as after `analyse`.
#include <algorithm>

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

std::optional<Shell::HintMemo> Shell::hint_before_action() const {
  const HintMemo* m = current_hint_memo();
  if (!m) return std::nullopt;
  return *m;
}

const Shell::KeptHint* Shell::kept_hint(size_t g, size_t k) const {
  const auto it = kept_hints_.find({g, k});
  if (it == kept_hints_.end()) return nullptr;
  const auto& games = all_games();
  if (g >= games.size() || k >= games[g].records.size() ||
      !(games[g].records[k] == it->second.record))
    return nullptr;
  return &it->second;
}

// copy_from_pmr_cur: a play takes the hint's ranked plays and cube analysis; a double, its answer
// and a roll take the cube analysis. gnubg keeps its hint record through a double and a roll
// (only a play, an answer or another record ends it), so the cube analysis of a hint before the
// double reaches the answer, and that of a hint before the roll reaches the play of the roll.
void Shell::keep_hint(const std::optional<HintMemo>& before) {
  const engine::GameRecord* game = flow_.current_game();
  if (!game || game->records.empty()) return;
  const size_t g = flow_.games().size() - 1;
  const size_t k = game->records.size() - 1;
  const engine::MoveRecord& r = game->records[k];
  using engine::RecordKind;
  // The hint record's cmarks go with its analysis; gnubg keeps the hint record through a double
  // and a roll and drops it with any other record.
  const CMarks hint_marks = hint_cmarks_;
  if (r.kind != RecordKind::kDouble && r.kind != RecordKind::kSetDice) hint_cmarks_ = {};
  cmarks_.erase({g, k});
  if (r.kind != RecordKind::kMove && r.kind != RecordKind::kDouble && r.kind != RecordKind::kTake &&
      r.kind != RecordKind::kDrop && r.kind != RecordKind::kSetDice) {
    kept_hints_.erase({g, k});
    return;
  }
  // The cube analysis the hint record still holds from earlier in the turn: the roll's (this
  // play replaced the record of its roll) or the double's (this is its answer).
  const KeptHint* earlier = nullptr;
  if (r.kind == RecordKind::kMove) {
    auto it = kept_hints_.find({g, k});
    if (it != kept_hints_.end() && it->second.record.kind == RecordKind::kSetDice &&
        it->second.record.player == r.player)
      earlier = &it->second;
  } else if ((r.kind == RecordKind::kTake || r.kind == RecordKind::kDrop) && k > 0) {
    earlier = kept_hint(g, k - 1);
    if (earlier && earlier->record.kind != RecordKind::kDouble) earlier = nullptr;
  }
  KeptHint kept;
  kept.record = r;
  const analysis::MatchAnalysisSettings settings = analysis_settings();
  kept.chequer = settings.chequer.context;
  kept.cube = settings.cube.context;
  bool any = false;
  if (before && before->cube) {
    kept.stored.cube_outputs = before->cube_outputs;
    kept.cube_result = before->cube;
    kept.cube = before->cube_context;
    kept.cube_rollout = before->cube_rollout;
    any = true;
  } else if (earlier && earlier->stored.cube_outputs) {
    kept.stored.cube_outputs = earlier->stored.cube_outputs;
    kept.cube_result = earlier->cube_result;
    kept.cube = earlier->cube;
    kept.cube_rollout = earlier->cube_rollout;
    any = true;
  }
  if (r.kind == RecordKind::kMove && before && !before->moves.empty()) {
    kept.stored.moves = before->moves;
    kept.rollouts = before->rollouts;
    kept.chequer = before->chequer;
    any = true;
  }
  CMarks marks;
  if (kept.stored.cube_outputs) marks.cube = hint_marks.cube;
  if (kept.stored.moves) marks.moves = hint_marks.moves;
  if (marks.cube || !marks.moves.empty()) cmarks_[{g, k}] = marks;
  if (any)
    kept_hints_[{g, k}] = std::move(kept);
  else
    kept_hints_.erase({g, k});
}

std::optional<analysis::GameAnalysis> Shell::game_analysis(size_t g) {
  const auto& games = all_games();
  if (g >= games.size()) return std::nullopt;
  if (g < game_analyses_.size() && game_analyses_[g] &&
      game_analyses_[g]->decisions.size() == games[g].records.size())
    return *game_analyses_[g];
  std::vector<analysis::StoredGameAnalysis> stored(1);
  bool any = false;
  for (size_t k = 0; k < games[g].records.size(); ++k) {
    const KeptHint* kept = kept_hint(g, k);
    if (!kept) continue;
    stored[0].resize(k + 1);
    stored[0][k] = kept->stored;
    any = true;
  }
  if (!any) return std::nullopt;
  const engine::MatchRecord m = match_record(g, g + 1);
  auto counted = analysis::recount_match(m, stored, analysis_settings());
  if (!counted || counted->games.empty()) return std::nullopt;
  // gnubg's statistics count a play as analysed only with its evaluation settings (esChequer),
  // which a hint does not copy into the record: its ranked plays are shown and mark the play,
  // but the play counts unmarked, as without them.
  for (analysis::StoredDecision& d : stored[0]) d.moves.reset();
  analysis::GameAnalysis result = counted->games[0];
  // A cube action rolled out while reviewing keeps the mark it got when it was made.
  for (size_t k = 0; k < games[g].records.size() && k < result.decisions.size(); ++k)
    if (const KeptHint* kept = kept_hint(g, k); kept && kept->cube_skill)
      result.decisions[k].cube_skill = *kept->cube_skill;
  auto plain = analysis::recount_match(m, stored, analysis_settings());
  if (plain && !plain->games.empty()) result.statistics = plain->games[0].statistics;
  return result;
}

const Shell::KeptHint* Shell::rolled_hint() const {
  const engine::GameRecord* game = flow_.current_game();
  if (!game || review_ || game->records.empty() || !flow_.match().dice_rolled() ||
      game->records.back().kind != engine::RecordKind::kSetDice)
    return nullptr;
  const KeptHint* kept = kept_hint(flow_.games().size() - 1, game->records.size() - 1);
  return kept && kept->stored.cube_outputs && kept->cube_result ? kept : nullptr;
}

const Shell::HintMemo::CubeRollout* Shell::hint_cube_rollout() const {
  const HintMemo* m = current_hint_memo();
  if (m && m->cube) return m->cube_rollout ? &*m->cube_rollout : nullptr;
  if (const KeptHint* rolled = rolled_hint(); rolled && rolled->cube_rollout)
    return &*rolled->cube_rollout;
  return nullptr;
}

const eval::EvalContext* Shell::hint_cube_context() const {
  const HintMemo* m = current_hint_memo();
  if (m && m->cube) return &m->cube_context;
  if (const KeptHint* rolled = rolled_hint()) return &rolled->cube;
  return m ? &m->cube_context : nullptr;
}

}  // namespace tavla::shell
