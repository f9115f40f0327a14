// SPDX-License-Identifier: GPL-3.0-or-later
// The `tavla` shell: gnubg 1.07's tty interface (`gnubg -t`). Commands are gnubg's, looked up as
// gnubg looks them up (the first command in table order that the typed word is a prefix of), and
// they print gnubg's messages and boards. The rules and flow of play live in engine/game_flow.h;
// the engine's decisions in tools/shell/engine_player.h; this class turns commands into calls on
// them and their results into text.
//
// Not thread-safe; one shell per thread. Output goes to the two streams given (gnubg writes its
// error messages to stderr); input for questions (yes/no, manual dice) comes from the LineSource.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/match_analysis.h"
#include "engine/dice.h"
#include "engine/game_flow.h"
#include "eval/match_equity.h"
#include "rollout/rollout.h"
#include "shell/engine_player.h"
#include "text/analysis_text.h"
#include "text/board_drawing.h"
#include "text/match_analysis_sgf.h"
#include "text/match_analysis_text.h"

namespace tavla::bearoff {
class OneSidedDatabase;
class BearoffDatabases;
}

namespace tavla::shell {

struct CommandEntry;

// Where the shell reads answers to its questions (and, in the program, commands): nullopt at end
// of input. `prompt` is shown first when the input is interactive.
using LineSource = std::function<std::optional<std::string>(const std::string& prompt)>;

struct ShellOptions {
  bool interactive = false;        // stdin is a terminal: prompts are shown, questions are asked
  std::optional<uint32_t> seed;    // initial dice seed (default: from the system)
  std::string user_name = "user";  // player 1's default name (gnubg uses the login name)
  std::optional<std::string> weights;  // --weights: the neural-net weights file
  // What `calibrate [N]` runs (the program's `tavla calibrate`); unset: not available.
  std::function<void(const std::vector<std::string>& args)> calibrate;
};

// gnubg's rolloutcontext as the shell holds it: tavla's rollout settings and the settings kept
// beside them (shown and saved; see shell_rollout_settings.cpp), so that a whole set of rollout
// settings can be handed to the `set rollout' commands and back (`set analysis|evaluation|player
// ... rollout ...').
struct RolloutSetup {
  rollout::RolloutSettings rc;
  eval::EvalContext chequer_truncation{2, true, true, true, 0.0f};  // gnubg's aecChequerTrunc
  bool jsd_stop = false;
  int jsd_min_games = 324;
  float jsd_limit = 2.33f;
  bool cube_equal_chequer = false, players_are_same = true, truncate_equal_player0 = true;
  std::optional<uint32_t> seed;  // unset: drawn from the system when first needed
};

// The rollout settings of gnubg's evalsetups at start-up (as its `save settings' writes them):
// `set rollout''s, but cubeless (every context too), truncated, seed 0.
RolloutSetup evalsetup_rollout_default();

// gnubg's evalsetup beyond its evaluation context: the type (`set ... type evaluation|rollout')
// and its rollout settings. Kept, shown and saved: gnubg 1.07's hint, eval, analysis and computer
// player evaluate with the evaluation context whatever the type, as tavla does.
struct EvalSetupExtra {
  bool rollout = false;  // type rollout
  RolloutSetup rollout_settings = evalsetup_rollout_default();
};

class Shell {
 public:
  Shell(std::ostream& out, std::ostream& err, ShellOptions options = {});
  ~Shell();

  // Runs one command line as typed, then every turn that follows from it (engine moves, the next
  // game), as gnubg's main loop does. Returns false once `quit` was given.
  bool execute(std::string_view line);
  // Runs every line of a command script (gnubg's `load commands` and -c), each as execute().
  void run_script(std::istream& in);
  // The prompt gnubg would show now, e.g. "(gnubg) ".
  std::string prompt() const;
  bool interactive() const { return options_.interactive; }
  void set_interactive(bool on) { options_.interactive = on; }
  void set_line_source(LineSource source) { input_ = std::move(source); }
  bool quit_requested() const { return quit_; }

  // Asks a long computation (engine turns, automatic play) to stop; safe to call from a signal
  // handler. The shell prints "(Interrupted)" and waits for the next command.
  static void interrupt();

  // Command words for tab completion: the entries of the table reached by `words_before`.
  std::vector<std::string> completions(const std::vector<std::string>& words_before) const;

  const engine::GameFlow& flow() const { return flow_; }

  // ---- command handlers (one per gnubg command; `args` is the rest of the line) ----------------
  void cmd_accept(std::string& args);
  void cmd_agree(std::string& args);
  void cmd_decline(std::string& args);
  void cmd_double(std::string& args);
  void cmd_drop(std::string& args);
  void cmd_take(std::string& args);
  void cmd_redouble(std::string& args);
  void cmd_reject(std::string& args);
  void cmd_resign(std::string& args);
  void cmd_roll(std::string& args);
  void cmd_move(std::string& args);
  void cmd_play(std::string& args);
  void cmd_end_game(std::string& args);
  void cmd_new_game(std::string& args);
  void cmd_new_match(std::string& args);
  void cmd_new_session(std::string& args);
  void cmd_hint(std::string& args);
  void cmd_eval(std::string& args);
  void cmd_rollout(std::string& args);
  void cmd_calibrate(std::string& args);
  void cmd_help(std::string& args);
  void cmd_quit(std::string& args);
  void cmd_save_match(std::string& args);
  void cmd_save_game(std::string& args);
  void cmd_save_position(std::string& args);
  void cmd_load_game(std::string& args);
  void cmd_load_position(std::string& args);
  void cmd_export_game_gam(std::string& args);
  void cmd_export_position_text(std::string& args);
  void cmd_export_game_text(std::string& args);
  void cmd_export_match_text(std::string& args);
  void cmd_export_match_html(std::string& args);
  void cmd_export_game_html(std::string& args);
  void cmd_load_match(std::string& args);
  void cmd_import_mat(std::string& args);
  void cmd_import_pos(std::string& args);
  void cmd_export_match_mat(std::string& args);
  void cmd_load_commands(std::string& args);
  // gnubg's `analyse match` / `analyse game` (shell_analysis.cpp) and `show statistics`.
  void cmd_analyse_match(std::string& args);
  void cmd_analyse_game(std::string& args);
  void cmd_analyse_move(std::string& args);
  void cmd_analyse_clear_move(std::string& args);
  void cmd_analyse_rollout_move(std::string& args);  // shell_analyse_rollout.cpp
  void cmd_analyse_rollout_cube(std::string& args);
  void cmd_analyse_rollout_game(std::string& args);  // shell_review_rollout.cpp
  void cmd_analyse_rollout_match(std::string& args);
  void cmd_analyse_clear_game(std::string& args);
  void cmd_analyse_clear_match(std::string& args);
  // `set analysis ...` and `show analysis` (shell_analysis_settings.cpp).
  void cmd_set_analysis_chequerplay(std::string& args);
  void cmd_set_analysis_cubedecision(std::string& args);
  void cmd_set_analysis_luckanalysis(std::string& args);
  void cmd_set_analysis_cube(std::string& args);
  void cmd_set_analysis_luck(std::string& args);
  void cmd_set_analysis_moves(std::string& args);
  void cmd_set_analysis_movefilter(std::string& args);
  void cmd_set_eval_movefilter(std::string& args);
  void cmd_set_eval_sameasanalysis(std::string& args);
  void cmd_set_player_movefilter(std::string& args);
  void cmd_set_analysis_player(std::string& args);
  void cmd_set_analysis_player_analyse(std::string& args);
  void cmd_set_analysis_threshold_bad(std::string& args);
  void cmd_set_analysis_threshold_doubtful(std::string& args);
  void cmd_set_analysis_threshold_verybad(std::string& args);
  void cmd_set_analysis_threshold_lucky(std::string& args);
  void cmd_set_analysis_threshold_unlucky(std::string& args);
  void cmd_set_analysis_threshold_verylucky(std::string& args);
  void cmd_set_analysis_threshold_veryunlucky(std::string& args);
  void cmd_show_analysis(std::string& args);
  void cmd_show_statistics_match(std::string& args);
  void cmd_show_statistics_game(std::string& args);
  void cmd_show_matchresult(std::string& args);
  void cmd_dicerolls(std::string& args);
  void cmd_clear_hint(std::string& args);
  void cmd_clear_turn(std::string& args);  // shell_set.cpp
  void cmd_clear_cache(std::string& args);
  void cmd_not_available_gui(std::string& args);    // gnubg's GUI settings
  void cmd_not_available_sound(std::string& args);  // gnubg's sounds
  void cmd_not_available_format(std::string& args);  // import/export formats tavla lacks
  void cmd_not_available_interface(std::string& args);  // Python, external players, ...

  void cmd_set_board(std::string& args);
  void cmd_set_variation_standard(std::string& args);
  void cmd_set_variation_nackgammon(std::string& args);
  void cmd_set_variation_hyper1(std::string& args);
  void cmd_set_variation_hyper2(std::string& args);
  void cmd_set_variation_hyper3(std::string& args);
  void cmd_show_variation(std::string& args);
  void cmd_set_matchid(std::string& args);
  void cmd_set_gnubgid(std::string& args);
  void cmd_set_xgid(std::string& args);
  void cmd_set_dice(std::string& args);
  void cmd_set_turn(std::string& args);
  void cmd_set_cube_centre(std::string& args);
  void cmd_set_cube_owner(std::string& args);
  void cmd_set_cube_use(std::string& args);
  void cmd_set_cube_value(std::string& args);
  void cmd_set_score(std::string& args);
  void cmd_set_crawford(std::string& args);
  void cmd_set_postcrawford(std::string& args);
  void cmd_set_jacoby(std::string& args);
  void cmd_set_beavers(std::string& args);
  void cmd_set_seed(std::string& args);
  void cmd_set_rollout_seed(std::string& args);
  void cmd_set_rollout_trials(std::string& args);
  // shell_rollout_settings.cpp: the rest of gnubg's `set rollout ...' and `show rollout'.
  void cmd_set_rollout_bearoff_exact(std::string& args);
  void cmd_set_rollout_bearoff_onesided(std::string& args);
  void cmd_set_rollout_chequerplay(std::string& args);
  void cmd_set_rollout_cubedecision(std::string& args);
  void cmd_set_rollout_cube_equal_chequer(std::string& args);
  void cmd_set_rollout_cubeful(std::string& args);
  void cmd_set_rollout_initial(std::string& args);
  void cmd_set_rollout_jsd_limit(std::string& args);
  void cmd_set_rollout_jsd_minimumgames(std::string& args);
  void cmd_set_rollout_jsd_stop(std::string& args);
  void cmd_set_rollout_later_chequerplay(std::string& args);
  void cmd_set_rollout_later_cubedecision(std::string& args);
  void cmd_set_rollout_later_enable(std::string& args);
  void cmd_set_rollout_later_plies(std::string& args);
  void cmd_set_rollout_later_movefilter(std::string& args);
  void cmd_set_rollout_later_player(std::string& args);
  void cmd_set_rollout_later_player_chequerplay(std::string& args);
  void cmd_set_rollout_later_player_cubedecision(std::string& args);
  void cmd_set_rollout_later_player_movefilter(std::string& args);
  void cmd_set_rollout_limit_enable(std::string& args);
  void cmd_set_rollout_limit_minimumgames(std::string& args);
  void cmd_set_rollout_limit_maxerror(std::string& args);
  void cmd_set_rollout_log(std::string& args);
  void cmd_set_rollout_movefilter(std::string& args);
  void cmd_set_rollout_player(std::string& args);
  void cmd_set_rollout_player_chequerplay(std::string& args);
  void cmd_set_rollout_player_cubedecision(std::string& args);
  void cmd_set_rollout_player_movefilter(std::string& args);
  void cmd_set_rollout_players_are_same(std::string& args);
  void cmd_set_rollout_quasirandom(std::string& args);
  void cmd_set_rollout_rng_mersenne(std::string& args);
  void cmd_set_rollout_rng_manual(std::string& args);
  void cmd_set_rollout_rng_other(std::string& args);
  void cmd_set_rollout_truncation_chequerplay(std::string& args);
  void cmd_set_rollout_truncation_cubedecision(std::string& args);
  void cmd_set_rollout_truncation_enable(std::string& args);
  void cmd_set_rollout_truncation_plies(std::string& args);
  void cmd_set_rollout_truncate_equal_player0(std::string& args);
  void cmd_set_rollout_varredn(std::string& args);
  void cmd_show_rollout(std::string& args);
  // shell_settings_file.cpp: `set met', `save settings' and the start-up settings file.
  void cmd_set_met(std::string& args);
  void cmd_save_settings(std::string& args);
  void cmd_set_rng_manual(std::string& args);
  void cmd_set_rng_mersenne(std::string& args);
  void cmd_set_rng_file(std::string& args);
  void cmd_set_rng_other(std::string& args);
  void cmd_set_player(std::string& args);
  void cmd_set_player_name(std::string& args);
  void cmd_set_player_gnubg(std::string& args);
  void cmd_set_player_human(std::string& args);
  void cmd_set_player_chequerplay(std::string& args);
  void cmd_set_player_cubedecision(std::string& args);
  void cmd_set_player_level(std::string& args);
  void cmd_set_eval_chequerplay(std::string& args);
  void cmd_set_eval_cubedecision(std::string& args);
  void cmd_set_evalparam_type(std::string& args);
  void cmd_set_evalparam_evaluation(std::string& args);
  void cmd_set_evalparam_rollout(std::string& args);
  void cmd_set_evaluation_cubeful(std::string& args);
  void cmd_set_evaluation_deterministic(std::string& args);
  void cmd_set_evaluation_level(std::string& args);
  void cmd_set_evaluation_noise(std::string& args);
  void cmd_set_evaluation_plies(std::string& args);
  void cmd_set_evaluation_prune(std::string& args);
  void cmd_set_defaultnames(std::string& args);
  void cmd_set_display(std::string& args);
  void cmd_set_matchlength(std::string& args);
  void cmd_set_prompt(std::string& args);
  void cmd_set_auto_crawford(std::string& args);
  void cmd_set_auto_doubles(std::string& args);
  void cmd_set_auto_game(std::string& args);
  void cmd_set_auto_roll(std::string& args);
  void cmd_set_confirm_new(std::string& args);
  void cmd_set_confirm_save(std::string& args);
  void cmd_set_confirm_default(std::string& args);
  void cmd_set_auto_bearoff(std::string& args);
  void cmd_set_auto_move(std::string& args);
  void cmd_show_automatic(std::string& args);
  void cmd_show_confirm(std::string& args);
  // shell_tutor.cpp: `set tutor ...' and `show tutor' (gnubg's tutor mode).
  void cmd_set_tutor_mode(std::string& args);
  void cmd_set_tutor_cube(std::string& args);
  void cmd_set_tutor_chequer(std::string& args);
  void cmd_set_tutor_skill_doubtful(std::string& args);
  void cmd_set_tutor_skill_bad(std::string& args);
  void cmd_set_tutor_skill_verybad(std::string& args);
  void cmd_show_tutor(std::string& args);
  // shell_misc_settings.cpp: settings kept and shown (see there).
  void cmd_set_delay(std::string& args);
  void cmd_show_delay(std::string& args);
  void cmd_set_calibration(std::string& args);
  void cmd_show_calibration(std::string& args);
  void cmd_set_clockwise(std::string& args);
  void cmd_show_clockwise(std::string& args);
  void cmd_set_record(std::string& args);
  void cmd_set_gotofirstgame(std::string& args);
  void cmd_set_priority_nice(std::string& args);
  void cmd_set_priority_abovenormal(std::string& args);
  void cmd_set_priority_belownormal(std::string& args);
  void cmd_set_priority_highest(std::string& args);
  void cmd_set_priority_idle(std::string& args);
  void cmd_set_priority_normal(std::string& args);
  void cmd_set_priority_timecritical(std::string& args);
  void set_priority(int n);
  void goto_first_game_after_loading();
  void cmd_set_autosave_time(std::string& args);
  void cmd_set_autosave_rollout(std::string& args);
  void cmd_set_autosave_analysis(std::string& args);
  void cmd_set_autosave_confirm(std::string& args);
  void cmd_show_autosave(std::string& args);
  void cmd_set_import_folder(std::string& args);
  void cmd_set_export_folder(std::string& args);
  // shell_export_settings.cpp: gnubg's `set export ...' (but the folder) and `show export'.
  void cmd_set_export_include_annotations(std::string& args);
  void cmd_set_export_include_analysis(std::string& args);
  void cmd_set_export_include_statistics(std::string& args);
  void cmd_set_export_include_matchinfo(std::string& args);
  void cmd_set_export_show_board(std::string& args);
  void cmd_set_export_show_player(std::string& args);
  void cmd_set_export_moves_number(std::string& args);
  void cmd_set_export_moves_probabilities(std::string& args);
  void cmd_set_export_moves_parameters(std::string& args);
  void cmd_set_export_cube_probabilities(std::string& args);
  void cmd_set_export_cube_parameters(std::string& args);
  void cmd_set_export_parameters_evaluation(std::string& args);
  void cmd_set_export_parameters_rollout(std::string& args);
  void cmd_set_export_moves_display_verybad(std::string& args);
  void cmd_set_export_moves_display_bad(std::string& args);
  void cmd_set_export_moves_display_doubtful(std::string& args);
  void cmd_set_export_moves_display_unmarked(std::string& args);
  void cmd_set_export_cube_display_verybad(std::string& args);
  void cmd_set_export_cube_display_bad(std::string& args);
  void cmd_set_export_cube_display_doubtful(std::string& args);
  void cmd_set_export_cube_display_unmarked(std::string& args);
  void cmd_set_export_cube_display_actual(std::string& args);
  void cmd_set_export_cube_display_missed(std::string& args);
  void cmd_set_export_cube_display_close(std::string& args);
  void cmd_set_export_html_type_bbs(std::string& args);
  void cmd_set_export_html_type_fibs2html(std::string& args);
  void cmd_set_export_html_type_gnu(std::string& args);
  void cmd_set_export_html_css_head(std::string& args);
  void cmd_set_export_html_css_inline(std::string& args);
  void cmd_set_export_html_css_external(std::string& args);
  void cmd_set_export_html_pictureurl(std::string& args);
  void cmd_set_export_html_size(std::string& args);
  void cmd_set_export_png_size(std::string& args);
  void cmd_show_export(std::string& args);
  void set_export_display(bool& flag, std::string& args, const char* command, const char* what);
  void set_export_html_type(int type);
  void set_export_html_css(int css);
  std::string export_settings_commands() const;
  void cmd_set_sgf_folder(std::string& args);
  // shell_cheat.cpp: gnubg's dice manipulation.
  void cmd_set_cheat_enable(std::string& args);
  void cmd_set_cheat_player(std::string& args);
  void cmd_set_cheat_player_roll(std::string& args);
  void cmd_show_cheat(std::string& args);
  void print_cheat_roll(int player);
  // The roll `set cheat player' gives the player on roll; nullopt: none (no nets, interrupted).
  std::optional<std::array<int, 2>> cheat_dice();
  // A turn's roll: cheat_dice() under `set cheat enable on', else get_dice().
  bool rolled_dice(std::array<int, 2>& dice);
  // shell_engine_info.cpp: `show engine' (gnubg's EvalStatus) and `load weights FILE'.
  void cmd_show_engine(std::string& args);
  void cmd_set_invert_met(std::string& args);  // shell_settings_file.cpp
  void cmd_show_bearoff(std::string& args);
  void cmd_load_weights(std::string& args);
  // shell_output.cpp: `set output ...' and `show output'.
  void cmd_set_output_output(std::string& args);
  void cmd_set_output_matchpc(std::string& args);
  void cmd_set_output_mwc(std::string& args);
  void cmd_set_output_rawboard(std::string& args);
  void cmd_set_output_winpc(std::string& args);
  void cmd_set_output_digits(std::string& args);
  void cmd_set_output_errorratefactor(std::string& args);
  void cmd_show_output(std::string& args);
  void cmd_set_ratingoffset(std::string& args);
  void cmd_show_ratingoffset(std::string& args);

  void cmd_show_board(std::string& args);
  void cmd_show_beavers(std::string& args);
  void cmd_show_crawford(std::string& args);
  void cmd_show_cube(std::string& args);
  void cmd_show_dice(std::string& args);
  void cmd_show_display(std::string& args);
  void cmd_show_evaluation(std::string& args);
  void cmd_show_jacoby(std::string& args);
  void cmd_show_matchlength(std::string& args);
  void cmd_show_matchinfo(std::string& args);
  void cmd_show_commands(std::string& args);
  void cmd_show_scoresheet(std::string& args);
  void cmd_set_matchinfo_annotator(std::string& args);
  void cmd_set_matchinfo_comment(std::string& args);
  void cmd_set_matchinfo_date(std::string& args);
  void cmd_set_matchinfo_event(std::string& args);
  void cmd_set_matchinfo_place(std::string& args);
  void cmd_set_matchinfo_rating(std::string& args);
  void cmd_set_matchinfo_round(std::string& args);
  void cmd_show_pipcount(std::string& args);
  void cmd_show_kleinman(std::string& args);
  void cmd_show_thorp(std::string& args);
  void cmd_show_onesidedrollout(std::string& args);
  void cmd_show_8912(std::string& args);
  void cmd_show_keith(std::string& args);
  void cmd_show_isight(std::string& args);
  bool race_count_position(std::string& args, engine::Board& b);
  void cmd_show_player(std::string& args);
  void cmd_show_postcrawford(std::string& args);
  void cmd_show_prompt(std::string& args);
  void cmd_show_rng(std::string& args);
  void cmd_show_score(std::string& args);
  void cmd_show_seed(std::string& args);
  void cmd_show_turn(std::string& args);
  void cmd_show_version(std::string& args);
  void cmd_show_gnubgid(std::string& args);
  void cmd_show_matchid(std::string& args);
  void cmd_show_xgid(std::string& args);
  void cmd_show_rules(std::string& args);
  // shell_theory.cpp
  void cmd_show_gammonvalues(std::string& args);
  void cmd_show_marketwindow(std::string& args);
  void cmd_show_matchequitytable(std::string& args);
  void cmd_eq2mwc(std::string& args);
  void cmd_mwc2eq(std::string& args);
  void cmd_not_implemented(std::string& args);
  // shell_about.cpp (cmd_show_version too)
  void cmd_show_copying(std::string& args);
  void cmd_show_warranty(std::string& args);
  void cmd_show_credits(std::string& args);
  void cmd_show_buildinfo(std::string& args);
  void cmd_show_manual(std::string& args);
  // shell_engine.cpp
  void cmd_set_threads(std::string& args);
  void cmd_show_threads(std::string& args);
  void cmd_set_cache(std::string& args);
  void cmd_set_cubeefficiency_os(std::string& args);
  void cmd_set_cubeefficiency_crashed(std::string& args);
  void cmd_set_cubeefficiency_contact(std::string& args);
  void cmd_set_cubeefficiency_race_factor(std::string& args);
  void cmd_set_cubeefficiency_race_coefficient(std::string& args);
  void cmd_set_cubeefficiency_race_min(std::string& args);
  void cmd_set_cubeefficiency_race_max(std::string& args);
  // shell_review.cpp: reviewing a game or match
  void cmd_next(std::string& args);
  void cmd_previous(std::string& args);
  void cmd_first_game(std::string& args);
  void cmd_first_move(std::string& args);
  void cmd_list_game(std::string& args);
  void cmd_list_match(std::string& args);
  void cmd_history(std::string& args);
  void cmd_swap_players(std::string& args);
  // shell_annotate.cpp
  void cmd_annotate_move(std::string& args);
  void cmd_annotate_cube(std::string& args);
  void cmd_annotate_double(std::string& args);
  void cmd_annotate_accept(std::string& args);
  void cmd_annotate_drop(std::string& args);
  void cmd_annotate_reject(std::string& args);
  void cmd_annotate_resign(std::string& args);
  void cmd_annotate_bad(std::string& args);
  void cmd_annotate_verybad(std::string& args);
  void cmd_annotate_doubtful(std::string& args);
  void cmd_annotate_clear_skill(std::string& args);
  void cmd_annotate_lucky(std::string& args);
  void cmd_annotate_unlucky(std::string& args);
  void cmd_annotate_verylucky(std::string& args);
  void cmd_annotate_veryunlucky(std::string& args);
  void cmd_annotate_clear_luck(std::string& args);
  void cmd_annotate_add_comment(std::string& args);
  void cmd_annotate_clear_comment(std::string& args);
  void cmd_show_cubeefficiency(std::string& args);
  // shell_cmark.cpp: `cmark ...'
  void cmd_cmark_cube_show(std::string& args);
  void cmd_cmark_cube_set_none(std::string& args);
  void cmd_cmark_cube_set_rollout(std::string& args);
  void cmd_cmark_move_clear(std::string& args);
  void cmd_cmark_move_set_none(std::string& args);
  void cmd_cmark_move_set_rollout(std::string& args);
  void cmd_cmark_move_show(std::string& args);
  void cmd_cmark_game_clear(std::string& args);
  void cmd_cmark_game_show(std::string& args);
  void cmd_cmark_match_clear(std::string& args);
  void cmd_cmark_match_show(std::string& args);

  // The settings file `save settings' writes by default and the program reads at start-up:
  // $XDG_CONFIG_HOME/tavla/tavlarc, else ~/.config/tavla/tavlarc ("" when neither is known).
  static std::string default_settings_file();
  // Runs the commands of a settings file without printing their messages (gnubg reads its
  // gnubgautorc quietly); false, with `error` set, when the file exists but cannot be read.
  bool load_settings_file(const std::string& file, std::string& error);
  // `save settings' without a file name saves nothing once the program was started with -r (as
  // gnubg: the defaults would overwrite the saved settings).
  void set_no_rc(bool on) { no_rc_ = on; }

 private:
  enum class PlayerType { kHuman, kEngine };
  struct PlayerConfig {
    PlayerType type = PlayerType::kHuman;
    PlayerSettings settings;
  };
  enum class Rng { kMersenne, kManual, kFile };

  // `analyse rollout move|cube''s rollout (shell_analyse_rollout.cpp): the statistics of each
  // alternative, the settings run (the shell's seed and threads filled in) and the trials done.
  struct AnalysisRollout {
    std::vector<rollout::AlternativeStats> stats;
    rollout::RolloutSettings settings;
    int trials = 0;
  };
  // Runs st over alts with the trial counter on a terminal; nullopt when Ctrl-C stopped it
  // (nothing is stored then; execute() says "(Interrupted)").
  std::optional<AnalysisRollout> run_analysis_rollout(rollout::RolloutSettings st,
                                                      const std::vector<rollout::Alternative>& alts);

  void handle(std::string& line, const CommandEntry* table, bool top);
  bool may_change_turn();  // set/clear turn's guards (shell_set.cpp)
  void save(std::string& args, bool whole_match);
  // Writes `text` to `file` ("-": the output) for the save and export commands, after asking
  // to overwrite (`set confirm save`); false when not written (refused, or an error reported).
  bool write_file(const std::string& file, const std::string& text);
  // `load game` / `load position`: the first game of an SGF file (`what` names the command).
  void load_first_game(std::string& args, const char* what);
  // Replaces the match by one read from a file (SGF or .mat) and shows the board.
  void load_match_record(const engine::MatchRecord& match);
  engine::MatchRecord match_record(bool whole_match) const;  // names and info included
  void run_pending();

  // gnubg's game flow around the commands (play.c): TurnDone, NextTurn, ComputerTurn, NewGame.
  void turn_done() { next_turn_ = true; }
  void next_turn();
  bool computer_turn();
  bool engine_turn();     // computer_turn's decisions
  bool start_new_game();  // NewGame + the first turn; false when abandoned
  bool new_game();        // gnubg's NewGame
  bool is_human(int player) const { return players_[player].type == PlayerType::kHuman; }
  bool refuse_if_computer_turn();
  void show_auto_move(const engine::Move& move);
  bool get_dice(std::array<int, 2>& dice);
  bool roll_dice(std::array<int, 2>& dice);  // gnubg's RollDice: the generator's next roll
  void forget_dice() { dice_cache_valid_ = false; }
  std::optional<std::array<int, 2>> manual_dice();
  bool confirm(const std::string& question);
  bool confirm_discard();

  // Output.
  void out(std::string_view s);
  void outf(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  void errf(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  void show_board();
  void show_score();
  const std::string& name(int player) const { return names_.name[player]; }
  std::string refusal_text(engine::Refusal r) const;

  // Settings commands.
  int toggle(const char* what, bool& flag, std::string& args, const char* on, const char* off);
  void set_match_id(const std::string& id);
  void set_eval_target(const std::string& who, const std::string& command, PlayerSettings* target,
                       bool chequer, EvalSetupExtra* extra = nullptr);
  bool parse_position(std::string& args, engine::Board& board);
  int parse_player(const std::string& word) const;
  // Hands the rest of a command to `table` for player p (0 or 1: `who` = p) or, for p == 2
  // (both), for player 0 and then player 1 with a copy of the words; false for any other p.
  bool hand_to_players(int p, int& who, std::string& args, const CommandEntry* table);

  void set_variation(engine::Variant v);  // gnubg's SetVariation

  // Evaluation.
  Analyzer* analyzer();
  // Gives a (new) analyzer the engine settings below.
  void apply_engine_settings();
  void set_cube_efficiency(
      std::string& args, const char* what,
      float& x);  // loads the weights on first use; null (error printed) if impossible
  const eval::BearoffProvider* bearoff_provider();
  std::string bearoff_class_text(const engine::Board& board, eval::PositionClass pc);
  // gnubg's one-sided database of the standard game (whatever the variation); null when absent.
  const bearoff::OneSidedDatabase* one_sided_database();
  // The standard game's databases (opened, or built, on first use; null when impossible).
  const bearoff::BearoffDatabases* bearoff_databases();
  // The game for the engine: the flow's, with the beaver rule as set now.
  // gnubg's GetMatchStateCubeInfo: the cube situation of the player on roll (player 0 before
  // the first roll).
  eval::CubeInfo match_state_cube_info() const;
  engine::Game analysis_game() const {
    engine::Game g = flow_.game();
    g.match.beavers = flow_.rules().beavers;
    return g;
  }

  std::ostream& out_;
  std::ostream& err_;
  ShellOptions options_;
  LineSource input_;

  engine::GameFlow flow_;
  text::PlayerNames names_;
  std::array<std::string, 2> default_names_;
  std::array<PlayerConfig, 2> players_;
  PlayerSettings eval_settings_;  // `set evaluation ...` (gnubg's esEvalChequer/Cube, aamfEval)
  // gnubg's fEvalSameAsAnalysis: `eval' and `hint' use the analysis settings instead.
  bool eval_same_as_analysis_ = false;
  // What `eval', `hint' and `show evaluation' use (gnubg's GetEvalChequer, GetEvalCube and
  // GetEvalMoveFilter).
  PlayerSettings hint_settings() const;

  Rng rng_ = Rng::kMersenne;
  engine::DiceGenerator dice_;
  std::string dice_file_name_;
  std::string dice_file_;  // contents; read position below
  size_t dice_file_pos_ = 0;
  // gnubg's GetDice remembers the last roll with its position and turn and hands it out again for
  // the same position and turn.
  bool dice_cache_valid_ = false;
  int dice_cache_turn_ = -2;
  engine::Board dice_cache_board_;
  std::array<int, 2> dice_cache_{0, 0};

  bool display_ = true;
  // `set output ...' (gnubg's fOutput* settings): how figures are printed, boards as FIBS
  // "boardstyle 3" lines, the factor of error rates, and whether messages are printed at all.
  text::OutputOptions output_;
  bool raw_board_ = false;
  float error_rate_factor_ = 1000.0f;
  bool output_on_ = true;
  float rating_offset_ = analysis::kRatingOffset;  // `set ratingoffset'
  text::StatisticsFormat statistics_format() const {
    return {output_.digits, error_rate_factor_, rating_offset_};
  }
  bool auto_game_ = true;
  bool auto_roll_ = true;
  // gnubg's fAutoBearoff and fAutoMove: after a human's roll, bear off as many chequers as the
  // dice allow in a race, and play a forced move (only move) by itself.
  bool auto_bearoff_ = false;
  bool auto_move_ = false;
  // gnubg's try_bearoff: plays the first legal move that bears off a chequer with every die, in
  // a position without contact; false when there is none.
  bool try_auto_bearoff();
  // gnubg's nConfirmDefault (`set confirm default'): questions answered yes (1) or no (0) without
  // asking, or asked (-1).
  int confirm_default_ = -1;
  // gnubg's tutor (fTutor, fTutorCube, fTutorChequer, TutorSkill): while a human plays, his play
  // and cube actions are judged as `hint' judges them, and one marked `skill' or worse is made
  // only after he confirms it.
  struct TutorSettings {
    bool mode = false;
    bool cube = true;
    bool chequer = true;
    analysis::Skill skill = analysis::Skill::kDoubtful;
  };
  TutorSettings tutor_;
  // gnubg's rEvalsPerSec (-1: none), fClockwise, fRecord, fGotoFirstGame, nThreadPriority, the
  // autosave settings and the file dialogs' default folders (shell_misc_settings.cpp).
  float evals_per_second_ = -1.0f;
  bool clockwise_ = false;
  bool record_ = true;
  bool goto_first_game_ = false;
  int priority_ = 0;
  struct AutosaveSettings {
    int minutes = 15;
    bool rollout = false;
    bool analysis = false;
    bool confirm = true;
  };
  AutosaveSettings autosave_;
  struct Folders {
    std::string import = ".", exports = ".", sgf = ".";
  };
  Folders folders_;
  // gnubg's exsExport, with its defaults. Skills index as gnubg's: 0 very bad, 1 bad,
  // 2 doubtful, 3 unmarked; cube_display 4..6: actual, missed, close decisions.
  struct ExportSettings {
    bool include_annotations = true, include_analysis = true, include_statistics = true,
         include_match_info = true;
    int display_board = 1;  // a board every n-th move, 0 never
    int side = -1;          // gnubg's fSide: 1 player 0, 2 player 1, 3 both; -1 never set
    int moves = 5;          // at most this many plays listed per move
    bool moves_probabilities = true;
    bool moves_parameters[2] = {false, true};  // evaluation, rollout
    bool moves_display[4] = {true, true, true, true};
    bool cube_probabilities = true;
    bool cube_parameters[2] = {false, true};
    bool cube_display[7] = {true, true, true, true, true, true, true};
    std::string picture_url = "html-images/";
    int html_type = 0;  // 0 gnu, 1 bbs, 2 fibs2html
    int html_css = 0;   // 0 in <head>, 1 inline, 2 external file
    int png_size = 4, html_size = 4;
    static const char* html_type_name(int type);
  };
  ExportSettings export_;
  bool* export_parameters_ = export_.moves_parameters;  // gnubg's pParameter
  // gnubg's fCheat and afCheatRoll (0 = best roll ... 20 = worst), per player.
  struct CheatSettings {
    bool enable = false;
    std::array<int, 2> roll{0, 0};
  };
  CheatSettings cheat_;
  // gnubg's GiveAdvice: true when the action may go ahead (not marked `tutor_.skill' or worse,
  // or the human answers yes to the warning).
  bool give_advice(analysis::Skill skill);
  // gnubg's tutor_double (from `roll', did_double false, and `double'), tutor_take (`take' and
  // `drop') and the tutor's hint_move (a typed play): the human's action judged with the hint
  // settings; the cube analysis is printed, as gnubg's tty prints it; the hint record keeps the
  // analysis. nullopt: interrupted (the action does not go ahead).
  std::optional<analysis::Skill> tutor_double(bool did_double);
  std::optional<analysis::Skill> tutor_take(bool did_take);
  std::optional<analysis::Skill> tutor_move(const engine::Board& after);
  // The three together: whether the action may go ahead under `set tutor ...'.
  bool tutor_allows_double(bool did_double);
  bool tutor_allows_take(bool did_take);
  bool tutor_allows_move(const engine::Board& after);
  bool confirm_new_ = true;
  bool confirm_save_ = true;
  int default_match_length_ = 7;
  // gnubg's rcRollout: what `rollout' uses (`set rollout ...'). rollout_.truncation is gnubg's
  // aecCubeTrunc, the evaluation at the truncation point; the seed is rollout_seed_.
  rollout::RolloutSettings rollout_;
  eval::EvalContext rollout_chequer_truncation_{2, true, true, true, 0.0f};  // aecChequerTrunc
  // gnubg's J.S.D. rule (kept, shown and saved; tavla's rollouts do not apply it).
  bool rollout_jsd_stop_ = false;
  int rollout_jsd_min_games_ = 324;
  float rollout_jsd_limit_ = 2.33f;
  // gnubg's flags for its rollout dialog (no effect in gnubg's tty either).
  bool rollout_cube_equal_chequer_ = false;
  bool rollout_players_are_same_ = true;
  bool rollout_truncate_equal_player0_ = true;
  std::optional<uint32_t> rollout_seed_;  // `set rollout seed'; unset: from the system once
  RolloutSetup rollout_setup() const;
  void use_rollout_setup(const RolloutSetup& r);
  std::array<EvalSetupExtra, 2> analysis_extra_, eval_extra_;  // [chequer, cube]
  std::array<std::array<EvalSetupExtra, 2>, 2> player_extra_;  // [player][chequer, cube]
  bool setting_evalsetup_rollout_ = false;  // in `set ... chequerplay|cubedecision rollout ...'
  EvalSetupExtra* set_extra_ = nullptr;                        // gnubg's pesSet, beyond ec
  std::string show_eval_setup(const EvalSetupExtra& extra, const std::string& evaluation) const;
  std::string rollout_text(const RolloutSetup& r) const;  // gnubg's ShowRollout
  std::string rollout_commands(const std::string& prefix, const RolloutSetup& r) const;
  std::string eval_setup_commands(const std::string& prefix, const EvalSetupExtra& extra,
                                  const std::string& evaluation) const;
  // The match equity table (`set met'); null: the built-in Kazaross-XG2, gnubg's default.
  std::shared_ptr<const eval::MatchEquityTable> met_;
  bool invert_met_ = false;  // gnubg's fInvertMET: met_ is the inverted table
  std::vector<std::shared_ptr<const eval::MatchEquityTable>> old_mets_;  // every table set
  const eval::MatchEquityTable& met() const;
  bool no_rc_ = false;
  bool quiet_ = false;  // reading the settings file: messages are not printed
  // `set rollout player N ...': the player being set (gnubg's iPlayerSet / iPlayerLateSet).
  int rollout_player_set_ = 0;
  // A setting of one evaluation context (rollouts'), instead of set_target_'s; set_context_copy_
  // receives a copy afterwards (gnubg's SetRolloutEvaluationContextBoth).
  eval::EvalContext* set_context_ = nullptr;
  eval::EvalContext* set_context_copy_ = nullptr;
  eval::EvalContext& set_context();
  void set_rollout_context(const char* who, const char* command, eval::EvalContext* context,
                           eval::EvalContext* copy, std::string& args);
  void set_move_filter(std::string& args, eval::MoveFilters& filters);
  std::string prompt_format_ = "(\\p) ";

  // The match's date ("YYYY-MM-DD", SGF DT[], .mat EventDate; today for a new match), and event,
  // round, place, annotator, comment and variant as a loaded match file gave them (names: names_).
  engine::MatchInfo match_info_;
  static std::string today();

  bool next_turn_ = false;
  bool computer_decision_ = false;
  bool end_game_ = false;  // `end game' is playing the game out quietly
  bool quit_ = false;

  // Engine settings (gnubg's `set threads', `set cache', `set cubeefficiency').
  static constexpr size_t kDefaultCacheEntries = size_t{1} << 19;  // gnubg's default
  int threads_ = 1;
  size_t cache_entries_ = kDefaultCacheEntries;
  eval::CubeEfficiencySettings cube_efficiency_;

  std::shared_ptr<const eval::NetSet> nets_;  // the analyzer's, shared with rollouts
  std::string weights_file_;                  // the file nets_ was read from (`show engine')
  std::unique_ptr<Analyzer> analyzer_;
  // The match analysis (`analyse match`): its own analyser (nets, databases, all cores) and per
  // game of flow_ the analysis, kept while the game's records are unchanged.
  std::unique_ptr<analysis::Analyser> match_analyser_;
  std::vector<std::optional<analysis::GameAnalysis>> game_analyses_;
  // gnubg's analysis settings (`set analysis ...`): the flags, players, thresholds and the
  // chequer play's move filters live in analysis_; the evaluation contexts in the two
  // PlayerSettings the `set ... evaluation` handlers write (analysis_eval_: chequerplay =
  // .chequer.context, cubedecision = .cube; luck_eval_.cube: `set analysis luckanalysis`).
  analysis::MatchAnalysisSettings analysis_ = analysis::default_match_analysis_settings();
  PlayerSettings analysis_eval_{analysis_.chequer, analysis_.cube.context};
  PlayerSettings luck_eval_{analysis_.chequer, analysis_.luck};
  analysis::MatchAnalysisSettings analysis_settings() const;
  void set_skill_threshold(analysis::Skill s, const char* command, std::string& args);
  void set_luck_threshold(analysis::LuckMark l, const char* command, std::string& args);
  analysis::Analyser* match_analyser();
  engine::MatchRecord match_record(size_t first, size_t last) const;
  bool analyse_games(size_t first, size_t last);
  analysis::Statistics game_statistics(size_t game);
  // gnubg's text export (shell_export_text.cpp): the pieces the position, game and match exports
  // share, and the whole text of one game (adds its statistics to `total`).
  std::string text_prologue(int games, const engine::MatchState& ms) const;
  std::string text_match_info() const;
  std::string text_position(const engine::Board& board, const engine::MatchState& ms,
                            int move_number) const;
  static engine::MoveRecord hint_record(const engine::MatchState& ms);
  std::string game_text(size_t game, bool last_game, analysis::Statistics& total);
  bool write_export(const std::string& file, const std::string& text);
  // tavla's HTML match report of games [first, last) with the analysis held (shell_export_html).
  void export_html(const std::string& file, size_t first, size_t last);
  // gnubg's static `dt` of TextPrintCubeAnalysis: the last double was a beaver or raccoon, so the
  // answer to it is not analysed either (kept from one export to the next, as gnubg keeps it).
  bool export_beaver_ = false;
  // The last hint's answer, which gnubg keeps in its hint record (pmr_hint) and writes into the
  // text exports of the position while the position stays as it was (no action, no new dice).
  struct HintMemo {
    size_t games = 0, records = 0;  // flow_'s games and the current game's records then
    engine::MatchState ms;
    engine::Board board;
    std::vector<eval::ScoredMove> moves;  // a play hinted: the plays ranked
    eval::EvalContext chequer;
    std::optional<eval::CubeAnalysis> cube;  // a cube decision hinted
    std::array<eval::Evaluation, 2> cube_outputs{};
    eval::EvalContext cube_context;
    // Plays rolled out by `analyse rollout move', parallel to `moves' (empty: none): the means
    // and standard errors for the mover, the rollout's settings and trials done.
    struct MoveRollout {
      rollout::Outputs mean{}, std_error{};
      rollout::RolloutSettings settings;
      int games = 0;
    };
    std::vector<std::optional<MoveRollout>> rollouts;
    // The cube decision rolled out by `analyse rollout cube' (gnubg's CubeDecPtr with esDouble
    // EVAL_ROLLOUT): both cube states' means and standard errors for the player on roll (no
    // double; double, take), the decision they make, the rollout's settings and trials done.
    struct CubeRollout {
      std::array<rollout::Outputs, 2> mean{}, std_error{};
      eval::CubeAnalysis result;
      rollout::RolloutSettings settings;
      int games = 0;
    };
    std::optional<CubeRollout> cube_rollout;
  };
  // gnubg's OutputCubeAnalysis of a stored cube rollout, for the player on roll or the taker.
  std::string stored_cube_rollout(const HintMemo::CubeRollout& r, const eval::CubeInfo& ci,
                                  bool taker) const;
  // gnubg's hint list of the plays stored in memo `m' (after `analyse rollout move'), the first n.
  std::string stored_move_hints(const HintMemo& m, const eval::CubeInfo& ci, int n) const;
  // `analyse rollout ...' pieces (shell_analyse_rollout.cpp): the alternatives of the plays
  // `marked' (indices in `moves'), storing their results (the list sorted again as gnubg's
  // RefreshMoveList), the cube rollout of a position (nullopt: refused or interrupted), and
  // the marked plays / cube of the hint record rolled out (moves: how many, 0 none marked).
  static std::vector<rollout::Alternative> play_alternatives(
      const std::vector<eval::ScoredMove>& moves, const std::vector<int>& marked,
      const eval::CubeInfo& ci);
  // (returns the old index of each play in its new place)
  static std::vector<size_t> store_move_rollouts(
      std::vector<eval::ScoredMove>& moves,
      std::vector<std::optional<HintMemo::MoveRollout>>& rollouts, const std::vector<int>& marked,
      const AnalysisRollout& ro, const eval::CubeInfo& ci);
  std::optional<HintMemo::CubeRollout> roll_out_cube(const engine::Game& game,
                                                     const eval::CubeInfo& ci);
  static std::array<eval::Evaluation, 2> cube_rollout_outputs(const HintMemo::CubeRollout& r);
  int rollout_hint_moves();
  bool rollout_hint_cube();
  std::optional<HintMemo> hint_memo_;
  HintMemo& remember_hint();                 // a fresh memo of the position now
  void remember_cube_hint(const CubeAnalysis& cube);
  const HintMemo* current_hint_memo() const;  // the memo, while the position is unchanged
  // The hint record's analysis for text_record, from the memo.
  std::optional<analysis::DecisionAnalysis> hint_analysis() const;
  // gnubg keeps a turn's hint in the record of the action made after it (AddMoveRecord copies
  // its hint record, pmr_hint, into the new record): the ranked plays into the play, the cube
  // analysis into the double, its answer, the roll and the play of that roll. Per (game, record)
  // of flow_: what was kept, with the record it was kept for (a record replaced since no longer
  // matches it) and the contexts of the hints.
  struct KeptHint {
    engine::MoveRecord record;
    analysis::StoredDecision stored;
    std::optional<eval::CubeAnalysis> cube_result;  // the decision stored.cube_outputs make
    eval::EvalContext chequer, cube;
    // The plays `analyse rollout move' rolled out, parallel to stored.moves (empty: none), and
    // the cube decision `analyse rollout cube' rolled out (stored.cube_outputs its figures).
    std::vector<std::optional<HintMemo::MoveRollout>> rollouts;
    std::optional<HintMemo::CubeRollout> cube_rollout;
    // The cube action's mark as judged when it was made (gnubg's stDouble / stTake), kept when
    // a later `analyse rollout cube' while reviewing changed the figures (gnubg keeps the mark).
    std::optional<std::optional<analysis::Skill>> cube_skill;
  };
  // One record of the text export (gnubg's TextPrint...); `rollouts': the plays rolled out.
  std::string text_record(
      const engine::MoveRecord& r, const engine::Board& board, const engine::MatchState& ms,
      const analysis::DecisionAnalysis* d = nullptr, const eval::EvalContext* chequer = nullptr,
      const eval::EvalContext* cube = nullptr,
      const std::vector<std::optional<HintMemo::MoveRollout>>* rollouts = nullptr,
      const HintMemo::CubeRollout* cube_rollout = nullptr);
  std::string text_cube_analysis(const analysis::DecisionAnalysis& d, const engine::Board& board,
                                 const engine::MatchState& ms, bool doubled, int take,
                                 const eval::EvalContext& ec,
                                 const HintMemo::CubeRollout* cube_rollout = nullptr);
  std::map<std::pair<size_t, size_t>, KeptHint> kept_hints_;
  // Call before an action with the hint memo current then (hint_before_action) and after it
  // with that memo (keep_hint): the new record gets the hint's analysis.
  std::optional<HintMemo> hint_before_action() const;
  void keep_hint(const std::optional<HintMemo>& before);
  // The kept hint of record k of game g when it still belongs to that record, else null.
  const KeptHint* kept_hint(size_t g, size_t k) const;
  // The rollouts kept in game g's records, by record index, for the SGF writer.
  std::map<int, text::SgfRecordRollouts> record_rollouts(size_t g) const;
  // The rollouts a loaded match file held (shell_loaded_rollouts.cpp): per game of flow_, by
  // record, with the record they were read for; they hold while the game's loaded analysis
  // (game_analyses_) does and the record is unchanged, as the kept hints hold.
  struct LoadedRollouts {
    engine::MoveRecord record;
    text::SgfRecordRollouts rollouts;
  };
  std::vector<std::map<size_t, LoadedRollouts>> loaded_rollouts_;
  const text::SgfRecordRollouts* loaded_rollouts(size_t g, size_t k) const;
  void keep_loaded_rollouts(std::vector<std::map<int, text::SgfRecordRollouts>> rolled);
  void drop_loaded_rollouts(size_t first, size_t last);  // games [first, last)
  // For text_record: record k's loaded plays rolled out, parallel to d.moves (empty: none), and
  // its cube decision rolled out (its decision d.cube).
  std::vector<std::optional<HintMemo::MoveRollout>> loaded_move_rollouts(
      size_t g, size_t k, const analysis::DecisionAnalysis& d) const;
  std::optional<HintMemo::CubeRollout> loaded_cube_rollout(
      size_t g, size_t k, const analysis::DecisionAnalysis& d) const;
  // The roll's record of the position shown when it kept a cube hint given before the roll
  // (gnubg's hint record still holds it), else null.
  const KeptHint* rolled_hint() const;
  // The cube context of the hint record's analysis (hint_analysis), or null.
  const eval::EvalContext* hint_cube_context() const;
  // The hint record's cube rollout (`analyse rollout cube'), as hint_cube_context, or null.
  const HintMemo::CubeRollout* hint_cube_rollout() const;
  // `cmark' (shell_cmark.cpp): candidates marked for `analyse rollout' (gnubg's cmark flags of
  // a record's moves and cube decision). Per (game, record) of flow_, and gnubg's hint record's
  // (the position's, before its action), which pass to the record of the action as its
  // analysis does.
  struct CMarks {
    std::vector<int> moves;  // indices (0-based) in the record's ranked plays, ascending
    bool cube = false;
  };
  std::map<std::pair<size_t, size_t>, CMarks> cmarks_;
  CMarks hint_cmarks_;
  // The marks of record k of game g (an answer's are its double's), or null (shell_cmark.cpp).
  std::pair<size_t, size_t> cmarks_key(size_t g, size_t k) const;
  const CMarks* record_cmarks(size_t g, size_t k) const;
  // gnubg's get_current_moverecord for cmark: the record after the position shown (while
  // reviewing) or the hint record; `kind` its kind, `moves` its ranked plays (empty: none),
  // `number` gnubg's getMoveNumber, `marks` where its marks live. False: no record.
  struct CMarkTarget {
    engine::RecordKind kind = engine::RecordKind::kMove;
    std::vector<eval::ScoredMove> moves;
    int number = 0;
    CMarks* marks = nullptr;
  };
  bool cmark_target(CMarkTarget& t);
  bool cmark_cube_target(CMarkTarget& t);
  bool cmark_moves_target(CMarkTarget& t);
  void cmark_move_set(std::string& args, bool mark, const char* command);
  std::string cmark_game_text(size_t g);
  // Game g's analysis: `analyse`'s while it matches the game, else the one its kept hints make
  // (counted as gnubg counts a game's stored evaluations); nullopt when it has neither.
  std::optional<analysis::GameAnalysis> game_analysis(size_t g);
  engine::Variant analyzer_variant_ = engine::Variant::kStandard;  // the game analyzer_ plays
  std::string analyzer_error_;
  // gnubg's bearoff databases (gnubg_os0.bd and, when installed, gnubg_ts0.bd) for the engine,
  // and the hypergammon databases (hyper<N>.bd) of the variations played.
  struct Bearoff;
  std::unique_ptr<Bearoff> bearoff_;

  // Settings command context (gnubg's szSet / szSetCommand / pesSet / pecSet).
  int player_set_ = 0;
  std::string set_who_, set_command_;
  PlayerSettings* set_target_ = nullptr;
  bool set_chequer_ = true;

  // Reviewing (shell_review.cpp): gnubg's plGame / plLastMove. `games` is the whole match as it
  // stood when navigation began, `game` the game shown and `applied` how many of its records
  // flow_ has applied; `shown` is what flow_ held after the last step, so that any other change
  // of flow_ (an action, a new match) ends the review and drops the rest, as gnubg does.
  struct Review {
    std::vector<engine::GameRecord> games;
    size_t game = 0;
    size_t applied = 0;
    std::vector<engine::GameRecord> shown;
  };
  std::optional<Review> review_;
  Review& review();  // the review of flow_'s match (a new one when flow_ changed)
  void review_go(size_t game, size_t applied);
  // The whole match: the review's while it holds, else flow_'s.
  const std::vector<engine::GameRecord>& all_games() const;
  // The game shown: the review's, else the last one (gnubg's plGame).
  size_t current_game_index() const;
  // The record after the position shown (gnubg's plLastMove->plNext), or null at the end.
  const engine::MoveRecord* next_record() const;
  // The record after the position shown while reviewing (shell_review_rollout.cpp): where it
  // is, and the position before it as its actor sees it (gnubg's FixMatchState) with its cube.
  struct ReviewedRecord {
    size_t g = 0, k = 0;
    const engine::MoveRecord* record = nullptr;
    engine::Game game;
    eval::CubeInfo ci;
  };
  bool reviewed_record(ReviewedRecord& rr) const;
  bool fully_analysed(size_t g) const;  // game g's analysis is `analyse''s, not kept hints'
  // `analyse rollout move|cube' on a record of a game analysed with `analyse' or loaded with
  // its analysis (shell_review_rollout.cpp): gnubg writes the rollout into the record's analysis.
  // `changed' (by record) replaces those records' stored evaluations and the game is counted
  // again (analysis::recount_match), so its statistics follow; the rollouts go with the loaded
  // ones (loaded_rollouts_), which the display, the exports and `save' read.
  bool recount_analysed_game(size_t g, const std::map<size_t, analysis::StoredDecision>& changed);
  int rollout_analysed_moves(const ReviewedRecord& rr, CMarks& marks);
  bool fill_positions_after(std::vector<eval::ScoredMove>& moves, const engine::Board& board);
  void show_record_analysis();           // gnubg's DisplayAnalysis, under the board
  int rollout_reviewed_moves();          // as rollout_hint_moves
  bool rollout_reviewed_cube();
  bool rollout_game_marks(size_t g);     // false: interrupted
  bool confirm_not_last();
  void next_roll();
  void previous_roll();
  // `annotate': what the mark is about (gnubg's `at'), and the record it goes on.
  enum class AnnotateTarget { kMove, kCube, kDouble, kAccept, kDrop, kReject, kResign };
  AnnotateTarget annotate_target_ = AnnotateTarget::kMove;
  void annotate_for(AnnotateTarget target, std::string& args);
  void annotate_skill(engine::Skill skill);
  void annotate_luck(engine::Luck luck);
  engine::MoveRecord* next_record_to_edit();
  // gnubg's MoveIsMarked: a record with a skill mark below "none" (`next marked').
  static bool is_marked(const engine::MoveRecord& r);
  void step_marked(int n, bool forward, bool skill_marks, bool cmarks);
  std::vector<std::string> history_;  // lines typed at the prompt (interactive only)

  static std::atomic<bool> interrupted_;
};

}  // namespace tavla::shell
