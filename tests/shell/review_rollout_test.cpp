// SPDX-License-Identifier: GPL-3.0-or-later
// `analyse rollout move|cube' while reviewing and `analyse rollout game' (the transcripts
// gnubg_analyse_rollout_review*.cmds and gnubg_analyse_rollout_game.cmds show their output):
// the results kept in the records are saved by `save game' as gnubg 1.07 saves them, and tavla
// says what it does not do yet.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "shell_test_support.h"

namespace tavla::test {
namespace {

// The same text but for numbers (exponents included), which differ by at most `tol`.
void expect_same_but_numbers(const std::string& a, const std::string& b, double tol) {
  static const std::regex num(R"(-?[0-9]+\.[0-9]+(e[-+][0-9]+)?)");
  EXPECT_EQ(std::regex_replace(a, num, "#"), std::regex_replace(b, num, "#"));
  std::vector<double> x, y;
  for (auto it = std::sregex_iterator(a.begin(), a.end(), num); it != std::sregex_iterator(); ++it)
    x.push_back(std::stod(it->str()));
  for (auto it = std::sregex_iterator(b.begin(), b.end(), num); it != std::sregex_iterator(); ++it)
    y.push_back(std::stod(it->str()));
  ASSERT_EQ(x.size(), y.size());
  for (size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(x[i], y[i], tol) << "number " << i;
}

std::string plain_sgf(std::string t) {
  t = std::regex_replace(t, std::regex(R"(AP\[[^\]]*\])"), "AP[]");
  return normalise(t);
}

// A bearoff game (exact figures) with hints before both plays and a double and its take, then
// reviewed: plays rolled out at bob's record, the cube at the take (it reaches the double),
// and the marked plays and cube of alice's record by `analyse rollout game'. The marks are
// cleared before saving (gnubg saves them as MR[]/CR[], which tavla does not write yet).
TEST(ReviewRollout, SavedAsGnubgSavesThem) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("review_rollout_sgf");
  const std::string play =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set seed 3\n"
      "set rollout trials 36\n"
      "set rollout seed 1\n"
      "set rollout cubedecision plies 0\n"
      "new match 5\n"
      "set board simple 0 0 2 2 2 3 3 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -2 -2 -2 -2 0\n"
      "set turn bob\n"
      "set turn alice\n"
      "set dice 5 2\n"
      "hint 3\n"
      "move 5/off 2/off\n"
      "double\n"
      "take\n"
      "set dice 6 3\n"
      "hint\n"
      "move 6/off 3/off\n"
      "previous\n"
      "analyse rollout move 2 3\n"
      "previous\n"
      "analyse rollout cube\n"
      "previous\n"
      "previous\n"
      "cmark move set rollout 1 3\n"
      "cmark cube set rollout\n"
      "analyse rollout game\n"
      "cmark match clear\n";
  write_text(dir + "/tavla.cmds", play + "save game tavla.sgf\n");
  write_text(dir + "/gnubg.cmds", play + "save game gnubg.sgf\n");
  const std::string tavla_out = run_tavla_script(dir + "/tavla.cmds", dir);
  const std::string gnubg_out = run_gnubg_script(dir + "/gnubg.cmds", dir);
  EXPECT_EQ(normalise(tavla_out), normalise(gnubg_out));
  const std::string tavla_sgf = read_text(dir + "/tavla.sgf");
  const std::string gnubg_sgf = read_text(dir + "/gnubg.sgf");
  // Rollouts at both plays and at the double and its take.
  ASSERT_NE(gnubg_sgf.find(";B[double]DA[X ver 3 Eq Trials 36"), std::string::npos) << gnubg_sgf;
  ASSERT_NE(gnubg_sgf.find(";W[take]DA[X ver 3 Eq Trials 36"), std::string::npos) << gnubg_sgf;
  ASSERT_NE(gnubg_sgf.find(";B[63szvz]A[2][szsv X ver 3 Score"), std::string::npos) << gnubg_sgf;
  ASSERT_NE(gnubg_sgf.find("[ezca X ver 3 Score"), std::string::npos) << gnubg_sgf;
  expect_same_but_numbers(plain_sgf(tavla_sgf), plain_sgf(gnubg_sgf), 2e-6);
}

// The plays of a game analysed with `analyse game' live in that analysis, which tavla does not
// roll out into yet: it says so instead of rolling out.
TEST(ReviewRollout, AnalysedGameRefusedYet) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("review_rollout_analysed");
  write_text(dir + "/tavla.cmds",
             "set defaultnames alice bob\n"
             "set player both human\n"
             "set rollout trials 36\n"
             "new match 5\n"
             "set board simple 0 0 2 2 2 3 3 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -2 -2 -2 -2 0\n"
             "set turn bob\n"
             "set turn alice\n"
             "set dice 5 2\n"
             "move 5/off 2/off\n"
             "analyse game\n"
             "previous\n"
             "analyse rollout move 1 2\n"
             "analyse rollout cube\n");
  const std::string out = run_tavla_script(dir + "/tavla.cmds", dir);
  EXPECT_NE(out.find("tavla cannot roll out the plays of a game analysed with `analyse' yet"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find("tavla cannot roll out the cube decisions of a game analysed with `analyse' yet"),
      std::string::npos)
      << out;
  EXPECT_EQ(out.find("Rollout done"), std::string::npos) << out;
}

}  // namespace
}  // namespace tavla::test
