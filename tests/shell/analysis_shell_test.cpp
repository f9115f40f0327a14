// SPDX-License-Identifier: GPL-3.0-or-later
// The shell's `set analysis ...` settings reach `analyse match`: analysing a match file after
// `set analysis chequerplay|cubedecision evaluation plies N` gives the statistics `tavla analyze
// FILE --chequer-plies N --cube-plies N` prints for the same file (the messages and layouts of `set
// analysis` and `show analysis`, and the marks under changed thresholds, are compared with gnubg's
// by the transcripts gnubg_analysis_*.cmds).
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "shell_test_support.h"

namespace tavla::test {
namespace {

// The statistics block of a `tavla analyze MATCHFILE` text or of a shell transcript: from the
// last line starting "Player " to the end, trailing blank lines removed.
std::string statistics_block(const std::string& text) {
  const size_t p = text.rfind("\nPlayer ");
  if (p == std::string::npos) return "";
  std::string s = text.substr(p + 1);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string shell_statistics(const std::string& match, int plies, const std::string& dir) {
  const std::string script = dir + "/cmds" + std::to_string(plies);
  write_text(script, "load match " + match + "\nset analysis chequerplay evaluation plies " +
                         std::to_string(plies) + "\nset analysis cubedecision evaluation plies " +
                         std::to_string(plies) + "\nanalyse match\nshow statistics match\n");
  return run_tavla_script(script, dir);
}

TEST(ShellAnalysis, SetAnalysisPliesGivesTavlaAnalyzeFigures) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("shell_analysis_plies");
  const std::string match = shell_fixtures() + "/../mat/match3.sgf";
  std::string block[2];
  for (int plies = 0; plies <= 1; ++plies) {
    const std::string shell = shell_statistics(match, plies, dir);
    // --chequer-plies / --cube-plies change only the plies of gnubg's analysis settings, as `set
    // analysis ... plies` does (--plies N takes the filters of an N-ply position analysis).
    const std::string n = std::to_string(plies);
    const std::string cli = run("\"" + tavla_binary() + "\" analyze \"" + match +
                                    "\" --chequer-plies " + n + " --cube-plies " + n,
                                dir);
    block[plies] = statistics_block(shell);
    ASSERT_NE(block[plies].find("Chequerplay statistics"), std::string::npos) << shell;
    EXPECT_EQ(block[plies], statistics_block(cli)) << "plies " << plies << "\n" << shell;
    EXPECT_NE(
        shell.find("Analysis chequerplay will use " + std::to_string(plies) + " ply evaluation."),
        std::string::npos)
        << shell;
  }
  // The setting changed the analysis: 0 ply and 1 ply judge the plays differently.
  EXPECT_NE(block[0], block[1]);
}

// `set analysis moves off` / `luck off` leave those sections out of the statistics (gnubg prints
// only what was analysed); the cube decisions are still analysed.
TEST(ShellAnalysis, AnalysisSwitchesChangeWhatIsAnalysed) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("shell_analysis_switches");
  const std::string match = shell_fixtures() + "/../mat/match3.sgf";
  write_text(dir + "/cmds", "load match " + match +
                                "\nset analysis chequerplay evaluation plies 0\n"
                                "set analysis cubedecision evaluation plies 0\n"
                                "set analysis moves off\nset analysis luck off\nanalyse match\n"
                                "show statistics match\n");
  const std::string out = run_tavla_script(dir + "/cmds", dir);
  const std::string block = statistics_block(out);
  EXPECT_EQ(block.find("Chequerplay statistics"), std::string::npos) << out;
  EXPECT_EQ(block.find("Luck statistics"), std::string::npos) << out;
  EXPECT_NE(block.find("Cube statistics"), std::string::npos) << out;
}

// Splits a line into words and numbers; a number keeps its printed text (its decimals).
std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        ((c == '+' || c == '-') && i + 1 < line.size() &&
         std::isdigit(static_cast<unsigned char>(line[i + 1])))) {
      size_t j = i + 1;
      while (j < line.size() &&
             (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == '.'))
        ++j;
      out.push_back(line.substr(i, j - i));
      i = j;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      out.push_back(std::string(1, c));
      ++i;
    }
  }
  return out;
}

// Two printed figures are alike: the same text, or decimals printed alike that differ by at most
// one unit of the last digit (gnubg's -ffast-math sums). Counts (no decimals) must be equal.
bool alike(const std::string& a, const std::string& b, int& last_digit_differences) {
  if (a == b) return true;
  const size_t da = a.find('.'), db = b.find('.');
  if (da == std::string::npos || db == std::string::npos) return false;
  if (a.size() - da != b.size() - db) return false;
  const double unit = std::pow(10.0, -static_cast<double>(a.size() - da - 1));
  if (std::fabs(std::atof(a.c_str()) - std::atof(b.c_str())) > unit * 1.01) return false;
  ++last_digit_differences;
  return true;
}

// gnubg's `set analysis ...` before `analyse session` (0 ply, other thresholds), thresholds
// changed after it (gnubg recounts the chequer play's marks and rates the luck with the new
// ones), `analyse clear game|session`, `set analysis player 1 analyse off` and `luck off`: tavla
// prints the same statistics, every word and count equal (the marks), figures at most one unit
// apart in their last digit. The reference: tests/fixtures/analysis/shell_*.out, made by
// tests/gnubg/make_shell_fixtures.sh.
TEST(ShellAnalysis, SettingsChangeMarksAsInGnubg) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = shell_fixtures() + "/../analysis";
  const std::string name = "shell_money_analysis";
  const std::string actual = normalise(run_tavla_script(dir + "/" + name + ".cmds", dir));
  const std::string expected = normalise(read_text(dir + "/" + name + ".out"));
  ASSERT_FALSE(expected.empty());
  std::istringstream a(actual), e(expected);
  std::string la, le;
  int line = 0, differences = 0, tables = 0;
  while (std::getline(e, le)) {
    ++line;
    ASSERT_TRUE(std::getline(a, la)) << "line " << line << " missing:\n" << actual;
    if (le.rfind("Player ", 0) == 0) ++tables;
    const auto ta = tokens(la), te = tokens(le);
    bool same = ta.size() == te.size();
    for (size_t i = 0; same && i < ta.size(); ++i) same = alike(ta[i], te[i], differences);
    EXPECT_TRUE(same) << "line " << line << "\n  tavla: " << la << "\n  gnubg: " << le;
  }
  EXPECT_FALSE(std::getline(a, la)) << "extra output: " << la;
  EXPECT_EQ(tables, 5);
  // The last-digit differences are few (see tests/gnubg/CORRECTIONS.md).
  EXPECT_LE(differences, 40);
}

}  // namespace
}  // namespace tavla::test
