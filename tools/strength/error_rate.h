// SPDX-License-Identifier: GPL-3.0-or-later
// Error rates of a playing configuration on an ErrorSet: for every position the configuration
// chooses its play, and the play loses (best reference equity - the chosen play's reference
// equity), in cubeless money equity for the mover. Reported as gnubg reports chequer-play error
// rates: mean loss per decision in millipoints (thousandths of a point, gnubg's "mEMG" in money
// play), overall and per position class.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "strength/error_set.h"
#include "strength/player.h"
#include "strength/themes.h"

namespace tavla::strength {

// Losses above this (in equity) are counted as errors in the report (gnubg's "doubtful" starts at
// 0.04; 0.01 also counts the small slips that separate strong configurations).
inline constexpr float kErrorLoss = 0.01f;

struct ErrorTally {
  int decisions = 0;
  double total_loss = 0;  // equity
  int errors = 0;         // decisions losing more than kErrorLoss
  int best = 0;           // decisions losing nothing
  double mean_millipoints() const { return decisions ? 1000.0 * total_loss / decisions : 0.0; }
};

struct ErrorReport {
  ErrorTally all;
  std::array<ErrorTally, 3> by_class;  // kErrorClasses order: contact, crashed, race
  std::array<ErrorTally, kThemeCount> by_theme;  // kThemes order (a position may count in several)
};

// The loss of playing `chosen` (seen from the mover) in p; nullopt when it is not one of p's plays.
std::optional<float> play_loss(const ErrorPosition& p, const engine::Board& chosen);

// Tallies the losses of chosen[i] in set.positions[i]; an error names a play not in the set.
engine::Result<ErrorReport> tally_errors(const ErrorSet& set, std::span<const engine::Board> chosen);

// A decision that lost equity: its index in the set (from 0) and the loss (equity, mover's view).
struct LostDecision {
  int index = 0;
  float loss = 0;
};

// The decisions whose chosen[i] lost equity, worst first (ties in the set's order); plays that are
// not in the set are left out (tally_errors reports them).
std::vector<LostDecision> lost_decisions(const ErrorSet& set, std::span<const engine::Board> chosen);

// The configuration's play in every position of the set, positions spread over `threads` threads
// (each with its own search; the choices do not depend on the number of threads). `progress`
// (positions done, total) is called from the calling thread.
std::vector<engine::Board> choose_plays(const ErrorSet& set, const PlayerConfig& player,
                                        const eval::BearoffProvider* bearoff, int threads,
                                        const std::function<void(int, int)>& progress = {});

}  // namespace tavla::strength
