// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's `set' command tables (acSet and below), as command_table.h describes.
#include "shell/command_table_common.h"

namespace tavla::shell::tables {

const CommandEntry kSetEvaluation[] = {
    {"cubeful", &S::cmd_set_evaluation_cubeful, "Cubeful evaluations", kOnOff, nullptr},
    {"deterministic", &S::cmd_set_evaluation_deterministic,
     "Specify whether added noise is determined by position", kOnOff, nullptr},
    {"level", &S::cmd_set_evaluation_level,
     "Use a predefined level (beginner, casual, intermediate, advanced, expert, worldclass, "
     "supremo, grandmaster, 4ply)",
     kLevel, nullptr},
    {"noise", &S::cmd_set_evaluation_noise, "Distort evaluations with noise", kStdDev, nullptr},
    {"plies", &S::cmd_set_evaluation_plies, "Choose how many plies to look ahead", kPlies, nullptr},
    {"prune", &S::cmd_set_evaluation_prune, "use fast pruning networks", kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};


const CommandEntry kSetEvalParam[] = {
    {"type", &S::cmd_set_evalparam_type, "Specify type (evaluation or rollout)", kEvalType,
     nullptr},
    {"evaluation", &S::cmd_set_evalparam_evaluation, "Specify parameters for neural net evaluation",
     nullptr, kSetEvaluation},
    {"rollout", &S::cmd_set_evalparam_rollout, "Specify parameters for rollout", nullptr,
     kSetRollout},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetPlayer[] = {
    {"chequerplay", &S::cmd_set_player_chequerplay,
     "Control chequerplay parameters when GNUbg plays", nullptr, kSetEvalParam},
    {"cubedecision", &S::cmd_set_player_cubedecision,
     "Control cube decision parameters when GNUbg plays", nullptr, kSetEvalParam},
    NA_IFACE("external"),
    {"gnubg", &S::cmd_set_player_gnubg, "Have GNUbg make all moves for a player", nullptr, nullptr},
    {"human", &S::cmd_set_player_human, "Have a human make all moves for a player", nullptr,
     nullptr},
    {"level", &S::cmd_set_player_level,
     "Use a predefined level for chequer play and cube decisions", kLevel, nullptr},
    {"movefilter", &S::cmd_set_player_movefilter, "Set parameters for choosing moves to evaluate",
     kFilter, nullptr},
    {"name", &S::cmd_set_player_name, "Change a player's name", kName, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetEval[] = {
    {"chequerplay", &S::cmd_set_eval_chequerplay, "Set evaluation parameters for chequer play",
     nullptr, kSetEvalParam},
    {"cubedecision", &S::cmd_set_eval_cubedecision, "Set evaluation parameters for cube decisions",
     nullptr, kSetEvalParam},
    {"movefilter", &S::cmd_set_eval_movefilter, "Set parameters for choosing moves to evaluate",
     kFilter, nullptr},
    {"sameasanalysis", &S::cmd_set_eval_sameasanalysis,
     "Select if evaluation settings should be the same as the analysis setting", kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's `set analysis' (acSetAnalysis, acSetAnalysisPlayer, acSetAnalysisThreshold).
const CommandEntry kSetAnalysisPlayer[] = {
    {"analyse", &S::cmd_set_analysis_player_analyse, "Specify if this player is to be analysed",
     kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetAnalysisThreshold[] = {
    {"bad", &S::cmd_set_analysis_threshold_bad, "Specify the equity loss for a bad move", kValue,
     nullptr},
    {"doubtful", &S::cmd_set_analysis_threshold_doubtful,
     "Specify the equity loss for a doubtful move", kValue, nullptr},
    {"lucky", &S::cmd_set_analysis_threshold_lucky, "Specify the equity gain for a lucky roll",
     kValue, nullptr},
    {"unlucky", &S::cmd_set_analysis_threshold_unlucky,
     "Specify the equity loss for an unlucky roll", kValue, nullptr},
    {"verybad", &S::cmd_set_analysis_threshold_verybad,
     "Specify the equity loss for a very bad move", kValue, nullptr},
    {"verylucky", &S::cmd_set_analysis_threshold_verylucky,
     "Specify the equity gain for a very lucky roll", kValue, nullptr},
    {"veryunlucky", &S::cmd_set_analysis_threshold_veryunlucky,
     "Specify the equity loss for a very unlucky roll", kValue, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetAnalysis[] = {
    {"chequerplay", &S::cmd_set_analysis_chequerplay,
     "Specify parameters for the analysis of chequerplay", nullptr, kSetEvalParam},
    {"cube", &S::cmd_set_analysis_cube, "Select whether cube action will be analysed", kOnOff,
     nullptr},
    {"cubedecision", &S::cmd_set_analysis_cubedecision,
     "Specify parameters for the analysis of cube decisions", nullptr, kSetEvalParam},
    {"luck", &S::cmd_set_analysis_luck, "Select whether dice rolls will be analysed", kOnOff,
     nullptr},
    {"luckanalysis", &S::cmd_set_analysis_luckanalysis,
     "Specify parameters for the luck analysis", nullptr, kSetEvaluation},
    {"movefilter", &S::cmd_set_analysis_movefilter,
     "Set parameters for choosing moves to evaluate", kFilter, nullptr},
    {"moves", &S::cmd_set_analysis_moves, "Select whether chequer play will be analysed", kOnOff,
     nullptr},
    {"player", &S::cmd_set_analysis_player, "Player specific options", kPlayer,
     kSetAnalysisPlayer},
    {"threshold", nullptr, "Specify levels for marking moves", nullptr, kSetAnalysisThreshold},
    // gnubg's analysis window: listed by `help' as gnubg lists it, answered as its other GUI
    // settings are.
    {"window", &S::cmd_not_available_gui, "Display window with analysis", kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetAutomatic[] = {
    {"bearoff", &S::cmd_set_auto_bearoff, "Automatically bear off as many chequers as possible",
     kOnOff, nullptr},
    {"crawford", &S::cmd_set_auto_crawford, "Enable the Crawford game based on match score", kOnOff,
     nullptr},
    {"doubles", &S::cmd_set_auto_doubles, "Control automatic doubles during (money) session play",
     kLimit, nullptr},
    {"game", &S::cmd_set_auto_game, "Select whether to start new games after wins", kOnOff,
     nullptr},
    {"move", &S::cmd_set_auto_move, "Select whether forced moves will be made automatically",
     kOnOff, nullptr},
    {"roll", &S::cmd_set_auto_roll, "Control whether dice will be rolled automatically", kOnOff,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetConfirm[] = {
    {"default", &S::cmd_set_confirm_default, "Set default answer to yes/no questions", nullptr,
     nullptr},
    {"new", &S::cmd_set_confirm_new, "Ask for confirmation before aborting a game in progress",
     kOnOff, nullptr},
    {"save", &S::cmd_set_confirm_save, "Ask for confirmation before overwriting existing files",
     kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetOutput[] = {
    {"output", &S::cmd_set_output_output, "Print to messages to stdout", kOnOff, nullptr},
    {"matchpc", &S::cmd_set_output_matchpc,
     "Show match equities as percentages (on) or probabilities (off)", kOnOff, nullptr},
    {"mwc", &S::cmd_set_output_mwc, "Show output in MWC (on) or equity (off) (match play only)",
     kOnOff, nullptr},
    {"rawboard", &S::cmd_set_output_rawboard,
     "Give FIBS \"boardstyle 3\" output (on), or an ASCII board (off)", kOnOff, nullptr},
    {"winpc", &S::cmd_set_output_winpc,
     "Show winning chances as percentages (on) or probabilities (off)", kOnOff, nullptr},
    {"digits", &S::cmd_set_output_digits,
     "Set number of digits after the decimal point in outputs", kValue, nullptr},
    {"errorratefactor", &S::cmd_set_output_errorratefactor,
     "The factor used for multiplying error rates", kValue, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetCube[] = {
    {"center", &S::cmd_set_cube_centre, "The U.S.A. spelling of `centre'", nullptr, nullptr},
    {"centre", &S::cmd_set_cube_centre, "Allow both players access to the cube", nullptr, nullptr},
    {"owner", &S::cmd_set_cube_owner, "Allow only one player to double", kPlayer, nullptr},
    {"use", &S::cmd_set_cube_use, "Control use of the doubling cube", kOnOff, nullptr},
    {"value", &S::cmd_set_cube_value, "Fix what the cube stake has been set to", kValue, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRng[] = {
    {"bbs", &S::cmd_set_rng_other, "Use the Blum, Blum and Shub generator", nullptr, nullptr},
    {"file", &S::cmd_set_rng_file, "Read dice from file", kFilename, nullptr},
    {"isaac", &S::cmd_set_rng_other, "Use the I.S.A.A.C. generator", kOptSeed, nullptr},
    {"manual", &S::cmd_set_rng_manual, "Enter all dice rolls manually", nullptr, nullptr},
    {"md5", &S::cmd_set_rng_other, "Use the MD5 generator", kOptSeed, nullptr},
    {"mersenne", &S::cmd_set_rng_mersenne, "Use the Mersenne Twister generator", kOptSeed, nullptr},
    {"random.org", &S::cmd_set_rng_other, "Use random numbers fetched from <www.random.org>",
     nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's `set rollout' subcommands (set.c; handlers in shell_rollout_settings.cpp).
const CommandEntry kSetRolloutEvaluation[] = {
    {"cubeful", &S::cmd_set_evaluation_cubeful, "Cubeful evaluations", kOnOff, nullptr},
    {"deterministic", &S::cmd_set_evaluation_deterministic,
     "Specify whether added noise is determined by position", kOnOff, nullptr},
    {"noise", &S::cmd_set_evaluation_noise, "Distort evaluations with noise", kStdDev, nullptr},
    {"plies", &S::cmd_set_evaluation_plies, "Choose how many plies to look ahead", kPlies, nullptr},
    {"prune", &S::cmd_set_evaluation_prune, "use fast pruning networks", kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutLatePlayer[] = {
    {"chequerplay", &S::cmd_set_rollout_later_player_chequerplay,
     "Specify parameters for chequerplay during later plies of rollouts", nullptr,
     kSetRolloutEvaluation},
    {"cubedecision", &S::cmd_set_rollout_later_player_cubedecision,
     "Specify parameters for cube decisions during later plies of rollouts", nullptr,
     kSetRolloutEvaluation},
    {"movefilter", &S::cmd_set_rollout_later_player_movefilter,
     "Set parameters for choosing moves to evaluate", kFilter, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutLimit[] = {
    {"enable", &S::cmd_set_rollout_limit_enable, "Stop rollouts when STD's are small enough",
     kOnOff, nullptr},
    {"minimumgames", &S::cmd_set_rollout_limit_minimumgames,
     "Always rollout at least this many games", kMinGames, nullptr},
    {"maxerror", &S::cmd_set_rollout_limit_maxerror, "Stop rollouts when STD's are less than this ",
     kMaxErr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutJsd[] = {
    {"limit", &S::cmd_set_rollout_jsd_limit, "Stop when equities differ by this many J.S.D.s",
     kJsds, nullptr},
    {"minimumgames", &S::cmd_set_rollout_jsd_minimumgames,
     "Always rollout at least this many games", kMinGames, nullptr},
    {"stop", &S::cmd_set_rollout_jsd_stop, "Stop entire rollout when J.S.D.s are large enough",
     kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutPlayer[] = {
    {"chequerplay", &S::cmd_set_rollout_player_chequerplay,
     "Specify parameters for chequerplay during rollouts", nullptr, kSetRolloutEvaluation},
    {"cubedecision", &S::cmd_set_rollout_player_cubedecision,
     "Specify parameters for cube decisions during rollouts", nullptr, kSetRolloutEvaluation},
    {"movefilter", &S::cmd_set_rollout_player_movefilter,
     "Set parameters for choosing moves to evaluate", kFilter, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutBearoffTruncation[] = {
    {"exact", &S::cmd_set_rollout_bearoff_exact,
     "Truncate *cubeless* rollouts at exact bearoff database", nullptr, nullptr},
    {"onesided", &S::cmd_set_rollout_bearoff_onesided,
     "Truncate *cubeless* rollouts when reaching one-sided bearoff database", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutLate[] = {
    {"chequerplay", &S::cmd_set_rollout_later_chequerplay,
     "Specify parameters for chequerplay during later plies of rollouts", nullptr,
     kSetRolloutEvaluation},
    {"cubedecision", &S::cmd_set_rollout_later_cubedecision,
     "Specify parameters for cube decisions during later plies of rollouts", nullptr,
     kSetRolloutEvaluation},
    {"enable", &S::cmd_set_rollout_later_enable,
     "Enable/Disable different evaluations for later plies of rollouts", kOnOff, nullptr},
    {"plies", &S::cmd_set_rollout_later_plies, "Change evaluations for later plies in rollouts",
     kPlies, nullptr},
    {"movefilter", &S::cmd_set_rollout_later_movefilter,
     "Set parameters for choosing moves to evaluate", kFilter, nullptr},
    {"player", &S::cmd_set_rollout_later_player,
     "Control eval parameters on later plies for each side individually", kPlayer,
     kSetRolloutLatePlayer},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRolloutRng[] = {
    {"bbs", &S::cmd_set_rollout_rng_other, "Use the Blum, Blum and Shub generator", nullptr,
     nullptr},
    {"file", &S::cmd_set_rollout_rng_other, "Read dice from file", kFilename, nullptr},
    {"isaac", &S::cmd_set_rollout_rng_other, "Use the I.S.A.A.C. generator", kOptSeed, nullptr},
    {"manual", &S::cmd_set_rollout_rng_manual, "Enter all dice rolls manually", nullptr, nullptr},
    {"md5", &S::cmd_set_rollout_rng_other, "Use the MD5 generator", kOptSeed, nullptr},
    {"mersenne", &S::cmd_set_rollout_rng_mersenne, "Use the Mersenne Twister generator", kOptSeed,
     nullptr},
    {"random.org", &S::cmd_set_rollout_rng_other,
     "Use random numbers fetched from <www.random.org>", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetTruncation[] = {
    {"chequerplay", &S::cmd_set_rollout_truncation_chequerplay,
     "Set chequerplay evaluation when truncating a rollout", nullptr, kSetRolloutEvaluation},
    {"cubedecision", &S::cmd_set_rollout_truncation_cubedecision,
     "Set cubedecision evaluation when truncating a rollout", nullptr, kSetRolloutEvaluation},
    {"enable", &S::cmd_set_rollout_truncation_enable, "Enable/Disable truncated rollouts", kOnOff,
     nullptr},
    {"plies", &S::cmd_set_rollout_truncation_plies, "End rollouts at a specific depth", kPlies,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetRollout[] = {
    {"bearofftruncation", nullptr, "Control truncation of rollout when reaching bearoff databases",
     nullptr, kSetRolloutBearoffTruncation},
    {"chequerplay", &S::cmd_set_rollout_chequerplay,
     "Specify parameters for chequerplay during rollouts", nullptr, kSetRolloutEvaluation},
    {"cubedecision", &S::cmd_set_rollout_cubedecision,
     "Specify parameters for cube decisions during rollouts", nullptr, kSetRolloutEvaluation},
    {"cube-equal-chequer", &S::cmd_set_rollout_cube_equal_chequer,
     "Use same rollout evaluations for cube and chequer play", kOnOff, nullptr},
    {"cubeful", &S::cmd_set_rollout_cubeful, "Specify whether the rollout is cubeful or cubeless",
     kOnOff, nullptr},
    {"initial", &S::cmd_set_rollout_initial, "Roll out as the initial position of a game", kOnOff,
     nullptr},
    {"jsd", nullptr, "Stop truncations based on J.S.D. of equities", nullptr, kSetRolloutJsd},
    {"later", nullptr, "Control evaluation parameters for later plies of rollout", nullptr,
     kSetRolloutLate},
    {"limit", nullptr, "Stop rollouts based on Standard Deviations", nullptr, kSetRolloutLimit},
    {"log", &S::cmd_set_rollout_log, "Enable recording of rolled out games", kOnOff, nullptr},
    {"logfile", &S::cmd_set_rollout_log, "Set template file name for rollout .sgf files",
     kFilename, nullptr},
    {"movefilter", &S::cmd_set_rollout_movefilter, "Set parameters for choosing moves to evaluate",
     kFilter, nullptr},
    {"player", &S::cmd_set_rollout_player,
     "Control evaluation parameters for each side individually", kPlayer, kSetRolloutPlayer},
    {"players-are-same", &S::cmd_set_rollout_players_are_same,
     "Use same settings for both players in rollouts", kOnOff, nullptr},
    {"quasirandom", &S::cmd_set_rollout_quasirandom,
     "Permute the dice rolls according to a uniform distribution", kOnOff, nullptr},
    {"rng", nullptr, "Specify the random number generator algorithm for rollouts", nullptr,
     kSetRolloutRng},
    {"rotate", &S::cmd_set_rollout_quasirandom, "Synonym for `quasirandom'", kOnOff, nullptr},
    {"seed", &S::cmd_set_rollout_seed, "Specify the base pseudo-random seed to use for rollouts",
     kOptSeed, nullptr},
    {"trials", &S::cmd_set_rollout_trials, "Control how many rollouts to perform", kTrials,
     nullptr},
    {"truncation", nullptr, "Set parameters for truncating rollouts", nullptr, kSetTruncation},
    {"truncate-equal-player0", &S::cmd_set_rollout_truncate_equal_player0,
     "Use player 0 settings for rollout evaluation at truncation point", kOnOff, nullptr},
    {"varredn", &S::cmd_set_rollout_varredn, "Use lookahead during rollouts to reduce variance",
     kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's `set variation' subcommands.
const CommandEntry kSetVariation[] = {
    {"1-chequer-hypergammon", &S::cmd_set_variation_hyper1, "Play 1-chequer hypergammon", nullptr,
     nullptr},
    {"2-chequer-hypergammon", &S::cmd_set_variation_hyper2, "Play 2-chequer hypergammon", nullptr,
     nullptr},
    {"3-chequer-hypergammon", &S::cmd_set_variation_hyper3, "Play 3-chequer hypergammon", nullptr,
     nullptr},
    {"nackgammon", &S::cmd_set_variation_nackgammon,
     "Play standard backgammon with Nackgammon starting position", nullptr, nullptr},
    {"standard", &S::cmd_set_variation_standard, "Play standard backgammon", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetCubeEfficiencyRace[] = {
    {"factor", &S::cmd_set_cubeefficiency_race_factor, "Set cube efficiency race factor", kValue,
     nullptr},
    {"coefficient", &S::cmd_set_cubeefficiency_race_coefficient,
     "Set cube efficiency race coefficient", kValue, nullptr},
    {"min", &S::cmd_set_cubeefficiency_race_min, "Set cube efficiency race minimum value", kValue,
     nullptr},
    {"max", &S::cmd_set_cubeefficiency_race_max, "Set cube efficiency race maximum value", kValue,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetCubeEfficiency[] = {
    {"os", &S::cmd_set_cubeefficiency_os, "Set cube efficiency for one sided bearoff positions",
     kValue, nullptr},
    {"crashed", &S::cmd_set_cubeefficiency_crashed, "Set cube efficiency for crashed positions",
     kValue, nullptr},
    {"contact", &S::cmd_set_cubeefficiency_contact, "Set cube efficiency for contact positions",
     kValue, nullptr},
    {"race", nullptr, "Set cube efficiency parameters for race positions", kValue,
     kSetCubeEfficiencyRace},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's acSetMatchInfo.
const CommandEntry kSetMatchInfo[] = {
    {"annotator", &S::cmd_set_matchinfo_annotator, "Record the name of the match commentator",
     "[name]", nullptr},
    {"comment", &S::cmd_set_matchinfo_comment, "Record miscellaneous notes about the match",
     kOptValue, nullptr},
    {"date", &S::cmd_set_matchinfo_date, "Record the date when the match was played",
     "[yyyy-mm-dd]", nullptr},
    {"event", &S::cmd_set_matchinfo_event, "Record the name of the event the match is from",
     kOptValue, nullptr},
    {"place", &S::cmd_set_matchinfo_place, "Record the location where the match was played",
     kOptValue, nullptr},
    {"rating", &S::cmd_set_matchinfo_rating, "Record the ratings of the players",
     "<player> [rating]", nullptr},
    {"round", &S::cmd_set_matchinfo_round, "Record the round of the match within the event",
     kOptValue, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetTutorSkill[] = {
    {"doubtful", &S::cmd_set_tutor_skill_doubtful, "Warn about `doubtful' play", nullptr, nullptr},
    {"bad", &S::cmd_set_tutor_skill_bad, "Warn about `bad' play", nullptr, nullptr},
    {"verybad", &S::cmd_set_tutor_skill_verybad, "Warn about `very bad' play", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetTutor[] = {
    {"mode", &S::cmd_set_tutor_mode, "Give advice on possible errors", kOnOff, nullptr},
    {"cube", &S::cmd_set_tutor_cube, "Include cube play in advice", kOnOff, nullptr},
    {"chequer", &S::cmd_set_tutor_chequer, "Include chequer play in advice", kOnOff, nullptr},
    {"skill", nullptr, "Set level for tutor warnings", nullptr, kSetTutorSkill},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetPriority[] = {
    {"abovenormal", &S::cmd_set_priority_abovenormal, "Set priority to above normal", nullptr,
     nullptr},
    {"belownormal", &S::cmd_set_priority_belownormal, "Set priority to below normal", nullptr,
     nullptr},
    {"highest", &S::cmd_set_priority_highest, "Set priority to highest", nullptr, nullptr},
    {"idle", &S::cmd_set_priority_idle, "Set priority to idle", nullptr, nullptr},
    {"nice", &S::cmd_set_priority_nice, "Specify priority numerically", "<priority>", nullptr},
    {"normal", &S::cmd_set_priority_normal, "Set priority to normal", nullptr, nullptr},
    {"timecritical", &S::cmd_set_priority_timecritical, "Set priority to time critical", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetAutoSave[] = {
    {"rollout", &S::cmd_set_autosave_rollout, "Autosave during rollout", kOnOff, nullptr},
    {"analysis", &S::cmd_set_autosave_analysis, "Autosave after each analysed game", kOnOff,
     nullptr},
    {"confirm", &S::cmd_set_autosave_confirm, "Confirm deletion of autosaves", kOnOff, nullptr},
    {"time", &S::cmd_set_autosave_time, "Set how often to autosave in minutes", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetImport[] = {
    {"folder", &S::cmd_set_import_folder, "Set default folder for import", "<folder>", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetSgf[] = {
    {"folder", &S::cmd_set_sgf_folder, "Set default folder for import", "<folder>", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportParameters[] = {
    {"evaluation", &S::cmd_set_export_parameters_evaluation,
     "show detailed parameters for evaluations", kOnOff, nullptr},
    {"rollout", &S::cmd_set_export_parameters_rollout, "show detailed parameters for rollouts",
     kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportHtmlType[] = {
    {"bbs", &S::cmd_set_export_html_type_bbs,
     "Use BBS-type images for posting to, e.g., BGonline", nullptr, nullptr},
    {"fibs2html", &S::cmd_set_export_html_type_fibs2html, "Use fibs2html-type pictures", nullptr,
     nullptr},
    {"gnu", &S::cmd_set_export_html_type_gnu, "Default images", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportCss[] = {
    {"head", &S::cmd_set_export_html_css_head, "Write CSS stylesheet in <head>", nullptr, nullptr},
    {"external", &S::cmd_set_export_html_css_external,
     "Write stylesheet to external file (\"gnubg.css\")", nullptr, nullptr},
    {"inline", &S::cmd_set_export_html_css_inline, "Write stylesheet inside tags", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportHtml[] = {
    {"css", nullptr, "Control how the CSS stylesheet is written", kValue, kSetExportCss},
    {"pictureurl", &S::cmd_set_export_html_pictureurl, "set URL to pictures used in HTML export",
     "<URL>", nullptr},
    {"type", nullptr, "set type of HTML boards used in HTML export", nullptr, kSetExportHtmlType},
    {"size", &S::cmd_set_export_html_size, "Set size of board for HTML image export", kValue,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportMovesDisplay[] = {
    {"verybad", &S::cmd_set_export_moves_display_verybad, "show very bad moves", kOnOff, nullptr},
    {"bad", &S::cmd_set_export_moves_display_bad, "show bad moves", kOnOff, nullptr},
    {"doubtful", &S::cmd_set_export_moves_display_doubtful, "show doubtful moves", kOnOff,
     nullptr},
    {"unmarked", &S::cmd_set_export_moves_display_unmarked, "show unmarked moves", kOnOff,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportCubeDisplay[] = {
    {"actual", &S::cmd_set_export_cube_display_actual, "show actual cube decisions", kOnOff,
     nullptr},
    {"bad", &S::cmd_set_export_cube_display_bad, "show bad cube decisions", kOnOff, nullptr},
    {"close", &S::cmd_set_export_cube_display_close, "show close cube decisions", kOnOff,
     nullptr},
    {"doubtful", &S::cmd_set_export_cube_display_doubtful, "show doubtful cube decisions",
     kOnOff, nullptr},
    {"missed", &S::cmd_set_export_cube_display_missed, "show missed doubles", kOnOff, nullptr},
    {"unmarked", &S::cmd_set_export_cube_display_unmarked, "show unmarked cube decisions",
     kOnOff, nullptr},
    {"verybad", &S::cmd_set_export_cube_display_verybad, "show very bad cube decisions", kOnOff,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportInclude[] = {
    {"annotations", &S::cmd_set_export_include_annotations, "include annotations", kOnOff,
     nullptr},
    {"analysis", &S::cmd_set_export_include_analysis, "include analysis (evaluations/rollouts)",
     kOnOff, nullptr},
    {"statistics", &S::cmd_set_export_include_statistics,
     "include statistics (# of bad moves, # of jokers, etc)", kOnOff, nullptr},
    {"matchinfo", &S::cmd_set_export_include_matchinfo, "include information about the match",
     kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportShow[] = {
    {"board", &S::cmd_set_export_show_board, "show board every [value] move (0 for never)",
     kValue, nullptr},
    {"player", &S::cmd_set_export_show_player, "which player(s) to show", kPlayer, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportMoves[] = {
    {"number", &S::cmd_set_export_moves_number, "show at most [value] moves", kValue, nullptr},
    {"probabilities", &S::cmd_set_export_moves_probabilities, "show detailed probabilities",
     kOnOff, nullptr},
    {"parameters", &S::cmd_set_export_moves_parameters,
     "show detailed rollout/evaluation parameters", nullptr, kSetExportParameters},
    {"display", nullptr, "when to show moves", nullptr, kSetExportMovesDisplay},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportCube[] = {
    {"probabilities", &S::cmd_set_export_cube_probabilities, "show detailed probabilities",
     kOnOff, nullptr},
    {"parameters", &S::cmd_set_export_cube_parameters,
     "show detailed rollout/evaluation parameters", nullptr, kSetExportParameters},
    {"display", nullptr, "when to show moves", nullptr, kSetExportCubeDisplay},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetExportPng[] = {
    {"size", &S::cmd_set_export_png_size, "Set size of board for PNG export", kValue, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's export settings (shell_export_settings.cpp).
const CommandEntry kSetExport[] = {
    {"folder", &S::cmd_set_export_folder, "Set default folder for export", "<folder>", nullptr},
    {"html", nullptr, "Set options for HTML export", nullptr, kSetExportHtml},
    {"include", nullptr, "Control which blocks to include in exports", nullptr,
     kSetExportInclude},
    {"png", nullptr, "Set options for PNG export", nullptr, kSetExportPng},
    {"show", nullptr, "Control display of boards/players in exports", nullptr, kSetExportShow},
    {"moves", nullptr, "Control display of moves in exports", nullptr, kSetExportMoves},
    {"cube", nullptr, "Control display of cube in exports", nullptr, kSetExportCube},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetCheatPlayer[] = {
    {"roll", &S::cmd_set_cheat_player_roll,
     "Which roll should GNU Backgammon choose (1=Best and 21=Worst)", kValue, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetCheat[] = {
    {"enable", &S::cmd_set_cheat_enable,
     "Control whether GNU Backgammon is allowed to manipulate the dice", kOnOff, nullptr},
    {"player", &S::cmd_set_cheat_player, "Parameters for the dice manipulation", kPlayer,
     kSetCheatPlayer},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSetInvert[] = {
    {"matchequitytable", &S::cmd_set_invert_met, "Invert match equity table", kOnOff, nullptr},
    {"met", &S::cmd_set_invert_met, "alias for 'set invert matchequitytable'", kOnOff, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSet[] = {
    {"analysis", nullptr, "Control parameters used when analysing moves", nullptr, kSetAnalysis},
    NA_GUI("appearance"),
    {"automatic", nullptr, "Perform certain functions without user input", nullptr, kSetAutomatic},
    {"beavers", &S::cmd_set_beavers, "Set whether beavers are allowed in money game or not", kValue,
     nullptr},
    {"board", &S::cmd_set_board, "Set up the board in a particular position", kPosition, nullptr},
    NA_GUI("browser"),
    {"cache", &S::cmd_set_cache, "Set the size of the evaluation cache", kSize, nullptr},
    {"calibration", &S::cmd_set_calibration,
     "Specify the evaluation speed to be assumed for time estimates", "[value]", nullptr},
    {"cheat", nullptr, "Control GNU Backgammon's manipulation of the dice", nullptr, kSetCheat},
    {"clockwise", &S::cmd_set_clockwise, "Control the board orientation", kOnOff, nullptr},
    NA_GUI("colours"),
    {"confirm", nullptr, "Confirmation settings", nullptr, kSetConfirm},
    {"crawford", &S::cmd_set_crawford, "Set whether this is the Crawford game", kOnOff, nullptr},
    {"cube", nullptr, "Set the cube owner and/or value", nullptr, kSetCube},
    {"cubeefficiency", nullptr, "Set parameters for cube evaluations", nullptr, kSetCubeEfficiency},
    {"delay", &S::cmd_set_delay, "Limit the speed at which moves are made", "<milliseconds>",
     nullptr},
    {"dice", &S::cmd_set_dice, "Select the roll for the current move", kDice, nullptr},
    {"display", &S::cmd_set_display, "Select whether the board is updated on the computer's turn",
     kOnOff, nullptr},
    {"evaluation", nullptr, "Control position evaluation parameters", nullptr, kSetEval},
    {"export", nullptr, "Set settings for export", nullptr, kSetExport},
    NA_GUI("fullscreen"),
    {"gotofirstgame", &S::cmd_set_gotofirstgame,
     "Control whether you want to go to the first or last game when loading matches or "
     "sessions",
     nullptr, nullptr},
    {"import", nullptr, "Set settings for import", nullptr, kSetImport},
    {"sgf", nullptr, "Set settings for sgf", nullptr, kSetSgf},
    {"invert", nullptr, "Invert match equity table", nullptr, kSetInvert},
    {"jacoby", &S::cmd_set_jacoby, "Set whether to use the Jacoby rule in money games", kOnOff,
     nullptr},
    {"defaultnames", &S::cmd_set_defaultnames, "Set default names for players", kName, nullptr},
    NA_IFACE("aliases"),
    NA_IFACE("lang"),
    {"matchequitytable", &S::cmd_set_met, "Read match equity table from XML file", kFilename,
     nullptr},
    {"matchid", &S::cmd_set_matchid, "set Match ID", kMatchId, nullptr},
    {"gnubgid", &S::cmd_set_gnubgid, "set GNUbg ID", kGnubgId, nullptr},
    {"xgid", &S::cmd_set_xgid, "set GNUbg ID from XGID", kXgid, nullptr},
    {"matchinfo", nullptr, "Record auxiliary match information", nullptr, kSetMatchInfo},
    {"matchlength", &S::cmd_set_matchlength, "Specify the default length for new matches", kLength,
     nullptr},
    {"met", &S::cmd_set_met, "Synonym for `set matchequitytable'", kFilename, nullptr},
    {"output", nullptr, "Modify options for formatting results", nullptr, kSetOutput},
    NA_GUI("panelwidth"),
    {"player", &S::cmd_set_player, "Change options for one or both players", kPlayer, kSetPlayer},
    {"postcrawford", &S::cmd_set_postcrawford, "Set whether this is a post-Crawford game", kOnOff,
     nullptr},
    {"priority", nullptr, "Set the priority of the gnubg process", nullptr, kSetPriority},
    {"prompt", &S::cmd_set_prompt, "Customise the prompt GNUbg prints when ready for commands",
     kPrompt, nullptr},
    {"ratingoffset", &S::cmd_set_ratingoffset,
     "Set rating offset used for estimating abs. rating", kValue, nullptr},
    {"record", &S::cmd_set_record, "Set whether all games in a session are recorded", kOnOff,
     nullptr},
    {"rng", nullptr, "Select the random number generator algorithm", nullptr, kSetRng},
    {"rollout", nullptr, "Control rollout parameters", nullptr, kSetRollout},
    {"score", &S::cmd_set_score, "Set the match or session score ", kScore, nullptr},
    {"seed", &S::cmd_set_seed, "Set the dice generator seed", kOptSeed, nullptr},
    NA_SOUND("sound"),
    NA_GUI("styledgamelist"),
    {"threads", &S::cmd_set_threads, "Set the number of calculation threads", kSize, nullptr},
    NA_GUI("toolbar"),
    {"turn", &S::cmd_set_turn, "Set which player is on roll", kPlayer, nullptr},
    {"tutor", nullptr, "Control tutor setup", nullptr, kSetTutor},
    {"variation", nullptr, "Set which variation of backgammon is used", nullptr, kSetVariation},
    NA_GUI("vsync3d"),
    {"autosave", nullptr, "Control autosave", nullptr, kSetAutoSave},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};


}  // namespace tavla::shell::tables
