// SPDX-License-Identifier: GPL-3.0-or-later
// The shell's core: command dispatch, output, dice, and gnubg's turn machinery (play.c's
// TurnDone / NextTurn / ComputerTurn / NewGame). Commands are in shell_play.cpp, shell_set.cpp,
// shell_show.cpp and shell_files.cpp.
#include "shell/shell.h"

#include "engine/fibs_board.h"

#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <ostream>

#include "bearoff/bearoff_index.h"
#include "bearoff/bearoff_provider.h"
#include "engine/fibs_board.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/position_id.h"
#include "bearoff/default_databases.h"
#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_defaults.h"
#include "bearoff/hypergammon_provider.h"
#include "eval/net_set.h"
#include "eval/weights.h"
#include "eval/position_class.h"
#include "shell/command_table.h"
#include "shell/text_util.h"
#include "text/bearoff_text.h"

namespace tavla::shell {

std::atomic<bool> Shell::interrupted_{false};

struct Shell::Bearoff {
  bearoff::BearoffDatabases databases;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  // Per chequer count (index c - 1): the database, or why there is none.
  std::array<std::optional<bearoff::HypergammonDatabase>, 3> hyper_db;
  std::array<std::optional<bearoff::HypergammonProvider>, 3> hyper;
  std::array<std::string, 3> hyper_error;
};

namespace {
constexpr const char* kGameResult[] = {"single game", "gammon", "backgammon"};
}  // namespace

Shell::Shell(std::ostream& out, std::ostream& err, ShellOptions options)
    : out_(out), err_(err), options_(std::move(options)) {
  default_names_ = {"gnubg", options_.user_name};
  names_.name = default_names_;
  players_[0].type = PlayerType::kEngine;
  players_[1].type = PlayerType::kHuman;
  dice_.set_seed(options_.seed ? *options_.seed : engine::system_seed());
}

Shell::~Shell() = default;

void Shell::interrupt() {
  interrupted_ = true;
}

// ---- output ------------------------------------------------------------------------------------

void Shell::out(std::string_view s) {
  // quiet_: reading the settings file; output_on_: `set output output off' (gnubg's foutput_on
  // silences its standard output, not its error messages).
  if (quiet_ || !output_on_) return;
  out_ << s;
  if (!options_.interactive) out_.flush();
}

void Shell::outf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  out(buf);
}

void Shell::errf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  out_.flush();  // gnubg flushes stdout first, so that the streams interleave in order
  err_ << buf << '\n';
  err_.flush();
}

void Shell::show_board() {
  if (!output_on_) return;  // `set output output off' (gnubg's foutput_on)
  if (flow_.match().game_state == engine::GameState::kNone || flow_.match().on_roll < 0) {
    out("No game in progress.\n");
    return;
  }
  if (raw_board_) {  // `set output rawboard on': the FIBS line and nothing else
    out(engine::write_fibs_board(flow_.board(), flow_.match(), names_.name,
                                 engine::chequers(flow_.variant())) +
        "\n");
    return;
  }
  out(text::draw_board(flow_.board(), flow_.match(), names_, engine::chequers(flow_.variant())));
  out("\n");
  // gnubg's ShowBoard goes on with the record after the position shown (while reviewing): its
  // analysis (shell_review_rollout.cpp) and its comment.
  if (const engine::MoveRecord* next = next_record()) {
    show_record_analysis();
    if (!next->comment.empty()) outf("%s\n", next->comment.c_str());
  }
}

void Shell::show_score() {
  const auto& ms = flow_.match();
  const int games = flow_.games_played();
  outf(games == 1 ? "The score (after %d game) is: %s %d, %s %d"
                  : "The score (after %d games) is: %s %d, %s %d",
       games, name(0).c_str(), ms.score[0], name(1).c_str(), ms.score[1]);
  if (ms.match_length > 0) {
    // gnubg ends this line without a newline.
    outf(ms.match_length == 1 ? " (match to %d point%s)" : " (match to %d points%s)",
         ms.match_length,
         ms.crawford ? ", Crawford game" : (ms.post_crawford ? ", post-Crawford play" : ""));
  } else {
    out(ms.jacoby ? " (money session, with Jacoby rule).\n"
                  : " (money session, without Jacoby rule).\n");
  }
}

std::string Shell::prompt() const {
  std::string s;
  const auto& ms = flow_.match();
  for (size_t i = 0; i < prompt_format_.size(); ++i) {
    const char c = prompt_format_[i];
    if (c != '\\') {
      s += c;
      continue;
    }
    if (++i == prompt_format_.size()) break;
    switch (std::tolower(static_cast<unsigned char>(prompt_format_[i]))) {
      case 'c':
        if (ms.game_state == engine::GameState::kNone || ms.on_roll < 0)
          s += "No game";
        else
          s += strf("%d:%d", flow_.board().pip_count(engine::Board::kOnRoll),
                    flow_.board().pip_count(engine::Board::kOpponent));
        break;
      case 'p':
        switch (ms.game_state) {
          case engine::GameState::kNone:
            s += "No game";
            break;
          case engine::GameState::kPlaying:
            s += name(ms.turn);
            break;
          default:
            s += "Game over";
            break;
        }
        break;
      case 's':
        s += strf("%d:%d", ms.score[0], ms.score[1]);
        break;
      case 'v':
        s += "0.1.0";
        break;
      default:
        s += prompt_format_[i];
    }
  }
  return s;
}

// ---- dispatch ----------------------------------------------------------------------------------

bool Shell::execute(std::string_view line) {
  std::string s(line);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  set_thread_met(met_.get());
  // gnubg's readline history: every non-empty line typed at the prompt (blank ones too), for
  // `history'.
  if (options_.interactive && !s.empty()) history_.push_back(s);
  handle(s, top_commands(), true);
  run_pending();
  if (interrupted_) {
    out("(Interrupted)\n");
    interrupted_ = false;
  }
  out_.flush();
  return !quit_;
}

void Shell::handle(std::string& line, const CommandEntry* table, bool top) {
  if (top) {
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ':') return;
    if (t[0] == '>') {
      out("tavla has no Python interpreter.\n");
      return;
    }
  }
  std::string rest = line;
  std::optional<std::string> word = next_token(rest);
  if (!word) {
    if (!top) out("Incomplete command.\n");
    return;
  }
  // gnubg: a line that starts with a digit or with (a prefix of) "bar/" is a move.
  if (top && (std::isdigit(static_cast<unsigned char>((*word)[0])) ||
              is_prefix_ci(word->substr(0, 4), "bar/"))) {
    std::string move = *word + (rest.empty() ? "" : " " + rest);
    cmd_move(move);
    return;
  }
  const CommandEntry* c = find_command(table, *word);
  if (!c) {
    errf("Unknown keyword `%s'.\n", word->c_str());
    return;
  }
  if (c->handler)
    (this->*(c->handler))(rest);
  else
    handle(rest, c->sub, false);
}

std::vector<std::string> Shell::completions(const std::vector<std::string>& words_before) const {
  const CommandEntry* table = top_commands();
  for (const std::string& w : words_before) {
    const CommandEntry* c = find_command(table, w);
    if (!c || !c->sub) return {};
    table = c->sub;
  }
  std::vector<std::string> out;
  for (const CommandEntry* c = table; c->name; ++c)
    if (c->help) out.push_back(c->name);
  return out;
}

void Shell::cmd_not_available_format(std::string&) {
  out("That file format is not available in tavla: it reads and writes SGF, .mat and .gam files "
      "(and text exports).\n");
}

void Shell::cmd_not_available_interface(std::string&) {
  out("That command connects gnubg to other programs (Python scripts, external players to play "
      "against, databases, the clipboard, translations); tavla's shell has none of these.\n");
}

void Shell::cmd_not_available_gui(std::string&) {
  out("That command is a setting of gnubg's graphical interface; tavla has no GUI.\n");
}

void Shell::cmd_not_available_sound(std::string&) {
  out("That command is a sound setting; tavla plays no sounds.\n");
}

// ---- questions ---------------------------------------------------------------------------------

bool Shell::confirm(const std::string& question) {
  if (confirm_default_ != -1) {  // `set confirm default yes|no': the answer, shown after the question
    outf("%s %s\n", question.c_str(), confirm_default_ ? "yes" : "no");
    return confirm_default_ == 1;
  }
  if (!options_.interactive || !input_) return true;  // gnubg answers yes when not interactive
  for (;;) {
    std::optional<std::string> answer = input_(question);
    if (!answer || interrupted_) return false;
    const std::string a = trim(*answer);
    if (!a.empty() && (a[0] == 'y' || a[0] == 'Y')) return true;
    if (!a.empty() && (a[0] == 'n' || a[0] == 'N')) return false;
    out("Please answer `y' or `n'.\n");
  }
}

bool Shell::confirm_discard() {
  if (interrupted_) return false;
  if (flow_.playing() && confirm_new_)
    return confirm("Are you sure you want to discard the current match? ");
  return true;
}

// ---- dice --------------------------------------------------------------------------------------

std::optional<std::array<int, 2>> Shell::manual_dice() {
  for (;;) {
    if (interrupted_ || !input_) return std::nullopt;
    std::optional<std::string> line = input_("Enter dice: ");
    if (!line || interrupted_) return std::nullopt;
    std::array<int, 2> d{};
    size_t pos = 0;
    int found = 0;
    for (; found < 2; ++found) {
      while (pos < line->size() && ((*line)[pos] < '1' || (*line)[pos] > '6')) ++pos;
      if (pos >= line->size()) break;
      d[found] = (*line)[pos++] - '0';
    }
    if (found == 2) return d;
    out("You must enter two numbers between 1 and 6.\n");
  }
}

bool Shell::get_dice(std::array<int, 2>& dice) {
  const int turn = flow_.match().turn;
  if (dice_cache_valid_ && turn == dice_cache_turn_ && flow_.board() == dice_cache_board_) {
    dice = dice_cache_;
    return true;
  }
  if (!roll_dice(dice)) return false;
  dice_cache_valid_ = true;
  dice_cache_turn_ = turn;
  dice_cache_board_ = flow_.board();
  dice_cache_ = dice;
  return true;
}

// gnubg's `if (!fCheat || CheatDice(...)) GetDice(...)' of a turn's roll.
bool Shell::rolled_dice(std::array<int, 2>& dice) {
  if (cheat_.enable) {
    if (const std::optional<std::array<int, 2>> d = cheat_dice()) {
      dice = *d;
      return true;
    }
    if (interrupted_) return false;
  }
  return get_dice(dice);
}

bool Shell::roll_dice(std::array<int, 2>& dice) {
  switch (rng_) {
    case Rng::kMersenne:
      dice = dice_.roll();
      break;
    case Rng::kManual: {
      auto d = manual_dice();
      if (!d) return false;
      dice = *d;
      break;
    }
    case Rng::kFile:
      for (int i = 0; i < 2; ++i) {
        for (;;) {
          if (dice_file_pos_ >= dice_file_.size()) {
            outf("Rewinding dice file (%s)\n", dice_file_name_.c_str());
            dice_file_pos_ = 0;
          }
          const char c = dice_file_[dice_file_pos_++];
          if (c >= '1' && c <= '6') {
            dice[i] = c - '0';
            break;
          }
        }
      }
      break;
  }
  return true;
}

// ---- the flow of play (gnubg's play.c) ---------------------------------------------------------

bool Shell::refuse_if_computer_turn() {
  if (!is_human(flow_.match().turn) && !computer_decision_) {
    out("It is the computer's turn -- type `play' to force it to move immediately.\n");
    return true;
  }
  return false;
}

void Shell::show_auto_move(const engine::Move& move) {
  if (!display_) return;
  const int turn = flow_.match().turn;
  if (move.from(0) < 0)
    outf("%s cannot move.\n", name(turn).c_str());
  else
    outf("%s moves %s.\n", name(turn).c_str(), engine::format_move(flow_.board(), move).c_str());
}

bool Shell::new_game() {
  // gnubg's NewGame under `set record off': a money session records only the game in play, so
  // the oldest game is discarded when the next one starts (a game abandoned in play is dropped
  // by start_game anyway).
  if (!record_ && flow_.match().is_money() && flow_.has_game() && !flow_.playing()) {
    flow_.drop_first_game();
    if (!game_analyses_.empty()) game_analyses_.erase(game_analyses_.begin());
    if (!loaded_rollouts_.empty()) loaded_rollouts_.erase(loaded_rollouts_.begin());
  }
  int calls = 0;
  const bool started = flow_.start_game(
      [&]() -> std::optional<std::array<int, 2>> {
        if (calls++ > 0) forget_dice();  // a doublet is rolled again
        std::array<int, 2> d{};
        if (!get_dice(d)) return std::nullopt;
        return d;
      },
      [&](const engine::GameFlow::OpeningRoll& r) {
        if (!display_) return;
        outf("%s rolls %d, %s rolls %d.\n", name(0).c_str(), r.dice[0], name(1).c_str(), r.dice[1]);
        if (r.cube_after) outf("The cube is now at %d.\n", r.cube_after);
      });
  if (!started) {
    show_board();
    return false;
  }
  if (display_) show_board();  // gnubg's DiceRolled
  return true;
}

bool Shell::start_new_game() {
  if (!new_game()) return false;
  if (interrupted_) return true;
  if (is_human(flow_.match().turn))
    show_board();
  else if (computer_turn())
    turn_done();
  return true;
}

void Shell::run_pending() {
  while (next_turn_ && !quit_) next_turn();
}

void Shell::next_turn() {
  next_turn_ = false;
  if (!flow_.has_game()) return;
  if (std::optional<engine::GameOver> over = flow_.finish_game()) {
    if (end_game_)
      outf(over->points == 1 ? "Game complete.\n%s wins %d point\n"
                             : "Game complete.\n%s wins %d points\n",
           name(over->winner).c_str(), over->points);
    outf(over->points == 1 ? "%s wins a %s and %d point.\n" : "%s wins a %s and %d points.\n",
         name(over->winner).c_str(), kGameResult[over->result - 1], over->points);
    show_score();
    if (over->match_over) {
      outf("%s has won the match.\n", name(over->winner).c_str());
      show_board();
      return;
    }
    if (!auto_game_) return;
    if (!new_game()) return;
    if (is_human(flow_.match().turn)) show_board();
  }
  if (!flow_.playing()) return;
  const auto& ms = flow_.match();
  if (display_ || is_human(ms.turn)) show_board();
  if (interrupted_) return;
  if (is_human(ms.turn)) {
    // Roll for a human who has no cube decision to make.
    if (auto_roll_ && !ms.dice_rolled() && !ms.doubled && !ms.resigned &&
        (!ms.cube_use || ms.crawford || (ms.cube_owner >= 0 && ms.cube_owner != ms.turn) ||
         (ms.match_length > 0 && ms.score[ms.turn] + ms.cube >= ms.match_length))) {
      std::string none;
      cmd_roll(none);
    }
    return;
  }
  next_turn_ = computer_turn();
}

bool Shell::computer_turn() {
  if (interrupted_ || !flow_.playing()) return false;
  // Whatever the engine decides must change the game; if a refusal left it as it was, stop
  // rather than ask the engine again and again.
  const engine::Game before = flow_.game();
  const size_t records = flow_.current_game() ? flow_.current_game()->records.size() : 0;
  const bool acted = engine_turn();
  return acted && (flow_.game() != before || !flow_.current_game() ||
                   flow_.current_game()->records.size() != records);
}

bool Shell::engine_turn() {
  Analyzer* a = analyzer();
  if (!a) return false;
  EnginePlayer player(*a);
  const auto& ms = flow_.match();
  const int me = ms.turn;
  const PlayerSettings& settings = players_[me].settings;
  const bool beavers = flow_.rules().beavers > 0;
  computer_decision_ = true;
  struct Reset {
    bool& flag;
    ~Reset() { flag = false; }
  } reset{computer_decision_};
  std::string none;

  // After every decision: an interrupted search decided nothing, so the engine does not act.
  if (ms.resigned) {
    const bool accept = player.accept_resignation(analysis_game(), beavers);
    if (interrupted_) return false;
    if (accept)
      cmd_agree(none);
    else
      cmd_decline(none);
    return true;
  }
  if (ms.doubled) {
    const bool may_beaver = ms.is_money() && flow_.beavers_used() < flow_.rules().beavers &&
                            ms.cube < (engine::kMaxCube >> 1);
    const TakeAction take = player.take_decision(analysis_game(), settings, may_beaver);
    if (interrupted_) return false;
    switch (take) {
      case TakeAction::kTake:
        cmd_take(none);
        break;
      case TakeAction::kPass:
        cmd_drop(none);
        break;
      case TakeAction::kBeaver:
        cmd_redouble(none);
        break;
    }
    return true;
  }
  // Resign a hopeless race or bearoff.
  const int level = player.resign_decision(analysis_game(), beavers);
  if (interrupted_) return false;
  if (level > 0 && level > flow_.resignation_declined()) {
    std::string word(1, "ngb"[level - 1]);
    cmd_resign(word);
    return true;
  }
  if (ms.cube_use && !ms.dice_rolled() && ms.cube < engine::kMaxCube &&
      flow_.check_double() == engine::Refusal::kNone) {
    const bool doubles = player.cube_decision(analysis_game(), settings, beavers);
    if (interrupted_) return false;
    if (doubles) {
      cmd_double(none);
      return true;
    }
  }
  if (!ms.dice_rolled()) {
    std::array<int, 2> dice{};
    if (!rolled_dice(dice)) return false;
    flow_.set_rolled_dice(dice);
    if (display_) show_board();  // gnubg's DiceRolled
  }
  if (interrupted_) return false;
  std::optional<RankedMove> best = player.choose_move(analysis_game(), settings);
  if (interrupted_) return false;
  const engine::Move move = best ? best->move : engine::Move{};
  show_auto_move(move);
  flow_.move(move);
  return true;
}

// The databases gnubg 1.07 uses, where the Debian package installs them; without them the nets
// evaluate bearoffs too (and race evaluations may differ a little from gnubg's).
const eval::BearoffProvider* Shell::bearoff_provider() {
  if (engine::is_hypergammon(flow_.variant())) {
    // gnubg evaluates hypergammon from its database alone; 1 and 2 chequers are built on first use.
    if (!bearoff_) bearoff_ = std::make_unique<Bearoff>();
    const int c = engine::chequers(flow_.variant());
    if (!bearoff_->hyper[c - 1] && bearoff_->hyper_error[c - 1].empty()) {
      auto db = bearoff::open_hyper_database(c, true, [this](const std::string& what) {
        errf("tavla: %s (once)", what.c_str());
      });
      if (db) {
        bearoff_->hyper_db[c - 1].emplace(std::move(db).value());
        bearoff_->hyper[c - 1].emplace(*bearoff_->hyper_db[c - 1]);
      } else {
        bearoff_->hyper_error[c - 1] = db.error();
      }
    }
    return bearoff_->hyper[c - 1] ? &*bearoff_->hyper[c - 1] : nullptr;
  }
  if (!bearoff_) {
    bearoff_ = std::make_unique<Bearoff>();
    // gnubg's databases where installed, else tavla's own (built on first use).
    auto dbs = bearoff::open_default_databases(true);
    if (dbs) {
      bearoff_->databases = std::move(dbs).value();
      bearoff_->provider.emplace(bearoff_->databases);
    }
  }
  return bearoff_->provider ? &*bearoff_->provider : nullptr;
}

// What gnubg's `eval' prints under "Evaluator:" for a position of a one-sided or two-sided
// bearoff class (format.c's DumpBearoff1, DumpBearoff2, DumpBearoffOS): the one-sided database's
// entry of both sides. (For the two-sided class gnubg writes the two-sided entry, then the
// one-sided one over it; so the one-sided one is what it prints.)
std::string Shell::bearoff_class_text(const engine::Board& board, eval::PositionClass pc) {
  if (!bearoff_provider()) return "";
  const bearoff::OneSidedDatabase* db = nullptr;
  if (pc == eval::PositionClass::kBearoff1 || pc == eval::PositionClass::kBearoff2)
    db = bearoff_->databases.one_sided();
  else if (pc == eval::PositionClass::kBearoffOs)
    db = bearoff_->databases.large_one_sided();
  if (!db) return "";
  text::OneSidedBearoffEntry e;
  const engine::SideCounts* sides[2] = {&board.on_roll(), &board.opponent()};
  for (int s = 0; s < 2; ++s) {
    if (!db->covers(*sides[s])) return "";
    e.index[s] = bearoff::bearoff_index(*sides[s], db->points());
    const bearoff::OneSidedDistribution d = db->distribution(e.index[s]);
    const bearoff::RollStatistics st = db->roll_statistics(e.index[s]);
    for (size_t n = 0; n < 32 && n < d.bear_off.size(); ++n) {
      e.bear_off[s][n] = d.bear_off[n];
      e.save_gammon[s][n] = d.save_gammon[n];
    }
    e.mean[s] = st.mean;
    e.sd[s] = st.sd;
    e.gammon_mean[s] = st.gammon_mean;
    e.gammon_sd[s] = st.gammon_sd;
  }
  e.pips = {board.pip_count(1), board.pip_count(0)};  // side 1: the player on roll
  e.gammon = db->has_gammon();
  return text::format_one_sided_bearoff(e);
}

// gnubg's `show bearoff' (CommandShowBearoff, show_bearoff): its tty prints the dump of a
// hypergammon database position only (BearoffDumpHyper; followed from gnubg's source: the gnubg
// the transcripts are made with has no hypergammon database); for the standard game gnubg 1.07
// makes the text of the two-sided database but never prints it, and tavla prints nothing.
void Shell::cmd_show_bearoff(std::string& args) {
  if (!flow_.playing()) {
    out("No game is being played.\n");
    return;
  }
  engine::Board board = analysis_game().board;
  if (!trim(args).empty() && !parse_position(args, board)) return;
  if (!engine::is_hypergammon(flow_.variant())) return;
  if (!bearoff_provider()) return;  // the database could not be made (said once)
  const int c = engine::chequers(flow_.variant());
  const auto& db = bearoff_->hyper_db[c - 1];
  if (!db) return;
  const auto index = bearoff::hyper_index(board, c);
  if (!index) return;
  const bearoff::HyperEntry e = db->entry(index->on_roll, index->opponent);
  std::string s = "The following numbers are for money games only.\n\n";
  s += strf("%19s %14s\n%s %12u  %12u\n\n", "Player", "Opponent", "Position", index->on_roll,
            index->opponent);
  constexpr const char* kCube[] = {"Owned cube", "Centered cube", "Centered cube (Jacoby rule)",
                                   "Opponent owns cube"};
  for (int i = 0; i < 4; ++i)
    s += strf("%-30.30s: %+7.4f\n", kCube[i], static_cast<double>(e.cubeful[i]));
  out(s + "\n");
}

const bearoff::BearoffDatabases* Shell::bearoff_databases() {
  one_sided_database();  // opens (or builds) the pair
  return bearoff_->databases.one_sided() || bearoff_->databases.two_sided() ? &bearoff_->databases
                                                                            : nullptr;
}

const bearoff::OneSidedDatabase* Shell::one_sided_database() {
  if (!bearoff_) bearoff_ = std::make_unique<Bearoff>();
  if (!bearoff_->databases.one_sided()) {
    auto dbs = bearoff::open_default_databases(true);
    if (dbs) {
      bearoff_->databases = std::move(dbs).value();
      bearoff_->provider.emplace(bearoff_->databases);
    }
  }
  return bearoff_->databases.one_sided();
}

Analyzer* Shell::analyzer() {
  // The engine plays the match's variation: a new one needs its own database.
  if (analyzer_ && analyzer_variant_ != flow_.variant()) analyzer_.reset();
  if (engine::is_hypergammon(flow_.variant()) && !analyzer_ && !bearoff_provider()) {
    errf("The engine is not available: %s",
         bearoff_->hyper_error[engine::chequers(flow_.variant()) - 1].c_str());
    return nullptr;
  }
  analyzer_variant_ = flow_.variant();
  if (analyzer_) return analyzer_.get();
  if (analyzer_error_.empty()) {
    std::optional<std::filesystem::path> file;
    if (options_.weights) file = *options_.weights;
    // The nets once read serve every analyzer made later (a new variation needs a new one).
    auto nets = nets_ ? engine::Result<std::shared_ptr<const eval::NetSet>>(nets_)
                      : eval::NetSet::find(file);
    if (nets) {
      if (!nets_) {
        const auto path = eval::weights_file(file);
        weights_file_ = path ? path->string() : "";
      }
      nets_ = nets.value();
      analyzer_ = make_analyzer(nets_, bearoff_provider());
      analyzer_->set_cancel_flag(&interrupted_);  // Ctrl-C stops a long hint, eval or engine turn
      apply_engine_settings();
      return analyzer_.get();
    }
    analyzer_error_ = nets.error();
  }
  errf("The engine is not available: %s", analyzer_error_.c_str());
  return nullptr;
}

}  // namespace tavla::shell
