// SPDX-License-Identifier: GPL-3.0-or-later
// The shell's `set rollout ...' drives its `rollout': the numbers are those of `tavla rollout'
// with the same options (trials, seed, truncation, cubeless, variance reduction, dice, plies).
// `save settings' writes a file that a new shell reads at start-up (and `load commands' reads),
// and gnubg 1.07 reads it too, to the same `show rollout'.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "shell_test_support.h"

namespace tavla::test {
namespace {

constexpr const char* kPosition = "4HPwATDgc/ABMA:cIkFAAAAAAAA";

// The numbers of every "mean": [...] in `tavla rollout --json' output, one array per candidate.
std::vector<std::vector<double>> json_means(const std::string& json) {
  std::vector<std::vector<double>> all;
  for (size_t p = json.find("\"mean\""); p != std::string::npos; p = json.find("\"mean\"", p + 1)) {
    std::vector<double> v;
    const size_t open = json.find('[', p);
    const size_t end = json.find(']', open);
    if (open == std::string::npos || end == std::string::npos) break;
    const char* s = json.c_str() + open + 1;
    while (s < json.c_str() + end) {
      char* next = nullptr;
      const double d = std::strtod(s, &next);
      if (next == s) break;
      v.push_back(d);
      s = next;
      while (*s == ',' || *s == ' ') ++s;
    }
    all.push_back(v);
  }
  return all;
}

// The shell's result line for `rollout' (gnubg's OutputRolloutResult) up to the cubeless equity.
std::string result_prefix(const std::vector<double>& m) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "  %5.3f %5.3f %5.3f - %5.3f %5.3f %5.3f CL %+6.3f",
                static_cast<float>(m[0]), static_cast<float>(m[1]), static_cast<float>(m[2]),
                1.0f - static_cast<float>(m[0]), static_cast<float>(m[3]), static_cast<float>(m[4]),
                static_cast<float>(m[5]));
  return buf;
}

struct Case {
  std::string shell_settings;  // `set rollout ...' lines
  std::string options;         // the same for `tavla rollout'
  bool cubeful;
};

TEST(RolloutSettings, ShellRolloutIsTavlaRolloutWithTheSameOptions) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("rollout_settings");
  const std::vector<Case> cases = {
      {"set rollout trials 36\nset rollout seed 11\nset rollout truncation enable on\n"
       "set rollout truncation plies 5\nset rollout cubeful off\nset rollout varredn off\n"
       "set rollout quasirandom off\nset rollout chequerplay plies 1\n",
       "--trials 36 --seed 11 --truncate 5 --cubeless --no-variance-reduction --random-dice "
       "--plies 1",
       false},
      {"set rollout trials 36\nset rollout seed 3\nset rollout truncation enable on\n"
       "set rollout truncation plies 4\nset rollout cubedecision plies 0\n",
       "--trials 36 --seed 3 --truncate 4 --cube-plies 0", true},
  };
  std::string previous;
  for (const Case& c : cases) {
    // The position has dice (31): the five best plays are rolled out, as by `tavla rollout'.
    write_text(dir + "/cmds", "set player both human\n" + c.shell_settings +
                                  "new session\nset gnubgid " + kPosition + "\nrollout\n");
    const std::string shell = run(tavla_binary() + " -r -q -c cmds", dir);
    const std::string json =
        run(tavla_binary() + " rollout " + kPosition + " " + c.options + " --json", dir);
    const std::vector<std::vector<double>> means = json_means(json);
    ASSERT_EQ(means.size(), 5u) << json;
    for (const std::vector<double>& m : means) {
      ASSERT_EQ(m.size(), 7u) << json;
      const std::string expected = result_prefix(m);
      EXPECT_NE(shell.find(":\n" + expected), std::string::npos)
          << "expected " << expected << " in\n"
          << shell;
      if (c.cubeful) {
        char cf[32];
        std::snprintf(cf, sizeof cf, " CF %+6.3f\n", static_cast<float>(m[6]));
        EXPECT_NE(shell.find(expected + cf), std::string::npos) << shell;
      }
    }
    const std::string first = result_prefix(means[0]);
    EXPECT_NE(previous, first) << "two settings gave the same numbers";
    previous = first;
  }
}

// Runs the shell with XDG_CONFIG_HOME=config on `commands'.
std::string run_shell(const std::string& dir, const std::string& config,
                      const std::string& commands, const std::string& flags = "") {
  write_text(dir + "/cmds", commands);
  return run("XDG_CONFIG_HOME=" + config + " " + tavla_binary() + " " + flags + " -c cmds", dir);
}

TEST(RolloutSettings, SavedSettingsAreReadAtStartUp) {
  TAVLA_REQUIRE_WEIGHTS();
  namespace fs = std::filesystem;
  const std::string dir = temp_dir("saved_settings");
  const std::string config = dir + "/config";
  fs::remove_all(config);
  const std::string show = "show rollout\nshow evaluation\nshow met 2\nshow player\n";
  const std::string defaults = run_shell(dir, config, "set rollout seed 4\n" + show);

  const std::string changes =
      "set rollout trials 99\nset rollout truncation enable on\nset rollout truncation plies 3\n"
      "set rollout varredn off\nset rollout player 1 chequerplay plies 1\n"
      "set rollout later enable on\nset rollout later plies 2\n"
      "set rollout limit enable on\nset rollout player 0 movefilter 2 0 3 4 0.1\n"
      "set evaluation chequerplay evaluation plies 1\nset met /usr/share/gnubg/met/zadeh.xml\n"
      "set player 1 gnubg\nset player 1 cubedecision evaluation plies 1\n"
      "set evaluation movefilter 1 0 2 0 0\nset player 1 movefilter 2 1 3 1 0.05\n";
  const std::string saved = run_shell(dir, config, changes + "save settings\n");
  const std::string file = config + "/tavla/tavlarc";
  EXPECT_NE(saved.find("Settings saved to " + file + "."), std::string::npos) << saved;
  ASSERT_TRUE(fs::exists(file));
  const std::string text = read_text(file);
  EXPECT_NE(text.find("set rollout trials 99\n"), std::string::npos) << text;
  EXPECT_NE(text.find("set rollout player 1 chequerplay plies 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("set rollout player 0 movefilter 2  0  3 4 0.1\n"), std::string::npos);
  EXPECT_NE(text.find("set matchequitytable \"/usr/share/gnubg/met/zadeh.xml\"\n"),
            std::string::npos);
  // `eval' and `hint''s filters, and the computer player's (as gnubg's SaveEvaluationSettings
  // and SavePlayerSettings write them).
  EXPECT_NE(text.find("set eval sameasanalysis off\n"), std::string::npos) << text;
  EXPECT_NE(text.find("set evaluation movefilter 1  0  2 0 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("set player 1 movefilter 2  1  3 1 0.05\n"), std::string::npos) << text;

  // A new shell starts with them, quietly; set directly, the same settings show the same.
  const std::string restored = run_shell(dir, config, "set rollout seed 4\n" + show);
  const std::string direct = run_shell(dir, config, changes + "set rollout seed 4\n" + show, "-r");
  const std::string marker = "`rollout' will use:";
  ASSERT_NE(restored.find(marker), std::string::npos) << restored;
  EXPECT_EQ(restored.substr(restored.find(marker)), direct.substr(direct.find(marker)));
  EXPECT_NE(restored.substr(restored.find(marker)), defaults.substr(defaults.find(marker)));
  EXPECT_NE(restored.find("99 games will be played per rollout."), std::string::npos);
  EXPECT_NE(restored.find("Match equity table: N. Zadeh"), std::string::npos) << restored;
  // Nothing of the file's commands is printed at start-up.
  EXPECT_EQ(restored.find("will now use"), std::string::npos) << restored;

  // -r: the file is not read, and `save settings' without a file name does not replace it.
  const std::string no_rc = run_shell(dir, config, "set rollout seed 4\n" + show, "-r");
  EXPECT_EQ(no_rc.substr(no_rc.find(marker)), defaults.substr(defaults.find(marker)));
  const std::string refused = run_shell(dir, config, "save settings\n", "-r");
  EXPECT_NE(refused.find("Settings not saved"), std::string::npos) << refused;
  EXPECT_EQ(read_text(file), text);

  // `load commands FILE' reads a saved file as well.
  const std::string loaded =
      run_shell(dir, config, "load commands " + file + "\nset rollout seed 4\n" + show, "-r");
  EXPECT_EQ(loaded.substr(loaded.find(marker)), direct.substr(direct.find(marker)));

  // A file that cannot be read is reported at start-up, and the shell goes on.
  fs::remove(file);
  fs::create_directories(file);  // a directory where the file should be
  const std::string unreadable = run_shell(dir, config, "show rollout\n");
  EXPECT_NE(unreadable.find(marker), std::string::npos) << unreadable;
  EXPECT_NE(unreadable.find("tavla: " + file + ": not a file"), std::string::npos) << unreadable;
  fs::remove_all(config);
}

// `set output ...', `set automatic bearoff|move' and `set confirm default' are saved as gnubg's
// SaveMiscSettings and SaveAutoSettings write them, and a new shell starts with them.
TEST(RolloutSettings, OutputAutomaticAndConfirmSettingsAreSaved) {
  TAVLA_REQUIRE_WEIGHTS();
  namespace fs = std::filesystem;
  const std::string dir = temp_dir("saved_output_settings");
  const std::string config = dir + "/config";
  fs::remove_all(config);
  const std::string show = "show output\nshow automatic\nshow confirm\n";
  const std::string changes =
      "set output digits 5\nset output mwc on\nset output matchpc off\nset output winpc on\n"
      "set output rawboard on\nset output errorratefactor 100\nset automatic bearoff on\n"
      "set automatic move on\nset confirm default no\n";
  run_shell(dir, config, changes + "save settings\n");
  const std::string text = read_text(config + "/tavla/tavlarc");
  for (const char* line :
       {"set output matchpc off\n", "set output mwc on\n", "set output rawboard on\n",
        "set output winpc on\n", "set output digits 5\n",
        "set output errorratefactor 100.000000\n", "set automatic bearoff on\n",
        "set automatic move on\n", "set confirm default no\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << text;
  const std::string restored = run_shell(dir, config, show);
  const std::string direct = run_shell(dir, config, changes + show, "-r");
  const std::string marker = "Match winning chances will be shown as probabilities.";
  ASSERT_NE(restored.find(marker), std::string::npos) << restored;
  ASSERT_NE(direct.find(marker), std::string::npos) << direct;
  EXPECT_EQ(restored.substr(restored.find(marker)), direct.substr(direct.rfind(marker)));
  EXPECT_NE(restored.find("GNU Backgammon will answer no to questions."), std::string::npos);
  fs::remove_all(config);
}

// gnubg reads tavla's settings file (its commands are gnubg's) to the same `show rollout'.
TEST(RolloutSettings, GnubgReadsTheSavedFile) {
  TAVLA_REQUIRE_WEIGHTS();
  TAVLA_REQUIRE_GNUBG();
  const std::string dir = temp_dir("saved_settings_gnubg");
  const std::string settings =
      "set rollout trials 77\nset rollout truncation enable on\nset rollout truncation plies 6\n"
      "set rollout cubeful off\nset rollout player 0 cubedecision plies 1\n"
      "set rollout later enable on\nset rollout later plies 3\n"
      "set rollout later player 1 chequerplay noise 0.05\n"
      "set rollout player 1 movefilter 1 0 -1\nset rollout limit enable on\n"
      "set rollout limit maxerror 0.03\nset rollout seed 8\n";
  write_text(dir + "/cmds", settings + "save settings saved.rc\n");
  run(tavla_binary() + " -r -q -c cmds", dir);
  ASSERT_FALSE(read_text(dir + "/saved.rc").empty());
  write_text(dir + "/show.cmds", "load commands saved.rc\nset rollout seed 8\nshow rollout\n");
  const std::string gnubg = run_gnubg_script(dir + "/show.cmds", dir);
  const std::string tavla = run_tavla_script(dir + "/show.cmds", dir);
  const std::string marker = "`rollout' will use:";
  ASSERT_NE(gnubg.find(marker), std::string::npos) << gnubg;
  ASSERT_NE(tavla.find(marker), std::string::npos) << tavla;
  EXPECT_EQ(tavla.substr(tavla.find(marker)), gnubg.substr(gnubg.find(marker)));
}

}  // namespace
}  // namespace tavla::test
