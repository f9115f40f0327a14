// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell/command_table.h"

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

using S = Shell;

// Usage strings (gnubg's sz... constants).
constexpr const char* kDice = "<die> <die>";
constexpr const char* kFilename = "<filename>";
constexpr const char* kLength = "<length>";
constexpr const char* kLimit = "<limit>";
constexpr const char* kMove = "<from> <to> ...";
constexpr const char* kName = "<name>";
constexpr const char* kOnOff = "on|off";
constexpr const char* kOptCommand = "[command]";
constexpr const char* kOptLength = "[length]";
constexpr const char* kOptPosition = "[position]";
constexpr const char* kOptSeed = "[seed]";
constexpr const char* kSize = "<size>";
constexpr const char* kOptValue = "[value]";
constexpr const char* kPlayer = "<player>";
constexpr const char* kPlies = "<plies>";
constexpr const char* kPosition = "<position>";
constexpr const char* kPrompt = "<prompt>";
constexpr const char* kScore = "<score> [length]";
constexpr const char* kValue = "<value>";
constexpr const char* kMatchId = "<matchid>";
constexpr const char* kGnubgId = "<gnubgid>";
constexpr const char* kXgid = "<xgid>";
constexpr const char* kStdDev = "<std dev>";
constexpr const char* kTrials = "<trials>";
constexpr const char* kLevel = "<level>";
constexpr const char* kEvalType = "evaluation|rollout";
constexpr const char* kFilter =
    "<ply> <num.xjoin to accept (0 = skip)> [<num. of extra moves to accept> <tolerance>]";
constexpr const char* kMinGames = "<minimum games to rollout>";
constexpr const char* kMaxErr = "<fraction>";
constexpr const char* kJsds = "<joint standard deviations>";
constexpr const char* kStep = "[game|roll|rolled|marked] <count>";

// Commands gnubg has and tavla does not: kept (hidden from `help`) so that abbreviations select
// what they select in gnubg, and answered with why: not in tavla yet (README lists them), or one
// of the reasons below.
#define NA(name) \
  { name, &S::cmd_not_available, nullptr, nullptr, nullptr }
// The same for settings of gnubg's graphical board and windows, and its sounds, with the reason.
#define NA_GUI(name) \
  { name, &S::cmd_not_available_gui, nullptr, nullptr, nullptr }
#define NA_SOUND(name) \
  { name, &S::cmd_not_available_sound, nullptr, nullptr, nullptr }
// File formats tavla does not read or write, and gnubg's interfaces to other programs.
#define NA_FORMAT(name) \
  { name, &S::cmd_not_available_format, nullptr, nullptr, nullptr }
#define NA_IFACE(name) \
  { name, &S::cmd_not_available_interface, nullptr, nullptr, nullptr }

const CommandEntry kEnd[] = {
    {"game", &S::cmd_end_game, "Let the computer play to the end of the game", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kExportMatch[] = {
    {"mat", &S::cmd_export_match_mat, "Records a log of the match in .mat format", kFilename,
     nullptr},
    NA_FORMAT("snowietxt"),
    {"html", &S::cmd_export_match_html,
     "Writes tavla's one-page HTML report of the match analysis (not gnubg's HTML pages)",
     kFilename, nullptr},
    NA_FORMAT("latex"),
    {"text", &S::cmd_export_match_text, "Records a log of the match in text format", kFilename,
     nullptr},
    NA_FORMAT("pdf"),
    NA_FORMAT("ps"),
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kExportGame[] = {
    {"gam", &S::cmd_export_game_gam, "Records a log of the game in .gam format", kFilename,
     nullptr},
    NA_FORMAT("snowietxt"),
    {"html", &S::cmd_export_game_html,
     "Writes tavla's one-page HTML report of the game's analysis (not gnubg's HTML pages)",
     kFilename, nullptr},
    NA_FORMAT("latex"),
    NA_FORMAT("pdf"),
    NA_FORMAT("ps"),
    {"text", &S::cmd_export_game_text, "Export a log of the game in text format", kFilename,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kExportPosition[] = {
    NA_IFACE("bgo2clipboard"),
    NA_IFACE("bgonline"),
    NA_FORMAT("ps"),
    NA_FORMAT("pdf"),
    NA_FORMAT("svg"),
    NA_FORMAT("html"),
    NA_FORMAT("png"),
    NA_FORMAT("pos"),
    NA_FORMAT("snowietxt"),
    {"text", &S::cmd_export_position_text, "Save the current position in text format", kFilename,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kExport[] = {
    {"game", nullptr, "Record a log of the game so far to a file", nullptr, kExportGame},
    NA_FORMAT("htmlimages"),
    {"match", nullptr, "Record a log of the match so far to a file", nullptr, kExportMatch},
    {"position", nullptr, "Write the current position to a file", nullptr, kExportPosition},
    NA_FORMAT("session"),
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kImport[] = {
    NA_FORMAT("auto"),
    {"mat", &S::cmd_import_mat, "Import a Jellyfish match", kFilename, nullptr},
    {"gam", &S::cmd_import_mat, "Import a Jellyfish game", kFilename, nullptr},
    NA_FORMAT("oldmoves"),
    NA_FORMAT("empire"),
    NA_FORMAT("party"),
    NA_FORMAT("bgroom"),
    {"pos", &S::cmd_import_pos, "Import a Jellyfish position file", kFilename, nullptr},
    NA_FORMAT("sgg"),
    NA_FORMAT("snowietxt"),
    NA_FORMAT("tmg"),
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kLoad[] = {
    {"commands", &S::cmd_load_commands, "Read commands from a script file", kFilename, nullptr},
    {"game", &S::cmd_load_game, "Read a saved game from a file", kFilename, nullptr},
    {"match", &S::cmd_load_match, "Read a saved match from a file", kFilename, nullptr},
    {"position", &S::cmd_load_position, "Read a saved position from a file", kFilename, nullptr},
    NA_IFACE("python"),
    {"weights", &S::cmd_load_weights, "Read neural net weights from a file", "[filename]",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kNew[] = {
    {"game", &S::cmd_new_game, "Start a new game within the current match or session", nullptr,
     nullptr},
    {"match", &S::cmd_new_match, "Play a new match to some number of points", kOptLength, nullptr},
    {"session", &S::cmd_new_session, "Start a new (money) session", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSave[] = {
    {"game", &S::cmd_save_game, "Record a log of the game so far to a file", kFilename, nullptr},
    {"match", &S::cmd_save_match, "Record a log of the match so far to a file", kFilename, nullptr},
    {"position", &S::cmd_save_position, "Record the current board position to a file", kFilename,
     nullptr},
    {"settings", &S::cmd_save_settings, "Use the current settings in future sessions", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

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

extern const CommandEntry kSetRollout[];  // below: `set rollout' (gnubg's acSetRollout)

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

const CommandEntry kShowStatistics[] = {
    {"game", &S::cmd_show_statistics_game, "Compute statistics for current game", nullptr,
     nullptr},
    {"match", &S::cmd_show_statistics_match, "Compute statistics for every game in the match",
     nullptr, nullptr},
    {"session", &S::cmd_show_statistics_match,
     "Compute statistics for every game in the session", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's acCmark... (the help texts are gnubg's).
const CommandEntry kCmarkCubeSet[] = {
    {"rollout", &S::cmd_cmark_cube_set_rollout, "CMark cube for rollout", nullptr, nullptr},
    {"none", &S::cmd_cmark_cube_set_none, "CMark cube clear", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};
const CommandEntry kCmarkMoveSet[] = {
    {"rollout", &S::cmd_cmark_move_set_rollout, "CMark moves for rollout", nullptr, nullptr},
    {"none", &S::cmd_cmark_move_set_none, "CMark move clear", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};
const CommandEntry kCmarkCube[] = {
    {"clear", &S::cmd_cmark_cube_set_none, "CMark cube clear", nullptr, nullptr},
    {"set", nullptr, "CMark cube", nullptr, kCmarkCubeSet},
    {"show", &S::cmd_cmark_cube_show, "Show cmarks for cube", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};
const CommandEntry kCmarkMatch[] = {
    {"clear", &S::cmd_cmark_match_clear, "CMark move clear all", nullptr, nullptr},
    {"show", &S::cmd_cmark_match_show, "Show cmarks for move", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};
const CommandEntry kCmarkGame[] = {
    {"clear", &S::cmd_cmark_game_clear, "CMark move clear all", nullptr, nullptr},
    {"show", &S::cmd_cmark_game_show, "Show cmarks for move", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};
const CommandEntry kCmarkMove[] = {
    {"clear", &S::cmd_cmark_move_clear, "CMark move clear all", nullptr, nullptr},
    {"set", nullptr, "CMark moves", nullptr, kCmarkMoveSet},
    {"show", &S::cmd_cmark_move_show, "Show cmarks for move", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};
const CommandEntry kCmark[] = {
    {"match", nullptr, "CMark moves and cubes in match", nullptr, kCmarkMatch},
    {"game", nullptr, "CMark moves and cubes in game", nullptr, kCmarkGame},
    {"move", nullptr, "CMark moves in movelist", nullptr, kCmarkMove},
    {"cube", nullptr, "CMark cube", nullptr, kCmarkCube},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kAnalyseClear[] = {
    {"game", &S::cmd_analyse_clear_game, "Clear analysis for this game", nullptr, nullptr},
    {"match", &S::cmd_analyse_clear_match, "Clear analysis for entire match", nullptr, nullptr},
    {"session", &S::cmd_analyse_clear_match, "Clear analysis for entire session", nullptr,
     nullptr},
    {"move", &S::cmd_analyse_clear_move, "Clear analysis for this move", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's acAnalyseRollout (shell_analyse_rollout.cpp, shell_review_rollout.cpp).
const CommandEntry kAnalyseRollout[] = {
    {"cube", &S::cmd_analyse_rollout_cube, "Rollout an analysed cube", nullptr, nullptr},
    {"move", &S::cmd_analyse_rollout_move,
     "Rollout choices in the analysis movelist.\n\"analyse rollout move 1 2 3\" will rollout the "
     "first three choices.\n\"analyse rollout move\" will rollout previously marked candidates.",
     nullptr, nullptr},
    {"game", &S::cmd_analyse_rollout_game, "Rollout marked candidates in the game", nullptr,
     nullptr},
    {"match", &S::cmd_analyse_rollout_match, "Rollout marked candidates in the match", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kAnalyse[] = {
    {"clear", nullptr, "Clear previous analysis", nullptr, kAnalyseClear},
    {"game", &S::cmd_analyse_game, "Compute analysis and annotate current game", nullptr,
     nullptr},
    {"match", &S::cmd_analyse_match, "Compute analysis and annotate every game in the match",
     nullptr, nullptr},
    {"move", &S::cmd_analyse_move, "Compute analysis and annotate the current move", nullptr,
     nullptr},
    {"rollout", nullptr, "Rollout analysis", nullptr, kAnalyseRollout},
    {"session", &S::cmd_analyse_match,
     "Compute analysis and annotate every game in the session", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg opens these in a web browser; tavla points to its README.
const CommandEntry kShowManual[] = {
    {"about", &S::cmd_show_manual, "Show All about GNU Backgammon tutorial in a web browser",
     nullptr, nullptr},
    {"web", &S::cmd_show_manual, "Show reference manual in a web browser", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kShow[] = {
    NA_IFACE("aliases"),
    {"analysis", &S::cmd_show_analysis, "Show parameters used for analysing moves", nullptr,
     nullptr},
    {"autosave", &S::cmd_show_autosave, "Show parameters used for autosaving", nullptr, nullptr},
    {"automatic", &S::cmd_show_automatic,
     "List which functions will be performed without user input", nullptr, nullptr},
    {"beavers", &S::cmd_show_beavers, "Show whether beavers are allowed in money game or not",
     nullptr, nullptr},
    {"bearoff", &S::cmd_show_bearoff, "Lookup data in various bearoff databases ", nullptr,
     nullptr},
    {"board", &S::cmd_show_board, "Redisplay the board position", kOptPosition, nullptr},
    {"buildinfo", &S::cmd_show_buildinfo, "Display details of this build of GNUbg", nullptr,
     nullptr},
    NA_GUI("browser"),
    {"calibration", &S::cmd_show_calibration, "Show the previously recorded evaluation speed",
     nullptr, nullptr},
    {"cheat", &S::cmd_show_cheat, "Show parameters for dice manipulation", nullptr, nullptr},
    {"clockwise", &S::cmd_show_clockwise, "Display the board orientation", nullptr, nullptr},
    {"commands", &S::cmd_show_commands, "List all available commands", nullptr, nullptr},
    {"confirm", &S::cmd_show_confirm,
     "Show whether confirmation is required before aborting a game", nullptr, nullptr},
    {"copying", &S::cmd_show_copying, "Conditions for redistributing copies of GNU Backgammon",
     nullptr, nullptr},
    {"crawford", &S::cmd_show_crawford, "See if this is the Crawford game", nullptr, nullptr},
    {"credits", &S::cmd_show_credits, "Display contributors to GNUbg", nullptr, nullptr},
    {"cube", &S::cmd_show_cube, "Display the current cube value and owner", nullptr, nullptr},
    {"cubeefficiency", &S::cmd_show_cubeefficiency, "Show parameters for cube evaluations", nullptr,
     nullptr},
    {"delay", &S::cmd_show_delay, "See what the current delay setting is", nullptr, nullptr},
    {"dice", &S::cmd_show_dice, "See what the current dice roll is", nullptr, nullptr},
    {"display", &S::cmd_show_display,
     "Show whether the board will be updated on the computer's turn", nullptr, nullptr},
    {"engine", &S::cmd_show_engine, "Display the status of the evaluation engine", nullptr,
     nullptr},
    {"evaluation", &S::cmd_show_evaluation, "Display evaluation settings and statistics", nullptr,
     nullptr},
    {"fullboard", &S::cmd_show_board, "Redisplay the board position", kOptPosition, nullptr},
    {"gammonvalues", &S::cmd_show_gammonvalues, "Show gammon values", nullptr, nullptr},
    {"export", &S::cmd_show_export, "Show current export settings", nullptr, nullptr},
    {"isight", &S::cmd_show_isight, "Calculate Isight Count for position", kOptPosition, nullptr},
    {"jacoby", &S::cmd_show_jacoby, "See if the Jacoby rule is used in money sessions", nullptr,
     nullptr},
    {"8912", &S::cmd_show_8912, "Use 8912 rule to predict cube action", kOptPosition, nullptr},
    {"keith", &S::cmd_show_keith, "Calculate Keith Count for position", kOptPosition, nullptr},
    {"kleinman", &S::cmd_show_kleinman, "Calculate Kleinman count for position", kOptPosition,
     nullptr},
    NA_IFACE("lang"),
    {"manual", nullptr, "Show manual", nullptr, kShowManual},
    {"marketwindow", &S::cmd_show_marketwindow, "show market window for doubles", nullptr, nullptr},
    {"matchequitytable", &S::cmd_show_matchequitytable, "Show match equity table", kOptValue,
     nullptr},
    {"matchinfo", &S::cmd_show_matchinfo, "Display auxiliary match information", nullptr,
     nullptr},
    {"matchlength", &S::cmd_show_matchlength, "Show default match length", nullptr, nullptr},
    {"matchresult", &S::cmd_show_matchresult,
     "Show the actual and luck adjusted result for each game and the entire match", nullptr,
     nullptr},
    {"met", &S::cmd_show_matchequitytable, "Synonym for `show matchequitytable'", kOptValue,
     nullptr},
    {"onesidedrollout", &S::cmd_show_onesidedrollout, "Show misc race theory", nullptr, nullptr},
    {"output", &S::cmd_show_output, "Show how results will be formatted", nullptr, nullptr},
    {"pipcount", &S::cmd_show_pipcount,
     "Count the number of pips each player must move to bear off", kOptPosition, nullptr},
    {"player", &S::cmd_show_player, "View per-player options", nullptr, nullptr},
    {"postcrawford", &S::cmd_show_postcrawford, "See if this is post-Crawford play", nullptr,
     nullptr},
    {"prompt", &S::cmd_show_prompt, "Show the prompt that will be printed when ready for commands",
     nullptr, nullptr},
    {"ratingoffset", &S::cmd_show_ratingoffset,
     "Show the rating offset used for estimating abs. rating", nullptr, nullptr},
    {"rng", &S::cmd_show_rng, "Display which random number generator is being used", nullptr,
     nullptr},
    {"rollout", &S::cmd_show_rollout, "Display the evaluation settings used during rollouts",
     nullptr, nullptr},
    {"rolls", &S::cmd_not_implemented, "Display evaluations for all rolls ", "[depth]", nullptr},
    {"score", &S::cmd_show_score, "View the match or session score ", nullptr, nullptr},
    {"scoresheet", &S::cmd_show_scoresheet, "View the score sheet for the match or session", nullptr,
     nullptr},
    {"seed", &S::cmd_show_seed, "Show the dice generator seed", nullptr, nullptr},
    NA_SOUND("sound"),
    {"statistics", nullptr, "Show statistics", nullptr, kShowStatistics},
    {"temperaturemap", &S::cmd_not_implemented,
     "Show temperature map (graphic overview of dice distribution)", nullptr, nullptr},
    {"scoremap", &S::cmd_not_implemented,
     "Show score map (graphic overview of cube at different scores)", nullptr, nullptr},
    {"threads", &S::cmd_show_threads, "Show number of calculation threads", nullptr, nullptr},
    {"thorp", &S::cmd_show_thorp, "Calculate Thorp Count for position", kOptPosition, nullptr},
    {"turn", &S::cmd_show_turn, "Show which player is on roll", nullptr, nullptr},
    {"version", &S::cmd_show_version, "Describe this version of GNU Backgammon", nullptr, nullptr},
    {"tutor", &S::cmd_show_tutor, "Give warnings for possible errors in play", nullptr, nullptr},
    {"variation", &S::cmd_show_variation,
     "Give information about which variation of backgammon is being played", nullptr, nullptr},
    {"warranty", &S::cmd_show_warranty, "Various kinds of warranty you do not have", nullptr,
     nullptr},
    // tavla's additions (after gnubg's entries, so they never change gnubg's abbreviations)
    {"gnubgid", &S::cmd_show_gnubgid, "Show the GNUbg ID (position ID:match ID)", nullptr, nullptr},
    {"matchid", &S::cmd_show_matchid, "Show the match ID", nullptr, nullptr},
    {"xgid", &S::cmd_show_xgid, "Show the position as an XGID", nullptr, nullptr},
    {"rules", &S::cmd_show_rules, "Show the rules in force for the match or session", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

// gnubg's acAnnotateMove and the tables around it.
const CommandEntry kAnnotateMove[] = {
    {"comment", &S::cmd_annotate_add_comment, "Add commentary about a move", "<comment>",
     nullptr},
    {"bad", &S::cmd_annotate_bad, "Mark as bad", nullptr, nullptr},
    {"clear", &S::cmd_annotate_clear_skill, "Remove annotations", nullptr, nullptr},
    {"doubtful", &S::cmd_annotate_doubtful, "Mark as doubtful", nullptr, nullptr},
    {"verybad", &S::cmd_annotate_verybad, "Mark as very bad", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kAnnotateClear[] = {
    {"comment", &S::cmd_annotate_clear_comment, "Erase commentary about a move", nullptr, nullptr},
    {"luck", &S::cmd_annotate_clear_luck, "Erase annotations for a dice roll", nullptr, nullptr},
    {"skill", &S::cmd_annotate_clear_skill, "Erase skill annotations for a move", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kAnnotateRoll[] = {
    {"clear", &S::cmd_annotate_clear_luck, "Remove annotations", nullptr, nullptr},
    {"lucky", &S::cmd_annotate_lucky, "Mark a lucky dice roll", nullptr, nullptr},
    {"unlucky", &S::cmd_annotate_unlucky, "Mark an unlucky dice roll", nullptr, nullptr},
    {"verylucky", &S::cmd_annotate_verylucky, "Mark a very lucky dice roll", nullptr, nullptr},
    {"veryunlucky", &S::cmd_annotate_veryunlucky, "Mark a very unlucky dice roll", nullptr,
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kAnnotate[] = {
    {"clear", nullptr, "Clear annotation", nullptr, kAnnotateClear},
    {"move", &S::cmd_annotate_move, "Mark a move", nullptr, kAnnotateMove},
    {"roll", nullptr, "Mark a roll", nullptr, kAnnotateRoll},
    {"cube", &S::cmd_annotate_cube, "Mark a cube decision", nullptr, kAnnotateMove},
    {"double", &S::cmd_annotate_double, "Mark a double", nullptr, kAnnotateMove},
    {"accept", &S::cmd_annotate_accept, "Mark an accept decision", nullptr, kAnnotateMove},
    {"drop", &S::cmd_annotate_drop, "Mark a drop decision", nullptr, kAnnotateMove},
    {"pass", &S::cmd_annotate_drop, "Mark a pass decision", nullptr, kAnnotateMove},
    {"reject", &S::cmd_annotate_reject, "Mark a reject decision", nullptr, kAnnotateMove},
    {"resign", &S::cmd_annotate_resign, "Mark a resign decision", nullptr, kAnnotateMove},
    {"take", &S::cmd_annotate_accept, "Mark a take decision", nullptr, kAnnotateMove},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kClear[] = {
    {"cache", &S::cmd_clear_cache, "Clear evaluation cache", nullptr, nullptr},
    {"hint", &S::cmd_clear_hint, "Clear analysis used for `hint'", nullptr, nullptr},
    {"turn", &S::cmd_clear_turn, "Clear initialized cube action and dice roll", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kFirst[] = {
    {"game", &S::cmd_first_game, "Goto first game of the match or session", nullptr, nullptr},
    {"move", &S::cmd_first_move, "Goto first move of the current game", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kList[] = {
    {"game", &S::cmd_list_game, "Show the moves made in this game", nullptr, nullptr},
    {"match", &S::cmd_list_match, "Show the games played in this match", nullptr, nullptr},
    {"session", &S::cmd_list_match, "Show the games played in this session", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kSwap[] = {
    {"players", &S::cmd_swap_players, "Swap players", nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const CommandEntry kTop[] = {
    {"accept", &S::cmd_accept, "Accept a cube or resignation", nullptr, nullptr},
    {"agree", &S::cmd_agree, "Agree to a resignation", nullptr, nullptr},
    {"analyse", nullptr, "Run analysis", nullptr, kAnalyse},
    {"analysis", nullptr, nullptr, nullptr, kAnalyse},
    {"analyze", nullptr, nullptr, nullptr, kAnalyse},
    {"annotate", nullptr, "Record notes about a game", nullptr, kAnnotate},
    {"end", nullptr, "Automatically make plays", nullptr, kEnd},
    {"beaver", &S::cmd_redouble, "Synonym for `redouble'", nullptr, nullptr},
    {"calibrate", &S::cmd_calibrate, "Measure evaluation speed", kOptValue, nullptr},
    {"clear", nullptr, "Clear information", nullptr, kClear},
    {"cmark", nullptr, "Mark candidates", nullptr, kCmark},
    NA_IFACE("copy"),
    {"decline", &S::cmd_decline, "Decline a resignation", nullptr, nullptr},
    {"dicerolls", &S::cmd_dicerolls, "Generate a list of rolls", kTrials, nullptr},
    {"double", &S::cmd_double, "Offer a double", nullptr, nullptr},
    {"drop", &S::cmd_drop, "Decline an offered double", nullptr, nullptr},
    {"eq2mwc", &S::cmd_eq2mwc, "Convert normalised money equity to match winning chance", kValue,
     nullptr},
    {"eval", &S::cmd_eval, "Display evaluation of a position", kOptPosition, nullptr},
    {"exit", &S::cmd_quit, "Leave GNU Backgammon", nullptr, nullptr},
    {"export", nullptr, "Write data for use by other programs", nullptr, kExport},
    NA_IFACE("external"),
    {"first", nullptr, "Goto first move or game", nullptr, kFirst},
    {"help", &S::cmd_help, "Describe commands", kOptCommand, nullptr},
    {"hint", &S::cmd_hint, "Give hints on cube action or best legal moves", kOptValue, nullptr},
    {"history", &S::cmd_history, "Display current history", nullptr, nullptr},
    {"invert", nullptr, "Invert match equity table", nullptr, kSetInvert},
    {"import", nullptr, "Import matches, games or positions from other programs", nullptr, kImport},
    {"list", nullptr, "Show a list of games or moves", nullptr, kList},
    {"load", nullptr, "Read data from a file", nullptr, kLoad},
    {"move", &S::cmd_move, "Make a backgammon move", kMove, nullptr},
    {"mwc2eq", &S::cmd_mwc2eq, "Convert match winning chance to normalised money equity", kValue,
     nullptr},
    {"n", &S::cmd_next, nullptr, kStep, nullptr},
    {"new", nullptr, "Start a new game, match or session", nullptr, kNew},
    {"next", &S::cmd_next, "Step ahead within the game", kStep, nullptr},
    {"p", &S::cmd_previous, nullptr, kStep, nullptr},
    {"pass", &S::cmd_drop, "Synonym for `drop'", nullptr, nullptr},
    {"play", &S::cmd_play, "Force the computer to move", nullptr, nullptr},
    {"previous", &S::cmd_previous, "Step backward within the game", kStep, nullptr},
    {"quit", &S::cmd_quit, "Leave GNU Backgammon", nullptr, nullptr},
    {"r", &S::cmd_roll, nullptr, nullptr, nullptr},
    {"redouble", &S::cmd_redouble, "Accept the cube one level higher than it was offered", nullptr,
     nullptr},
    {"reject", &S::cmd_reject, "Reject a cube or resignation", nullptr, nullptr},
    NA_IFACE("relational"),
    {"resign", &S::cmd_resign, "Offer to end the current game", kValue, nullptr},
    {"roll", &S::cmd_roll, "Roll the dice", nullptr, nullptr},
    {"rollout", &S::cmd_rollout, "Have GNUbg perform rollouts of the current position.",
     kOptPosition, nullptr},
    {"save", nullptr, "Write data to a file", nullptr, kSave},
    {"set", nullptr, "Modify program parameters", nullptr, kSet},
    {"show", nullptr, "View program parameters", nullptr, kShow},
    {"swap", nullptr, "Swap players", nullptr, kSwap},
    {"take", &S::cmd_take, "Agree to an offered double", nullptr, nullptr},
    {"?", &S::cmd_help, "Describe commands", kOptCommand, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

#undef NA
#undef NA_GUI
#undef NA_SOUND
#undef NA_FORMAT
#undef NA_IFACE

}  // namespace

const CommandEntry* top_commands() {
  return kTop;
}

const CommandEntry* annotate_move_commands() {
  return kAnnotateMove;
}

const CommandEntry* find_command(const CommandEntry* table, const std::string& word) {
  if (!table || word.empty()) return nullptr;
  for (const CommandEntry* c = table; c->name; ++c)
    if (is_prefix_ci(word, c->name)) return c;
  return nullptr;
}

}  // namespace tavla::shell
