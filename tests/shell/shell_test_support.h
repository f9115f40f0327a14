// SPDX-License-Identifier: GPL-3.0-or-later
// Running the `tavla` program and gnubg for the shell tests.
#pragma once

#include <string>
#include <vector>

namespace tavla::test {

std::string tavla_binary();                      // the program built with these tests
std::string shell_fixtures();                    // tests/fixtures/shell
std::string read_text(const std::string& path);  // empty if unreadable
void write_text(const std::string& path, const std::string& text);

// Runs `command` with /bin/sh in `dir`; returns stdout and stderr merged.
std::string run(const std::string& command, const std::string& dir = ".");

// tavla's output for a command script on stdin, without the start-up banner.
std::string run_tavla_script(const std::string& script_path, const std::string& dir);
// The same for gnubg (its banner removed), or "" when gnubg is not installed.
std::string run_gnubg_script(const std::string& script_path, const std::string& dir);

// Comparable form of a transcript: dates of match files (SGF DT[], .mat EventDate) blanked,
// trailing blank lines removed.
std::string normalise(std::string text);

// Two texts equal apart from their numbers (decimals, exponents included), which may differ by
// `tol` (rollouts' %.10g figures: tavla's sums of the same trials round differently in the last
// float digits): "" when they are, else what differs first.
std::string differs_but_numbers(const std::string& a, const std::string& b, double tol);
// An SGF file's text with its writer (AP[]) blanked, then normalised.
std::string plain_sgf(std::string text);

// gnubg 1.07 as installed by tools/setup.sh; tests that need it skip when it is missing, except
// in CI (CI=true), where they fail.
std::string gnubg_binary();
bool gnubg_available();
bool in_ci();
bool weights_available();  // gnubg's nets, which the engine loads

// Splits a line into words and numbers; a number keeps its printed text (its decimals).
std::vector<std::string> tokens(const std::string& line);
// Two printed figures are alike: the same text, or decimals printed alike that differ by at most
// `units` of the last digit (gnubg's -ffast-math sums, or a gnubg on another CPU: see
// tests/gnubg/CORRECTIONS.md); counts the differing ones. Counts (no decimals) must be equal.
bool alike(const std::string& a, const std::string& b, int& last_digit_differences, int units = 1);

// A fresh empty directory for one test's files.
std::string temp_dir(const std::string& name);

}  // namespace tavla::test

// In a TEST: skips (or fails in CI) when gnubg is missing.
#define TAVLA_REQUIRE_GNUBG()                                               \
  do {                                                                      \
    if (!::tavla::test::gnubg_available()) {                                \
      if (::tavla::test::in_ci()) FAIL() << "gnubg 1.07 is required in CI"; \
      GTEST_SKIP() << "gnubg is not installed";                             \
    }                                                                       \
  } while (0)

#define TAVLA_REQUIRE_WEIGHTS()                                                   \
  do {                                                                            \
    if (!::tavla::test::weights_available()) {                                    \
      if (::tavla::test::in_ci()) FAIL() << "gnubg's weights are required in CI"; \
      GTEST_SKIP() << "no neural-net weights installed";                          \
    }                                                                             \
  } while (0)
