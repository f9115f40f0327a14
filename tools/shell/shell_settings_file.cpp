// SPDX-License-Identifier: GPL-3.0-or-later
// `set matchequitytable' / `set met' (gnubg's CommandSetMET), `save settings' (gnubg's
// CommandSaveSettings) and the settings file read at start-up, tavla's ~/.gnubg/gnubgautorc.
// The file holds shell commands in gnubg's words, as gnubg's does, for the settings tavla has.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

// gnubg's SaveEvalSettings.
std::string eval_settings(const std::string& prefix, const eval::EvalContext& ec) {
  return strf("%s plies %d\n%s prune %s\n%s cubeful %s\n%s noise %0.3f\n%s deterministic %s\n",
              prefix.c_str(), ec.plies, prefix.c_str(), ec.prune ? "on" : "off", prefix.c_str(),
              ec.cubeful ? "on" : "off", prefix.c_str(), ec.noise, prefix.c_str(),
              ec.deterministic ? "on" : "off");
}

// gnubg's SaveMoveFilterSettings.
std::string filter_settings(const std::string& prefix, const eval::MoveFilters& f) {
  std::string s;
  for (int i = 0; i < eval::kMaxFilterPlies; ++i)
    for (int j = 0; j <= i; ++j)
      s += strf("%s %d  %d  %d %d %0.3g\n", prefix.c_str(), i + 1, j, f[i][j].accept, f[i][j].extra,
                f[i][j].threshold);
  return s;
}

const char* on_off(bool f) {
  return f ? "on" : "off";
}

// A name as `set defaultnames' reads it back (gnubg's NextToken: "..." quotes blanks).
std::string quote_arg(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

}  // namespace

const eval::MatchEquityTable& Shell::met() const {
  return met_ ? *met_ : eval::MatchEquityTable::kazaross_xg2();
}

// gnubg's CommandSetInvertMatchEquityTable (`set invert matchequitytable|met', `invert ...').
void Shell::cmd_set_invert_met(std::string& args) {
  const bool was = invert_met_;
  toggle("invert matchequitytable", invert_met_, args, "Match equity table will be used inverted.",
         "Match equity table will not be use inverted.");
  if (was == invert_met_) return;
  met_ = std::make_shared<const eval::MatchEquityTable>(met().inverted());
  old_mets_.push_back(met_);
  set_thread_met(met_.get());
  hint_memo_.reset();  // gnubg drops its hint record (SetInvertMET), silently
}

void Shell::cmd_set_met(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a filename. See \"help set met\". \n");
    return;
  }
  auto table = eval::MatchEquityTable::load(*file);
  if (!table) {
    // gnubg warns and goes on with a table of its own making; tavla keeps the table it had.
    errf("%s; the match equity table is unchanged (%s).", table.error().c_str(),
         met().info().name.c_str());
    return;
  }
  // Evaluations cached under the old table are never reused: the cache keys hold the table's
  // address, and every table read stays alive while the shell lives.
  // `set invert matchequitytable on' inverts every table read after it too (gnubg's
  // CommandSetMET ends with SetInvertMET).
  met_ = std::make_shared<const eval::MatchEquityTable>(invert_met_ ? table->inverted()
                                                                    : std::move(*table));
  old_mets_.push_back(met_);
  set_thread_met(met_.get());
  out("Analysis used for `hint' has been cleared\n");
  outf("GNU Backgammon will now use the %s match equity table.\n", met().info().name.c_str());
  const int length = met().info().length;
  if (length < eval::kMetMaxAway && length != -1)
    outf(
        "\nNote that this match equity table only supports matches of length %i and below.\n"
        "For scores above %i-away an extrapolation scheme is used.\n",
        length, length);
}

std::string Shell::default_settings_file() {
  namespace fs = std::filesystem;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
    return (fs::path(x) / "tavla" / "tavlarc").string();
  if (const char* h = std::getenv("HOME"); h && *h)
    return (fs::path(h) / ".config" / "tavla" / "tavlarc").string();
  return "";
}

bool Shell::load_settings_file(const std::string& file, std::string& error) {
  std::error_code ec;
  if (file.empty() || !std::filesystem::exists(file, ec)) return true;
  if (!std::filesystem::is_regular_file(file, ec)) {
    error = file + ": not a file; its settings are not read";
    return false;
  }
  std::ifstream in(file);
  if (!in) {
    error = file + ": " + std::strerror(errno ? errno : EACCES);
    return false;
  }
  quiet_ = true;
  run_script(in);
  quiet_ = false;
  return true;
}

// gnubg's SaveRolloutSettings, with `prefix' ("set rollout", or an evalsetup's "... rollout").
std::string Shell::rollout_commands(const std::string& r, const RolloutSetup& setup) const {
  const rollout::RolloutSettings& rc = setup.rc;
  std::string s;
  s += strf("%s cubeful %s\n", r.c_str(), on_off(rc.cubeful));
  s += strf("%s varredn %s\n", r.c_str(), on_off(rc.variance_reduction));
  s += strf("%s quasirandom %s\n", r.c_str(), on_off(rc.rotate));
  s += strf("%s initial %s\n", r.c_str(), on_off(rc.initial));
  s += strf("%s truncation enable %s\n", r.c_str(), on_off(rc.truncate));
  s += strf("%s truncation plies %d\n", r.c_str(), rc.truncate_plies);
  s += strf("%s bearofftruncation exact %s\n", r.c_str(), on_off(rc.truncate_bearoff2));
  s += strf("%s bearofftruncation onesided %s\n", r.c_str(), on_off(rc.truncate_bearoff_os));
  s += strf("%s later enable %s\n", r.c_str(), on_off(rc.late_evaluations));
  s += strf("%s later plies %d\n", r.c_str(), rc.late_turn);
  s += strf("%s trials %d\n", r.c_str(), rc.trials);
  s += strf("%s cube-equal-chequer %s\n", r.c_str(), on_off(setup.cube_equal_chequer));
  s += strf("%s players-are-same %s\n", r.c_str(), on_off(setup.players_are_same));
  s += strf("%s truncate-equal-player0 %s\n", r.c_str(), on_off(setup.truncate_equal_player0));
  s += strf("%s limit enable %s\n", r.c_str(), on_off(rc.stop_on_std_error));
  s += strf("%s limit minimumgames %d\n", r.c_str(), rc.min_trials);
  s += strf("%s limit maxerror %05.4f\n", r.c_str(), rc.std_error_limit);
  s += strf("%s jsd stop %s\n", r.c_str(), on_off(setup.jsd_stop));
  s += strf("%s jsd minimumgames %d\n", r.c_str(), setup.jsd_min_games);
  s += strf("%s jsd limit %05.4f\n", r.c_str(), setup.jsd_limit);
  s += r + " rng mersenne\n";  // the seed is not saved: every session draws its own, as gnubg's
  for (int i = 0; i < 2; ++i) {
    s += eval_settings(strf("%s player %d chequerplay", r.c_str(), i), rc.chequer[i].context);
    s += eval_settings(strf("%s player %d cubedecision", r.c_str(), i), rc.cube[i]);
    s += filter_settings(strf("%s player %d movefilter", r.c_str(), i), rc.chequer[i].filters);
  }
  for (int i = 0; i < 2; ++i) {
    s += eval_settings(strf("%s later player %d chequerplay", r.c_str(), i),
                       rc.chequer_late[i].context);
    s += eval_settings(strf("%s later player %d cubedecision", r.c_str(), i), rc.cube_late[i]);
    s += filter_settings(strf("%s later player %d movefilter", r.c_str(), i),
                         rc.chequer_late[i].filters);
  }
  s += eval_settings(r + " truncation cubedecision", rc.truncation);
  s += eval_settings(r + " truncation chequerplay", setup.chequer_truncation);
  return s;
}

// gnubg's SaveEvalSetupSettings: the type, the evaluation (`evaluation', already written with its
// prefix) and the rollout settings.
std::string Shell::eval_setup_commands(const std::string& prefix, const EvalSetupExtra& extra,
                                       const std::string& evaluation) const {
  return prefix + (extra.rollout ? " type rollout\n" : " type evaluation\n") + evaluation +
         rollout_commands(prefix + " rollout", extra.rollout_settings);
}

void Shell::cmd_save_settings(std::string& args) {
  std::optional<std::string> given = next_token(args);
  if ((!given || given->empty()) && no_rc_) {
    // gnubg saves nothing then, silently; tavla says why.
    out("Settings not saved: tavla was started with -r (no settings read), and saving would "
        "replace the saved settings by these. Give a file name to save them elsewhere.\n");
    return;
  }
  std::string file = given && !given->empty() ? *given : default_settings_file();
  if (file.empty()) {
    errf("save settings: neither XDG_CONFIG_HOME nor HOME is set; give a file name.");
    return;
  }

  std::string s =
      "#\n"
      "# tavla command file (gnubg's commands)\n"
      "#   generated by tavla 0.1.0\n"
      "#\n"
      "# Written by `save settings' and overwritten by every later `save settings'; tavla runs\n"
      "# these commands when it starts (unless started with -r).\n"
      "#\n\n";
  const auto& rules = flow_.rules();
  s += strf("set automatic bearoff %s\n", on_off(auto_bearoff_));
  s += strf("set automatic crawford %s\n", on_off(rules.auto_crawford));
  s += strf("set automatic game %s\n", on_off(auto_game_));
  s += strf("set automatic move %s\n", on_off(auto_move_));
  s += strf("set automatic roll %s\n", on_off(auto_roll_));
  s += strf("set automatic doubles %d\n", rules.auto_doubles);
  s += strf("set beavers %d\n", rules.beavers);
  s += strf("set jacoby %s\n", on_off(rules.jacoby));
  s += strf("set matchlength %d\n", default_match_length_);
  s += strf("set variation %s\n", std::string(engine::variant_command(rules.variant)).c_str());
  // gnubg's SaveAnalysisSettings: the evaluation setups of the analysis.
  s += eval_setup_commands(
      "set analysis chequerplay", analysis_extra_[0],
      eval_settings("set analysis chequerplay evaluation", analysis_eval_.chequer.context));
  s += eval_setup_commands(
      "set analysis cubedecision", analysis_extra_[1],
      eval_settings("set analysis cubedecision evaluation", analysis_eval_.cube));
  s += strf("set eval sameasanalysis %s\n", on_off(eval_same_as_analysis_));
  s += eval_setup_commands(
      "set evaluation chequerplay", eval_extra_[0],
      eval_settings("set evaluation chequerplay evaluation", eval_settings_.chequer.context));
  s += eval_setup_commands(
      "set evaluation cubedecision", eval_extra_[1],
      eval_settings("set evaluation cubedecision evaluation", eval_settings_.cube));
  s += filter_settings("set evaluation movefilter", eval_settings_.chequer.filters);
  s += strf("set cache %zu\n", cache_entries_);
  if (met_) s += "set matchequitytable " + quote_arg(met_->info().file) + "\n";
  s += strf("set invert matchequitytable %s\n", on_off(invert_met_));
  s += strf("set threads %d\n", threads_);
  s += "set defaultnames " + quote_arg(default_names_[0]) + " " + quote_arg(default_names_[1]) +
       "\n";
  for (int i = 0; i < 2; ++i) {
    const std::string p = strf("set player %d", i);
    s += p + " name " + name(i) + "\n";  // the rest of the line, unquoted (as gnubg writes it)
    s += p + (players_[i].type == PlayerType::kEngine ? " gnubg\n" : " human\n");
    s += eval_setup_commands(
        p + " chequerplay", player_extra_[i][0],
        eval_settings(p + " chequerplay evaluation", players_[i].settings.chequer.context));
    s += eval_setup_commands(
        p + " cubedecision", player_extra_[i][1],
        eval_settings(p + " cubedecision evaluation", players_[i].settings.cube));
    if (players_[i].type == PlayerType::kEngine)  // gnubg saves the filters of its players only
      s += filter_settings(p + " movefilter", players_[i].settings.chequer.filters);
  }
  s += strf("set cheat enable %s\n", on_off(cheat_.enable));
  for (int i = 0; i < 2; ++i) s += strf("set cheat player %d roll %d\n", i, cheat_.roll[i] + 1);
  if (rng_ == Rng::kMersenne) s += "set rng mersenne\n";

  // gnubg's SaveRolloutSettings.
  s += rollout_commands("set rollout", rollout_setup());

  // gnubg's SaveImportExportSettings.
  if (!folders_.import.empty()) s += "set import folder " + quote_arg(folders_.import) + "\n";
  if (!folders_.exports.empty()) s += "set export folder " + quote_arg(folders_.exports) + "\n";
  if (!folders_.sgf.empty()) s += "set sgf folder " + quote_arg(folders_.sgf) + "\n";
  s += export_settings_commands();
  s += strf("set tutor mode %s\n", on_off(tutor_.mode));
  s += strf("set tutor cube %s\n", on_off(tutor_.cube));
  s += strf("set tutor chequer %s\n", on_off(tutor_.chequer));
  // gnubg writes "very bad", which reads back as `set tutor skill verybad' (an abbreviation).
  s += strf("set tutor skill %s\n", tutor_.skill == analysis::Skill::kVeryBad ? "very bad"
                                     : tutor_.skill == analysis::Skill::kBad   ? "bad"
                                                                               : "doubtful");
  s += strf("set clockwise %s\n", on_off(clockwise_));
  s += strf("set confirm new %s\n", on_off(confirm_new_));
  s += strf("set confirm save %s\n", on_off(confirm_save_));
  s += strf("set cube use %s\n", on_off(rules.cube_use));
  s += strf("set display %s\n", on_off(display_));
  s += "set confirm default ";
  s += confirm_default_ == 1 ? "yes\n" : confirm_default_ == 0 ? "no\n" : "ask\n";
  s += strf("set gotofirstgame %s\n", on_off(goto_first_game_));
  s += strf("set output matchpc %s\n", on_off(output_.match_pc));
  s += strf("set output mwc %s\n", on_off(output_.mwc));
  s += strf("set output rawboard %s\n", on_off(raw_board_));
  s += strf("set output winpc %s\n", on_off(output_.win_pc));
  s += strf("set output digits %d\n", output_.digits);
  s += strf("set output errorratefactor %f\n", static_cast<double>(error_rate_factor_));
  s += "set prompt " + prompt_format_ + "\n";
  // gnubg always writes its priority; tavla only one the user set, so that a tavla started with
  // `nice' does not fail to lower its nice value back to 0 at every start.
  if (priority_ != 0) s += strf("set priority nice %d\n", priority_);
  s += strf("set ratingoffset %f\n", static_cast<double>(rating_offset_));
  // gnubg's SaveAutoSaveSettings.
  s += strf("set autosave time %d\n", autosave_.minutes);
  s += strf("set autosave rollout %s\n", on_off(autosave_.rollout));
  s += strf("set autosave analysis %s\n", on_off(autosave_.analysis));
  s += strf("set autosave confirm %s\n", on_off(autosave_.confirm));

  if (file == "-") {
    out(s);
    out("Settings saved to standard output stream.\n");
    return;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  if (const fs::path dir = fs::path(file).parent_path(); !dir.empty())
    fs::create_directories(dir, ec);
  std::ofstream f(file, std::ios::binary | std::ios::trunc);
  if (f) f << s;
  f.close();
  if (!f) {
    errf("%s: %s", file.c_str(), std::strerror(errno ? errno : EACCES));
    return;
  }
  outf("Settings saved to %s.\n", file.c_str());
}

}  // namespace tavla::shell
