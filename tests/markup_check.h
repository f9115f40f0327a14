// SPDX-License-Identifier: GPL-3.0-or-later
// Checks on the SVG and HTML that tavla writes (tests only): occurrences of a string, and a
// minimal well-formedness check (every element closed in order; no comments or CDATA are
// written, a doctype is skipped).
#pragma once

#include <regex>
#include <string>
#include <vector>

namespace tavla::testing {

inline int count_occurrences(const std::string& s, const std::string& what) {
  int n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

inline bool well_formed_markup(const std::string& text) {
  std::vector<std::string> open;
  const std::regex tag("<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tag);
       it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    if ((*it)[1] == "/") {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    } else if ((*it)[3] != "/") {
      open.push_back(name);
    }
  }
  return open.empty();
}

}  // namespace tavla::testing
