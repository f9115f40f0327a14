// SPDX-License-Identifier: GPL-3.0-or-later
// End-to-end: whole seeded games, matches and sessions played through the `tavla` program with a
// command script on stdin, compared with golden transcripts.
//
//   gnubg_*.cmds   the transcript must equal what gnubg 1.07 printed for the same script
//                  (gnubg_*.out, made by tests/gnubg/make_shell_fixtures.sh): human and engine
//                  play, cube actions, resignations, Crawford, match and session ends, hints,
//                  evaluations, positions, manual dice, loading gnubg's match file.
//                  The transcripts named in last_digit.txt were made by a gnubg on a CPU whose
//                  reciprocal estimates differ from those tavla copies
//                  (tests/gnubg/CORRECTIONS.md): their lines must have the same length and words,
//                  figures at most one unit of the last digit apart.
//   tavla_*.cmds   tavla's own commands and messages (tavla_*.out, made by tavla; regenerate
//                  with TAVLA_REGENERATE=1 and review the diff).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "shell_test_support.h"

namespace tavla::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> scripts() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(shell_fixtures(), ec))
    if (e.path().extension() == ".cmds") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

// The transcripts compared figure by figure within one unit of their last digit.
bool last_digit_tolerance(const std::string& name) {
  std::istringstream in(read_text(shell_fixtures() + "/last_digit.txt"));
  std::string line;
  while (std::getline(in, line))
    if (line == name + ".cmds") return true;
  return false;
}

// Line by line: the same length and words, figures alike (see above); "" when they agree, else
// the first disagreement.
std::string near_difference(const std::string& actual, const std::string& expected,
                            int& differences) {
  std::istringstream a(actual), e(expected);
  std::string la, le;
  int line = 0;
  while (std::getline(e, le)) {
    ++line;
    if (!std::getline(a, la)) return "line " + std::to_string(line) + " missing";
    const auto ta = tokens(la), te = tokens(le);
    bool same = la.size() == le.size() && ta.size() == te.size();
    for (size_t i = 0; same && i < ta.size(); ++i) same = alike(ta[i], te[i], differences);
    if (!same) return "line " + std::to_string(line) + "\n  tavla: " + la + "\n  golden: " + le;
  }
  if (std::getline(a, la)) return "extra output: " + la;
  return "";
}

class Transcript : public ::testing::TestWithParam<std::string> {};

TEST_P(Transcript, MatchesGolden) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string name = GetParam();
  const std::string dir = shell_fixtures();
  const std::string golden = dir + "/" + name + ".out";
  const std::string actual = normalise(run_tavla_script(dir + "/" + name + ".cmds", dir));
  const bool tavla_made = name.rfind("tavla_", 0) == 0;
  if (tavla_made && std::getenv("TAVLA_REGENERATE")) {
    write_text(golden, actual);
    GTEST_SKIP() << "regenerated " << golden;
  }
  const std::string raw = read_text(golden);
  ASSERT_FALSE(raw.empty()) << "missing " << golden;
  const std::string expected = normalise(raw);
  if (last_digit_tolerance(name)) {
    int differences = 0;
    const std::string d = near_difference(actual, expected, differences);
    if (!d.empty()) write_text(temp_dir("transcripts") + "/" + name + ".actual", actual);
    EXPECT_EQ(d, "") << name;
    // A handful of figures, not a drift.
    EXPECT_LE(differences, 30) << name;
    return;
  }
  if (actual != expected) {
    write_text(temp_dir("transcripts") + "/" + name + ".actual", actual);
    // The first differing line says more than two whole transcripts.
    size_t line = 1, i = 0;
    while (i < actual.size() && i < expected.size() && actual[i] == expected[i])
      if (actual[i++] == '\n') ++line;
    auto line_at = [](const std::string& s, size_t pos) {
      size_t b = s.rfind('\n', pos == 0 ? 0 : pos - 1);
      b = b == std::string::npos ? 0 : b + 1;
      return s.substr(b, s.find('\n', b) - b);
    };
    FAIL() << name << ": transcripts differ at line " << line << "\n  tavla: " << line_at(actual, i)
           << "\n  golden: " << line_at(expected, i)
           << "\n(whole output in build/tests/shell_tmp/transcripts/" << name << ".actual)";
  }
}

INSTANTIATE_TEST_SUITE_P(Shell, Transcript, ::testing::ValuesIn(scripts()),
                         [](const auto& info) { return info.param; });

// `rollout' results under `set output digits|mwc|matchpc|winpc' equal gnubg's
// (tests/fixtures/output_rollout/rollout.txt, made by tests/gnubg/make_output_rollout_fixture.sh:
// gnubg prints them only on a terminal, so the fixture holds just the result blocks).
TEST(Program, RolloutResultsFollowOutputSettings) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = shell_fixtures() + "/../output_rollout";
  const std::string expected = read_text(dir + "/rollout.txt");
  ASSERT_FALSE(expected.empty());
  std::istringstream in(run_tavla_script(dir + "/rollout.cmds", dir));
  std::string line, blocks;
  int keep = 0;
  while (std::getline(in, line)) {
    if (line == "Current Position:") keep = 3;
    if (keep > 0) {
      blocks += line + "\n";
      --keep;
    }
  }
  EXPECT_EQ(blocks, expected);
}

// The program's options and the subcommands that existed before the shell.
TEST(Program, OptionsAndSubcommands) {
  const std::string bin = tavla_binary();
  EXPECT_NE(run(bin + " --help").find("-c [ --commands ] arg"), std::string::npos);
  EXPECT_NE(run(bin + " --help").find("analyze"), std::string::npos);
  EXPECT_EQ(run(bin + " --version"), "tavla 0.1.0\n");
  EXPECT_NE(run(bin + " analyze 4HPwATDgc/ABMA:cIkFAAAAAAAA").find("Position ID"),
            std::string::npos);
  // -c FILE runs the commands and exits; so does a pipe reaching its end.
  const std::string dir = temp_dir("program");
  write_text(dir + "/cmds", "set player 0 human\nset seed 1\nnew session\nshow turn\n");
  const std::string out = run(bin + " -t -q -c cmds < /dev/null", dir);
  EXPECT_NE(out.find(" in on move."), std::string::npos) << out;
  EXPECT_NE(run("echo 'show version' | " + bin).find("tavla 0.1.0"), std::string::npos);
}

// `show buildinfo` lists this build's facts (they vary with the build, so no golden transcript):
// the compiler, the instruction set and the optional parts, then an empty line as gnubg's.
TEST(Program, BuildInfo) {
  const std::string out = run("echo 'show buildinfo' | " + tavla_binary());
  EXPECT_NE(out.find("Built with "), std::string::npos) << out;
  EXPECT_NE(out.find(" build).\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Multiple threads supported.\n"), std::string::npos) << out;
  EXPECT_TRUE(out.find("instructions (AVX2, FMA) supported.") != std::string::npos ||
              out.find("Generic instruction set") != std::string::npos)
      << out;
}

// `calibrate N` in the shell runs `tavla calibrate N`.
TEST(Program, Calibrate) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string out = run("echo 'calibrate 1' | " + tavla_binary());
  EXPECT_NE(out.find("Calibration result: "), std::string::npos) << out;
  EXPECT_NE(out.find(" static evaluations/second."), std::string::npos) << out;
}

// `show commands' lists every command tavla has, as gnubg's ShowCommands lists gnubg's: each line
// is a whole command that `help' describes; synonyms and what tavla lacks are left out.
TEST(Program, ShowCommandsListsWhatHelpDescribes) {
  const std::string dir = temp_dir("show_commands");
  write_text(dir + "/list.cmds", "show commands\n");
  const std::string list = run_tavla_script(dir + "/list.cmds", dir);
  std::istringstream in(list);
  std::string line, helps;
  int lines = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++lines;
    helps += "help " + line + "\n";
  }
  EXPECT_GT(lines, 300);
  for (const char* c :
       {"\nset evaluation movefilter\n", "\nset evaluation sameasanalysis\n",
        "\nset player movefilter\n", "\nshow onesidedrollout\n", "\nset matchinfo rating\n",
        "\nset rollout player chequerplay plies\n", "\nshow commands\n", "\nroll\n",
        "\ncmark move set rollout\n", "\nimport pos\n", "\nexport match html\n",
        "\nanalyse rollout move\n", "\nanalyse rollout cube\n", "\nanalyse rollout game\n",
        "\nanalyse rollout match\n"})
    EXPECT_NE(list.find(c), std::string::npos) << c << list;
  for (const char* c :
       {"\nanalysis ", "\nn\n", "\nset sound", "\nimport sgg\n"})
    EXPECT_EQ(list.find(c), std::string::npos) << c;
  write_text(dir + "/help.cmds", helps);
  const std::string described = run_tavla_script(dir + "/help.cmds", dir);
  EXPECT_EQ(described.find("not available"), std::string::npos) << described;
  size_t usages = 0;
  for (size_t p = described.find("\nUsage: "); p != std::string::npos;
       p = described.find("\nUsage: ", p + 1))
    ++usages;
  EXPECT_EQ(static_cast<int>(usages), lines);
}

}  // namespace
}  // namespace tavla::test
