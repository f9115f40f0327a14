// SPDX-License-Identifier: GPL-3.0-or-later
// `show engine' in gnubg's layout (the same text as gnubg 1.07's with gnubg's weights, but for the
// files tavla names), `load weights FILE' (a tavla extension: a bad file is refused and the nets
// in use stay; a good one changes the evaluations), and the settings of tutor mode and of the
// settings kept for gnubg's tty that `save settings' writes: gnubg 1.07 and tavla read the file
// back to the same `show' answers.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "eval/weights.h"
#include "shell_test_support.h"

namespace tavla::test {
namespace {

constexpr const char* kFilesLine = " * Weights file and databases installed in:\n";

// The lines of `out` from the one starting with `from`, up to (without) the one starting with
// `to` ("" when `from` is missing).
std::string between(const std::string& out, const std::string& from, const std::string& to) {
  const size_t b = out.find(from);
  if (b == std::string::npos) return "";
  const size_t e = out.find(to, b);
  return out.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

TEST(EngineInfo, ShowEngineIsGnubgsLayoutWithTavlasFiles) {
  TAVLA_REQUIRE_WEIGHTS();
  TAVLA_REQUIRE_GNUBG();
  const std::string dir = temp_dir("show_engine");
  write_text(dir + "/cmds", "show engine\n");
  const std::string tavla = run_tavla_script(dir + "/cmds", dir);
  const std::string gnubg = run_gnubg_script(dir + "/cmds", dir);
  const std::string nets = " * Contact neural network evaluator:";
  ASSERT_NE(gnubg.find(nets), std::string::npos) << gnubg;
  // Nets and databases: gnubg's words and figures (the tests run with gnubg's weights).
  EXPECT_EQ(between(tavla, nets, kFilesLine), between(gnubg, nets, kFilesLine)) << tavla;
  // Then the files in use instead of gnubg's data directory: the weights first.
  const std::string files = tavla.substr(tavla.find(kFilesLine) + std::string(kFilesLine).size());
  EXPECT_EQ(files.rfind("   - " + std::string(std::getenv("TAVLA_WEIGHTS")) + "\n", 0), 0u)
      << files;
  EXPECT_NE(files.find("gnubg_os0.bd\n"), std::string::npos) << files;
  EXPECT_NE(files.find("gnubg_ts0.bd\n"), std::string::npos) << files;
}

TEST(EngineInfo, LoadWeightsRefusesBadFilesAndKeepsTheNets) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("load_weights");
  write_text(dir + "/bad.wd", "not weights\n");
  // A valid file whose nets differ from gnubg's: one output bias of the contact net moved.
  auto read = eval::read_weights(std::getenv("TAVLA_WEIGHTS"));
  ASSERT_TRUE(read) << read.error();
  eval::Weights w = read.value();
  w.nets[static_cast<int>(eval::NetId::kContact)].output_bias[0] += 0.5f;
  ASSERT_FALSE(eval::write_weights_binary(w, dir + "/changed.wd").has_value());
  const std::string eval = "set player both human\nset seed 3\nnew session\neval\n";
  write_text(dir + "/cmds", eval + "load weights\nload weights bad.wd\nload weights missing.wd\n" +
                                "eval\nload weights changed.wd\neval\nshow engine\n");
  const std::string out = run("'" + tavla_binary() + "' -r < cmds 2>&1", dir);
  EXPECT_NE(out.find("You must specify a file to load the weights from.\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("bad.wd: not a gnubg weights file"), std::string::npos) << out;
  EXPECT_NE(out.find("missing.wd: cannot open the file (the weights in use are kept)\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Neural net weights (version 1.00) read from changed.wd.\n"),
            std::string::npos)
      << out;
  // The three `eval' answers: the first two alike (the bad files changed nothing), the third not.
  std::vector<std::string> statics;
  for (size_t p = out.find("static:"); p != std::string::npos; p = out.find("static:", p + 1))
    statics.push_back(out.substr(p, out.find('\n', p) - p));
  ASSERT_EQ(statics.size(), 3u) << out;
  EXPECT_EQ(statics[0], statics[1]);
  EXPECT_NE(statics[1], statics[2]);
  EXPECT_NE(out.find(std::string(kFilesLine) + "   - changed.wd\n"), std::string::npos) << out;
}

// gnubg reads the settings tavla saves for tutor mode and the tty's kept settings, and shows the
// same as tavla reading them back.
TEST(EngineInfo, SavedTutorAndKeptSettingsReadBackAsGnubgReadsThem) {
  TAVLA_REQUIRE_WEIGHTS();
  TAVLA_REQUIRE_GNUBG();
  const std::string dir = temp_dir("saved_tutor_settings");
  write_text(dir + "/save.cmds",
             "set tutor mode on\nset tutor cube off\nset tutor skill verybad\nset clockwise on\n"
             "set gotofirstgame on\nset autosave time 7\nset autosave rollout on\n"
             "set autosave confirm off\nset sgf folder /tmp\nset cheat enable on\n"
             "set cheat player 1 roll 7\nset invert met on\nsave settings saved.rc\n");
  run_tavla_script(dir + "/save.cmds", dir);
  const std::string rc = read_text(dir + "/saved.rc");
  ASSERT_FALSE(rc.empty());
  for (const char* line :
       {"\nset tutor mode on\n", "\nset tutor cube off\n", "\nset tutor chequer on\n",
        "\nset tutor skill very bad\n", "\nset clockwise on\n", "\nset gotofirstgame on\n",
        "\nset autosave time 7\n", "\nset autosave rollout on\n", "\nset autosave analysis off\n",
        "\nset autosave confirm off\n", "\nset sgf folder \"/tmp\"\n", "\nset cheat enable on\n",
        "\nset cheat player 0 roll 1\n", "\nset cheat player 1 roll 7\n",
        "\nset invert matchequitytable on\n"})
    EXPECT_NE(rc.find(line), std::string::npos) << line << rc;
  const std::string shows = "show tutor\nshow clockwise\nshow autosave\nshow cheat\n";
  write_text(dir + "/show.cmds", "load commands saved.rc\n" + shows);
  write_text(dir + "/defaults.cmds", shows);
  const std::string gnubg = run_gnubg_script(dir + "/show.cmds", dir);
  const std::string tavla = run_tavla_script(dir + "/show.cmds", dir);
  const std::string first = "Warnings are given for 'very bad' chequer moves.\n";
  ASSERT_NE(gnubg.find(first), std::string::npos) << gnubg;
  EXPECT_EQ(tavla.substr(tavla.find(first)), gnubg.substr(gnubg.find(first)));
  // Not the defaults.
  EXPECT_EQ(run_tavla_script(dir + "/defaults.cmds", dir).find(first), std::string::npos);
}

// Settings saved by tavla and read back by gnubg and by tavla: `settings' (after the player
// `names') end in `save settings saved.rc' in a fresh directory `name'; then both programs load
// the file and run `show'. The saved file and both outputs, for the callers' assertions.
struct ReadBack {
  std::string rc, gnubg, tavla;
};

ReadBack save_and_read_back(const std::string& name, const std::string& names,
                            const std::string& settings, const std::string& show) {
  const std::string dir = temp_dir(name);
  write_text(dir + "/save.cmds", names + settings + "save settings saved.rc\n");
  run_tavla_script(dir + "/save.cmds", dir);
  ReadBack r;
  r.rc = read_text(dir + "/saved.rc");
  write_text(dir + "/show.cmds", names + "load commands saved.rc\n" + show);
  r.gnubg = run_gnubg_script(dir + "/show.cmds", dir);
  r.tavla = run_tavla_script(dir + "/show.cmds", dir);
  return r;
}

// The text from `first' on (empty when absent).
std::string from(const std::string& text, const std::string& first) {
  const size_t p = text.find(first);
  return p == std::string::npos ? std::string() : text.substr(p);
}

// gnubg reads the export settings tavla saves (gnubg's lines, "set export move number" and the
// quoted html type included) and shows what tavla shows reading them back.
TEST(EngineInfo, SavedExportSettingsReadBackAsGnubgReadsThem) {
  TAVLA_REQUIRE_WEIGHTS();
  TAVLA_REQUIRE_GNUBG();
  const ReadBack r = save_and_read_back(
      "saved_export_settings", "set player 0 name alice\nset player 1 name bob\n",
      "set export include statistics off\nset export show board 4\n"
      "set export show player 1\nset export moves number 9\n"
      "set export moves parameters evaluation on\nset export moves display bad off\n"
      "set export cube probabilities off\nset export cube display close off\n"
      "set export html type bbs\nset export html css inline\n"
      "set export html pictureurl pics/\nset export png size 6\n"
      "set export html size 2\n",
      "show export\n");
  for (const char* line :
       {"\nset export include statistics no\n", "\nset export show board 4\n",
        "\nset export show player 1\n", "\nset export move number 9\n",
        "\nset export html type \"bbs\"\n", "\nset export html css inline\n",
        "\nset export html pictureurl \"pics/\"\n", "\nset export png size 6\n"})
    EXPECT_NE(r.rc.find(line), std::string::npos) << line << r.rc;
  const std::string first = "\nExport settings: \n";
  ASSERT_NE(r.gnubg.find(first), std::string::npos) << r.gnubg;
  ASSERT_NE(r.gnubg.find("- players\r\t\t\t\t\t\t: bob\n"), std::string::npos) << r.gnubg;
  EXPECT_EQ(from(r.tavla, first), from(r.gnubg, first));
}

// The evaluation setups' types and rollout settings tavla saves (gnubg's "... type rollout" and
// "... rollout ..." lines) read back in gnubg as in tavla.
TEST(EngineInfo, SavedEvalSetupRolloutsReadBackAsGnubgReadsThem) {
  TAVLA_REQUIRE_WEIGHTS();
  TAVLA_REQUIRE_GNUBG();
  const ReadBack r =
      save_and_read_back("saved_evalsetup_rollouts",
                         "set player 0 name alice\nset player 1 name bob\nset player 1 gnubg\n",
                         "set analysis chequerplay type rollout\n"
                         "set analysis chequerplay rollout trials 72\n"
                         "set analysis chequerplay rollout player 1 chequerplay plies 1\n"
                         "set analysis cubedecision evaluation plies 1\n"
                         "set evaluation cubedecision type rollout\n"
                         "set evaluation cubedecision rollout later enable on\n"
                         "set player 1 chequerplay type rollout\n"
                         "set player 1 chequerplay rollout truncation plies 4\n",
                         "show analysis\nshow evaluation\nshow player\n");
  for (const char* line :
       {"\nset analysis chequerplay type rollout\n", "\nset analysis chequerplay rollout trials 72\n",
        "\nset analysis cubedecision type evaluation\n",
        "\nset evaluation cubedecision type rollout\n",
        "\nset player 1 chequerplay rollout truncation plies 4\n"})
    EXPECT_NE(r.rc.find(line), std::string::npos) << line << r.rc;
  const std::string first = "Analysis will be performed with";
  ASSERT_NE(r.gnubg.find(first), std::string::npos) << r.gnubg;
  ASSERT_NE(r.gnubg.find("72 games will be played per rollout."), std::string::npos) << r.gnubg;
  EXPECT_EQ(from(r.tavla, first), from(r.gnubg, first));
}

}  // namespace
}  // namespace tavla::test
