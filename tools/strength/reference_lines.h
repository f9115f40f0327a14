// SPDX-License-Identifier: GPL-3.0-or-later
// The line structure shared by the reference files of `tavla errors` (error_set.h, cube_set.h):
// '#' comment lines and blank lines, a "reference TEXT" line, and one data line per position.
#pragma once

#include <functional>
#include <istream>
#include <optional>
#include <sstream>
#include <string>

namespace tavla::strength {

// Reads `in` to its end: a trailing CR is dropped from each line, comments and blank lines are
// skipped, the text of a "reference" line goes to `reference`, and every other line is handed to
// `line` with its first field and a stream of the rest. `line` returns what is wrong with the line
// (nullopt when nothing); the first such message is returned as "SOURCE:LINE: message".
std::optional<std::string> read_reference_lines(
    std::istream& in, const std::string& source_name, std::string& reference,
    const std::function<std::optional<std::string>(const std::string& first,
                                                   std::istringstream& rest)>& line);

}  // namespace tavla::strength
