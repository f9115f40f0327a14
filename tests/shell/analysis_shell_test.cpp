// SPDX-License-Identifier: GPL-3.0-or-later
// The shell's `set analysis ...` settings reach `analyse match`: analysing a match file after
// `set analysis chequerplay|cubedecision evaluation plies N` gives the statistics `tavla analyze
// FILE --chequer-plies N --cube-plies N` prints for the same file (the messages and layouts of `set
// analysis` and `show analysis`, and the marks under changed thresholds, are compared with gnubg's
// by the transcripts gnubg_analysis_*.cmds).
#include <gtest/gtest.h>

#include <algorithm>
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


// The statistics blocks of a transcript: from its first line starting "Player " to the end.
std::string statistics_text(const std::string& text) {
  const size_t p = text.rfind("Player ", 0) == 0 ? 0 : text.find("\nPlayer ");
  if (p == std::string::npos) return "";
  return normalise(text.substr(p == 0 ? 0 : p + 1));
}

// Two statistics texts agree line by line, word by word, every figure alike: at most `units` of
// its last printed digit apart.
void expect_same_statistics(const std::string& expected, const std::string& actual,
                            const std::string& what, int& differences, int tables = 2,
                            int units = 1) {
  std::istringstream a(actual), e(expected);
  std::string la, le;
  int line = 0, players = 0;
  while (std::getline(e, le)) {
    ++line;
    ASSERT_TRUE(std::getline(a, la)) << what << ": line " << line << " missing:\n" << actual;
    if (le.rfind("Player ", 0) == 0) ++players;
    const auto ta = tokens(la), te = tokens(le);
    bool same = ta.size() == te.size();
    for (size_t i = 0; same && i < ta.size(); ++i) same = alike(ta[i], te[i], differences, units);
    EXPECT_TRUE(same) << what << ": line " << line << "\n  loaded:   " << la
                      << "\n  expected: " << le;
  }
  EXPECT_FALSE(std::getline(a, la)) << what << ": extra output: " << la;
  EXPECT_EQ(players, tables) << what << ": statistics tables expected\n" << expected;
}

// Issue 17: `load match` of an analysed SGF keeps the analysis. `tavla analyze FILE --sgf OUT`
// writes the analysed file; the shell loads it and `show statistics match` / `game` print what
// the shell prints right after `analyse match` of the plain file at the same settings, without
// analysing again; gnubg loading the same file prints the same statistics.
TEST(ShellAnalysis, LoadAnalysedSgfKeepsTheAnalysis) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("shell_load_analysed");
  for (const std::string name : {"match3", "match7", "money_beavers"}) {
    const std::string match = shell_fixtures() + "/../mat/" + name + ".sgf";
    const std::string analysed = dir + "/" + name + ".analysed.sgf";
    const std::string cli = run("\"" + tavla_binary() + "\" analyze \"" + match +
                                "\" --chequer-plies 0 --cube-plies 0 --threads 1 --sgf \"" +
                                analysed + "\" 2>&1", dir);
    ASSERT_NE(read_text(analysed).find("GS[M:"), std::string::npos) << cli;

    write_text(dir + "/analyse.cmds",
               "load match " + match +
                   "\nset analysis chequerplay evaluation plies 0\n"
                   "set analysis cubedecision evaluation plies 0\nanalyse match\n"
                   "show statistics match\nshow statistics game\n");
    const std::string after_analysis =
        statistics_text(run_tavla_script(dir + "/analyse.cmds", dir));
    write_text(dir + "/load.cmds",
               "load match " + analysed + "\nshow statistics match\nshow statistics game\n");
    const std::string loaded = statistics_text(run_tavla_script(dir + "/load.cmds", dir));
    ASSERT_NE(loaded.find("Chequerplay statistics"), std::string::npos) << loaded;
    // The plain file loaded shows the statistics of a match not analysed: they differ.
    write_text(dir + "/plain.cmds",
               "load match " + match + "\nshow statistics match\nshow statistics game\n");
    EXPECT_NE(statistics_text(run_tavla_script(dir + "/plain.cmds", dir)), loaded) << name;
    // The file stores the evaluations rounded (6 decimals, the luck 5), as gnubg's: a few
    // figures move in their last digit, the luck-based FIBS rating difference (a sum of the
    // rolls' luck in MWC, scaled by 2000 / sqrt(match length)) by up to 3 units; gnubg loading
    // the file prints the same as tavla loading it (below).
    int differences = 0;
    expect_same_statistics(after_analysis, loaded, name + " loaded vs analysed", differences, 2,
                           3);
    EXPECT_LE(differences, 12) << name;

    if (!gnubg_available()) continue;
    const std::string gnubg =
        statistics_text(run_gnubg_script(dir + "/load.cmds", dir));
    int gnubg_differences = 0;
    expect_same_statistics(gnubg, loaded, name + " tavla vs gnubg loading it", gnubg_differences);
    EXPECT_LE(gnubg_differences, 4) << name;
  }
  if (!gnubg_available() && in_ci()) FAIL() << "gnubg 1.07 is required in CI";
}


// gnubg's own analysed file (tests/fixtures/analysis/CASE.gnubg.sgf, analysed at 0 ply and saved
// by tests/gnubg/make_analysed_sgf_fixtures.py): the shell loads it and prints, for the match and
// every game, the statistics gnubg prints when it loads the file (CASE.gnubg.loaded.txt).
TEST(ShellAnalysis, LoadGnubgAnalysedSgf) {
  const std::string fixtures = shell_fixtures() + "/../analysis";
  const std::string dir = temp_dir("shell_load_gnubg_analysed");
  for (const std::string name : {"match3", "money_beavers"}) {
    // gnubg's statistics: the match's block, then "=== game G" blocks; the comments skipped.
    std::vector<std::string> blocks(1);
    std::istringstream in(read_text(fixtures + "/" + name + ".gnubg.loaded.txt"));
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("#", 0) == 0) continue;
      if (line.rfind("=== game ", 0) == 0) {
        blocks.emplace_back();
        continue;
      }
      blocks.back() += line + "\n";
    }
    ASSERT_GE(blocks.size(), 3u) << name;
    std::string cmds = "load match " + fixtures + "/" + name + ".gnubg.sgf\nshow statistics match\n";
    for (size_t g = 1; g < blocks.size(); ++g)
      cmds += (g == 1 ? "first game\n" : "next game\n") + std::string("show statistics game\n");
    write_text(dir + "/load.cmds", cmds);
    // Only the statistics: from each table's "Player " line as many lines as gnubg's table has
    // (`first game` / `next game` draw boards in between).
    std::vector<std::string> lines;
    std::istringstream out(run_tavla_script(dir + "/load.cmds", dir));
    for (std::string line; std::getline(out, line);) lines.push_back(line);
    std::string expected, loaded;
    size_t at = 0;
    for (std::string& b : blocks) {
      while (!b.empty() && b.back() == '\n') b.pop_back();
      expected += b + "\n";
      const auto n = static_cast<size_t>(std::count(b.begin(), b.end(), '\n') + 1);
      while (at < lines.size() && lines[at].rfind("Player ", 0) != 0) ++at;
      for (size_t i = 0; i < n && at < lines.size(); ++i) loaded += lines[at++] + "\n";
    }
    int differences = 0;
    expect_same_statistics(normalise(expected), normalise(loaded), name + " gnubg's analysed file",
                           differences, static_cast<int>(blocks.size()));
    EXPECT_EQ(differences, 0) << name;
  }
}

// A malformed analysis property is refused with the file, the game and the action it is on;
// nothing is loaded, nothing crashes.
TEST(ShellAnalysis, LoadAnalysedSgfRefusesBadProperties) {
  const std::string fixtures = shell_fixtures() + "/../analysis";
  const std::string dir = temp_dir("shell_load_bad_analysis");
  const std::string good = read_text(fixtures + "/match3.gnubg.sgf");
  ASSERT_FALSE(good.empty());
  struct Case {
    std::string from, to, message;
  };
  const Case cases[] = {
      {"LU[", "LU[lucky", "bad LU[lucky"},
      {"DA[E ver 3 0C 1 0.000000 1 ", "DA[E ver 3 0C 1 0.000000 1 0.5 ", "bad DA[E ver 3 0C"},
      {"]A[", "]A[x][", "bad A[x]"},
      {"[lnab E ver 3 ", "[l!ab E ver 3 ", "bad A["},
      {"GB[", "GB[7", "bad GB[7"},
  };
  for (const Case& c : cases) {
    std::string text = good;
    const size_t at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    text.replace(at, c.from.size(), c.to);
    // The game the change is in: the game trees before it, plus one.
    const int game = static_cast<int>(std::count(text.begin(), text.begin() + at, '(') );
    const std::string file = dir + "/bad.sgf";
    write_text(file, text);
    write_text(dir + "/load.cmds", "load match " + file + "\nshow statistics match\n");
    const std::string out = run_tavla_script(dir + "/load.cmds", dir);
    EXPECT_NE(out.find(file + ": game " + std::to_string(game) + ", action "), std::string::npos)
        << c.to << "\n" << out;
    EXPECT_NE(out.find(c.message), std::string::npos) << c.to << "\n" << out;
    EXPECT_EQ(out.find("Player "), std::string::npos) << "nothing loaded\n" << out;
  }
  // A well-formed play that cannot be played from the position: found when the games are
  // replayed after loading; the match stays loaded, without its analysis.
  std::string text = good;
  const size_t at = text.find("[lnab E ver 3 ");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 5, "[yyab");
  const std::string file = dir + "/illegal.sgf";
  write_text(file, text);
  write_text(dir + "/load.cmds", "load match " + file + "\nshow statistics match\n");
  const std::string out = run_tavla_script(dir + "/load.cmds", dir);
  EXPECT_NE(out.find(file + ": game 1, action 1: the analysis's play 1 cannot be played from the "
                            "position (the match is loaded without its analysis)"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace tavla::test
