// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis of the record after the position shown while reviewing, as gnubg 1.07's tty shows
// it under the board (gnubg.c: ShowBoard, DisplayAnalysis), and `analyse rollout move|cube' on
// that record (analysis.c: CommandAnalyseRolloutMove/Cube with get_current_moverecord), and
// `analyse rollout game|match' (cmark_game_rollout, cmark_match_rollout): every marked play
// and cube decision of the game or match rolled out in turn. The results go into the record's
// kept hint (shell_kept_hints.cpp), which the exports and `save game' read; in a game analysed
// with `analyse game|match' (or loaded with its analysis) they go into its analysis, as gnubg
// writes them into the record's move list and cube decision.
#include <algorithm>

#include "engine/movegen.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

using engine::RecordKind;

namespace {

// The cmarks that name one of `count` plays.
std::vector<int> marked_plays(const std::vector<int>& marks, size_t count) {
  std::vector<int> marked;
  for (int i : marks)
    if (i >= 0 && static_cast<size_t>(i) < count) marked.push_back(i);
  return marked;
}

}  // namespace

// The positions after a record's plays, from the position shown (as the recount fills them in);
// false, with the message, when a play does not fit it.
bool Shell::fill_positions_after(std::vector<eval::ScoredMove>& moves,
                                 const engine::Board& board) {
  for (eval::ScoredMove& m : moves) {
    m.move.after = board;
    if (!engine::apply_move(m.move.after, m.move.move)) {
      errf("The record's play %d cannot be played from this position",
           static_cast<int>(&m - moves.data()) + 1);
      return false;
    }
  }
  return true;
}

bool Shell::reviewed_record(ReviewedRecord& rr) const {
  const engine::MoveRecord* next = next_record();
  if (!next) return false;
  rr.g = current_game_index();
  rr.k = review_->applied;
  rr.record = next;
  // gnubg's FixMatchState (as the text export reads it, game_text): a play or a double by the
  // player not on turn swaps the board to that player's side.
  engine::Game state = analysis_game();
  engine::MatchState& ms = state.match;
  if (ms.on_roll < 0) ms.on_roll = ms.turn = next->player;
  if ((next->kind == RecordKind::kMove || next->kind == RecordKind::kDouble) &&
      ms.turn != next->player) {
    state.board.swap_sides();
    ms.on_roll = ms.turn = next->player;
  }
  if (next->kind == RecordKind::kMove) {
    if (ms.on_roll != next->player) {
      state.board.swap_sides();
      ms.on_roll = next->player;
    }
    ms.turn = next->player;
  }
  rr.game = state;
  rr.ci = cube_info_for(state, ms.on_roll, ms.beavers > 0);
  return true;
}

bool Shell::fully_analysed(size_t g) const {
  return g < game_analyses_.size() && game_analyses_[g] &&
         game_analyses_[g]->decisions.size() == all_games()[g].records.size();
}

// gnubg's DisplayAnalysis: a play's cube analysis (when evaluated), "Rolled NN" with the roll's
// luck, and the ranked plays (the first ten and the play made, starred) as `hint' lists them; a
// double's cube analysis; a roll's luck.
void Shell::show_record_analysis() {
  ReviewedRecord rr;
  if (!reviewed_record(rr)) return;
  const engine::MoveRecord& r = *rr.record;
  const std::optional<analysis::GameAnalysis> a = game_analysis(rr.g);
  const analysis::DecisionAnalysis* d =
      a && rr.k < a->decisions.size() ? &a->decisions[rr.k] : nullptr;
  const KeptHint* kept = fully_analysed(rr.g) ? nullptr : kept_hint(rr.g, rr.k);
  const analysis::MatchAnalysisSettings settings = analysis_settings();
  const eval::EvalContext& chequer = kept ? kept->chequer : settings.chequer.context;
  const eval::EvalContext& cube = kept ? kept->cube : settings.cube.context;
  // An analysed game's rollouts (`analyse rollout' since, or read from its file).
  std::vector<std::optional<HintMemo::MoveRollout>> analysed_moves;
  std::optional<HintMemo::CubeRollout> analysed_cube;
  if (!kept && d) {
    analysed_moves = loaded_move_rollouts(rr.g, rr.k, *d);
    analysed_cube = loaded_cube_rollout(rr.g, rr.k, *d);
  }
  const std::vector<std::optional<HintMemo::MoveRollout>>& rollouts =
      kept ? kept->rollouts : analysed_moves;
  const HintMemo::CubeRollout* cube_rollout = kept && kept->cube_rollout ? &*kept->cube_rollout
                                              : analysed_cube            ? &*analysed_cube
                                                                         : nullptr;
  auto show_cube = [&] {
    if (!d || !d->cube_outputs || !d->cube) return;
    if (cube_rollout)
      out(stored_cube_rollout(*cube_rollout, rr.ci, false) + "\n");
    else
      out(text::format_cube_analysis(*d->cube_outputs, *d->cube, rr.ci, cube, output_, false) +
          "\n");
  };
  auto luck = [&](float l) {  // gnubg's GetLuckAnalysis
    if (output_.mwc && !rr.ci.is_money())
      return strf("%+0.3f%%", 100.0f * (eval::equity_to_mwc(l, rr.ci) -
                                        eval::equity_to_mwc(0.0f, rr.ci)));
    return strf("%+0.3f", l);
  };
  switch (r.kind) {
    case RecordKind::kMove: {
      show_cube();
      outf("Rolled %d%d", r.dice[0], r.dice[1]);
      out(d && d->luck ? " (" + luck(*d->luck) + "):\n" : std::string(":\n"));
      if (!d) break;
      const size_t n = d->moves.size();
      const size_t played = d->played < 0 ? n : static_cast<size_t>(d->played);
      const size_t export_moves = static_cast<size_t>(export_.moves);
      for (size_t i = 0; i < n; ++i) {
        if (i >= 10 && i != played) continue;  // gnubg's fixed limit
        text::OutputOptions o = output_;
        o.parameters = true;
        o.rank_known = i != played || i != n - 1 || n == 1 || i < export_moves;
        out(i == played ? "*" : " ");
        if (rollouts.size() == n && rollouts[i]) {
          const HintMemo::MoveRollout& ro = *rollouts[i];
          out(text::format_move_rollout_hint(rr.game.board, rr.ci, d->moves, i, ro.mean,
                                             ro.std_error, ro.settings, ro.games, o));
        } else {
          out(text::format_move_hint(rr.game.board, rr.ci, d->moves, i, chequer, o));
        }
      }
      break;
    }
    case RecordKind::kDouble:
      show_cube();
      break;
    case RecordKind::kSetDice:
      if (d && d->luck) outf("Rolled %d%d (%s):\n", r.dice[0], r.dice[1], luck(*d->luck).c_str());
      break;
    default:
      break;
  }
}

// gnubg's cmark_move_rollout on the record after the position shown: the number of plays rolled
// out (0: none marked, -1: none rolled out for another reason).
int Shell::rollout_reviewed_moves() {
  ReviewedRecord rr;
  if (!reviewed_record(rr)) return -1;
  KeptHint* kept = const_cast<KeptHint*>(kept_hint(rr.g, rr.k));
  const auto marks = cmarks_.find({rr.g, rr.k});
  if (marks == cmarks_.end() || marks->second.moves.empty()) return 0;
  if (fully_analysed(rr.g)) return rollout_analysed_moves(rr, marks->second);
  if (!kept || !kept->stored.moves) return 0;
  std::vector<eval::ScoredMove>& moves = *kept->stored.moves;
  const std::vector<int> marked = marked_plays(marks->second.moves, moves.size());
  if (marked.empty()) return 0;
  if (!analyzer() || !fill_positions_after(moves, rr.game.board)) return -1;
  const std::optional<AnalysisRollout> ro =
      run_analysis_rollout(rollout_, play_alternatives(moves, marked, rr.ci));
  if (!ro) return -1;
  const std::vector<size_t> order = store_move_rollouts(moves, kept->rollouts, marked, *ro, rr.ci);
  // gnubg's marks are flags of the plays: they follow them into their new places.
  std::vector<int> moved;
  for (size_t j = 0; j < order.size(); ++j)
    if (std::find(marked.begin(), marked.end(), static_cast<int>(order[j])) != marked.end())
      moved.push_back(static_cast<int>(j));
  marks->second.moves = moved;
  show_board();
  return static_cast<int>(marked.size());
}

// gnubg's cmark_cube_rollout on the record after the position shown. A double and its answer
// share one cube decision in gnubg (CubeDecPtr): both records get the result.
bool Shell::rollout_reviewed_cube() {
  ReviewedRecord rr;
  if (!reviewed_record(rr)) return false;
  const std::optional<HintMemo::CubeRollout> r = roll_out_cube(rr.game, rr.ci);
  if (!r) return false;
  const auto& records = all_games()[rr.g].records;
  std::vector<size_t> ks{rr.k};
  const RecordKind kind = rr.record->kind;
  auto answer = [](RecordKind k) { return k == RecordKind::kTake || k == RecordKind::kDrop; };
  if (answer(kind) && rr.k > 0 && records[rr.k - 1].kind == RecordKind::kDouble)
    ks.push_back(rr.k - 1);
  if (kind == RecordKind::kDouble && rr.k + 1 < records.size() && answer(records[rr.k + 1].kind))
    ks.push_back(rr.k + 1);
  if (fully_analysed(rr.g)) {
    // The cube decision's figures become the rollout's; the actions keep their marks (gnubg's
    // stDouble / stTake), and the errors follow the new figures when the game is counted again.
    const std::vector<analysis::DecisionAnalysis>& ds = game_analyses_[rr.g]->decisions;
    std::map<size_t, analysis::StoredDecision> changed;
    for (size_t k : ks) {
      analysis::StoredDecision s = analysis::stored_decision(ds[k]);
      s.cube_outputs = cube_rollout_outputs(*r);
      changed[k] = s;
    }
    if (!recount_analysed_game(rr.g, changed)) return false;
    loaded_rollouts_.resize(std::max(loaded_rollouts_.size(), all_games().size()));
    for (size_t k : ks) {
      LoadedRollouts& l = loaded_rollouts_[rr.g][k];
      if (!(l.record == records[k])) l = LoadedRollouts{records[k], {}};
      l.rollouts.cube = text::SgfCubeRollout{r->mean, r->std_error, r->settings, r->games};
    }
    show_board();
    return true;
  }
  const analysis::MatchAnalysisSettings settings = analysis_settings();
  // The marks the actions got when they were made stay (the rollout does not judge them again).
  const std::optional<analysis::GameAnalysis> before = game_analysis(rr.g);
  for (size_t k : ks) {
    std::optional<analysis::Skill> mark;
    if (before && k < before->decisions.size() && before->decisions[k].cube)
      mark = before->decisions[k].cube_skill;
    KeptHint* kept = const_cast<KeptHint*>(kept_hint(rr.g, k));
    if (kept && kept->cube_skill) mark = *kept->cube_skill;
    if (!kept) {
      KeptHint fresh;
      fresh.record = records[k];
      fresh.chequer = settings.chequer.context;
      fresh.cube = settings.cube.context;
      kept = &(kept_hints_[{rr.g, k}] = std::move(fresh));
    }
    kept->stored.cube_outputs = cube_rollout_outputs(*r);
    kept->cube_result = r->result;
    kept->cube_rollout = *r;
    kept->cube_skill = mark;
  }
  show_board();
  return true;
}

bool Shell::recount_analysed_game(size_t g,
                                  const std::map<size_t, analysis::StoredDecision>& changed) {
  const analysis::GameAnalysis& a = *game_analyses_[g];
  std::vector<analysis::StoredGameAnalysis> stored(1);
  for (const analysis::DecisionAnalysis& d : a.decisions)
    stored[0].push_back(analysis::stored_decision(d));
  for (const auto& [k, s] : changed)
    if (k < stored[0].size()) stored[0][k] = s;
  auto counted = analysis::recount_match(match_record(g, g + 1), stored, analysis_settings());
  if (!counted || counted->games.empty()) {
    errf("%s", counted ? "The game cannot be counted again" : counted.error().c_str());
    return false;
  }
  game_analyses_[g] = counted->games[0];
  return true;
}

// gnubg's cmark_move_rollout on a record of an analysed game: the marked plays of the record's
// ranked list rolled out, the list sorted again (RefreshMoveList) and the play made judged again
// against the new best (stMove); the game's statistics follow.
int Shell::rollout_analysed_moves(const ReviewedRecord& rr, CMarks& marks) {
  const analysis::DecisionAnalysis d = game_analyses_[rr.g]->decisions[rr.k];
  std::vector<eval::ScoredMove> moves = d.moves;
  const std::vector<int> marked = marked_plays(marks.moves, moves.size());
  if (marked.empty()) return 0;
  if (!analyzer() || !fill_positions_after(moves, rr.game.board)) return -1;
  // The plays rolled out before (this session or read from the file) stay rolled out.
  std::vector<std::optional<HintMemo::MoveRollout>> rollouts = loaded_move_rollouts(rr.g, rr.k, d);
  const std::optional<AnalysisRollout> ro =
      run_analysis_rollout(rollout_, play_alternatives(moves, marked, rr.ci));
  if (!ro) return -1;
  const std::vector<size_t> order = store_move_rollouts(moves, rollouts, marked, *ro, rr.ci);
  analysis::StoredDecision s = analysis::stored_decision(d);
  s.moves = moves;
  for (size_t j = 0; j < order.size(); ++j)
    if (static_cast<int>(order[j]) == d.played) s.played = static_cast<int>(j);
  if (s.played >= 0)
    s.play_skill = analysis::skill_of(moves[static_cast<size_t>(s.played)].score - moves[0].score,
                                      analysis_.thresholds);
  // Keep what the file stored of the plays rolled out before (their scores as written).
  const text::SgfRecordRollouts* before = loaded_rollouts(rr.g, rr.k);
  std::vector<text::SgfMoveRollout> kept_moves;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!rollouts[i]) continue;
    const bool fresh = std::find(marked.begin(), marked.end(), static_cast<int>(order[i])) !=
                       marked.end();
    text::SgfMoveRollout m{moves[i].move.move, rollouts[i]->mean, rollouts[i]->std_error,
                           rollouts[i]->settings, rollouts[i]->games, std::nullopt, std::nullopt};
    if (before && !fresh)
      for (const text::SgfMoveRollout& b : before->moves)
        if (b.move == m.move) m = b;
    kept_moves.push_back(m);
  }
  std::optional<text::SgfCubeRollout> cube = before ? before->cube : std::nullopt;
  if (!recount_analysed_game(rr.g, {{rr.k, s}})) return -1;
  const engine::MoveRecord record = all_games()[rr.g].records[rr.k];
  loaded_rollouts_.resize(std::max(loaded_rollouts_.size(), all_games().size()));
  LoadedRollouts& l = loaded_rollouts_[rr.g][rr.k];
  l.record = record;
  l.rollouts.moves = std::move(kept_moves);
  l.rollouts.cube = cube;
  // gnubg's marks are flags of the plays: they follow them into their new places.
  std::vector<int> moved;
  for (size_t j = 0; j < order.size(); ++j)
    if (std::find(marked.begin(), marked.end(), static_cast<int>(order[j])) != marked.end())
      moved.push_back(static_cast<int>(j));
  marks.moves = moved;
  show_board();
  return static_cast<int>(marked.size());
}

void Shell::cmd_analyse_rollout_game(std::string&) {
  if (!flow_.has_game()) {  // gnubg's CheckGameExists
    out("No game in progress.\n");
    return;
  }
  rollout_game_marks(current_game_index());
}

void Shell::cmd_analyse_rollout_match(std::string&) {
  if (!flow_.has_game()) {  // gnubg's CheckGameExists
    out("No game in progress.\n");
    return;
  }
  for (size_t g = 0; g < all_games().size(); ++g)
    if (!rollout_game_marks(g)) break;
}

// gnubg's cmark_game_rollout: from the game's start (ChangeGame, whose board gnubg's tty shows
// as "No game in progress."), each play and each double in turn is made the record after the
// position shown (move_change) and its marked plays and cube decision are rolled out; the marks
// stay. The last game takes gnubg's hint record (game_add_pmr_hint) at its end. The position
// shown at the end is the last one visited. False: stopped by Ctrl-C.
bool Shell::rollout_game_marks(size_t g) {
  const std::vector<engine::MoveRecord> records = all_games()[g].records;
  const bool last_game = g + 1 == all_games().size();
  const bool with_hint = last_game && !next_record() && flow_.playing() &&
                         (current_hint_memo() || hint_cmarks_.cube || !hint_cmarks_.moves.empty());
  const RecordKind hint_kind = with_hint ? hint_record(flow_.match()).kind : RecordKind::kMove;
  if (output_on_) out("No game in progress.\n");
  review_go(g, 0);
  // gnubg skips every double when the game's last record (its hint record, when added) is a
  // double: it reads game->plPrev (the last record) where it means the record before the double.
  const RecordKind last_kind = with_hint          ? hint_kind
                               : records.empty() ? RecordKind::kMove
                                                 : records.back().kind;
  for (size_t k = 0; k < records.size(); ++k) {
    const RecordKind kind = records[k].kind;
    if (kind != RecordKind::kMove &&
        (kind != RecordKind::kDouble || last_kind == RecordKind::kDouble))
      continue;
    review_go(g, k);
    if (kind == RecordKind::kMove) {
      rollout_reviewed_moves();
      if (interrupted_) return false;
    }
    const auto marks = cmarks_.find({g, k});
    if (marks != cmarks_.end() && marks->second.cube) {
      rollout_reviewed_cube();
      if (interrupted_) return false;
    }
  }
  if (with_hint) {
    review_go(g, records.size());
    if (hint_kind == RecordKind::kMove) {  // a double there is skipped as above
      rollout_hint_moves();
      if (interrupted_) return false;
      if (hint_cmarks_.cube) rollout_hint_cube();
      if (interrupted_) return false;
    }
  }
  return true;
}

}  // namespace tavla::shell
