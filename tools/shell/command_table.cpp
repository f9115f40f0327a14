// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's command tables but `set' (command_table_set.cpp), as command_table.h describes.
#include "shell/command_table.h"

#include "shell/command_table_common.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace tables {

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

}  // namespace tables

using tables::kAnnotateMove;
using tables::kTop;

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
