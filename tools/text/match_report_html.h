// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis of a match as one self-contained HTML page a person opens in any browser: the
// statistics (a summary table and gnubg's full `show statistics match` text), a graph of the
// match-winning chances of the first player over the match (money play: his equity) with the
// doubtful, bad and very bad decisions marked, and the worst decisions, each as an SVG board
// with the better alternatives. No scripts, no external files.
#pragma once

#include <string>

#include "analysis/match_analysis.h"

namespace tavla::text {

struct MatchReportOptions {
  int worst = 10;  // decisions shown with their boards, costliest first
  std::string title;  // the page title; empty: "<player 0> vs <player 1>, ..."
};

// One point of the graph: the value of the position after a decision for player 0 (match play:
// his match-winning chance in 0..1; money: his cubeful equity per unit cube) and the mark of
// the decision that led there.
struct ReportPoint {
  int game = 0;      // index in MatchAnalysis::games
  int decision = 0;  // index in GameAnalysis::decisions
  float value = 0.0f;
  analysis::Skill mark = analysis::Skill::kNone;
};

// The graph's points, in match order (decisions without a value are skipped: dice set without
// a play, resignations). Exposed for tests.
std::vector<ReportPoint> report_points(const analysis::MatchAnalysis& m);

std::string match_report_html(const analysis::MatchAnalysis& m,
                              const MatchReportOptions& options = {});

}  // namespace tavla::text
