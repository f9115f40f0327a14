// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's text of `show statistics match` / `show statistics game` (analysis.c
// DumpStatcontext, formatgs.c formatGS) for tavla's match analysis, with gnubg's default output
// settings (3 digits, error rates in milli-equity).
#pragma once

#include <array>
#include <string>

#include "analysis/match_analysis.h"
#include "analysis/match_statistics.h"

namespace tavla::text {

// The statistics block exactly as gnubg prints it (ends with two blank lines: "\n\n"). The luck
// rating uses the luck thresholds `t` as gnubg's getLuckRating does (those set when printing).
std::string format_statistics(const analysis::Statistics& s, int match_length,
                              const std::array<std::string, 2>& names,
                              const analysis::MarkThresholds& t = {});

// `tavla analyze MATCHFILE`: per game one line per analysed decision (the play and its loss and
// mark, the best play when it was not played, the luck of the roll, cube decisions with the
// proper action and the error), then the statistics of the match as format_statistics.
std::string format_match_analysis(const analysis::MatchAnalysis& m);

}  // namespace tavla::text
