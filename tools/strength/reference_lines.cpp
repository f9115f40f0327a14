// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/reference_lines.h"

namespace tavla::strength {

std::optional<std::string> read_reference_lines(
    std::istream& in, const std::string& source_name, std::string& reference,
    const std::function<std::optional<std::string>(const std::string& first,
                                                   std::istringstream& rest)>& line) {
  std::string text;
  for (int line_no = 1; std::getline(in, text); ++line_no) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    std::istringstream ls(text);
    std::string first;
    ls >> first;
    if (first == "reference") {
      std::getline(ls >> std::ws, reference);
      continue;
    }
    if (auto why = line(first, ls))
      return source_name + ":" + std::to_string(line_no) + ": " + *why;
  }
  return std::nullopt;
}

}  // namespace tavla::strength
