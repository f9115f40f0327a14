// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixtures.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace tavla::test {

std::string fixture_path(const std::string& relative) {
  return std::string(TAVLA_FIXTURES) + "/" + relative;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> fixture_lines(const std::string& relative) {
  std::ifstream in(fixture_path(relative));
  std::vector<std::string> lines;
  if (!in) {
    ADD_FAILURE() << "missing fixture " << fixture_path(relative)
                  << " (regenerate with the scripts in tests/gnubg/)";
    return lines;
  }
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::vector<std::string> split_ws(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

}  // namespace tavla::test
