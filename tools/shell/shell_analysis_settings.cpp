// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's `set analysis ...` (set.c: CommandSetAnalysis*, SetMoveFilter, the thresholds) and
// `show analysis` (show.c: CommandShowAnalysis): what `analyse move|game|match|session` evaluate
// with (chequer play, cube decisions, luck), which decisions and players they analyse, and the
// thresholds of the skill and luck marks. Same words and layout as gnubg.
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/analysis_text.h"

namespace tavla::shell {

namespace {

const CommandEntry* set_table(const char* name) {
  const CommandEntry* set = find_command(top_commands(), "set")->sub;
  return find_command(set, name)->sub;
}

// gnubg's acSetEvalParam (type, evaluation, rollout) and acSetEvaluation (plies, cubeful, ...).
const CommandEntry* eval_param_table() {
  return find_command(set_table("evaluation"), "chequerplay")->sub;
}
const CommandEntry* evaluation_table() {
  return find_command(eval_param_table(), "evaluation")->sub;
}

}  // namespace

analysis::MatchAnalysisSettings Shell::analysis_settings() const {
  analysis::MatchAnalysisSettings s = analysis_;
  s.chequer.context = analysis_eval_.chequer.context;
  s.cube.context = analysis_eval_.cube;
  s.luck = luck_eval_.cube;
  return s;
}

void Shell::cmd_set_analysis_chequerplay(std::string& args) {
  set_eval_target("Analysis chequerplay", "analysis chequerplay", &analysis_eval_, true,
                  &analysis_extra_[0]);
  handle(args, eval_param_table(), false);
}

void Shell::cmd_set_analysis_cubedecision(std::string& args) {
  set_eval_target("Analysis cubedecision", "analysis cubedecision", &analysis_eval_, false,
                  &analysis_extra_[1]);
  handle(args, eval_param_table(), false);
}

void Shell::cmd_set_analysis_luckanalysis(std::string& args) {
  // gnubg's szSetCommand here is the whole command, so its hints read "help set\nset analysis".
  set_eval_target("luck analysis", "set analysis luckanalysis", &luck_eval_, false);
  handle(args, evaluation_table(), false);
}

void Shell::cmd_set_analysis_cube(std::string& args) {
  toggle("analysis cube", analysis_.analyse_cube, args, "Cube action will be analysed.",
         "Cube action will not be analysed.");
}

void Shell::cmd_set_analysis_luck(std::string& args) {
  toggle("analysis luck", analysis_.analyse_dice, args, "Dice rolls will be analysed.",
         "Dice rolls will not be analysed.");
}

void Shell::cmd_set_analysis_moves(std::string& args) {
  toggle("analysis moves", analysis_.analyse_moves, args, "Chequer play will be analysed.",
         "Chequer play will not be analysed.");
}

// gnubg's SetMoveFilter with szSetCommand "analysis": `set analysis movefilter PLY LEVEL ACCEPT
// [EXTRA TOLERANCE]` sets aamfAnalysis, the chequer play's filters of the analysis.
void Shell::cmd_set_analysis_movefilter(std::string& args) {
  set_command_ = "analysis";
  set_move_filter(args, analysis_.chequer.filters);
}

void Shell::cmd_set_analysis_player(std::string& args) {
  std::optional<std::string> w = next_token(args);
  if (!w) {
    out("You must specify a player (see `help set analysis player').\n");
    return;
  }
  const CommandEntry* table = find_command(set_table("analysis"), "player")->sub;
  const int p = parse_player(*w);
  if (hand_to_players(p, player_set_, args, table)) return;
  outf("Unknown player `%s'\n(see `help set analysis player').\n", w->c_str());
}

void Shell::cmd_set_analysis_player_analyse(std::string& args) {
  bool& flag = analysis_.players[player_set_];
  toggle("analysis player", flag, args,
         strf("Analyse %s's chequerplay and cube decisions.", name(player_set_).c_str()).c_str(),
         strf("Do not analyse %s's chequerplay and cube decisions.", name(player_set_).c_str())
             .c_str());
}

// gnubg's SetSkillThreshold: any non-negative equity.
void Shell::set_skill_threshold(analysis::Skill s, const char* command, std::string& args) {
  const std::optional<float> r = parse_real(args);
  if (!r || *r < 0.0f) {
    outf(
        "You must specify a semi-positive number for the threshold (see `help set analysis\n"
        "threshold %s').\n",
        command);
    return;
  }
  analysis_.thresholds.skill[static_cast<int>(s)] = *r;
  outf("`%s' threshold set to %.3f.\n", command, *r);
}

// gnubg's SetLuckThreshold: a positive equity.
void Shell::set_luck_threshold(analysis::LuckMark l, const char* command, std::string& args) {
  const std::optional<float> r = parse_real(args);
  if (!r || *r <= 0.0f) {
    outf(
        "You must specify a positive number for the threshold (see `help set analysis\n"
        "threshold %s').\n",
        command);
    return;
  }
  analysis_.thresholds.luck[static_cast<int>(l)] = *r;
  outf("`%s' threshold set to %.3f.\n", command, *r);
}

void Shell::cmd_set_analysis_threshold_bad(std::string& args) {
  set_skill_threshold(analysis::Skill::kBad, "bad", args);
}
void Shell::cmd_set_analysis_threshold_doubtful(std::string& args) {
  set_skill_threshold(analysis::Skill::kDoubtful, "doubtful", args);
}
void Shell::cmd_set_analysis_threshold_verybad(std::string& args) {
  set_skill_threshold(analysis::Skill::kVeryBad, "verybad", args);
}
void Shell::cmd_set_analysis_threshold_lucky(std::string& args) {
  set_luck_threshold(analysis::LuckMark::kGood, "lucky", args);
}
void Shell::cmd_set_analysis_threshold_unlucky(std::string& args) {
  set_luck_threshold(analysis::LuckMark::kBad, "unlucky", args);
}
void Shell::cmd_set_analysis_threshold_verylucky(std::string& args) {
  set_luck_threshold(analysis::LuckMark::kVeryGood, "verylucky", args);
}
void Shell::cmd_set_analysis_threshold_veryunlucky(std::string& args) {
  set_luck_threshold(analysis::LuckMark::kVeryBad, "veryunlucky", args);
}

void Shell::cmd_show_analysis(std::string&) {
  const analysis::MatchAnalysisSettings s = analysis_settings();
  out(s.analyse_cube ? "Cube action will be analysed.\n" : "Cube action will not be analysed.\n");
  out(s.analyse_dice ? "Dice rolls will be analysed.\n" : "Dice rolls will not be analysed.\n");
  out(s.analyse_moves ? "Chequer play will be analysed.\n"
                      : "Chequer play will not be analysed.\n");
  out("\n");
  for (int i = 0; i < 2; ++i)
    outf("Analyse %s's chequerplay and cube decisions: %s\n", name(i).c_str(),
         s.players[i] ? "yes" : "no");
  const auto& t = s.thresholds;
  using analysis::LuckMark;
  using analysis::Skill;
  out("\nAnalysis thresholds:\n");
  outf("  -%.3f %s\n  -%.3f %s\n  -%.3f %s\n\n", t.skill[static_cast<int>(Skill::kDoubtful)],
       "doubtful", t.skill[static_cast<int>(Skill::kBad)], "bad",
       t.skill[static_cast<int>(Skill::kVeryBad)], "very bad");
  outf("  +%.3f %s\n  +%.3f %s\n  -%.3f %s\n  -%.3f %s\n",
       t.luck[static_cast<int>(LuckMark::kVeryGood)], "very lucky",
       t.luck[static_cast<int>(LuckMark::kGood)], "lucky", t.luck[static_cast<int>(LuckMark::kBad)],
       "unlucky", t.luck[static_cast<int>(LuckMark::kVeryBad)], "very unlucky");
  out("\nAnalysis will be performed with the following evaluation parameters:\n");
  out("    Chequer play:\n");
  out(show_eval_setup(analysis_extra_[0], text::format_evaluation_settings(s.chequer.context)));
  out(text::format_move_filters(s.chequer.filters));
  out("    Cube decisions:\n");
  out(show_eval_setup(analysis_extra_[1], text::format_evaluation_settings(s.cube.context)));
  // gnubg's ShowEvaluation: the same lines without the "Neural net evaluation:" heading.
  out("    Luck analysis:\n");
  const std::string luck = text::format_evaluation_settings(s.luck);
  out(luck.substr(luck.find('\n') + 1));
}

}  // namespace tavla::shell
