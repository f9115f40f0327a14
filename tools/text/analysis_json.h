// SPDX-License-Identifier: GPL-3.0-or-later
// The batch protocol's JSON (README "The batch protocol"): one object per analysed position, and
// the error object of a line that could not be analysed. Shared by `tavla analyze` and the doors.
#pragma once

#include <string>

#include "analysis/position_analysis.h"

namespace tavla::text {

// `id` is the input as given (echoed back).
std::string analysis_json(const std::string& id, const analysis::PositionAnalysis& a);
std::string error_json(const std::string& id, const std::string& error);

}  // namespace tavla::text
