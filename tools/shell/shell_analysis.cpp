// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's `analyse match` / `analyse game` / `analyse session` / `analyse move`, `analyse clear
// ...` and `show statistics match` / `game` / `session`: the match analysis of
// tools/analysis/match_analysis.h at the `set analysis` settings (gnubg's defaults: 2-ply
// chequer play and cube) on all cores, and the statistics in gnubg's layout.
//
// As gnubg, `show statistics` counts every game of the match; games not analysed (or changed
// or cleared since) count their moves and results only. As gnubg's recount, the chequer play's
// marks are judged with the thresholds set when the statistics are shown, the luck marks with
// those of the analysis. Ctrl-C during an analysis keeps the records analysed so far.
#include <algorithm>
#include <array>
#include <cmath>
#include <thread>

#include "shell/shell.h"
#include "text/match_analysis_text.h"

namespace tavla::shell {

namespace {

// gnubg's CheckGameExists.
constexpr const char* kNoGame = "No game in progress.\n";

}  // namespace

analysis::Analyser* Shell::match_analyser() {
  if (match_analyser_) return match_analyser_.get();
  analysis::AnalyserOptions options;
  if (options_.weights) options.weights = *options_.weights;
  options.threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
  options.variant = flow_.variant();
  auto a = analysis::Analyser::open(options);
  if (!a) {
    errf("The engine is not available: %s", a.error().c_str());
    return nullptr;
  }
  match_analyser_ = std::move(a.value());
  return match_analyser_.get();
}

engine::MatchRecord Shell::match_record(size_t first, size_t last) const {
  engine::MatchRecord m;
  m.info = match_info_;
  m.info.names = names_.name;
  m.info.variant = flow_.variant();
  const auto& games = all_games();
  for (size_t g = first; g < last && g < games.size(); ++g) m.games.push_back(games[g]);
  return m;
}

bool Shell::analyse_games(size_t first, size_t last) {
  analysis::Analyser* a = match_analyser();
  if (!a) return false;
  const auto m = match_record(first, last);
  // Ctrl-C (interrupted_) stops it between two records; the shell then says "(Interrupted)".
  auto result = analysis::analyse_match(*a, m, analysis_settings(), {}, &interrupted_);
  if (!result) {
    errf("%s", result.error().c_str());
    return false;
  }
  game_analyses_.resize(all_games().size());
  drop_loaded_rollouts(first, last);  // a loaded file's rollouts go with its analysis
  for (size_t g = first; g < last && g - first < result->games.size(); ++g)
    game_analyses_[g] = std::move(result->games[g - first]);
  return true;
}

analysis::Statistics Shell::game_statistics(size_t g) {
  const auto& games = all_games();
  if (g < game_analyses_.size() && game_analyses_[g] &&
      game_analyses_[g]->decisions.size() == games[g].records.size()) {
    // gnubg recounts the chequer play's marks with the thresholds in force now.
    analysis::Statistics s = game_analyses_[g]->statistics;
    for (const analysis::DecisionAnalysis& d : game_analyses_[g]->decisions) {
      if (d.kind != engine::RecordKind::kMove || !d.play_skill) continue;
      --s.marked_moves[d.player][static_cast<int>(*d.play_skill)];
      ++s.marked_moves[d.player][static_cast<int>(
          analysis::skill_of(d.play_loss, analysis_.thresholds))];
    }
    return s;
  }
  // Not analysed but with hints kept: gnubg counts what its records hold.
  if (std::optional<analysis::GameAnalysis> kept = game_analysis(g)) return kept->statistics;
  // Not analysed: the counts gnubg's recount finds (moves, results), no errors or luck.
  analysis::Statistics s;
  analysis::Analyser* a = match_analyser();
  if (!a) return s;
  analysis::MatchAnalysisSettings off;
  off.analyse_moves = off.analyse_cube = off.analyse_dice = false;
  auto r = analysis::analyse_match(*a, match_record(g, g + 1), off);
  if (r) s = r->games[0].statistics;
  s.moves = s.cube = s.dice = true;
  return s;
}

void Shell::cmd_analyse_match(std::string&) {
  if (!flow_.has_game()) {
    out(kNoGame);
    return;
  }
  analyse_games(0, all_games().size());
}

void Shell::cmd_analyse_game(std::string&) {
  if (!flow_.has_game()) {
    out(kNoGame);
    return;
  }
  const size_t g = current_game_index();
  analyse_games(g, g + 1);
}

// gnubg analyses the record after the position shown. tavla's shell always shows the latest
// position of the game (it has no `previous'), where gnubg has no such record and refuses.
void Shell::cmd_analyse_move(std::string&) {
  if (!flow_.has_game()) {
    out(kNoGame);
    return;
  }
  errf("%s", "Please use `hint' on unfinished moves");
}

// As `analyse move': there is no record after the position shown.
void Shell::cmd_analyse_clear_move(std::string&) {
  out("Cannot clear analysis on this move\n");
}

void Shell::cmd_analyse_clear_game(std::string&) {
  if (!flow_.has_game()) {
    out(kNoGame);
    return;
  }
  const size_t g = current_game_index();
  if (g < game_analyses_.size()) game_analyses_[g].reset();
  drop_loaded_rollouts(g, g + 1);
}

void Shell::cmd_analyse_clear_match(std::string&) {
  if (!flow_.has_game()) {
    out(kNoGame);
    return;
  }
  game_analyses_.clear();
  loaded_rollouts_.clear();
}

void Shell::cmd_show_statistics_match(std::string&) {
  if (!flow_.has_game()) return;  // gnubg prints nothing without a match
  analysis::Statistics total;
  for (size_t g = 0; g < all_games().size(); ++g) total.add_game(game_statistics(g));
  out(text::format_statistics(total, flow_.match().match_length, names_.name,
                              analysis_.thresholds, statistics_format()) +
      "\n");
}

// gnubg's `show matchresult': per game player 0's actual and luck-adjusted result (match play:
// as match-winning chances in per cent, 50% before the game; money: points), numbered from 0 as
// gnubg numbers them, then the sums (money: with the average and its 95% confidence interval).
void Shell::cmd_show_matchresult(std::string&) {
  outf("Actual and luck adjusted results for %s\n\n", name(0).c_str());
  outf("%-10s %-10s %-10s\n\n", "Game", "Actual", "Luck adj.");
  const bool match = flow_.match().match_length > 0;
  std::array<float, 2> sum{0.0f, 0.0f}, sum_squared{0.0f, 0.0f};
  int n = 0;
  const size_t games = flow_.has_game() ? all_games().size() : 0;
  for (size_t g = 0; g < games; ++g, ++n) {
    const analysis::Statistics s = game_statistics(g);
    const float actual = s.actual_result[0];
    const float adjusted = s.actual_result[0] - s.luck[0][1] + s.luck[1][1];
    if (!s.dice)
      outf("%10d no info available\n", n);
    else if (match)
      outf("%10d %9.2f%% %9.2f%%\n", n, 100.0f * (0.5f + actual), 100.0f * (0.5f + adjusted));
    else
      outf("%10d %9.3f%% %9.3f%%\n", n, actual, adjusted);  // gnubg's '%' after points too
    sum[0] += actual;
    sum_squared[0] += actual * actual;
    sum[1] += adjusted;
    sum_squared[1] += adjusted * adjusted;
  }
  if (match)
    outf("%10s %9.2f%% %9.2f%%\n", "Final", 100.0f * (0.5f + sum[0]), 100.0f * (0.5f + sum[1]));
  else
    outf("%10s %+9.3f %+9.3f\n", "Sum", sum[0], sum[1]);
  if (n && !match) {
    const float fn = static_cast<float>(n);
    outf("%10s %+9.3f %+9.3f\n", "Average", sum[0] / fn, sum[1] / fn);
    outf("%10s %9.3f %9.3f\n", "95%CI",
         1.95996f * std::sqrt(sum_squared[0] / fn - sum[0] * sum[0] / (fn * fn)) / std::sqrt(fn),
         1.95996f * std::sqrt(sum_squared[1] / fn - sum[1] * sum[1] / (fn * fn)) / std::sqrt(fn));
  }
}

void Shell::cmd_show_statistics_game(std::string&) {
  if (!flow_.has_game()) {
    out(kNoGame);
    return;
  }
  out(text::format_statistics(game_statistics(current_game_index()),
                              flow_.match().match_length, names_.name, analysis_.thresholds, statistics_format()) +
      "\n");
}

}  // namespace tavla::shell
