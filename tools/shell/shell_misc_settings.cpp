// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's settings that a tty user sets and shows and that change little or nothing in a terminal
// (set.c and show.c): `set delay' / `show delay', `set calibration' / `show calibration',
// `set clockwise' / `show clockwise', `set record', `set gotofirstgame', `set priority ...',
// `set autosave ...' / `show autosave', and the default folders of gnubg's file dialogs
// (`set import|export|sgf folder'). Each answers in gnubg's words; `save settings' writes those
// gnubg writes (shell_settings_file.cpp).
#include <sys/resource.h>

#include <cerrno>
#include <cstring>

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

// gnubg's tty has no move delay (its window system's board animates): it says so, and `show
// delay' shows the default it keeps, as gnubg 1.07 built with its GUI does.
void Shell::cmd_set_delay(std::string&) {
  out("The `set delay' command applies only when using a window system.\n");
}

void Shell::cmd_show_delay(std::string&) {
  out("The delay is set to 300 ms.\n");
}

// gnubg's rEvalsPerSec: the speed its GUI assumes for time estimates.
void Shell::cmd_set_calibration(std::string& args) {
  if (trim(args).empty()) {
    evals_per_second_ = -1.0f;
    out("The evaluation speed has been cleared.\n");
    return;
  }
  const std::optional<float> r = parse_real(args);
  if (!r || *r <= 2.0f) {
    out("If you give a parameter to `set calibration', it must be a legal number of evaluations "
        "per second.\n");
    return;
  }
  evals_per_second_ = *r;
  outf("The speed estimate has been set to %.0f static evaluations per second.\n",
       static_cast<double>(evals_per_second_));
}

void Shell::cmd_show_calibration(std::string&) {
  if (evals_per_second_ > 0)
    outf("Evaluation speed has been set to %.0f evaluations per second.\n",
         static_cast<double>(evals_per_second_));
  else
    out("No evaluation speed has been recorded.\n");
}

// The orientation of gnubg's graphical board; its ASCII board is always drawn the same way.
void Shell::cmd_set_clockwise(std::string& args) {
  toggle("clockwise", clockwise_, args,
         "Player 1 moves clockwise (and player 0 moves anticlockwise).",
         "Player 1 moves anticlockwise (and player 0 moves clockwise).");
}

void Shell::cmd_show_clockwise(std::string&) {
  out(clockwise_ ? "Player 1 moves clockwise (and player 0 moves anticlockwise).\n"
                 : "Player 1 moves anticlockwise (and player 0 moves clockwise).\n");
}

// gnubg's fRecord: with `off' a money session keeps only the game in play (Shell::new_game).
void Shell::cmd_set_record(std::string& args) {
  toggle("record", record_, args, "All games in a session will be recorded.",
         "Only the active game in a session will be recorded.");
}

// gnubg's fGotoFirstGame: `load match', `load game' and `import mat' then show the first game.
void Shell::cmd_set_gotofirstgame(std::string& args) {
  toggle("gotofirstgame", goto_first_game_, args,
         "Goto first game when loading matches or sessions.",
         "Goto last game when loading matches or sessions.");
}

// gnubg's SetPriority: the process's nice value (setpriority), -20 (highest) to 20.
void Shell::set_priority(int n) {
  if (setpriority(PRIO_PROCESS, 0, n) != 0) {
    errf("setpriority: %s", std::strerror(errno));
    return;
  }
  outf("Scheduling priority set to %d.\n", n);
  priority_ = n;
}

void Shell::cmd_set_priority_nice(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < -20 || *n > 20) {
    out("You must specify a priority between -20 and 20.\n");
    return;
  }
  set_priority(*n);
}

void Shell::cmd_set_priority_abovenormal(std::string&) {
  set_priority(-10);
}
void Shell::cmd_set_priority_belownormal(std::string&) {
  set_priority(10);
}
void Shell::cmd_set_priority_highest(std::string&) {
  set_priority(-19);
}
void Shell::cmd_set_priority_idle(std::string&) {
  set_priority(19);
}
void Shell::cmd_set_priority_normal(std::string&) {
  set_priority(0);
}
void Shell::cmd_set_priority_timecritical(std::string&) {
  set_priority(-20);
}

// gnubg's autosave settings: kept, shown and saved. tavla does not write autosave files.
void Shell::cmd_set_autosave_time(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < 1) {
    out("You must specify a positive autosave time in minutes\n");
    return;
  }
  autosave_.minutes = *n;
}

void Shell::cmd_set_autosave_rollout(std::string& args) {
  toggle("autosave rollout", autosave_.rollout, args, "Auto save during rollouts",
         "Don't auto save during rollouts");
}

void Shell::cmd_set_autosave_analysis(std::string& args) {
  toggle("autosave analysis", autosave_.analysis, args, "Auto save after each analysed game",
         "Don't auto save after each analysed game");
}

void Shell::cmd_set_autosave_confirm(std::string& args) {
  toggle("autosave confirm", autosave_.confirm, args, "Prompt before deleting autosaves",
         "Delete autosaves automatically");
}

void Shell::cmd_show_autosave(std::string&) {
  outf(autosave_.minutes == 1 ? "Auto save frequency every %d minute\n"
                              : "Auto save every %d minutes\n",
       autosave_.minutes);
  out(autosave_.rollout ? "Match will be autosaved during and after rollouts\n"
                        : "Match will not be autosaved during and after rollouts\n");
  out(autosave_.analysis ? "Match will be autosaved during and after analysis\n"
                         : "Match will not be autosaved during and after analysis\n");
}

// gnubg's default folders of its file dialogs (SetFolder): silently kept, and saved.
void Shell::cmd_set_import_folder(std::string& args) {
  std::optional<std::string> f = next_token(args);
  folders_.import = f ? *f : "";
}
void Shell::cmd_set_export_folder(std::string& args) {
  std::optional<std::string> f = next_token(args);
  folders_.exports = f ? *f : "";
}
void Shell::cmd_set_sgf_folder(std::string& args) {
  std::optional<std::string> f = next_token(args);
  folders_.sgf = f ? *f : "";
}

}  // namespace tavla::shell
