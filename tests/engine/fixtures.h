// SPDX-License-Identifier: GPL-3.0-or-later
// Reading the reference data that tests/gnubg/*.py produced with gnubg 1.07.
#pragma once

#include <string>
#include <vector>

namespace tavla::test {

// The full path of a fixture file below tests/fixtures/.
std::string fixture_path(const std::string& relative);

// The lines of a fixture file without '#' comment lines and blank lines. Fails the calling test
// (ADD_FAILURE) and returns nothing when the file is missing.
std::vector<std::string> fixture_lines(const std::string& relative);

std::string read_file(const std::string& path);  // empty if unreadable
std::vector<std::string> split(const std::string& s, char sep);
std::vector<std::string> split_ws(const std::string& s);

}  // namespace tavla::test
