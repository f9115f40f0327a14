// SPDX-License-Identifier: GPL-3.0-or-later
// `set player ...`, `set evaluation ...` and `set defaultnames`: who plays each side and with
// which evaluation settings (gnubg's set.c).
#include <cctype>

#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

// ---- players -----------------------------------------------------------------------------------

void Shell::cmd_set_player(std::string& args) {
  std::optional<std::string> w = next_token(args);
  if (!w) {
    out("You must specify a player (see `help set player').\n");
    return;
  }
  const int p = parse_player(*w);
  const CommandEntry* table = nullptr;
  for (const CommandEntry* c = top_commands(); c->name && !table; ++c) {
    if (std::string(c->name) != "set") continue;
    table = find_command(c->sub, "player")->sub;
  }
  if (hand_to_players(p, player_set_, args, table)) return;
  outf("Unknown player `%s' (see `help set player').\n", w->c_str());
}

void Shell::cmd_set_player_name(std::string& args) {
  std::string n = args;
  while (!n.empty() && std::isspace(static_cast<unsigned char>(n.back()))) n.pop_back();
  if (n.empty()) {
    out("You must specify a name to use.\n");
    return;
  }
  if (n.size() > 31) n.resize(31);
  if (n == "0" || n == "1") {
    outf("`%c' is not a valid name.\n", n[0]);
    return;
  }
  if (equals_ci(n, "both")) {
    out("`both' is a reserved word; you can't call a player that.\n\n");
    return;
  }
  if (same_name(n, names_.name[1 - player_set_])) {
    out("That name is already in use by the other player.\n");
    return;
  }
  names_.name[player_set_] = n;
  outf("Player %d is now known as `%s'.\n", player_set_, n.c_str());
}

void Shell::cmd_set_player_gnubg(std::string&) {
  players_[player_set_].type = PlayerType::kEngine;
  outf("Moves for %s will now be played by GNU Backgammon.\n", name(player_set_).c_str());
}

void Shell::cmd_set_player_human(std::string&) {
  players_[player_set_].type = PlayerType::kHuman;
  outf("Moves for %s must now be entered manually.\n", name(player_set_).c_str());
}

void Shell::set_eval_target(const std::string& who, const std::string& command,
                            PlayerSettings* target, bool chequer, EvalSetupExtra* extra) {
  set_extra_ = extra;
  set_who_ = who;
  set_command_ = command;
  set_target_ = target;
  set_chequer_ = chequer;
  set_context_ = nullptr;
  set_context_copy_ = nullptr;
}

namespace {
const CommandEntry* eval_param_table() {
  const CommandEntry* set = find_command(top_commands(), "set")->sub;
  return find_command(find_command(set, "evaluation")->sub, "chequerplay")->sub;
}
}  // namespace

void Shell::cmd_set_player_chequerplay(std::string& args) {
  set_eval_target(name(player_set_), "player chequerplay evaluation",
                  &players_[player_set_].settings, true, &player_extra_[player_set_][0]);
  handle(args, eval_param_table(), false);
  if (is_human(player_set_))
    outf("(Note that this setting will have no effect until you `set player %s gnu'.)\n",
         name(player_set_).c_str());
}

void Shell::cmd_set_player_cubedecision(std::string& args) {
  set_eval_target(name(player_set_), "player cubedecision evaluation",
                  &players_[player_set_].settings, false, &player_extra_[player_set_][1]);
  handle(args, eval_param_table(), false);
  if (is_human(player_set_))
    outf("(Note that this setting will have no effect until you `set player %s gnu'.)\n",
         name(player_set_).c_str());
}

void Shell::cmd_set_player_level(std::string& args) {
  const std::string level_name = trim(args);
  std::optional<eval::Level> level = eval::level_from_name(level_name);
  if (!level) {
    outf(
        "Unknown level `%s' (beginner, casual, intermediate, advanced, expert, worldclass, "
        "supremo, grandmaster, 4ply).\n",
        level_name.c_str());
    return;
  }
  PlayerSettings& s = players_[player_set_].settings;
  s.chequer = eval::level_setup(*level);
  s.cube = s.chequer.context;
  outf("%s will play at the %s level.\n", name(player_set_).c_str(),
       std::string(eval::level_name(*level)).c_str());
}

void Shell::cmd_set_eval_chequerplay(std::string& args) {
  set_eval_target("`eval' and `hint' chequerplay", "evaluation chequerplay ", &eval_settings_,
                  true, &eval_extra_[0]);
  handle(args, eval_param_table(), false);
}

void Shell::cmd_set_eval_cubedecision(std::string& args) {
  set_eval_target("`eval' and `hint' cube decisions", "evaluation cubedecision ", &eval_settings_,
                  false, &eval_extra_[1]);
  handle(args, eval_param_table(), false);
}

// gnubg's CommandSetEvalMoveFilter: the chequer play's move filters of `eval' and `hint'
// (aamfEval); used by them unless `set evaluation sameasanalysis' is on.
void Shell::cmd_set_eval_movefilter(std::string& args) {
  set_command_ = "evaluation";
  set_move_filter(args, eval_settings_.chequer.filters);
}

// gnubg's CommandSetEvalSameAsAnalysis (fEvalSameAsAnalysis).
void Shell::cmd_set_eval_sameasanalysis(std::string& args) {
  toggle("eval sameasanalysis", eval_same_as_analysis_, args,
         "Evaluation settings will be same as analysis settings.",
         "Evaluation settings separate from analysis settings.");
}

PlayerSettings Shell::hint_settings() const {
  if (!eval_same_as_analysis_) return eval_settings_;
  PlayerSettings s;
  s.chequer.context = analysis_eval_.chequer.context;
  s.chequer.filters = analysis_.chequer.filters;  // gnubg's aamfAnalysis
  s.cube = analysis_eval_.cube;
  return s;
}

// gnubg's CommandSetPlayerMoveFilter: the move filters the computer player uses for its chequer
// play (ap[].aamf); gnubg's messages name the command "player N".
void Shell::cmd_set_player_movefilter(std::string& args) {
  set_command_ = strf("player %d", player_set_);
  set_move_filter(args, players_[player_set_].settings.chequer.filters);
}

void Shell::cmd_set_evalparam_evaluation(std::string& args) {
  const CommandEntry* set = find_command(top_commands(), "set")->sub;
  const CommandEntry* table =
      find_command(find_command(find_command(set, "evaluation")->sub, "chequerplay")->sub,
                   "evaluation")
          ->sub;
  EvalSetupExtra* extra = set_extra_;
  handle(args, table, false);
  if (extra && extra->rollout)
    outf("(Note that this setting will have no effect until you\n`set %s type evaluation'.)\n",
         set_command_.c_str());
}

eval::EvalContext& Shell::set_context() {
  if (set_context_) return *set_context_;
  return set_chequer_ ? set_target_->chequer.context : set_target_->cube;
}

void Shell::cmd_set_evaluation_cubeful(std::string& args) {
  bool f = set_context().cubeful;
  toggle((set_command_ + " cubeful").c_str(), f, args,
         strf("%s will use cubeful evaluation.\n", set_who_.c_str()).c_str(),
         strf("%s will use cubeless evaluation.\n", set_who_.c_str()).c_str());
  set_context().cubeful = f;
}

void Shell::cmd_set_evaluation_prune(std::string& args) {
  bool f = set_context().prune;
  toggle((set_command_ + " prune").c_str(), f, args,
         strf("%s will use pruning.\n", set_who_.c_str()).c_str(),
         strf("%s will not use pruning.\n", set_who_.c_str()).c_str());
  set_context().prune = f;
}

void Shell::cmd_set_evaluation_deterministic(std::string& args) {
  eval::EvalContext& ec = set_context();
  bool f = ec.deterministic;
  toggle((set_command_ + " deterministic").c_str(), f, args,
         strf("%s will use deterministic noise.\n", set_who_.c_str()).c_str(),
         strf("%s will use pseudo-random noise.\n", set_who_.c_str()).c_str());
  ec.deterministic = f;
  if (ec.noise == 0.0f)
    out("(Note that this setting will have no effect unless you set noise to some non-zero "
        "value.)\n");
}

void Shell::cmd_set_evaluation_noise(std::string& args) {
  std::optional<float> r = parse_real(args);
  if (!r || *r < 0.0f) {
    outf("You must specify a valid amount of noise to use (see `help set\n%s noise').\n",
         set_command_.c_str());
    return;
  }
  eval::EvalContext& ec = set_context();
  ec.noise = *r;
  if (ec.noise > 0.0f)
    outf("%s will use noise with standard deviation %5.3f.\n", set_who_.c_str(), ec.noise);
  else
    outf("%s will use noiseless evaluations.\n", set_who_.c_str());
}

void Shell::cmd_set_evaluation_plies(std::string& args) {
  eval::EvalContext& ec = set_context();
  std::optional<int> n = parse_number(args);
  if (!n || *n < 0 || *n > 7)
    out("Valid numbers of plies to look ahead are 0 to 7.\n");
  else
    ec.plies = *n;
  outf("%s will use %d ply evaluation.\n", set_who_.c_str(), ec.plies);
}

void Shell::cmd_set_evaluation_level(std::string& args) {
  const std::string level_name = trim(args);
  std::optional<eval::Level> level = eval::level_from_name(level_name);
  if (!level) {
    outf(
        "Unknown level `%s' (beginner, casual, intermediate, advanced, expert, worldclass, "
        "supremo, grandmaster, 4ply).\n",
        level_name.c_str());
    return;
  }
  const eval::EvalSetup setup = eval::level_setup(*level);
  if (set_context_)
    *set_context_ = setup.context;
  else if (set_chequer_)
    set_target_->chequer = setup;
  else
    set_target_->cube = setup.context;
  outf("%s will use the %s level.\n", set_who_.c_str(),
       std::string(eval::level_name(*level)).c_str());
}

void Shell::cmd_set_defaultnames(std::string& args) {
  std::array<std::optional<std::string>, 2> n = {next_token(args), next_token(args)};
  for (int i = 0; i < 2; ++i) {
    if (!n[i] || n[i]->empty()) {
      out("You must specify two player names.\n");
      return;
    }
    if (n[i]->size() > 31) n[i]->resize(31);
    if (*n[i] == "0" || *n[i] == "1") {
      outf("`%c' is not a valid name.\n", (*n[i])[0]);
      return;
    }
    if (equals_ci(*n[i], "both")) {
      out("`both' is a reserved word; you can't call a player that.\n\n");
      return;
    }
  }
  if (same_name(*n[0], *n[1])) {
    out("Player names identical\n");
    return;
  }
  if (equals_ci(*n[0], default_names_[0]) && equals_ci(*n[1], default_names_[1])) return;
  default_names_ = {*n[0], *n[1]};
  outf(
      "Players will be known as `%s' and `%s'.\n This setting will take effect when a new match "
      "is started.\n",
      n[0]->c_str(), n[1]->c_str());
}

}  // namespace tavla::shell
