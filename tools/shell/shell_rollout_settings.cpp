// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's `set rollout ...' (set.c: CommandSetRollout*) and `show rollout' (show.c: ShowRollout):
// the settings of the shell's `rollout' command, with gnubg's words. `trials' and `seed' are in
// shell_set.cpp. What tavla's rollouts cannot honour (the J.S.D. rule, rollout logs, other dice
// generators) is said when it is set.
#include <climits>
#include <initializer_list>
#include <string>

#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/analysis_text.h"

namespace tavla::shell {

namespace {

const CommandEntry* sub_table(std::initializer_list<const char*> path) {
  const CommandEntry* table = top_commands();
  for (const char* w : path) table = find_command(table, w)->sub;
  return table;
}

// gnubg's acSetEvaluation (cubeful, deterministic, noise, plies, prune), as `set rollout' has it.
const CommandEntry* evaluation_table() {
  return sub_table({"set", "rollout", "chequerplay"});
}

// gnubg's ShowEvaluation: an evaluation context, indented as in `show rollout'.
std::string show_evaluation(const eval::EvalContext& ec) {
  const std::string s = text::format_evaluation_settings(ec);
  return s.substr(s.find('\n') + 1);  // without its "Neural net evaluation:" heading
}

// gnubg's show_evals: one heading, then per player when they differ, early and late.
std::string show_evals(const char* text, const eval::EvalContext* early,
                       const eval::EvalContext* late, bool players_same, bool late_evals,
                       int n_late) {
  std::string s = late_evals ? strf("%s for first %d plies:\n", text, n_late) : strf("%s\n", text);
  auto show = [&](const eval::EvalContext* ec) {
    if (players_same) {
      s += show_evaluation(ec[0]);
      return;
    }
    for (int i = 0; i < 2; ++i) s += strf("Player %d:\n", i) + show_evaluation(ec[i]);
  };
  show(early);
  if (!late_evals) return s;
  s += strf("%s after %d plies:\n", text, n_late);
  show(late);
  return s;
}

bool same_filters(const eval::MoveFilters& a, const eval::MoveFilters& b) {
  for (int i = 0; i < eval::kMaxFilterPlies; ++i)
    for (int j = 0; j <= i; ++j)
      if (a[i][j].accept != b[i][j].accept || a[i][j].extra != b[i][j].extra ||
          a[i][j].threshold != b[i][j].threshold)
        return false;
  return true;
}

// gnubg's show_movefilters: one filter, or one per player.
std::string show_movefilters(const std::array<eval::EvalSetup, 2>& setups) {
  if (same_filters(setups[0].filters, setups[1].filters))
    return text::format_move_filters(setups[0].filters);
  std::string s;
  for (int i = 0; i < 2; ++i)
    s += strf("Player %d:\n", i) + text::format_move_filters(setups[i].filters);
  return s;
}

}  // namespace

// ---- evaluation contexts of rollouts -----------------------------------------------------------

void Shell::set_rollout_context(const char* who, const char* command, eval::EvalContext* context,
                                eval::EvalContext* copy, std::string& args) {
  set_who_ = who;
  set_command_ = command;
  set_context_ = context;
  set_context_copy_ = copy;
  handle(args, evaluation_table(), false);
  // gnubg's SetRolloutEvaluationContextBoth: player 1 gets player 0's settings.
  if (set_context_copy_) *set_context_copy_ = *set_context_;
  set_context_ = set_context_copy_ = nullptr;
}

void Shell::cmd_set_rollout_chequerplay(std::string& args) {
  set_rollout_context("Chequer play in rollouts", "rollout chequerplay",
                      &rollout_.chequer[0].context, &rollout_.chequer[1].context, args);
}

void Shell::cmd_set_rollout_cubedecision(std::string& args) {
  set_rollout_context("Cube decisions in rollouts", "rollout cubedecision", &rollout_.cube[0],
                      &rollout_.cube[1], args);
}

void Shell::cmd_set_rollout_later_chequerplay(std::string& args) {
  set_rollout_context("Chequer play for later moves in rollouts", "rollout late chequerplay",
                      &rollout_.chequer_late[0].context, &rollout_.chequer_late[1].context, args);
}

void Shell::cmd_set_rollout_later_cubedecision(std::string& args) {
  set_rollout_context("Cube decisions for later plies in rollouts", "rollout late cubedecision",
                      &rollout_.cube_late[0], &rollout_.cube_late[1], args);
}

void Shell::cmd_set_rollout_player_chequerplay(std::string& args) {
  const int p = rollout_player_set_;
  const std::string who = strf("Chequer play in rollouts (for player %d)", p);
  const std::string command = strf("rollout player %d chequerplay", p);
  set_rollout_context(who.c_str(), command.c_str(), &rollout_.chequer[p].context, nullptr, args);
}

void Shell::cmd_set_rollout_player_cubedecision(std::string& args) {
  const int p = rollout_player_set_;
  const std::string who = strf("Cube decisions in rollouts (for player %d)", p);
  const std::string command = strf("rollout player %d cubedecision", p);
  set_rollout_context(who.c_str(), command.c_str(), &rollout_.cube[p], nullptr, args);
}

void Shell::cmd_set_rollout_later_player_chequerplay(std::string& args) {
  const int p = rollout_player_set_;
  const std::string who = strf("Chequer play for later moves in rollouts (for player %d)", p);
  const std::string command = strf("rollout late player %d chequerplay", p);
  set_rollout_context(who.c_str(), command.c_str(), &rollout_.chequer_late[p].context, nullptr,
                      args);
}

void Shell::cmd_set_rollout_later_player_cubedecision(std::string& args) {
  const int p = rollout_player_set_;
  // gnubg words the two players differently.
  const std::string who = p ? "Cube decisions for later plies of rollouts (for player 1)"
                            : "Cube decisions in later plies of rollouts (for player 0)";
  const std::string command = strf("rollout late player %d cubedecision", p);
  set_rollout_context(who.c_str(), command.c_str(), &rollout_.cube_late[p], nullptr, args);
}

void Shell::cmd_set_rollout_truncation_chequerplay(std::string& args) {
  set_rollout_context("Chequer play evaluations at rollout truncation point",
                      "rollout truncation chequerplay", &rollout_chequer_truncation_, nullptr,
                      args);
}

void Shell::cmd_set_rollout_truncation_cubedecision(std::string& args) {
  set_rollout_context("Cube decisions at rollout truncation point",
                      "rollout truncation cubedecision", &rollout_.truncation, nullptr, args);
}

// gnubg's CommandSetRolloutPlayer / CommandSetRolloutLatePlayer: 0, 1, a name or both.
void Shell::cmd_set_rollout_player(std::string& args) {
  std::optional<std::string> w = next_token(args);
  if (!w) {
    outf("You must specify a player (see `help set %s player').\n", set_command_.c_str());
    return;
  }
  const int p = parse_player(*w);
  const CommandEntry* table = sub_table({"set", "rollout", "player"});
  if (hand_to_players(p, rollout_player_set_, args, table)) return;
  outf("Unknown player `%s'\n(see `help set %s player').\n", w->c_str(), set_command_.c_str());
}

void Shell::cmd_set_rollout_later_player(std::string& args) {
  std::optional<std::string> w = next_token(args);
  if (!w) {
    outf("You must specify a player (see `help set %s player').\n", set_command_.c_str());
    return;
  }
  const int p = parse_player(*w);
  const CommandEntry* table = sub_table({"set", "rollout", "later", "player"});
  if (hand_to_players(p, rollout_player_set_, args, table)) return;
  outf("Unknown player `%s'\n(see `help set %s player').\n", w->c_str(), set_command_.c_str());
}

// ---- move filters (gnubg's SetMoveFilter) ------------------------------------------------------

void Shell::set_move_filter(std::string& args, eval::MoveFilters& filters) {
  const int ply = parse_number(args).value_or(INT_MIN);
  if (ply < 0) {
    out("You must specify for which ply you want to set a filter\n");
    return;
  }
  if (!(0 < ply && ply <= eval::kMaxFilterPlies)) {
    outf("You must specify a valid ply for setting move filters (see `help set %s movefilter')",
         set_command_.c_str());
    return;
  }
  const int level = parse_number(args).value_or(INT_MIN);
  if (level < 0 || level >= ply) {
    outf("You must specify a valid level 0..%d for the filter (see `help set %s movefilter')",
         ply - 1, set_command_.c_str());
    return;
  }
  eval::MoveFilter& f = filters[ply - 1][level];
  const int accept = parse_number(args).value_or(INT_MIN);
  if (accept == INT_MIN) {
    outf(
        "You must specify a number of moves to accept (or a negative number to skip this level) "
        "(see `help set %s movefilter')",
        set_command_.c_str());
    return;
  }
  if (accept < 0) {
    f = {-1, 0, 0.0f};
    return;
  }
  const int extra = parse_number(args).value_or(INT_MIN);
  const float tolerance = parse_real(args).value_or(-1.0f);
  if (extra < 0 || tolerance < 0.0f) {
    outf(
        "You must set a count of extra moves and a search tolerance (see `help set %s "
        "movefilter').",
        set_command_.c_str());
    return;
  }
  f = {accept, extra, tolerance};
}

void Shell::cmd_set_rollout_movefilter(std::string& args) {
  set_command_ = "rollout";
  std::string copy = args;
  set_move_filter(args, rollout_.chequer[0].filters);
  set_move_filter(copy, rollout_.chequer[1].filters);
}

void Shell::cmd_set_rollout_later_movefilter(std::string& args) {
  set_command_ = "rollout late";
  std::string copy = args;
  set_move_filter(args, rollout_.chequer_late[0].filters);
  set_move_filter(copy, rollout_.chequer_late[1].filters);
}

void Shell::cmd_set_rollout_player_movefilter(std::string& args) {
  set_command_ = "rollout player";
  set_move_filter(args, rollout_.chequer[rollout_player_set_].filters);
}

void Shell::cmd_set_rollout_later_player_movefilter(std::string& args) {
  set_command_ = "rollout player late";
  set_move_filter(args, rollout_.chequer_late[rollout_player_set_].filters);
}

// ---- switches and numbers ----------------------------------------------------------------------

void Shell::cmd_set_rollout_bearoff_exact(std::string& args) {
  toggle("rollout bearofftruncation exact", rollout_.truncate_bearoff2, args,
         "Will truncate *cubeless* rollouts when reaching exact bearoff database",
         "Will not truncate *cubeless* rollouts when reaching exact bearoff database");
}

void Shell::cmd_set_rollout_bearoff_onesided(std::string& args) {
  toggle("rollout bearofftruncation onesided", rollout_.truncate_bearoff_os, args,
         "Will truncate *cubeless* rollouts when reaching one-sided bearoff database",
         "Will not truncate *cubeless* rollouts when reaching one-sided bearoff database");
}

void Shell::cmd_set_rollout_cube_equal_chequer(std::string& args) {
  toggle("rollout cube-equal-chequer", rollout_cube_equal_chequer_, args,
         "Rollouts use same settings for cube and chequer play.",
         "Rollouts use separate settings for cube and chequer play.");
}

void Shell::cmd_set_rollout_players_are_same(std::string& args) {
  toggle("rollout players-are-same", rollout_players_are_same_, args,
         "Rollouts use same settings for both players.",
         "Rollouts use separate settings for both players.");
}

void Shell::cmd_set_rollout_truncate_equal_player0(std::string& args) {
  toggle("rollout truncate-equal-player0", rollout_truncate_equal_player0_, args,
         "Evaluation of rollouts at truncation point will be same as player 0.",
         "Evaluation of rollouts at truncation point are separately specified.");
}

void Shell::cmd_set_rollout_cubeful(std::string& args) {
  toggle("rollout cubeful", rollout_.cubeful, args, "Cubeful rollouts will be performed.",
         "Cubeless rollouts will be performed.");
}

void Shell::cmd_set_rollout_initial(std::string& args) {
  toggle("rollout initial", rollout_.initial, args,
         "Rollouts will be made as the initial position of a game.",
         "Rollouts will be made for normal (non-opening) positions.");
}

void Shell::cmd_set_rollout_varredn(std::string& args) {
  toggle("rollout varredn", rollout_.variance_reduction, args,
         "Will use lookahead during rollouts to reduce variance.",
         "Will not use lookahead variance reduction during rollouts.");
}

void Shell::cmd_set_rollout_quasirandom(std::string& args) {
  toggle("rollout quasirandom", rollout_.rotate, args, "Use quasi-random dice in rollouts",
         "Do not use quasi-random dice in rollouts");
}

void Shell::cmd_set_rollout_truncation_enable(std::string& args) {
  toggle("rollout truncation enable", rollout_.truncate, args,
         "Games in rollouts will be stopped after a fixed number of moves.",
         "Games in rollouts will be played out until the end.");
}

void Shell::cmd_set_rollout_truncation_plies(std::string& args) {
  const int n = parse_number(args).value_or(INT_MIN);
  if (n < 1) {
    out("You must specify a valid ply at which to truncate rollouts (see `help set rollout "
        "truncation plies').\n");
    return;
  }
  rollout_.truncate_plies = n;
  outf(n == 1 ? "Rollouts will be truncated after %d ply.\n"
              : "Rollouts will be truncated after %d plies.\n",
       n);
  if (!rollout_.truncate)
    out("But rollout truncation is not currently enabled (see `help set rollout truncation "
        "enable').\n");
}

void Shell::cmd_set_rollout_later_enable(std::string& args) {
  toggle("separate evaluation for later plies", rollout_.late_evaluations, args,
         "Use different evaluation for later moves of rollout.",
         "Do not change evaluations during rollout.");
}

void Shell::cmd_set_rollout_later_plies(std::string& args) {
  const int n = parse_number(args).value_or(INT_MIN);
  if (n < 1) {
    out("You must specify a valid ply at which to change evaluations (see `help set rollout "
        "later plies').\n");
    return;
  }
  rollout_.late_turn = n;
  outf("Evaluations will change after %d plies in rollouts.\n", n);
  if (!rollout_.late_evaluations)
    out("But separate evaluation for later plies is not currently enabled (see `help set rollout "
        "later enable').\n");
}

void Shell::cmd_set_rollout_limit_enable(std::string& args) {
  toggle("stop when the STD's are small enough", rollout_.stop_on_std_error, args,
         "Stop rollout when STD's are small enough", "Do not stop rollout based on STDs");
}

void Shell::cmd_set_rollout_limit_minimumgames(std::string& args) {
  const int n = parse_number(args).value_or(INT_MIN);
  if (n < 1) {
    out("You must specify a valid minimum number of games to rollout (see `help set rollout limit "
        "minimumgames').\n");
    return;
  }
  rollout_.min_trials = n;
  outf("After %d games, rollouts will stop if the STDs are small enough.\n", n);
}

void Shell::cmd_set_rollout_limit_maxerror(std::string& args) {
  const float r = parse_real(args).value_or(-1.0f);
  if (r < 0.0001f) {
    out("You must set a valid STD where rollouts can stop (see `help set rollout limit "
        "maxerror').\n");
    return;
  }
  rollout_.std_error_limit = r;
  // gnubg's message has the stray parenthesis.
  outf("Rollouts can stop when the estimated equities' STD are less than %5.4f)\n", r);
}

// tavla's rollouts have no J.S.D. rule (stopping the rollout of plays that are worse with
// statistical certainty): the settings are kept, shown and saved, and the messages say so.
namespace {
constexpr const char* kNoJsd =
    "(tavla's rollouts do not apply the J.S.D. rule; they stop on the standard errors only.)\n";
}  // namespace

void Shell::cmd_set_rollout_jsd_stop(std::string& args) {
  if (toggle("stop rollout of choices which appear to  to be worse with statistical certainty",
             rollout_jsd_stop_, args, "Stop rollout of choices based on JSDs",
             "Do not stop rollout of moves choices on JSDs") == 1 &&
      !setting_evalsetup_rollout_)  // an evaluation setup's rollouts are not made (see there)
    out(kNoJsd);
}

void Shell::cmd_set_rollout_jsd_minimumgames(std::string& args) {
  const int n = parse_number(args).value_or(INT_MIN);
  if (n < 1) {
    out("You must specify a valid minimum number of games to rollout (see `help set rollout jsd "
        "minimumgames').\n");
    return;
  }
  rollout_jsd_min_games_ = n;
  outf("After %d games, rollouts will stop if the JSDs are large enough.\n", n);
}

void Shell::cmd_set_rollout_jsd_limit(std::string& args) {
  const float r = parse_real(args).value_or(-1.0f);
  if (r < 0.0001f) {
    out("You must set a number of joint standard deviations for the equity difference with the "
        "best move being rolled out (see `help set rollout jsd limit').\n");
    return;
  }
  rollout_jsd_limit_ = r;
  outf(
      "Rollouts (or rollouts of moves) may stop when the equity is more than %5.3f joint "
      "standard deviations from the best move being rolled out\n",
      r);
}

void Shell::cmd_set_rollout_log(std::string&) {
  out("tavla does not record rolled out games: rollouts write no .sgf files.\n");
}

// ---- dice generator of rollouts ----------------------------------------------------------------

void Shell::cmd_set_rollout_rng_mersenne(std::string& args) {
  if (trim(args).empty()) {
    out("You are already using the Mersenne Twister generator.\n");
    return;
  }
  cmd_set_rollout_seed(args);
}

void Shell::cmd_set_rollout_rng_manual(std::string&) {
  out("The manual dice RNG is not suitable for rollouts\n");
}

void Shell::cmd_set_rollout_rng_other(std::string&) {
  out("tavla's rollouts use gnubg's Mersenne Twister dice only (with quasi-random dice as "
      "gnubg's); the generator is unchanged.\n");
}

// ---- show rollout ------------------------------------------------------------------------------

void Shell::cmd_show_rollout(std::string&) {
  if (!rollout_seed_) rollout_seed_ = engine::system_seed();
  out("`rollout' will use:\n" + rollout_text(rollout_setup()));
}

// gnubg's ShowRollout: `show rollout' and the rollouts of `show analysis|evaluation|player'.
std::string Shell::rollout_text(const RolloutSetup& r) const {
  const rollout::RolloutSettings& rc = r.rc;
  // gnubg shows the later evaluations only when they can happen before the truncation.
  const bool late = rc.late_evaluations && (!rc.truncate || rc.truncate_plies > rc.late_turn);
  std::string s;
  s += strf(rc.trials == 1 ? "%d game will be played per rollout.\n"
                           : "%d games will be played per rollout.\n",
            rc.trials);
  if (!rc.truncate)
    s += "No truncation.\n";
  else
    s +=
        strf(rc.truncate_plies == 1 ? "Truncation after %d ply.\n" : "Truncation after %d plies.\n",
             rc.truncate_plies);
  const char* will = rc.truncate_bearoff2 ? "Will" : "Will not";
  s +=
      strf("%s truncate cubeful money game rollouts when reaching exact bearoff database.\n", will);
  s += strf("%s truncate money game rollouts when reaching exact bearoff database.\n", will);
  s += strf("%s truncate *cubeless* rollouts when reaching one-sided bearoff database.\n",
            rc.truncate_bearoff_os ? "Will" : "Will not");
  s += rc.variance_reduction ? "Lookahead variance reduction is enabled.\n"
                             : "Lookahead variance reduction is disabled.\n";
  s += rc.rotate ? "Quasi-random dice are enabled.\n" : "Quasi-random dice are disabled.\n";
  s += rc.cubeful ? "Cubeful rollout.\n" : "Cubeless rollout.\n";
  s += rc.initial ? "Rollout as opening move enabled.\n" : "Rollout as opening move disabled.\n";
  s += strf("Mersenne Twister dice generator with seed %u.\n", r.seed.value_or(0));

  const eval::EvalContext chequer[2] = {rc.chequer[0].context, rc.chequer[1].context};
  const eval::EvalContext chequer_late[2] = {rc.chequer_late[0].context,
                                             rc.chequer_late[1].context};
  const bool players_same =
      !(chequer[0] != chequer[1] || rc.cube[0] != rc.cube[1] ||
        (late && (chequer_late[0] != chequer_late[1] || rc.cube_late[0] != rc.cube_late[1])));
  const bool cube_chequer_same =
      !(chequer[0] != rc.cube[0] || chequer[1] != rc.cube[1] ||
        (late && (chequer_late[0] != rc.cube_late[0] || chequer_late[1] != rc.cube_late[1])));
  if (cube_chequer_same) {
    s += show_evals("Evaluation parameters:", chequer, chequer_late, players_same, late,
                    rc.late_turn);
  } else {
    s += show_evals("Chequer play parameters:", chequer, chequer_late, players_same, late,
                    rc.late_turn);
    s += show_evals("Cube decision parameters:", rc.cube.data(), rc.cube_late.data(), players_same,
                    late, rc.late_turn);
  }
  if (late) {
    s += strf("Move filter for first %d plies:\n", rc.late_turn) + show_movefilters(rc.chequer);
    s += strf("Move filter after %d plies:\n", rc.late_turn) + show_movefilters(rc.chequer_late);
  } else {
    s += "Move filter:\n" + show_movefilters(rc.chequer);
  }
  if (rc.truncate) {
    s += show_evals("Truncation point Chequer play evaluation:", &r.chequer_truncation,
                    nullptr, true, false, 0);
    s += show_evals("Truncation point Cube evaluation:", &rc.truncation, nullptr, true, false, 0);
  }
  if (rc.stop_on_std_error) {
    if (rc.cubeful)
      s += strf(
          "Rollouts may stop after %d games if both equities STD\n\t(cubeful and cubeless) "
          "are less than %5.4f\n",
          rc.min_trials, rc.std_error_limit);
    else
      s += strf("Rollouts may stop after %d games if equity STD is less than %5.4f\n",
                rc.min_trials, rc.std_error_limit);
  }
  return s;
}

}  // namespace tavla::shell
