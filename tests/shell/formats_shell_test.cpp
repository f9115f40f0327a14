// SPDX-License-Identifier: GPL-3.0-or-later
// `export match|game html` (tavla's own HTML match report, tools/text/match_report_html.h),
// `import pos` of damaged files beyond the golden transcript gnubg_import_pos, and the
// nackgammon setting in saved settings: the page is written, well formed and holds the shell's
// analysis; files tavla refuses are refused with gnubg's closing message and tavla's reason
// (field and byte), the match in memory kept.
#include <gtest/gtest.h>

#include <string>

#include "markup_check.h"
#include "shell_test_support.h"

namespace tavla::test {
namespace {

using testing::count_occurrences;
using testing::well_formed_markup;

std::string fixture(const std::string& path) {
  return shell_fixtures() + "/../" + path;
}

TEST(FormatsShell, ExportMatchHtmlOfAnAnalysedMatch) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("html_analysed");
  // A two-game match between humans (no analysis in the file): the game shown analysed first.
  write_text(dir + "/go.cmds",
             "load match " + fixture("shell/gnubg_human.sgf") +
                 "\n"
                 "set analysis chequerplay evaluation plies 0\n"
                 "set analysis cubedecision evaluation plies 0\n"
                 "analyse game\n"
                 "export match html partial.html\n"
                 "analyse match\n"
                 "export match html report.html\n"
                 "export game html game.html\n");
  const std::string out = run_tavla_script(dir + "/go.cmds", dir);
  const std::string partial = read_text(dir + "/partial.html");
  ASSERT_FALSE(partial.empty()) << out;
  EXPECT_TRUE(well_formed_markup(partial));
  EXPECT_NE(partial.find("2 games, 1 of them analysed by tavla.</p>"), std::string::npos);
  const std::string html = read_text(dir + "/report.html");
  ASSERT_FALSE(html.empty()) << out;
  EXPECT_TRUE(well_formed_markup(html));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<h1>alice vs bob, 3-point match</h1>"), std::string::npos);
  EXPECT_NE(html.find("2 games analysed by tavla.</p>"), std::string::npos);
  EXPECT_GE(count_occurrences(html, "<svg"), 2);  // the graph and at least one board
  // The game shown (where a loaded match stops: its last game), alone.
  const std::string game = read_text(dir + "/game.html");
  ASSERT_FALSE(game.empty()) << out;
  EXPECT_TRUE(well_formed_markup(game));
  EXPECT_NE(game.find("1 game analysed by tavla.</p>"), std::string::npos);
}

TEST(FormatsShell, ExportMatchHtmlNotAnalysedAndErrors) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("html_plain");
  write_text(dir + "/go.cmds",
             "export match html early.html\n"
             "export game html early.html\n"
             "load match " + fixture("shell/gnubg_human.sgf") +
                 "\n"
                 "export match html\n"
                 "export game html\n"
                 "export match html plain.html\n"
                 "export match html " + dir + "/no/such/dir/x.html\n"
                 "export match html -\n");
  const std::string out = run_tavla_script(dir + "/go.cmds", dir);
  EXPECT_EQ(count_occurrences(out, "No game in progress (type `new game' to start one).\n"), 2)
      << out;
  EXPECT_NE(out.find("You must specify a file to export to (see `help export match html').\n"),
            std::string::npos);
  EXPECT_NE(out.find("You must specify a file to export to (see `help export game html').\n"),
            std::string::npos);
  EXPECT_NE(out.find(dir + "/no/such/dir/x.html: No such file or directory"), std::string::npos)
      << out;
  const std::string html = read_text(dir + "/plain.html");
  ASSERT_FALSE(html.empty()) << out;
  EXPECT_TRUE(well_formed_markup(html));
  EXPECT_NE(html.find(", 0 of them analysed by tavla.</p>"), std::string::npos);
  EXPECT_NE(html.find("No decision lost equity."), std::string::npos);
  EXPECT_NE(out.find("<!DOCTYPE html>"), std::string::npos);  // "-": the output
}

TEST(FormatsShell, ImportPosRefusesDamagedFiles) {
  const std::string dir = temp_dir("pos_damaged");
  std::string b = read_text(fixture("pos/money.pos"));
  ASSERT_GT(b.size(), 100u);
  write_text(dir + "/short.pos", b.substr(0, 100));
  b[12] = 3;  // cube value 3
  write_text(dir + "/cube.pos", b);
  write_text(dir + "/go.cmds",
             "import pos " + fixture("pos/rolled.pos") +
                 "\n"
                 "import pos short.pos\n"
                 "import pos cube.pos\n"
                 "show score\n");
  const std::string out = run_tavla_script(dir + "/go.cmds", dir);
  EXPECT_NE(out.find("Error reading Jellyfish file: short.pos: byte "), std::string::npos) << out;
  EXPECT_NE(out.find("Error reading Jellyfish file: cube.pos: byte 12 (cube value): 3 is not a "
                     "power of 2 from 1 to 4096\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(count_occurrences(out, "This file is not a valid Jellyfish .pos file!\n\n"), 2);
  // The position read first is still there.
  EXPECT_NE(out.find("The score (after 0 games) is: Jellyfish 0, bob 0 (match to 5 points)"),
            std::string::npos)
      << out;
}

// `save settings` keeps `set variation nackgammon`, and reading the file back restores it.
TEST(FormatsShell, NackgammonSettingIsSaved) {
  const std::string dir = temp_dir("nack_settings");
  write_text(dir + "/save.cmds", "set variation nackgammon\nsave settings nack.rc\n");
  run_tavla_script(dir + "/save.cmds", dir);
  const std::string rc = read_text(dir + "/nack.rc");
  EXPECT_NE(rc.find("\nset variation nackgammon\n"), std::string::npos) << rc;
  write_text(dir + "/load.cmds", "load commands nack.rc\nshow variation\n");
  const std::string out = run_tavla_script(dir + "/load.cmds", dir);
  EXPECT_NE(out.find("Default variation is: Nackgammon\n"), std::string::npos) << out;
}

}  // namespace
}  // namespace tavla::test
