// SPDX-License-Identifier: GPL-3.0-or-later
// The HTML match report (tools/text/match_report_html.h) of real analyses: what the page shows
// is checked against the analysis it was made from.
#include "text/match_report_html.h"

#include <gtest/gtest.h>

#include "markup_check.h"

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/match_analysis.h"
#include "engine/gnubg_id.h"
#include "engine/sgf.h"

namespace tavla {
namespace {

using testing::count_occurrences;
using testing::well_formed_markup;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

analysis::MatchAnalysis analyse(const std::string& file) {
  static std::unique_ptr<analysis::Analyser> a = [] {
    auto r = analysis::Analyser::open({});
    if (!r) throw std::runtime_error(r.error());
    return std::move(r.value());
  }();
  auto match = engine::read_sgf(read_file(std::string(TAVLA_FIXTURES) + "/mat/" + file), file);
  if (!match) throw std::runtime_error(match.error());
  auto m = analysis::analyse_match(*a, *match, analysis::match_analysis_settings(0));
  if (!m) throw std::runtime_error(m.error());
  return std::move(m).value();
}

// The losses written in the decisions' headings, in page order.
std::vector<double> shown_losses(const std::string& html) {
  std::vector<double> out;
  const std::regex re(", ([-+][0-9]+\\.[0-9]+) EMG\\)</h3>");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), re); it != std::sregex_iterator();
       ++it)
    out.push_back(std::stod((*it)[1]));
  return out;
}

TEST(MatchReport, ShowsTheCostliestDecisionsInOrderWithTheirBoards) {
  const auto m = analyse("match7.sgf");
  text::MatchReportOptions o;
  o.worst = 6;
  const std::string html = text::match_report_html(m, o);
  EXPECT_TRUE(well_formed_markup(html));
  EXPECT_EQ(count_occurrences(html, "<svg"), 1 + 6);  // the graph and one board per decision
  EXPECT_EQ(count_occurrences(html, "class=\"tavla-board\""), 6);
  EXPECT_NE(html.find("7-point match"), std::string::npos);
  // The largest loss of the analysis, computed here independently, heads the list; the list
  // does not increase.
  double worst = 0;
  std::string worst_id;
  for (const auto& g : m.games)
    for (const auto& d : g.decisions) {
      double loss = 0;
      if (d.played >= 0) loss = std::max(loss, -static_cast<double>(d.play_loss));
      if (d.cube_skill) loss = std::max(loss, -static_cast<double>(d.cube_error));
      if (loss > worst) worst = loss, worst_id = engine::gnubg_id(d.game);
    }
  const auto losses = shown_losses(html);
  ASSERT_EQ(losses.size(), 6u);
  EXPECT_NEAR(-losses[0], worst, 0.0005);
  for (size_t i = 1; i < losses.size(); ++i) EXPECT_LE(-losses[i], -losses[i - 1] + 1e-9);
  EXPECT_NE(html.find(worst_id), std::string::npos);
  // The player names from the file, in the summary table.
  EXPECT_NE(html.find("<th>" + m.info.names[0] + "</th>"), std::string::npos);
}

TEST(MatchReport, GraphHasOnePointPerPlayAndMarksTheBadOnes) {
  const auto m = analyse("match7.sgf");
  const auto points = text::report_points(m);
  int plays = 0, marked = 0;
  for (const auto& g : m.games)
    for (const auto& d : g.decisions)
      if (d.kind == engine::RecordKind::kMove && d.played >= 0 && !d.moves.empty()) ++plays;
  ASSERT_EQ(static_cast<int>(points.size()), plays);
  for (const auto& p : points) {
    EXPECT_GE(p.value, 0.0f);  // match-winning chances
    EXPECT_LE(p.value, 1.0f);
    marked += p.mark == analysis::Skill::kBad || p.mark == analysis::Skill::kVeryBad;
  }
  const std::string html = text::match_report_html(m);
  EXPECT_EQ(count_occurrences(html, "class=\"error "), marked);
  EXPECT_EQ(count_occurrences(html, "class=\"game-start\""), static_cast<int>(m.games.size()));
}

TEST(MatchReport, MoneySessionPlotsEquity) {
  const auto m = analyse("money_jacoby.sgf");
  const std::string html = text::match_report_html(m);
  EXPECT_TRUE(well_formed_markup(html));
  EXPECT_NE(html.find("money session"), std::string::npos);
  EXPECT_NE(html.find("equity after each play"), std::string::npos);
  // Money equity after a play is for player 0: the sign follows the mover.
  for (const auto& p : text::report_points(m)) {
    const auto& d = m.games[p.game].decisions[p.decision];
    const float e = d.moves[d.played].score;
    EXPECT_FLOAT_EQ(p.value, d.player == 0 ? e : -e);
  }
}

}  // namespace
}  // namespace tavla
