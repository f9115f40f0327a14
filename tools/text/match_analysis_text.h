// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's text of `show statistics match` / `show statistics game` (analysis.c
// DumpStatcontext, formatgs.c formatGS) for tavla's match analysis, with gnubg's output settings
// (StatisticsFormat; by default 3 digits, error rates in milli-equity).
#pragma once

#include <array>
#include <string>

#include "analysis/match_analysis.h"
#include "analysis/match_statistics.h"

namespace tavla::text {

// gnubg's `set output digits' and `set output errorratefactor' as the statistics use them.
struct StatisticsFormat {
  int digits = 3;                    // fOutputDigits
  float error_rate_factor = 1000.0f;  // rErrorRateFactor: error rates per move times this
  float rating_offset = analysis::kRatingOffset;  // `set ratingoffset' (rRatingOffset)
};

// The statistics block exactly as gnubg prints it (ends with two blank lines: "\n\n"). The luck
// rating uses the luck thresholds `t` as gnubg's getLuckRating does (those set when printing).
std::string format_statistics(const analysis::Statistics& s, int match_length,
                              const std::array<std::string, 2>& names,
                              const analysis::MarkThresholds& t = {},
                              const StatisticsFormat& format = {});

// `tavla analyze MATCHFILE`: per game one line per analysed decision (the play and its loss and
// mark, the best play when it was not played, the luck of the roll, cube decisions with the
// proper action and the error), then the statistics of the match as format_statistics.
std::string format_match_analysis(const analysis::MatchAnalysis& m);

}  // namespace tavla::text
