// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/match_analysis_json.h"

#include <array>
#include <tuple>

#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/position_id.h"
#include "eval/cube_decision.h"
#include "text/json.h"

namespace tavla::text {

namespace {

using analysis::Pair;
using analysis::Statistics;

void number(JsonWriter& w, float v) { w.value(static_cast<double>(v)); }

void optional_number(JsonWriter& w, std::string_view key, const std::optional<float>& v) {
  w.key(key);
  if (v)
    number(w, *v);
  else
    w.null();
}

// "<name>_emg" and "<name>_mwc" / "<name>_points"; rates also in milli: "<name>_memg".
void pair(JsonWriter& w, const std::string& name, const Pair& p, int n, bool rate) {
  if (rate) {
    w.key(name + "_memg");
    number(w, 1000.0f * p[0]);
  }
  w.key(name + "_emg");
  number(w, p[0]);
  w.key(name + (n ? "_mwc" : "_points"));
  number(w, p[1]);
}

void rating(JsonWriter& w, std::string_view key, const std::optional<analysis::Rating>& r) {
  w.key(key);
  if (r)
    w.value(std::string(analysis::rating_name(*r)));
  else
    w.null();
}

void player_statistics(JsonWriter& w, const Statistics& s, int i, int n,
                       const std::string& name) {
  const auto f = analysis::player_figures(s, i, n);
  w.begin_object();
  w.field("name", name);
  w.key("chequer").begin_object();
  w.field("total_moves", s.total_moves[i]);
  w.field("unforced_moves", s.unforced_moves[i]);
  w.field("unmarked_moves", s.marked_moves[i][3]);
  w.field("moves_marked_doubtful", s.marked_moves[i][2]);
  w.field("moves_marked_bad", s.marked_moves[i][1]);
  w.field("moves_marked_very_bad", s.marked_moves[i][0]);
  pair(w, "error_total", f.chequer_error_total, n, false);
  pair(w, "error_rate", f.chequer_error_rate, n, true);
  rating(w, "rating", f.chequer_rating);
  w.end_object();
  w.key("luck").begin_object();
  w.field("rolls_marked_very_lucky", s.luck_marks[i][4]);
  w.field("rolls_marked_lucky", s.luck_marks[i][3]);
  w.field("rolls_unmarked", s.luck_marks[i][2]);
  w.field("rolls_marked_unlucky", s.luck_marks[i][1]);
  w.field("rolls_marked_very_unlucky", s.luck_marks[i][0]);
  pair(w, "luck_total", f.luck_total, n, false);
  if (f.luck_rate) {
    pair(w, "luck_rate", *f.luck_rate, n, true);
    w.field("luck_rating", std::string(analysis::luck_rating_name((*f.luck_rate)[0])));
  } else {
    w.key("luck_rate_memg").null();
    w.key("luck_rating").null();
  }
  w.end_object();
  w.key("cube").begin_object();
  w.field("total_cube_decisions", s.total_cube[i]);
  w.field("close_or_actual_cube_decisions", s.close_cube[i]);
  w.field("doubles", s.doubles[i]);
  w.field("takes", s.takes[i]);
  w.field("passes", s.passes[i]);
  const std::array<std::tuple<const char*, const std::array<int, 2>*, const std::array<Pair, 2>*>,
                   6>
      errors{{{"missed_doubles_below_cp", &s.missed_double_below_cp,
               &s.error_missed_double_below_cp},
              {"missed_doubles_above_cp", &s.missed_double_above_cp,
               &s.error_missed_double_above_cp},
              {"wrong_doubles_below_dp", &s.wrong_double_below_dp, &s.error_wrong_double_below_dp},
              {"wrong_doubles_above_tg", &s.wrong_double_above_tg, &s.error_wrong_double_above_tg},
              {"wrong_takes", &s.wrong_takes, &s.error_wrong_take},
              {"wrong_passes", &s.wrong_passes, &s.error_wrong_pass}}};
  for (const auto& [key, count, total] : errors) {
    w.key(key).begin_object();
    w.field("count", (*count)[i]);
    pair(w, "error", {-(*total)[i][0], -(*total)[i][1]}, n, false);
    w.end_object();
  }
  pair(w, "error_total", f.cube_error_total, n, false);
  pair(w, "error_rate", f.cube_error_rate, n, true);
  rating(w, "rating", f.cube_rating);
  w.end_object();
  w.key("overall").begin_object();
  pair(w, "error_total", f.overall_error_total, n, false);
  pair(w, "error_rate", f.overall_error_rate, n, true);
  w.key("snowie_error_rate_memg");
  if (f.snowie_error_rate)
    number(w, 1000.0f * *f.snowie_error_rate);
  else
    w.null();
  rating(w, "rating", f.overall_rating);
  w.key(n ? "actual_result_mwc" : "actual_result_points");
  number(w, s.actual_result[i]);
  w.key(n ? "luck_adjusted_result_mwc" : "luck_adjusted_result_points");
  number(w, s.luck_adjusted_result[i]);
  if (n) {
    // gnubg prints one figure, player 0's rating advantage; player 1's is its negative.
    const auto diff = analysis::luck_based_fibs_rating_diff(s, n);
    optional_number(w, "luck_based_fibs_rating_diff",
                    diff ? std::optional<float>(i == 0 ? *diff : -*diff) : std::nullopt);
    optional_number(w, "error_based_abs_fibs_rating", f.fibs_rating);
    optional_number(w, "chequerplay_errors_rating_loss", f.chequer_rating_loss);
    optional_number(w, "cube_errors_rating_loss", f.cube_rating_loss);
  } else if (s.games > 1) {
    const float g = static_cast<float>(s.games);
    w.key("advantage_actual_ppg");
    number(w, s.actual_result[i] / g);
    w.key("advantage_luck_adjusted_ppg");
    number(w, s.luck_adjusted_result[i] / g);
  }
  w.end_object();
  w.end_object();
}

void players(JsonWriter& w, const Statistics& s, int n, const engine::MatchInfo& info) {
  w.key("players").begin_array();
  for (int i = 0; i < 2; ++i) player_statistics(w, s, i, n, info.names[i]);
  w.end_array();
}

std::string_view action_name(engine::RecordKind k) {
  switch (k) {
    case engine::RecordKind::kDouble: return "double";
    case engine::RecordKind::kTake: return "take";
    case engine::RecordKind::kDrop: return "drop";
    case engine::RecordKind::kMove: return "move";
    case engine::RecordKind::kResign: return "resign";
    case engine::RecordKind::kSetBoard: return "set_board";
    case engine::RecordKind::kSetDice: return "set_dice";
    case engine::RecordKind::kSetCubeValue: return "set_cube_value";
    case engine::RecordKind::kSetCubeOwner: return "set_cube_owner";
  }
  return "?";
}

void decision(JsonWriter& w, const analysis::DecisionAnalysis& d) {
  w.begin_object();
  w.field("record", d.record);
  w.field("action", std::string(action_name(d.kind)));
  w.field("player", d.player);
  engine::MatchState ms = d.game.match;
  if (d.kind == engine::RecordKind::kMove || d.kind == engine::RecordKind::kSetDice) ms.dice = d.dice;
  w.field("position_id", engine::position_id(d.game.board));
  w.field("match_id", engine::match_id(ms));
  if (d.kind == engine::RecordKind::kMove || d.kind == engine::RecordKind::kSetDice) {
    w.key("dice").begin_array().value(d.dice[0]).value(d.dice[1]).end_array();
  }
  if (d.kind == engine::RecordKind::kMove) {
    w.field("play", engine::format_move(d.game.board, d.move));
    if (!d.moves.empty()) {
      w.field("best", engine::format_move(d.game.board, d.moves[0].move.move));
      w.key("equity_loss");
      number(w, d.play_loss);
      w.field("legal_plays", static_cast<int>(d.moves.size()));
      w.field("rank", d.played + 1);
    }
    if (d.play_skill) w.field("mark", std::string(analysis::skill_name(*d.play_skill)));
  }
  if (d.luck) {
    w.key("luck");
    number(w, *d.luck);
    w.field("luck_mark", std::string(analysis::luck_mark_name(*d.luck_mark)));
  }
  if (d.cube) {
    w.key("cube").begin_object();
    w.key("no_double");
    number(w, d.cube->equities.no_double);
    w.key("double_take");
    number(w, d.cube->equities.double_take);
    w.key("double_pass");
    number(w, d.cube->equities.double_pass);
    w.key("optimal");
    number(w, d.cube->optimal);
    w.field("proper", std::string(eval::cube_decision_text(d.cube->decision)));
    w.key("error");
    number(w, d.cube_error);
    if (d.cube_skill) w.field("mark", std::string(analysis::skill_name(*d.cube_skill)));
    w.end_object();
  }
  w.end_object();
}

}  // namespace

std::string match_analysis_json(const analysis::MatchAnalysis& m) {
  JsonWriter w;
  const int n = m.match_length;
  w.begin_object();
  w.field("match_length", n);
  w.key("settings").begin_object();
  w.field("chequer_plies", m.settings.chequer.context.plies);
  w.field("cube_plies", m.settings.cube.context.plies);
  w.end_object();
  players(w, m.statistics, n, m.info);
  w.key("games").begin_array();
  for (size_t g = 0; g < m.games.size(); ++g) {
    const auto& ga = m.games[g];
    w.begin_object();
    w.field("game", static_cast<int>(g + 1));
    w.key("score").begin_array().value(ga.info.score[0]).value(ga.info.score[1]).end_array();
    w.field("crawford", ga.info.crawford_game);
    w.key("winner");
    if (ga.info.winner >= 0)
      w.value(ga.info.winner);
    else
      w.null();
    w.field("points", ga.info.points);
    w.field("resigned", ga.info.resigned);
    players(w, ga.statistics, n, m.info);
    w.key("decisions").begin_array();
    for (const auto& d : ga.decisions) decision(w, d);
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace tavla::text
