// SPDX-License-Identifier: GPL-3.0-or-later
// Files: save and load matches, games and positions (SGF; .mat by import, export and load),
// `export game gam`, command scripts;
// `calibrate`, `quit`.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/mat_file.h"
#include "engine/pos_file.h"
#include "engine/sgf.h"
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/match_analysis_sgf.h"

namespace tavla::shell {

std::string Shell::today() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  return strf("%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

void Shell::cmd_save_match(std::string& args) {
  save(args, true);
}
void Shell::cmd_save_game(std::string& args) {
  save(args, false);
}

engine::MatchRecord Shell::match_record(bool whole_match) const {
  engine::MatchRecord m;
  m.info = match_info_;
  m.info.names = names_.name;
  m.info.variant = flow_.variant();
  // The whole record, also while a review shows an earlier position (gnubg saves its lists).
  const std::vector<engine::GameRecord>& games = all_games();
  if (whole_match)
    m.games = games;
  else
    m.games = {games[current_game_index()]};
  return m;
}

void Shell::save(std::string& args, bool whole_match) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    outf("You must specify a file to save to (see `help save %s').\n",
         whole_match ? "match" : "game");
    return;
  }
  // The games analysed by `analyse match` / `game` and unchanged since carry their analysis, as
  // gnubg saves it.
  // The same games as match_record (the whole record while reviewing), each with its analysis
  // under the settings in force (those `analyse` used unless changed since).
  const auto& games = all_games();
  const size_t first = whole_match ? 0 : current_game_index();
  const size_t last = whole_match ? games.size() : first + 1;
  const analysis::MatchAnalysisSettings settings = analysis_settings();
  std::vector<engine::SgfGameExtras> extras;
  for (size_t g = first; g < last; ++g) {
    extras.emplace_back();
    // Else the hints its records kept.
    if (const std::optional<analysis::GameAnalysis> a = game_analysis(g)) {
      const std::map<int, text::SgfRecordRollouts> rolled = record_rollouts(g);
      extras.back() = text::sgf_game_analysis(*a, settings, &rolled);
    }
  }
  write_file(*file, engine::write_sgf(match_record(whole_match), engine::kSgfApplication, &extras));
}

// The rollouts `analyse rollout move|cube' left in the records of game g (their kept hints), or
// else those a loaded file held, and the cmarks of the records, as the SGF writer takes them.
std::map<int, text::SgfRecordRollouts> Shell::record_rollouts(size_t g) const {
  std::map<int, text::SgfRecordRollouts> out;
  const auto& games = all_games();
  if (g >= games.size()) return out;
  for (size_t k = 0; k < games[g].records.size(); ++k) {
    const KeptHint* kept = kept_hint(g, k);
    const text::SgfRecordRollouts* loaded = loaded_rollouts(g, k);
    text::SgfRecordRollouts r;
    if (const CMarks* marks = record_cmarks(g, k)) {
      r.marked = marks->moves;
      r.cube_marked = marks->cube;
    }
    if (kept && kept->stored.moves)
      for (size_t i = 0; i < kept->rollouts.size() && i < kept->stored.moves->size(); ++i)
        if (const auto& m = kept->rollouts[i])
          r.moves.push_back(
              {(*kept->stored.moves)[i].move.move, m->mean, m->std_error, m->settings, m->games,
               std::nullopt, std::nullopt});
    if (kept && kept->cube_rollout)
      r.cube = text::SgfCubeRollout{kept->cube_rollout->mean, kept->cube_rollout->std_error,
                                    kept->cube_rollout->settings, kept->cube_rollout->games};
    // The kept hint's rollouts win; the loaded file's fill in what it has not.
    if (loaded && r.moves.empty()) r.moves = loaded->moves;
    if (loaded && !r.cube) r.cube = loaded->cube;
    if (!r.empty()) out[static_cast<int>(k)] = std::move(r);
  }
  return out;
}

bool Shell::write_file(const std::string& file, const std::string& text) {
  if (file == "-") {
    out(text);
    return true;
  }
  std::error_code ec;
  if (confirm_save_ && std::filesystem::exists(file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file.c_str())))
    return false;
  errno = 0;
  std::ofstream f(file, std::ios::binary | std::ios::trunc);
  if (!f || !(f << text) || !f.flush()) {
    errf("%s: %s", file.c_str(), std::strerror(errno ? errno : EIO));
    return false;
  }
  return true;
}

// gnubg's CommandSavePosition: the position shown (also while reviewing) as a game of its own:
// the game's record of rules and score (numbered 0, so with the match information), the board
// edited to the position with the player on roll, the cube's value and owner, and the dice when
// they are rolled; its statistics, all zero, in the parts `set analysis` enables (gnubg writes
// them for every game it saves). gnubg puts instead its hint record when it carries an analysis
// (below); while reviewing gnubg writes the next play's record with its analysis, tavla the dice
// alone.
void Shell::cmd_save_position(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to save to (see `help save position').\n");
    return;
  }
  const engine::MatchState& ms = flow_.match();
  // gnubg's fMove; before the first roll it is -1, which gnubg's writer takes for player 1.
  const int on_roll = ms.on_roll == 0 ? 0 : 1;
  engine::GameRecord game;
  game.info.index = 0;
  game.info.match_length = ms.match_length;
  game.info.score = ms.score;
  game.info.crawford_rule = flow_.rules().auto_crawford && ms.match_length > 1;
  game.info.crawford_game = ms.crawford;
  game.info.jacoby = ms.jacoby && ms.is_money();
  game.info.cube_use = ms.cube_use;
  engine::MoveRecord board;
  board.kind = engine::RecordKind::kSetBoard;
  board.player = on_roll;
  board.board = flow_.board();  // seen from the player on roll; the record holds player 0's view
  if (on_roll == 1) board.board.swap_sides();
  game.records.push_back(board);
  engine::MoveRecord cube;
  cube.kind = engine::RecordKind::kSetCubeValue;
  cube.cube = ms.cube;
  game.records.push_back(cube);
  engine::MoveRecord owner;
  owner.kind = engine::RecordKind::kSetCubeOwner;
  owner.cube_owner = ms.cube_owner;
  game.records.push_back(owner);
  if (ms.dice_rolled()) {
    engine::MoveRecord dice;
    dice.kind = engine::RecordKind::kSetDice;
    dice.player = on_roll;
    dice.dice = ms.dice;
    game.records.push_back(dice);
  }
  engine::MatchRecord match;
  match.info = match_info_;
  match.info.names = names_.name;
  match.info.variant = flow_.variant();
  match.games = {game};
  const analysis::MatchAnalysisSettings settings = analysis_settings();
  analysis::Statistics zero;
  zero.moves = settings.analyse_moves;
  zero.cube = settings.analyse_cube;
  zero.dice = settings.analyse_dice;
  std::vector<engine::SgfGameExtras> extras(1);
  if (zero.moves || zero.cube || zero.dice) extras[0].root = text::sgf_statistics(zero);
  // gnubg writes instead of the dice its hint record when that holds an analysis: the ranked
  // plays of a hint on the dice (the best play as the play made), the cube analysis of a hint
  // before a double, or before the roll (gnubg keeps it through the roll, as the roll's record
  // here does), then as the analysis of the double it would be; both on a play after both hints.
  // It counts them in the game's statistics, the decisions unmarked (no action was judged).
  const HintMemo* memo = current_hint_memo();
  const KeptHint* rolled = nullptr;
  if (const engine::GameRecord* cur = flow_.current_game();
      cur && !review_ && ms.dice_rolled() && !cur->records.empty() &&
      cur->records.back().kind == engine::RecordKind::kSetDice)
    rolled = kept_hint(flow_.games().size() - 1, cur->records.size() - 1);
  analysis::StoredDecision hinted;
  analysis::MatchAnalysisSettings with_hint = settings;
  if (memo && memo->cube) {
    hinted.cube_outputs = memo->cube_outputs;
    with_hint.cube.context = memo->cube_context;
  } else if (rolled && rolled->stored.cube_outputs) {
    hinted.cube_outputs = rolled->stored.cube_outputs;
    with_hint.cube.context = rolled->cube;
  }
  if (memo && !memo->moves.empty() && ms.dice_rolled()) {
    hinted.moves = memo->moves;
    hinted.played = 0;
    with_hint.chequer.context = memo->chequer;
  }
  const engine::MoveRecord hint = hint_record(ms);
  // (A hint on a double to take: gnubg writes its take record, which tavla does not yet.)
  if ((hinted.cube_outputs || hinted.moves) && hint.kind != engine::RecordKind::kTake) {
    if (ms.dice_rolled()) {
      engine::MoveRecord& play = game.records.back();
      play = hint;
      if (hinted.moves) play.move = memo->moves[0].move.move;
    } else {
      game.records.push_back(hint);
    }
    match.games = {game};
    std::vector<analysis::StoredGameAnalysis> stored(1);
    stored[0].resize(game.records.size());
    stored[0].back() = hinted;
    auto counted = analysis::recount_match(match, stored, with_hint);
    if (!counted) {
      errf("%s", counted.error().c_str());
      return;
    }
    analysis::GameAnalysis a = counted->games[0];
    a.decisions.back().cube_skill.reset();
    extras[0] = text::sgf_game_analysis(a, with_hint);
  }
  write_file(*file, engine::write_sgf(match, engine::kSgfApplication, &extras));
}

// gnubg's `export game gam` (ExportGameGam): the game shown, alone, in .mat layout.
void Shell::cmd_export_game_gam(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress.\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to export to.\n");
    return;
  }
  std::error_code ec;
  if (*file != "-" && confirm_save_ && std::filesystem::exists(*file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
    return;
  engine::MatchInfo info = match_info_;
  info.names = names_.name;
  info.variant = flow_.variant();
  std::vector<size_t> warnings;
  const std::string text = engine::write_gam(all_games()[current_game_index()], info, &warnings);
  // As `export match mat`: gnubg's warning comes between the file's lines on "-".
  if (*file == "-") {
    size_t from = 0;
    for (size_t at : warnings) {
      out(text.substr(from, at - from));
      out(engine::kMatEditWarning);
      from = at;
    }
    out(text.substr(from));
    return;
  }
  for (size_t k = 0; k < warnings.size(); ++k) out(engine::kMatEditWarning);
  errno = 0;
  std::ofstream f(*file, std::ios::binary | std::ios::trunc);
  if (!f || !(f << text) || !f.flush())
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : EIO));
}

// gnubg's `export match mat` (ExportMatchMat): "-" writes to the output.
void Shell::cmd_export_match_mat(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress.\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to export to.\n");
    return;
  }
  std::error_code ec;
  if (*file != "-" && confirm_save_ && std::filesystem::exists(*file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
    return;
  // gnubg warns about an edited game while it writes it: on "-", between the file's lines.
  std::vector<size_t> warnings;
  const std::string text = engine::write_mat(match_record(true), &warnings);
  if (*file == "-") {
    size_t from = 0;
    for (size_t at : warnings) {
      out(text.substr(from, at - from));
      out(engine::kMatEditWarning);
      from = at;
    }
    out(text.substr(from));
    return;
  }
  for (size_t k = 0; k < warnings.size(); ++k) out(engine::kMatEditWarning);
  std::ofstream f(*file, std::ios::binary | std::ios::trunc);
  if (!f || !(f << text) || !f.flush())
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : EIO));
}

namespace {

std::optional<std::string> read_whole(const std::string& file) {
  std::ifstream f(file, std::ios::binary);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

bool ends_with_ci(const std::string& s, const std::string& suffix) {
  if (s.size() < suffix.size()) return false;
  for (size_t i = 0; i < suffix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i])
      return false;
  return true;
}

// A .mat file by its name, or by its content: SGF starts with '(' (after blanks).
bool looks_like_mat(const std::string& file, const std::string& text) {
  if (ends_with_ci(file, ".mat") || ends_with_ci(file, ".gam")) return true;
  if (ends_with_ci(file, ".sgf")) return false;
  size_t i = text.rfind("\xef\xbb\xbf", 0) == 0 ? 3 : 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  return i < text.size() && text[i] != '(';
}

}  // namespace

void Shell::load_match_record(const engine::MatchRecord& match) {
  // The match's variant, without changing the `set variation` setting for new matches.
  const engine::Variant setting = flow_.rules().variant;
  flow_.rules().variant = match.info.variant;
  flow_.load(match.games);
  flow_.rules().variant = setting;
  names_.name = match.info.names;
  match_info_ = match.info;
  game_analyses_.clear();  // the analysis of the match replaced
  loaded_rollouts_.clear();
  kept_hints_.clear();
  hint_memo_.reset();  // gnubg drops its hint record with the match
  cmarks_.clear();
  hint_cmarks_ = {};
  forget_dice();
  next_turn_ = false;
  show_board();
}

void Shell::cmd_load_match(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a file to load from (see `help load match').\n");
    return;
  }
  const std::optional<std::string> text = read_whole(*file);
  if (!text) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    return;
  }
  // tavla's `load match` also takes .mat files (gnubg's wants `import mat`).
  std::vector<engine::SgfGameProperties> props;
  auto match = looks_like_mat(*file, *text) ? engine::read_mat(*text, *file, flow_.rules())
                                            : engine::read_sgf(*text, *file, &props);
  if (!match) {
    errf("%s", match.error().c_str());
    return;
  }
  // An analysed file keeps its analysis, as gnubg's: the statistics are recounted from the stored
  // evaluations (gnubg's updateStatisticsMatch), nothing is evaluated again.
  std::optional<std::vector<analysis::StoredGameAnalysis>> stored;
  std::vector<std::map<int, text::SgfRecordRollouts>> rolled;
  std::vector<std::string> unread;
  if (text::has_stored_analysis(props)) {
    auto s = text::stored_analysis(*match, props, *file, &rolled, &unread);
    if (!s) {
      errf("%s", s.error().c_str());
      return;
    }
    stored = std::move(*s);
  }
  if (!confirm_discard()) return;
  // Said, so that a later save does not drop the user's rollouts unnoticed.
  for (const std::string& at : unread)
    errf("%s: %s: tavla does not read gnubg's older rollout entries (\"R\"); that analysis is "
         "left out", file->c_str(), at.c_str());
  load_match_record(*match);
  if (!stored) {
    goto_first_game_after_loading();
    return;
  }
  // Recounted on the games as loaded (a resignation stored only as the result is a record
  // there, after the records the file analysed).
  auto recount = analysis::recount_match(match_record(0, all_games().size()), *stored,
                                         analysis_settings());
  if (!recount) {
    errf("%s: %s (the match is loaded without its analysis)", file->c_str(),
         recount.error().c_str());
    return;
  }
  game_analyses_.assign(all_games().size(), std::nullopt);
  for (size_t g = 0; g < recount->games.size() && g < game_analyses_.size(); ++g)
    game_analyses_[g] = std::move(recount->games[g]);
  keep_loaded_rollouts(std::move(rolled));
  goto_first_game_after_loading();
}

// gnubg's `set gotofirstgame on': after loading, CommandFirstGame.
void Shell::goto_first_game_after_loading() {
  if (!goto_first_game_) return;
  std::string none;
  cmd_first_game(none);
}

void Shell::load_first_game(std::string& args, const char* what) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    outf("You must specify a file to load from (see `help load %s').\n", what);
    return;
  }
  const std::optional<std::string> text = read_whole(*file);
  if (!text) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    return;
  }
  // As tavla's `load match`, a .mat file too.
  auto match = looks_like_mat(*file, *text) ? engine::read_mat(*text, *file, flow_.rules())
                                            : engine::read_sgf(*text, *file);
  if (!match) {
    errf("%s", match.error().c_str());
    return;
  }
  if (match->games.empty()) {
    errf("%s: no game in the file", file->c_str());
    return;
  }
  if (!confirm_discard()) return;
  engine::MatchRecord first = *match;
  first.games.resize(1);
  load_match_record(first);
  goto_first_game_after_loading();
}

void Shell::cmd_load_game(std::string& args) {
  load_first_game(args, "game");
}
void Shell::cmd_load_position(std::string& args) {
  load_first_game(args, "position");
}

// gnubg's `import mat` (and `import gam`, the same command in gnubg): a Jellyfish match file,
// read under the current rules (Jacoby, beavers, cube use, variation).
void Shell::cmd_import_mat(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a match file to import (see `help import mat').\n");
    return;
  }
  const std::optional<std::string> text = read_whole(*file);
  if (!text) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    return;
  }
  if (!confirm_discard()) return;
  auto match = engine::read_mat(*text, *file, flow_.rules());
  if (!match) {
    errf("%s", match.error().c_str());
    return;
  }
  load_match_record(*match);
  goto_first_game_after_loading();
}

// gnubg's `import pos` (CommandImportJF, ImportJF): a Jellyfish position replaces the match, as
// one game set up from the file (engine/pos_file.h), and the board is shown twice, as gnubg's tty
// shows it (once when its settings are updated, once by the command).
void Shell::cmd_import_pos(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a position file to import (see `help import pos').\n");
    return;
  }
  const std::optional<std::string> bytes = read_whole(*file);
  if (!bytes) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    show_board();  // gnubg shows the board (or that there is no game) after the error
    return;
  }
  if (!confirm_discard()) return;  // gnubg asks before reading the file
  bool unrecognised = false;
  auto match = engine::read_pos(*bytes, *file, &unrecognised);
  if (!match) {
    // gnubg's two messages; for what gnubg reads short or accepts, tavla says what and where.
    if (unrecognised)
      out("File not recognised as Jellyfish file.\n");
    else
      errf("Error reading Jellyfish file: %s", match.error().c_str());
    out("This file is not a valid Jellyfish .pos file!\n\n");
    return;
  }
  load_match_record(*match);
  show_board();
}

void Shell::cmd_load_commands(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a file to load from.\n");
    return;
  }
  std::ifstream f(*file);
  if (!f) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    return;
  }
  run_script(f);
}

void Shell::run_script(std::istream& in) {
  std::string line;
  set_thread_met(met_.get());
  while (!quit_ && !interrupted_ && std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    if (!line.empty() && line[0] == '#') continue;
    handle(line, top_commands(), true);
    run_pending();
  }
}

void Shell::cmd_calibrate(std::string& args) {
  if (!options_.calibrate) {
    out("Calibration is not available in this build of tavla.\n");
    return;
  }
  std::vector<std::string> words;
  while (std::optional<std::string> w = next_token(args)) words.push_back(*w);
  if (options_.weights) {
    words.push_back("--weights");
    words.push_back(*options_.weights);
  }
  out_.flush();
  options_.calibrate(words);
}

void Shell::cmd_quit(std::string&) {
  if (options_.interactive && !confirm_discard()) return;
  quit_ = true;
}

}  // namespace tavla::shell
