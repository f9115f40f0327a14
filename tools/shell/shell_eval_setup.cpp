// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's evalsetup beyond the evaluation context (set.c: CommandSetEvalParamType,
// CommandSetEvalParamRollout; show.c: ShowEvalSetup): `set analysis|evaluation|player ...
// chequerplay|cubedecision type evaluation|rollout' and `... rollout ...' (every `set rollout'
// command, on that setup's own rollout settings), shown by `show analysis|evaluation|player' and
// saved. As in gnubg 1.07's tty, hint, eval, the analysis and the computer player evaluate with
// the evaluation context whatever the type (the rollout settings serve gnubg's GUI).
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

RolloutSetup evalsetup_rollout_default() {
  RolloutSetup r;
  rollout::RolloutSettings& rc = r.rc;
  rc.cubeful = false;
  rc.truncate = true;
  for (int i = 0; i < 2; ++i) {
    rc.chequer[i].context.cubeful = rc.cube[i].cubeful = false;
    rc.chequer_late[i].context.cubeful = rc.cube_late[i].cubeful = false;
  }
  rc.truncation.cubeful = r.chequer_truncation.cubeful = false;
  r.seed = 0;
  return r;
}

RolloutSetup Shell::rollout_setup() const {
  RolloutSetup r;
  r.rc = rollout_;
  r.chequer_truncation = rollout_chequer_truncation_;
  r.jsd_stop = rollout_jsd_stop_;
  r.jsd_min_games = rollout_jsd_min_games_;
  r.jsd_limit = rollout_jsd_limit_;
  r.cube_equal_chequer = rollout_cube_equal_chequer_;
  r.players_are_same = rollout_players_are_same_;
  r.truncate_equal_player0 = rollout_truncate_equal_player0_;
  r.seed = rollout_seed_;
  return r;
}

void Shell::use_rollout_setup(const RolloutSetup& r) {
  const int threads = rollout_.threads;  // the shell's, not a setting of the setup
  rollout_ = r.rc;
  rollout_.threads = threads;
  rollout_chequer_truncation_ = r.chequer_truncation;
  rollout_jsd_stop_ = r.jsd_stop;
  rollout_jsd_min_games_ = r.jsd_min_games;
  rollout_jsd_limit_ = r.jsd_limit;
  rollout_cube_equal_chequer_ = r.cube_equal_chequer;
  rollout_players_are_same_ = r.players_are_same;
  rollout_truncate_equal_player0_ = r.truncate_equal_player0;
  rollout_seed_ = r.seed;
}

// gnubg's CommandSetEvalParamType: the first letter decides.
void Shell::cmd_set_evalparam_type(std::string& args) {
  const std::string t = trim(args);
  if (!t.empty() && (t[0] == 'e' || t[0] == 'r')) {
    if (set_extra_) set_extra_->rollout = t[0] == 'r';
    outf("%s will now use %s.\n", set_who_.c_str(),
         t[0] == 'r' ? "Rollout" : "Neural net evaluation");
    return;
  }
  outf("Unknown evaluation type: %s (see\n`help set %s type').\n", t.c_str(), set_command_.c_str());
}

// gnubg's CommandSetEvalParamRollout: the `set rollout' commands on this setup's rollout settings
// (gnubg's prcSet); tavla's handlers work on the shell's, so these are swapped in and out.
void Shell::cmd_set_evalparam_rollout(std::string& args) {
  EvalSetupExtra* extra = set_extra_;
  if (!extra) return;  // every `... rollout' entry is reached through a setup's command
  const RolloutSetup saved = rollout_setup();
  use_rollout_setup(extra->rollout_settings);
  setting_evalsetup_rollout_ = true;
  handle(args, find_command(find_command(top_commands(), "set")->sub, "rollout")->sub, false);
  setting_evalsetup_rollout_ = false;
  extra->rollout_settings = rollout_setup();
  use_rollout_setup(saved);
  if (!extra->rollout)
    outf("(Note that this setting will have no effect until you\n`set %s type rollout.)'\n",
         set_command_.c_str());
}

// gnubg's ShowEvalSetup: `evaluation' is what the evaluation context shows (its "Neural net
// evaluation:" heading first).
std::string Shell::show_eval_setup(const EvalSetupExtra& extra,
                                   const std::string& evaluation) const {
  if (!extra.rollout) return evaluation;
  return "      Rollout:\n" + rollout_text(extra.rollout_settings);
}

}  // namespace tavla::shell
