// SPDX-License-Identifier: GPL-3.0-or-later
// `show` and `help` (gnubg's show.c and CommandHelp).
#include "bearoff/one_sided_rollout.h"
#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/position_id.h"
#include "engine/xgid.h"
#include "eval/race_counts.h"
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/analysis_text.h"

namespace tavla::shell {

void Shell::cmd_show_board(std::string& args) {
  if (trim(args).empty()) {
    if (!flow_.has_game() || flow_.match().game_state == engine::GameState::kNone)
      out("No position specified and no game in progress.\n");
    else
      show_board();
    return;
  }
  engine::Board b;
  if (!parse_position(args, b)) return;
  // gnubg draws a given position with player 1 ("X") on roll and nothing beside the board, under
  // the match ID of the current state.
  engine::MatchState current = flow_.match();
  if (!flow_.has_game() || current.on_roll < 0) {
    current = engine::MatchState{};  // gnubg's state before any game
    current.game_state = engine::GameState::kNone;
  }
  engine::MatchState drawn = engine::MatchState{};
  std::string board = text::draw_board(b, drawn, names_, engine::chequers(flow_.variant()));
  std::string result = " GNU Backgammon  Position ID: " + engine::position_id(b) + "\n" +
                       "                 Match ID   : " + engine::match_id(current) + "\n";
  size_t pos = board.find('\n', board.find('\n') + 1) + 1;  // skip the two ID lines
  while (pos < board.size()) {
    const size_t end = board.find('\n', pos);
    result += board.substr(pos, std::min<size_t>(end - pos, 49)) + "\n";
    pos = end + 1;
  }
  out(result + "\n");
}

void Shell::cmd_show_beavers(std::string&) {
  const int n = flow_.rules().beavers;
  if (n > 1)
    outf("%d beavers/raccoons allowed in money sessions.\n", n);
  else if (n == 1)
    out("1 beaver allowed in money sessions.\n");
  else
    out("No beavers allowed in money sessions.\n");
}

void Shell::cmd_show_crawford(std::string&) {
  const auto& ms = flow_.match();
  if (ms.match_length > 0)
    out(ms.crawford ? "This game is the Crawford game.\n" : "This game is not the Crawford game\n");
  else
    out("Crawford rule is not used in money sessions.\n");
}

void Shell::cmd_show_cube(std::string&) {
  const auto& ms = flow_.match();
  if (!flow_.playing()) {
    out("There is no game in progress.\n");
    return;
  }
  if (ms.crawford) {
    out("The cube is disabled during the Crawford game.\n");
    return;
  }
  if (!ms.cube_use) {
    out("The doubling cube is disabled.\n");
    return;
  }
  // gnubg ends these two without a newline.
  if (ms.cube_owner == engine::kCubeCentred)
    outf("The cube is at %d, and is centred.", ms.cube);
  else
    outf("The cube is at %d, and is owned by %s.", ms.cube, name(ms.cube_owner).c_str());
}

void Shell::cmd_show_dice(std::string&) {
  const auto& ms = flow_.match();
  if (!flow_.playing()) {
    out("The dice will not be rolled until a game is started.\n");
    return;
  }
  if (!ms.dice_rolled())
    outf("%s has not yet rolled the dice.\n", name(ms.on_roll).c_str());
  else
    outf("%s has rolled %d and %d.\n", name(ms.on_roll).c_str(), ms.dice[0], ms.dice[1]);
}

void Shell::cmd_show_automatic(std::string&) {
  const auto on = [](bool b) { return b ? "On" : "Off"; };
  const auto& rules = flow_.rules();
  outf("bearoff \t(Play certain non-contact bearoff moves):      \t%s\n"
       "crawford\t(Enable the Crawford rule as appropriate):     \t%s\n"
       "doubles \t(Turn the cube when opening roll is a double): \t%u\n"
       "game    \t(Start a new game after each one is completed):\t%s\n"
       "move    \t(Play the forced move when there is no choice):\t%s\n"
       "roll    \t(Roll the dice if no double is possible):      \t%s\n",
       on(auto_bearoff_), on(rules.auto_crawford), static_cast<unsigned>(rules.auto_doubles),
       on(auto_game_), on(auto_move_), on(auto_roll_));
}

void Shell::cmd_show_confirm(std::string&) {
  out(confirm_default_ == -1  ? "GNU Backgammon will ask for confirmation.\n"
      : confirm_default_ == 1 ? "GNU Backgammon will answer yes to questions.\n"
                              : "GNU Backgammon will answer no to questions.\n");
  out(confirm_new_
          ? "GNU Backgammon will ask for confirmation before aborting games in progress.\n"
          : "GNU Backgammon will not ask for confirmation before aborting games in progress.\n");
  out(confirm_save_
          ? "GNU Backgammon will ask for confirmation before overwriting existing files.\n"
          : "GNU Backgammon will not ask for confirmation overwriting existing files.\n");
}

void Shell::cmd_show_display(std::string&) {
  out(display_ ? "GNU Backgammon will display boards for computer moves.\n"
               : "GNU Backgammon will not display boards for computer moves.\n");
}

void Shell::cmd_show_evaluation(std::string&) {
  // gnubg's GetEvalChequer / GetEvalCube: the analysis' setups under `sameasanalysis'.
  const auto& extra = eval_same_as_analysis_ ? analysis_extra_ : eval_extra_;
  out("`eval' and `hint' will use:\n");
  out("    Chequer play:\n");
  out(show_eval_setup(extra[0], text::format_evaluation_settings(hint_settings().chequer.context)));
  out("    Move filters:\n");
  out(text::format_move_filters(hint_settings().chequer.filters));
  out("    Cube decisions:\n");
  out(show_eval_setup(extra[1], text::format_evaluation_settings(hint_settings().cube)));
  if (Analyzer* a = analyzer(); a && (hint_settings().chequer.context.plies > a->max_plies() ||
                                      hint_settings().cube.plies > a->max_plies()))
    outf(
        "(tavla evaluates at most %d plies ahead for now; deeper settings are evaluated at %d "
        "ply.)\n",
        a->max_plies(), a->max_plies());
}

void Shell::cmd_show_jacoby(std::string&) {
  const auto& ms = flow_.match();
  if (!ms.match_length)
    out(ms.jacoby ? "This money session is played with the Jacoby rule.\n"
                  : "This money session is played without the Jacoby rule.\n");
  out(flow_.rules().jacoby ? "New money sessions are played with the Jacoby rule.\n"
                           : "New money sessions are played without the Jacoby rule.\n");
}

void Shell::cmd_show_matchlength(std::string&) {
  outf(default_match_length_ == 1 ? "New matches default to %d point.\n"
                                  : "New matches default to %d points.\n",
       default_match_length_);
}

void Shell::cmd_show_pipcount(std::string& args) {
  const bool no_game = !flow_.has_game() || flow_.match().on_roll < 0;
  if (trim(args).empty() && no_game) {
    out("No position specified and no game in progress.\n");
    return;
  }
  engine::Board b = flow_.board();
  if (!parse_position(args, b)) return;
  const int on_roll = no_game ? 1 : flow_.match().on_roll;
  outf("The pip counts are: %s %d, %s %d.\n", name(on_roll).c_str(),
       b.pip_count(engine::Board::kOnRoll), name(1 - on_roll).c_str(),
       b.pip_count(engine::Board::kOpponent));
}

// The board `show kleinman' and its kin count: the one given in args, else the current one. False
// (with gnubg's message) when there is neither or args do not parse.
bool Shell::race_count_position(std::string& args, engine::Board& b) {
  if (trim(args).empty() && (!flow_.has_game() || flow_.match().on_roll < 0)) {
    out("No position specified and no game in progress.\n");
    return false;
  }
  b = flow_.board();
  return parse_position(args, b);
}

void Shell::cmd_show_kleinman(std::string& args) {
  engine::Board b;
  if (!race_count_position(args, b)) return;
  const int leader = b.pip_count(engine::Board::kOnRoll);
  const int trailer = b.pip_count(engine::Board::kOpponent);
  outf("Leader Pip Count : %d\n", leader);
  outf("Trailer Pip Count: %d\n\n", trailer);
  outf("sum              : %d\n", leader + trailer);
  outf("diff             : %d\n\n", trailer - leader);
  outf("K = (diff+4)/(2 sqrt(sum-4)) = %8.4g\n", eval::kleinman_k(leader, trailer));
  outf("Cubeless Winning Chance: %.4f\n\n",
       static_cast<double>(eval::kleinman_count(leader, trailer)));
}

// gnubg's CommandShowOneSidedRollout: the race probabilities of the one-sided rollout for the
// side on roll, and each player's effective pip count (mean rolls to bear off times the average
// pips of a roll, 8.167) and wastage (that minus the pip count).
void Shell::cmd_show_onesidedrollout(std::string& args) {
  engine::Board b;
  if (!race_count_position(args, b)) return;
  const bearoff::OneSidedDatabase* db = one_sided_database();
  if (!db || db->points() != 6 || db->chequers() != 15) {
    errf("show onesidedrollout: the one-sided bearoff database (gnubg_os0.bd) is not available.");
    return;
  }
  const int on_roll = flow_.has_game() && flow_.match().on_roll >= 0 ? flow_.match().on_roll : 0;
  const auto r = bearoff::one_sided_rollout(b, *db);
  const auto& p = r.probabilities;
  outf("One sided rollout with %u trials (%s on roll):\n", bearoff::kOneSidedRolloutGames,
       name(on_roll).c_str());
  outf("%5.3f %5.3f %5.3f - %5.3f %5.3f %5.3f\n", p[0], p[1], p[2], 1.0f - p[0], p[3], p[4]);
  // The average pips of a roll (doubles count twice), in gnubg's float.
  const float x = (2 * 3 + 3 * 4 + 4 * 5 + 4 * 6 + 6 * 7 + 5 * 8 + 4 * 9 + 2 * 10 + 2 * 11 +
                   1 * 12 + 1 * 16 + 1 * 20 + 1 * 24) /
                  36.0f;
  out("\nEffective pip count:\n");
  outf("%-20.20s   %7s  %7s\n", "", "EPC", "Wastage");
  for (int i = 0; i < 2; ++i) {
    // Player i's row of the board: the side on roll is row kOnRoll.
    const int row = i == on_roll ? engine::Board::kOnRoll : engine::Board::kOpponent;
    const float epc = r.mean_rolls[row] * x;
    outf("%-20.20s   %7.3f  %7.3f\n", name(i).c_str(), epc,
         epc - static_cast<float>(b.pip_count(row)));
  }
  outf("\nEPC = Avg. rolls * %5.3f\nWastage = EPC - Pips\n\n", x);
}

void Shell::cmd_show_thorp(std::string& args) {
  engine::Board b;
  if (!race_count_position(args, b)) return;
  const eval::ThorpCount t = eval::thorp_count(b);
  outf("Thorp Count Leader            : %d\n", t.leader);
  outf("Thorp Count Leader(+1/10)    L: %.1f\n", static_cast<double>(t.adjusted));
  outf("Thorp Count Trailer          T: %d\n\n", t.trailer);
  const float trailer = static_cast<float>(t.trailer);
  if (trailer >= t.adjusted + 2)
    out("Double, Drop (since L <= T - 2)\n");
  else if (trailer >= t.adjusted - 1)
    out("Redouble, Take (since L <= T + 1 )\n");
  else if (trailer >= t.adjusted - 2)
    out("Double, Take (since L <= T + 2)\n");
  else
    out("No Double, Take (since L > T + 2)\n");
}

void Shell::cmd_show_8912(std::string& args) {
  engine::Board b;
  if (!race_count_position(args, b)) return;
  const int leader = b.pip_count(engine::Board::kOnRoll);
  const int trailer = b.pip_count(engine::Board::kOpponent);
  outf("Leader Pip Count : %d\n", leader);
  outf("Trailer Pip Count: %d\n\n", trailer);
  const float ahead = (static_cast<float>(trailer) - static_cast<float>(leader)) /
                      static_cast<float>(leader) * 100.0f;
  outf("Leader is %.1f percent ahead\n", static_cast<double>(ahead));
  if (ahead > 12.0f)
    out("Double, Drop (ahead > 12 percent)\n");
  else if (ahead > 9.0f)
    out("Double, Take (12 percent > ahead > 9 percent)\n");
  else if (ahead > 8.0f)
    out("Redouble, Take (12 percent > ahead > 8 percent)\n");
  else
    out("NoDouble (8 percent > ahead)\n");
  out("\n");
}

void Shell::cmd_show_keith(std::string& args) {
  engine::Board b;
  if (!race_count_position(args, b)) return;
  const auto n = eval::keith_count(b);
  const int leader = n[engine::Board::kOnRoll], trailer = n[engine::Board::kOpponent];
  const float l = static_cast<float>(leader) * 8.0f / 7.0f;
  outf("Keith Count Leader            : %d\n", leader);
  outf("Keith Count Leader(+1/7)     L: %.1f\n", static_cast<double>(l));
  outf("Keith Count Trailer          T: %d\n\n", trailer);
  // gnubg ends this report without a newline.
  const float t = static_cast<float>(trailer);
  if (t >= l - 2.0f)
    out("Double, Drop (since L <= T+2)");
  else if (t >= l - 3.0f)
    out("Redouble, Take (since L <= T+3)");
  else if (t >= l - 4.0f)
    out("Double, Take (since L <= T + 4)");
  else
    out("No Double, Take (since L > T + 4)");
}

void Shell::cmd_show_isight(std::string& args) {
  engine::Board b;
  if (!race_count_position(args, b)) return;
  const auto n = eval::isight_count(b);
  const int leader = n[engine::Board::kOnRoll], trailer = n[engine::Board::kOpponent];
  outf("Isight Count Leader          L: %d\n", leader);
  outf("Isight Count Trailer         T: %d\n\n", trailer);
  const float gwc = 80.0f - static_cast<float>(leader) / 3.0f +
                    2.0f * static_cast<float>(trailer - leader);
  outf("Estimated GWC: %4.1f%% (80 - L/3 + 2*(L-T))\n\n", static_cast<double>(gwc));
  if (gwc > 76.0f)
    out("Double, Drop (since est. GWC > 76%)\n");
  else if (gwc >= 70.0f)
    out("Redouble, Take (since 70% <= est. GWC <= 76%)\n");
  else if (gwc >= 68.0f)
    out("Double, Take (since 68% <= est. GWC <= 70%)\n");
  else
    out("No Double, Take (est. GWC < 68%)\n");
}

void Shell::cmd_show_player(std::string&) {
  for (int i = 0; i < 2; ++i) {
    outf("Player %d:\n  Name: %s\n  Type: ", i, name(i).c_str());
    if (is_human(i)) {
      out("human\n\n");
      continue;
    }
    const PlayerSettings& s = players_[i].settings;
    out("gnubg:\n");
    out("    Chequer play:\n");
    out(show_eval_setup(player_extra_[i][0], text::format_evaluation_settings(s.chequer.context)));
    out("    Move filters:\n");
    out(text::format_move_filters(s.chequer.filters));
    out("    Cube decisions:\n");
    out(show_eval_setup(player_extra_[i][1], text::format_evaluation_settings(s.cube)));
  }
}

void Shell::cmd_show_postcrawford(std::string&) {
  const auto& ms = flow_.match();
  if (ms.match_length > 0)
    out(ms.post_crawford ? "This is post-Crawford play.\n" : "This is not post-Crawford play.\n");
  else
    out("Crawford rule is not used in money sessions.\n");
}

void Shell::cmd_show_prompt(std::string&) {
  outf("The prompt is set to `%s'.\n", prompt_format_.c_str());
}

void Shell::cmd_show_rng(std::string&) {
  static constexpr const char* kNames[] = {"Mersenne Twister", "manual dice", "read from file"};
  outf("You are using the %s generator.\n", kNames[static_cast<int>(rng_)]);
}

void Shell::cmd_show_score(std::string&) {
  show_score();
}

void Shell::cmd_show_seed(std::string&) {
  if (rng_ != Rng::kMersenne) {
    errf("You cannot show the seed with this random number generator.");
    return;
  }
  outf("The current seed is %u\n", dice_.seed());
}

void Shell::cmd_show_turn(std::string&) {
  const auto& ms = flow_.match();
  if (!flow_.playing()) {
    out("No game is being played.\n");
    return;
  }
  outf(ms.dice_rolled() ? "%s in on move.\n" : "%s in on roll.\n", name(ms.on_roll).c_str());
  static constexpr const char* kResult[] = {"single game", "gammon", "backgammon"};
  if (ms.resigned)
    outf("%s has offered to resign a %s.\n", name(ms.on_roll).c_str(), kResult[ms.resigned - 1]);
}

void Shell::cmd_show_gnubgid(std::string&) {
  if (!flow_.playing() && (!flow_.has_game() || flow_.match().on_roll < 0)) {
    out("No game in progress.\n");
    return;
  }
  outf("GNUbg ID: %s\n", engine::gnubg_id(flow_.game()).c_str());
}

void Shell::cmd_show_matchid(std::string&) {
  if (!flow_.has_game() || flow_.match().on_roll < 0) {
    out("No game in progress.\n");
    return;
  }
  outf("Match ID: %s\n", engine::match_id(flow_.match()).c_str());
}

void Shell::cmd_show_xgid(std::string&) {
  if (!flow_.has_game() || flow_.match().on_roll < 0) {
    out("No game in progress.\n");
    return;
  }
  out(engine::xgid(flow_.game()) + "\n");
}

void Shell::cmd_show_rules(std::string&) {
  const auto& ms = flow_.match();
  const auto& r = flow_.rules();
  if (ms.match_length > 0) {
    outf("Match to %d point%s.\n", ms.match_length, ms.match_length == 1 ? "" : "s");
    outf("Crawford rule: %s.\n", r.auto_crawford ? "on" : "off");
    if (ms.crawford) out("This game is the Crawford game.\n");
    if (ms.post_crawford) out("This is post-Crawford play.\n");
  } else {
    out("Money session.\n");
    outf("Jacoby rule: %s.\n", ms.jacoby ? "on" : "off");
    if (r.beavers)
      outf("Beavers: %d allowed.\n", r.beavers);
    else
      out("Beavers: none.\n");
    if (r.auto_doubles) outf("Automatic doubles: up to %d.\n", r.auto_doubles);
  }
  outf("Cube: %s.\n", ms.cube_use ? "in use" : "not used");
}

// ---- help --------------------------------------------------------------------------------------

namespace {

// gnubg's ShowCommands: every command with a help text, subcommands spelt out.
void list_commands(const CommandEntry* table, const std::string& prefix, std::string& s) {
  for (const CommandEntry* c = table; c->name; ++c) {
    if (!c->help) continue;  // synonyms, and what tavla does not have
    if (c->sub)
      list_commands(c->sub, prefix + c->name + " ", s);
    else
      s += prefix + c->name + "\n";
  }
}

}  // namespace

// gnubg's CommandShowCommands, over tavla's commands.
void Shell::cmd_show_commands(std::string&) {
  std::string s;
  list_commands(top_commands(), "", s);
  out(s);
}

void Shell::cmd_help(std::string& args) {
  const CommandEntry* table = top_commands();
  const CommandEntry* found = nullptr;
  std::string command, usage;
  std::string rest = args;
  while (std::optional<std::string> w = next_token(rest)) {
    const CommandEntry* c = find_command(table, *w);
    if (!c) {
      outf("No help available for topic `%s'\n", trim(args).c_str());
      return;
    }
    found = c;
    command += std::string(c->name) + " ";
    usage += std::string(c->name) + " ";
    if (c->usage) usage += std::string(c->usage) + " ";
    if (!c->sub || (c->handler && !c->help)) break;
    table = c->sub;
  }
  const CommandEntry* list = found ? found->sub : top_commands();
  if (found) {
    const char* help = found->help;
    if (!help)  // a synonym such as `r': the help of the full command
      for (const CommandEntry* c = top_commands(); c->name; ++c)
        if (c->handler == found->handler && c->help) {
          help = c->help;
          break;
        }
    if (!help) {
      out("That command is not available in tavla (README.md, \"The shell's commands\", lists "
          "what is missing and why).\n");
      return;
    }
    outf("%s- %s\n\n%s %s", command.c_str(), help, "Usage:", usage.c_str());
    if (list && list->name)
      out("<subcommand>\n");
    else
      out("\n");
  }
  if (list && list->name) {
    out(found ? "Available subcommands:\n" : "Available commands:\n");
    for (const CommandEntry* c = list; c->name; ++c)
      if (c->help) outf("%-15s\t%s\n", c->name, c->help);
  }
}

}  // namespace tavla::shell
