// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/match_report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/gnubg_id.h"
#include "engine/move_text.h"
#include "eval/cube_info.h"
#include "text/board_svg.h"
#include "text/match_analysis_text.h"

namespace tavla::text {

namespace {

using analysis::DecisionAnalysis;
using analysis::MatchAnalysis;
using analysis::Skill;

std::string format(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

const char* const kStyle = R"(
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { padding: 0.2em 0.8em; border-bottom: 1px solid #eee; text-align: right; }
td:first-child, th:first-child { text-align: left; }
tr.played td { font-weight: bold; }
pre { background: #f6f6f6; padding: 1em; overflow-x: auto; font-size: 0.85em; }
.decision { margin: 1.5em 0; }
.mark-doubtful { color: #b8860b; } .mark-bad { color: #d2691e; } .mark-very-bad { color: #c62828; }
)";

std::string skill_class(Skill s) {
  switch (s) {
    case Skill::kVeryBad: return "mark-very-bad";
    case Skill::kBad: return "mark-bad";
    case Skill::kDoubtful: return "mark-doubtful";
    default: return "";
  }
}

// The worse of the play and cube marks of a decision.
Skill mark_of(const DecisionAnalysis& d) {
  Skill s = Skill::kNone;
  if (d.play_skill) s = std::min(s, *d.play_skill);
  if (d.cube_skill) s = std::min(s, *d.cube_skill);
  return s;
}

// The equity lost by a decision (>= 0; normalised), the worse of its play and cube errors.
float loss_of(const DecisionAnalysis& d) {
  float loss = 0.0f;
  if (d.played >= 0) loss = std::max(loss, -d.play_loss);
  if (d.cube_skill) loss = std::max(loss, -d.cube_error);
  return loss;
}

std::string action_text(const DecisionAnalysis& d) {
  switch (d.kind) {
    case engine::RecordKind::kDouble: return "Double";
    case engine::RecordKind::kTake: return "Take";
    case engine::RecordKind::kDrop: return "Pass";
    case engine::RecordKind::kMove:
      return d.move.step_count() ? engine::format_move(d.game.board, d.move) : "(no play)";
    default: return "";
  }
}

std::string signed3(float x) { return format("%+.3f", x); }

// The graph: player 0's value after each play, game boundaries, marked errors.
std::string graph_svg(const MatchAnalysis& m, const std::vector<ReportPoint>& points) {
  const bool match = m.match_length > 0;
  constexpr int kW = 800, kH = 260, kLeft = 50, kRight = 10, kTopM = 10, kBottomM = 30;
  float lo = match ? 0.0f : -1.0f, hi = match ? 1.0f : 1.0f;
  for (const auto& p : points) lo = std::min(lo, p.value), hi = std::max(hi, p.value);
  const int n = static_cast<int>(points.size());
  const auto x_of = [&](int i) {
    return kLeft + (n > 1 ? i * (kW - kLeft - kRight) / (n - 1) : 0);
  };
  const auto y_of = [&](float v) {
    return kTopM + static_cast<int>((hi - v) / (hi - lo) * (kH - kTopM - kBottomM));
  };
  std::string out = format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tavla-graph\" width=\"%d\" "
      "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">",
      kW, kH, kW, kH);
  // Axis: 0%, 50%, 100% (match) or -1, 0, +1 (money).
  for (float v : match ? std::vector<float>{0.0f, 0.5f, 1.0f} : std::vector<float>{lo, 0.0f, hi}) {
    const int y = y_of(v);
    out += format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>", kLeft, y,
                  kW - kRight, y);
    out += format("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>", kLeft - 4, y + 4,
                  match ? format("%.0f%%", 100.0f * v).c_str() : format("%+.1f", v).c_str());
  }
  // Game boundaries.
  for (int i = 0; i < n; ++i)
    if (i == 0 || points[i].game != points[i - 1].game) {
      const int x = x_of(i);
      out += format("<line class=\"game-start\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                    "stroke=\"#999\" stroke-dasharray=\"3,3\"/>",
                    x, kTopM, x, kH - kBottomM);
      out += format("<text x=\"%d\" y=\"%d\">G%d</text>", x + 2, kH - kBottomM + 14,
                    points[i].game + 1);
    }
  if (n > 0) {
    out += "<polyline class=\"value\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"1.5\" points=\"";
    for (int i = 0; i < n; ++i) out += format("%d,%d ", x_of(i), y_of(points[i].value));
    out += "\"/>";
  }
  for (int i = 0; i < n; ++i) {
    const Skill s = points[i].mark;
    if (s == Skill::kNone || s == Skill::kDoubtful) continue;
    const auto& d = m.games[points[i].game].decisions[points[i].decision];
    out += format("<circle class=\"error %s\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\">",
                  skill_class(s).c_str(), x_of(i), y_of(points[i].value),
                  s == Skill::kVeryBad ? 6 : 4, s == Skill::kVeryBad ? "#c62828" : "#ef6c00");
    out += "<title>" +
           xml_escape(format("Game %d, ", points[i].game + 1) + m.info.names[d.player] + ": " +
                      action_text(d) + " (" + std::string(analysis::skill_name(s)) + ", " +
                      signed3(-loss_of(d)) + ")") +
           "</title></circle>";
  }
  out += format("<text x=\"%d\" y=\"%d\">%s</text>", kLeft, kH - 4,
                xml_escape(m.info.names[0] + (match ? ": match-winning chance after each play"
                                                    : ": equity after each play (per unit cube)"))
                    .c_str());
  out += "</svg>";
  return out;
}

std::string summary_table(const MatchAnalysis& m) {
  const auto& s = m.statistics;
  const analysis::PlayerFigures f[2] = {analysis::player_figures(s, 0, m.match_length),
                                        analysis::player_figures(s, 1, m.match_length)};
  const auto rating = [](const std::optional<analysis::Rating>& r) {
    return r ? std::string(analysis::rating_name(*r)) : std::string("n/a");
  };
  const auto rate = [](const analysis::Pair& p) { return format("%+.1f", 1000.0f * p[0]); };
  std::string out = "<table class=\"summary\"><tr><th></th><th>" + xml_escape(m.info.names[0]) +
                    "</th><th>" + xml_escape(m.info.names[1]) + "</th></tr>";
  const auto row = [&](const std::string& label, const std::string& a, const std::string& b) {
    out += "<tr><td>" + label + "</td><td>" + xml_escape(a) + "</td><td>" + xml_escape(b) +
           "</td></tr>";
  };
  row("Unforced moves", std::to_string(s.unforced_moves[0]), std::to_string(s.unforced_moves[1]));
  row("Chequer play error rate (mEMG)", rate(f[0].chequer_error_rate),
      rate(f[1].chequer_error_rate));
  row("Chequer play rating", rating(f[0].chequer_rating), rating(f[1].chequer_rating));
  row("Cube decisions (close or actual)", std::to_string(s.close_cube[0]),
      std::to_string(s.close_cube[1]));
  row("Cube error rate (mEMG)", rate(f[0].cube_error_rate), rate(f[1].cube_error_rate));
  row("Cube decision rating", rating(f[0].cube_rating), rating(f[1].cube_rating));
  row("Overall error rate (mEMG)", rate(f[0].overall_error_rate), rate(f[1].overall_error_rate));
  row("Overall rating", rating(f[0].overall_rating), rating(f[1].overall_rating));
  row("Luck rate (mEMG per move)",
      f[0].luck_rate ? rate(*f[0].luck_rate) : "n/a", f[1].luck_rate ? rate(*f[1].luck_rate) : "n/a");
  out += "</table>";
  return out;
}

std::string decision_html(const MatchAnalysis& m, int g, int i) {
  const DecisionAnalysis& d = m.games[g].decisions[i];
  const Skill s = mark_of(d);
  std::string out = "<div class=\"decision\"><h3 class=\"" + skill_class(s) + "\">" +
                    xml_escape(format("Game %d, record %d: ", g + 1, d.record + 1) +
                               m.info.names[d.player] + (d.dice[0] ? format(" rolled %d%d", d.dice[0], d.dice[1]) : std::string()) +
                               ", " + action_text(d) + " (" +
                               std::string(analysis::skill_name(s)) + ", " +
                               signed3(-loss_of(d)) + " EMG)") +
                    "</h3>";
  SvgBoardOptions o;
  const int on_roll = d.game.match.on_roll;
  o.on_roll_name = m.info.names[on_roll];
  o.opponent_name = m.info.names[1 - on_roll];
  if (d.kind == engine::RecordKind::kMove) o.play = d.move;
  o.caption = engine::gnubg_id(d.game);
  out += board_svg(d.game.board, d.game.match, o);
  if (d.played >= 0 && !d.moves.empty()) {
    out += "<table class=\"plays\"><tr><th>#</th><th>Play</th><th>Equity</th><th>Difference</th></tr>";
    const int shown = std::min<int>(5, static_cast<int>(d.moves.size()));
    auto line = [&](int k) {
      const auto& sm = d.moves[k];
      out += std::string("<tr") + (k == d.played ? " class=\"played\"" : "") + "><td>" +
             std::to_string(k + 1) + "</td><td>" +
             xml_escape(engine::format_move(d.game.board, sm.move.move)) + "</td><td>" +
             signed3(sm.score) + "</td><td>" +
             (k ? signed3(sm.score - d.moves[0].score) : std::string()) + "</td></tr>";
    };
    for (int k = 0; k < shown; ++k) line(k);
    if (d.played >= shown) line(d.played);
    out += "</table>";
  }
  if (d.cube) {
    const auto& e = d.cube->equities;
    out += "<table class=\"cube\"><tr><th>Cube action</th><th>Equity</th></tr>";
    out += "<tr><td>No double</td><td>" + signed3(e.no_double) + "</td></tr>";
    out += "<tr><td>Double, take</td><td>" + signed3(e.double_take) + "</td></tr>";
    out += "<tr><td>Double, pass</td><td>" + signed3(e.double_pass) + "</td></tr>";
    out += "<tr><td>Proper cube action</td><td>" +
           xml_escape(std::string(eval::cube_decision_text(d.cube->decision))) + "</td></tr>";
    out += "</table>";
  }
  out += "</div>";
  return out;
}

}  // namespace

std::vector<ReportPoint> report_points(const MatchAnalysis& m) {
  std::vector<ReportPoint> out;
  for (int g = 0; g < static_cast<int>(m.games.size()); ++g) {
    const auto& decisions = m.games[g].decisions;
    for (int i = 0; i < static_cast<int>(decisions.size()); ++i) {
      const DecisionAnalysis& d = decisions[i];
      if (d.kind != engine::RecordKind::kMove || d.played < 0 || d.moves.empty()) continue;
      // The played move's score: the mover's cubeful (normalised) equity after it.
      const float e = d.moves[d.played].score;
      float v = e;
      if (m.match_length > 0) {
        auto ci = eval::cube_info(d.game.match);
        if (!ci) continue;
        v = std::clamp(eval::equity_to_mwc(e, *ci), 0.0f, 1.0f);
        if (d.player != 0) v = 1.0f - v;
      } else if (d.player != 0) {
        v = -e;
      }
      out.push_back({g, i, v, mark_of(d)});
    }
  }
  return out;
}

std::string match_report_html(const MatchAnalysis& m, const MatchReportOptions& options) {
  const std::string title =
      !options.title.empty()
          ? options.title
          : m.info.names[0] + " vs " + m.info.names[1] + ", " +
                (m.match_length ? std::to_string(m.match_length) + "-point match"
                                : std::string("money session"));
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>" +
                    xml_escape(title) + "</title><style>" + kStyle + "</style></head><body>";
  out += "<h1>" + xml_escape(title) + "</h1>";
  std::string meta;
  for (const auto& [label, value] :
       {std::pair<const char*, const std::string*>{"Event", &m.info.event},
        {"Round", &m.info.round}, {"Place", &m.info.place}, {"Date", &m.info.date}})
    if (!value->empty()) meta += std::string(label) + ": " + xml_escape(*value) + ". ";
  // A game counts as analysed when a decision of it carries ranked plays or a cube analysis (the
  // shell's `export match html` also reports games it has not analysed).
  int analysed = 0;
  for (const auto& g : m.games)
    analysed += std::any_of(g.decisions.begin(), g.decisions.end(),
                            [](const DecisionAnalysis& d) { return !d.moves.empty() || d.cube; });
  out += "<p>" + meta + std::to_string(m.games.size()) + " game" +
         (m.games.size() == 1 ? "" : "s") +
         (analysed == static_cast<int>(m.games.size())
              ? std::string(" analysed by tavla.")
              : ", " + std::to_string(analysed) + " of them analysed by tavla.") +
         "</p>";

  out += "<h2>Statistics</h2>" + summary_table(m);
  out += "<details><summary>gnubg's full statistics</summary><pre>" +
         xml_escape(format_statistics(m.statistics, m.match_length, m.info.names)) +
         "</pre></details>";

  const auto points = report_points(m);
  out += "<h2>" + std::string(m.match_length ? "Match-winning chances" : "Equity") +
         " over the match</h2>" + graph_svg(m, points);

  // The costliest decisions.
  std::vector<std::tuple<float, int, int>> costly;
  for (int g = 0; g < static_cast<int>(m.games.size()); ++g)
    for (int i = 0; i < static_cast<int>(m.games[g].decisions.size()); ++i) {
      const float loss = loss_of(m.games[g].decisions[i]);
      if (loss > 0.0f) costly.emplace_back(loss, g, i);
    }
  std::stable_sort(costly.begin(), costly.end(),
                   [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
  if (static_cast<int>(costly.size()) > options.worst) costly.resize(std::max(0, options.worst));
  out += "<h2>The costliest decisions</h2>";
  if (costly.empty()) out += "<p>No decision lost equity.</p>";
  for (const auto& [loss, g, i] : costly) out += decision_html(m, g, i);
  out += "</body></html>\n";
  return out;
}

}  // namespace tavla::text
