// SPDX-License-Identifier: GPL-3.0-or-later
// .mat files in the shell beyond the golden transcript gnubg_mat: `load match` takes them too (by
// extension or content; gnubg's wants `import mat`), `export match mat FILE` writes the file that
// `import mat` reads back to the same match, and a file that contradicts the rules is refused
// without touching the match in memory.
#include <gtest/gtest.h>

#include <string>

#include "engine/mat_file.h"
#include "shell_test_support.h"

namespace tavla::test {
namespace {

std::string mat_fixture(const std::string& name) {
  return shell_fixtures() + "/../mat/" + name;
}

TEST(MatShell, LoadMatchTakesMatFiles) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("mat_load");
  write_text(dir + "/m5.txt", read_text(mat_fixture("match5.mat")));  // no .mat extension
  write_text(dir + "/m5.mat", read_text(mat_fixture("match5.mat")));
  const std::string look = "show score\nshow board\nshow turn\n";
  write_text(dir + "/import.cmds", "import mat m5.mat\n" + look);
  write_text(dir + "/load.cmds", "load match m5.mat\n" + look);
  write_text(dir + "/sniff.cmds", "load match m5.txt\n" + look);
  const std::string imported = run_tavla_script(dir + "/import.cmds", dir);
  EXPECT_NE(imported.find("Jean-Luc Picard"), std::string::npos) << imported;
  EXPECT_NE(imported.find("The score (after 7 games) is: Jean-Luc Picard 3, Kathryn Janeway 7"),
            std::string::npos)
      << imported;
  EXPECT_EQ(run_tavla_script(dir + "/load.cmds", dir), imported);
  EXPECT_EQ(run_tavla_script(dir + "/sniff.cmds", dir), imported);
}

TEST(MatShell, ExportThenImport) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("mat_export");
  write_text(dir + "/play.cmds",
             "set defaultnames alice bob\n"
             "set player both chequerplay evaluation plies 0\n"
             "set player both cubedecision evaluation plies 0\n"
             "set player 1 gnubg\n"
             "set seed 11\n"
             "new match 5\n"
             "export match mat played.mat\n"
             "save match played.sgf\n"
             "import mat played.mat\n"
             "export match mat again.mat\n"
             "save match again.sgf\n");
  run_tavla_script(dir + "/play.cmds", dir);
  const std::string played = read_text(dir + "/played.mat");
  ASSERT_NE(played.find(" 5 point match"), std::string::npos) << played;
  EXPECT_EQ(read_text(dir + "/again.mat"), played);
  EXPECT_EQ(read_text(dir + "/again.sgf"), read_text(dir + "/played.sgf"));
  auto m = engine::read_mat(played, "played.mat");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(engine::write_mat(*m), played);
}

TEST(MatShell, ContradictionsAreRefused) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("mat_refused");
  std::string bad = read_text(mat_fixture("match3.mat"));
  const size_t at = bad.find("42: 13/9 13/11 ");
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, 15, "42: 13/8 13/11 ");
  write_text(dir + "/bad.mat", bad);
  write_text(dir + "/try.cmds", "import mat " + mat_fixture("match1.mat") +
                                    "\nimport mat bad.mat\nload match bad.mat\nshow score\n");
  const std::string out = run_tavla_script(dir + "/try.cmds", dir);
  const std::string why =
      "bad.mat:8: game 1, move 2: alice's play 13/8 13/11 of 42 is not a legal play\n";
  const size_t first = out.find(why);
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_NE(out.find(why, first + 1), std::string::npos) << out;  // load match too
  // The match read before is still there.
  EXPECT_NE(out.find("The score (after 1 game) is: alice 1, bob 0 (match to 1 point"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace tavla::test
