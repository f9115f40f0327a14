// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's tutor mode: `set tutor mode|cube|chequer|skill ...' (set.c), `show tutor' (show.c) and
// its warnings (gnubg.c: GiveAdvice, GetAdviceAnswer; play.c: tutor_double, tutor_take and the
// tutor's call of hint_move in CommandMove). The judgments themselves are in shell_play.cpp,
// next to `hint', whose analysis they are.
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

void Shell::cmd_set_tutor_mode(std::string& args) {
  toggle("tutor-mode", tutor_.mode, args, "Warn about possibly bad play.",
         "No warnings for possibly bad play.");
}

void Shell::cmd_set_tutor_cube(std::string& args) {
  toggle("tutor-cube", tutor_.cube, args, "Include advice on cube decisions in tutor mode.",
         "Exclude advice on cube decisions from tutor mode.");
}

void Shell::cmd_set_tutor_chequer(std::string& args) {
  toggle("tutor-chequer", tutor_.chequer, args, "Include advice on chequer play in tutor mode.",
         "Exclude advice on chequer play from tutor mode.");
}

void Shell::cmd_set_tutor_skill_doubtful(std::string&) {
  tutor_.skill = analysis::Skill::kDoubtful;
  out("Tutor warnings will be given for play marked `doubtful'.\n");
}

void Shell::cmd_set_tutor_skill_bad(std::string&) {
  tutor_.skill = analysis::Skill::kBad;
  out("Tutor warnings will be given for play marked `bad'.\n");
}

void Shell::cmd_set_tutor_skill_verybad(std::string&) {
  tutor_.skill = analysis::Skill::kVeryBad;
  out("Tutor warnings will be given for play marked `very bad'.\n");
}

void Shell::cmd_show_tutor(std::string&) {
  const char* level = tutor_.skill == analysis::Skill::kVeryBad ? "'very bad'"
                      : tutor_.skill == analysis::Skill::kBad   ? "'bad' or worse"
                                                                : "'doubtful' or worse";
  if (tutor_.mode && tutor_.chequer)
    outf("Warnings are given for %s chequer moves.\n", level);
  else
    out("No warnings are given for chequer moves.\n");
  if (tutor_.mode && tutor_.cube)
    outf("Warnings are given for %s cube decisions.\n", level);
  else
    out("No warnings are given for cube decisions.\n");
}

bool Shell::give_advice(analysis::Skill skill) {
  const char* warning = nullptr;
  switch (skill) {
    case analysis::Skill::kVeryBad:
      warning = "You may be about to make a very bad play";
      break;
    case analysis::Skill::kBad:
      warning = "You may be about to make a bad play";
      break;
    case analysis::Skill::kDoubtful:
      warning = "You may be about to make a doubtful play";
      break;
    default:
      return true;
  }
  // Skill runs from very bad (0) to none: a mark milder than the tutor's level passes.
  if (static_cast<int>(skill) > static_cast<int>(tutor_.skill)) return true;
  // gnubg's GetAdviceAnswer asks even when the commands come from a file or a pipe, and reads the
  // answer as the next line of input (its first character); without one the action is not made.
  const std::string question = std::string(warning) + ". Are you sure?";
  if (interrupted_) return false;
  if (!input_) return true;  // nowhere to ask (a shell without input): as confirm() does
  while (std::optional<std::string> line = input_(question)) {
    if (interrupted_) return false;
    const char c = line->empty() ? '\0' : (*line)[0];
    if (c == 'y' || c == 'Y') return true;
    if (c == 'n' || c == 'N') return false;
    out("Please answer `y' or `n'.\n");
  }
  return false;
}

bool Shell::tutor_allows_double(bool did_double) {
  if (!tutor_.mode || !tutor_.cube) return true;
  const std::optional<analysis::Skill> s = tutor_double(did_double);
  return s && give_advice(*s);
}

bool Shell::tutor_allows_take(bool did_take) {
  if (!tutor_.mode || !tutor_.cube) return true;
  const std::optional<analysis::Skill> s = tutor_take(did_take);
  return s && give_advice(*s);
}

bool Shell::tutor_allows_move(const engine::Board& after) {
  if (!tutor_.mode || !tutor_.chequer) return true;
  const std::optional<analysis::Skill> s = tutor_move(after);
  return s && give_advice(*s);
}

}  // namespace tavla::shell
