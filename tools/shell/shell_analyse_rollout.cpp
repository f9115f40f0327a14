// SPDX-License-Identifier: GPL-3.0-or-later
// `analyse rollout move': gnubg 1.07's CommandAnalyseRolloutMove (analysis.c, cmark_move_rollout):
// roll out the plays marked with `cmark' (or those numbered in the command, marked first) with
// the `set rollout' settings, store the results in the list of plays, which is sorted again, and
// clear the marks. Here on gnubg's hint record of the position (after `hint'); the record after
// the position shown while reviewing is shell_review_rollout.cpp's. `analyse rollout cube'
// likewise.
#include <algorithm>
#include <numeric>
#include <tuple>

#include "engine/move_text.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

std::optional<Shell::AnalysisRollout> Shell::run_analysis_rollout(
    rollout::RolloutSettings st, const std::vector<rollout::Alternative>& alts) {
  if (!rollout_seed_) rollout_seed_ = engine::system_seed();
  st.seed = *rollout_seed_;
  st.threads = threads_;
  if (st.initial) st.rotate = false;
  rollout::Rollout ro(nets_, bearoff_provider(), st, alts);
  ro.run(
      st.trials,
      [&](const rollout::Progress& p) {
        if (!options_.interactive) return;
        std::fprintf(stderr, "\rRollout: %d/%d trials   ", p.trials_done, p.trials_total);
        std::fflush(stderr);
      },
      36, &interrupted_);
  if (options_.interactive) std::fprintf(stderr, "\n");
  if (interrupted_) return std::nullopt;
  out("\nRollout done. Printing final results.\n");
  return AnalysisRollout{ro.stats(), st, ro.trials_done()};
}

std::vector<rollout::Alternative> Shell::play_alternatives(
    const std::vector<eval::ScoredMove>& moves, const std::vector<int>& marked,
    const eval::CubeInfo& ci) {
  std::vector<rollout::Alternative> alts;
  for (int i : marked) {
    // Rolled out from the position after the play, the opponent on roll; reported for the mover
    // (as `rollout' does).
    const engine::Board& after = moves[static_cast<size_t>(i)].move.after;
    alts.push_back({after.swapped(), eval::with_on_roll(ci, 1 - ci.on_roll), true, true, ci.cube});
  }
  return alts;
}

std::vector<size_t> Shell::store_move_rollouts(std::vector<eval::ScoredMove>& moves,
                                std::vector<std::optional<HintMemo::MoveRollout>>& rollouts,
                                const std::vector<int>& marked, const AnalysisRollout& ro,
                                const eval::CubeInfo& ci) {
  const auto& stats = ro.stats;
  rollouts.resize(moves.size());
  for (size_t j = 0; j < marked.size(); ++j) {
    const size_t i = static_cast<size_t>(marked[j]);
    eval::ScoredMove& m = moves[i];
    const rollout::Outputs& mean = stats[j].mean;
    for (int k = 0; k < 5; ++k) m.probs[k] = mean[k];
    m.cubeless_equity = mean[rollout::kCubelessEquity];
    // Money: per unit of the basis cube; match play: the MWC as normalised equity (as the
    // evaluations' scores, gnubg's rScore).
    m.cubeful_equity = ci.is_money() ? mean[rollout::kCubefulEquity]
                                     : eval::mwc_to_equity(mean[rollout::kCubefulEquity], ci);
    m.score = m.cubeful_equity;
    m.score2 = m.cubeless_equity;
    rollouts[i] = HintMemo::MoveRollout{mean, stats[j].std_error, ro.settings, ro.trials};
  }
  // gnubg's RefreshMoveList (CompareMovesGeneral): rollouts before evaluations, deeper
  // evaluations before shallower ones, then the higher score, then the higher cubeless equity.
  // gnubg's qsort is not stable; tavla keeps ties in their order.
  std::vector<size_t> order(moves.size());
  std::iota(order.begin(), order.end(), size_t{0});
  auto key = [&](size_t i) {
    const eval::ScoredMove& m = moves[i];
    // gnubg's cmp_rolloutcontext finds any two rollouts equal: their plies do not count.
    const bool rolled = rollouts[i].has_value();
    return std::make_tuple(rolled, rolled ? 0 : m.plies, m.score, m.score2);
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return key(x) > key(y); });
  std::vector<eval::ScoredMove> sorted_moves;
  std::vector<std::optional<HintMemo::MoveRollout>> sorted_rollouts;
  for (size_t i : order) {
    sorted_moves.push_back(moves[i]);
    sorted_rollouts.push_back(rollouts[i]);
  }
  moves = std::move(sorted_moves);
  rollouts = std::move(sorted_rollouts);
  return order;
}

// gnubg's CommandAnalyseRolloutMove: mark the plays numbered, roll out the marked ones of the
// record after the position shown (reviewing) or of the hint record, and clear the marks.
void Shell::cmd_analyse_rollout_move(std::string& args) {
  CMarkTarget t;
  if (!cmark_moves_target(t)) return;
  if (!trim(args).empty()) cmark_move_set(args, true, "rollout");
  const int n = next_record() ? rollout_reviewed_moves() : rollout_hint_moves();
  if (n == 0) {
    errf("No moves marked for rollout");
    errf("\n");
    return;
  }
  if (n > 0) t.marks->moves.clear();  // gnubg's cmark_move_clear
}

// gnubg's cmark_move_rollout on the hint record: the number of plays rolled out (0: none marked,
// -1: none rolled out for another reason).
int Shell::rollout_hint_moves() {
  if (!current_hint_memo()) return -1;  // cmark_target's hint record is the memo's
  HintMemo& memo = *hint_memo_;
  std::vector<int> marked;
  for (int i : hint_cmarks_.moves)
    if (i >= 0 && static_cast<size_t>(i) < memo.moves.size()) marked.push_back(i);
  if (marked.empty()) return 0;
  Analyzer* a = analyzer();
  if (!a) return -1;
  const engine::Game game = analysis_game();
  const eval::CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
  const std::optional<AnalysisRollout> ro =
      run_analysis_rollout(rollout_, play_alternatives(memo.moves, marked, ci));
  if (!ro) return -1;
  store_move_rollouts(memo.moves, memo.rollouts, marked, *ro, ci);
  show_board();
  return static_cast<int>(marked.size());
}

// gnubg's CommandAnalyseRolloutCube (cmark_cube_rollout, GeneralCubeDecisionR): the position
// before the roll rolled out twice with the `set rollout' settings, the cube as it is and doubled
// to the opponent (no cube decision at the first turn of either), for the player who holds the
// cube decision (gnubg's GetMatchStateCubeInfo: the player on roll, the doubler while a double
// is pending; gnubg rolls it out with the dice already rolled too). The result is stored in the
// record after the position shown (reviewing) or the hint record (the memo), where `hint' shows
// it in gnubg's rollout layout. The mark is cleared in any case (gnubg's cmark_cube_set).
void Shell::cmd_analyse_rollout_cube(std::string&) {
  CMarkTarget t;
  if (!cmark_cube_target(t)) return;
  if (next_record())
    rollout_reviewed_cube();
  else
    rollout_hint_cube();
  t.marks->cube = false;
}

std::optional<Shell::HintMemo::CubeRollout> Shell::roll_out_cube(const engine::Game& game,
                                                                 const eval::CubeInfo& ci) {
  Analyzer* a = analyzer();
  if (!a) return std::nullopt;
  rollout::RolloutSettings st = rollout_;
  if (!eval::may_double(ci)) {
    // gnubg says so and, its rollout refused, still shows the board (and stores what its
    // uninitialised outputs held; tavla stores nothing).
    out("Cube not available!\n");
    show_board();
    return std::nullopt;
  }
  if (!st.cubeful) {
    out("Setting cubeful on\n");  // on this rollout's settings only, as gnubg's prc
    st.cubeful = true;
  }
  // Money: both states reported per unit of the current cube (gnubg's FindCubeDecision reads
  // them so); match play: the MWC of the player on roll.
  std::vector<rollout::Alternative> alts{
      {game.board, ci, false, false, ci.cube},
      {game.board, eval::after_double_take(ci), false, false, ci.cube}};
  const std::optional<AnalysisRollout> ro = run_analysis_rollout(st, alts);
  if (!ro) return std::nullopt;
  const auto& stats = ro->stats;
  HintMemo::CubeRollout r;
  for (int i = 0; i < 2; ++i) {
    r.mean[static_cast<size_t>(i)] = stats[static_cast<size_t>(i)].mean;
    r.std_error[static_cast<size_t>(i)] = stats[static_cast<size_t>(i)].std_error;
  }
  const rollout::Outputs& nd = r.mean[0];
  const eval::Probabilities p{{nd[0], nd[1], nd[2], nd[3], nd[4]}};
  r.result =
      eval::analyse_cube(p, {nd[rollout::kCubefulEquity], r.mean[1][rollout::kCubefulEquity]}, ci);
  r.settings = ro->settings;
  r.games = ro->trials;
  return r;
}

std::array<eval::Evaluation, 2> Shell::cube_rollout_outputs(const HintMemo::CubeRollout& r) {
  std::array<eval::Evaluation, 2> outputs{};
  for (size_t i = 0; i < 2; ++i) {
    const rollout::Outputs& o = r.mean[i];
    eval::Evaluation& e = outputs[i];
    e.probs = eval::Probabilities{{o[0], o[1], o[2], o[3], o[4]}};
    e.cubeless_equity = o[rollout::kCubelessEquity];
    e.cubeful_equity = o[rollout::kCubefulEquity];
  }
  return outputs;
}

// gnubg's cmark_cube_rollout on the hint record. False: nothing rolled out.
bool Shell::rollout_hint_cube() {
  const engine::Game game = analysis_game();
  const eval::CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
  const std::optional<HintMemo::CubeRollout> r = roll_out_cube(game, ci);
  if (!r) return false;
  HintMemo& memo = current_hint_memo() ? *hint_memo_ : remember_hint();
  memo.cube_rollout = *r;
  // The hint record's cube analysis is the rollout's now (gnubg's CubeDecPtr): it passes to the
  // record of the action made, and the exports show it.
  memo.cube = r->result;
  memo.cube_outputs = cube_rollout_outputs(*r);
  show_board();
  return true;
}

std::string Shell::stored_cube_rollout(const HintMemo::CubeRollout& r, const eval::CubeInfo& ci,
                                       bool taker) const {
  const eval::CubeInfo doubled = eval::after_double_take(ci);
  auto label = [&](const eval::CubeInfo& c) {  // gnubg's FormatCubePosition
    return c.centred() ? strf("Centered %d-cube", c.cube)
                       : strf("%s owns %d-cube", name(c.owner).c_str(), c.cube);
  };
  return text::format_cube_rollout_analysis(r.mean, r.std_error, r.result, ci,
                                            {label(ci), label(doubled)}, r.settings, r.games,
                                            output_, taker);
}

std::string Shell::stored_move_hints(const HintMemo& m, const eval::CubeInfo& ci, int n) const {
  std::string s;
  for (size_t i = 0; i < m.moves.size() && static_cast<int>(i) < n; ++i) {
    if (i < m.rollouts.size() && m.rollouts[i]) {
      const HintMemo::MoveRollout& r = *m.rollouts[i];
      s += text::format_move_rollout_hint(m.board, ci, m.moves, i, r.mean, r.std_error, r.settings,
                                          r.games, output_);
    } else {
      s += text::format_move_hint(m.board, ci, m.moves, i, m.chequer, output_);
    }
  }
  return s;
}

}  // namespace tavla::shell
