// SPDX-License-Identifier: GPL-3.0-or-later
// Reviewing a game or a match: gnubg 1.07's `next`, `previous`, `first`, `list game`,
// `list match`, `history` and `swap players` (play.c, gnubg.c).
//
// gnubg keeps a pointer into the move records (plGame, plLastMove) and computes the match state
// by replaying the records up to it. tavla keeps the whole match as it stood when navigation
// began (review_) and loads into flow_ only the records up to the position shown. When flow_ then
// changes by an action (a move played, a double), the rest of the record is gone, as in gnubg
// (its AddMoveRecord drops the records after the current one).
#include <algorithm>
#include <climits>

#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/variant.h"
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

bool same_games(const std::vector<engine::GameRecord>& a, const std::vector<engine::GameRecord>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i].info == b[i].info) || a[i].records != b[i].records) return false;
  return true;
}

// gnubg's aszSkillTypeAbbr and aszLuckTypeAbbr, by engine::Skill and engine::Luck.
const char* const kSkillAbbr[] = {"??", "? ", "?!", "  "};
const char* const kLuckAbbr[] = {"--", "-", "", "+", "++"};

// gnubg's ParseNumber on the next token: INT_MIN when it is not a number.
int step_count(std::string& args, int missing) {
  if (trim(args).empty()) return missing;
  return parse_number(args).value_or(INT_MIN);
}

}  // namespace

Shell::Review& Shell::review() {
  if (!review_ || !same_games(review_->shown, flow_.games())) {
    review_ = Review{};
    review_->games = flow_.games();
    review_->shown = flow_.games();
    review_->game = review_->games.empty() ? 0 : review_->games.size() - 1;
    review_->applied = review_->games.empty() ? 0 : review_->games.back().records.size();
  }
  return *review_;
}

const std::vector<engine::GameRecord>& Shell::all_games() const {
  if (review_ && same_games(review_->shown, flow_.games())) return review_->games;
  return flow_.games();
}

size_t Shell::current_game_index() const {
  const std::vector<engine::GameRecord>& games = all_games();
  if (review_ && &games == &review_->games) return review_->game;
  return games.empty() ? 0 : games.size() - 1;
}

const engine::MoveRecord* Shell::next_record() const {
  if (!review_ || review_->games.empty() || !same_games(review_->shown, flow_.games()))
    return nullptr;
  const auto& records = review_->games[review_->game].records;
  return review_->applied < records.size() ? &records[review_->applied] : nullptr;
}

void Shell::review_go(size_t game, size_t applied) {
  Review& r = review();
  r.game = game;
  r.applied = std::min(applied, r.games[game].records.size());
  std::vector<engine::GameRecord> part(r.games.begin(), r.games.begin() + game + 1);
  engine::GameRecord& last = part.back();
  if (r.applied < last.records.size()) {
    last.records.resize(r.applied);
    last.info.winner = -1;  // the game is not over at this point
    last.info.points = 0;
    last.info.resigned = false;
  }
  // The match's variant, without changing the `set variation` setting for new matches.
  const engine::Variant setting = flow_.rules().variant;
  flow_.rules().variant = flow_.variant();
  flow_.load(part);
  flow_.rules().variant = setting;
  r.shown = flow_.games();
  forget_dice();
  next_turn_ = false;
}

// gnubg's move_not_last_in_match_ok: an action at a position before the end of the record
// destroys the rest, after asking (answered yes when not interactive).
bool Shell::confirm_not_last() {
  if (!review_ || review_->games.empty() || !same_games(review_->shown, flow_.games()))
    return true;
  const Review& r = *review_;
  if (r.game + 1 == r.games.size() && r.applied == r.games[r.game].records.size()) return true;
  return confirm(
      "The current move is not the last in the match.\n"
      "Continuing will destroy the remainder of the match. Continue?");
}

void Shell::cmd_next(std::string& args) {
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  std::string rest = args;
  std::optional<std::string> word = next_token(rest);
  if (word && equals_ci(*word, "game")) {
    const int n = step_count(rest, 1);
    if (n < 1) {
      out("If you specify a parameter to the `next game' command, it must be a positive number "
          "(the count of games to step ahead).\n");
      return;
    }
    Review& r = review();
    const size_t target = std::min(r.game + static_cast<size_t>(n), r.games.size() - 1);
    if (target == r.game) return;
    review_go(target, 0);
    show_board();
    return;
  }
  if (word && equals_ci(*word, "roll")) {
    next_roll();
    return;
  }
  if (word && equals_ci(*word, "rolled")) {
    std::string none;
    cmd_next(none);
    const engine::MoveRecord* r = next_record();
    if (r && r->kind == engine::RecordKind::kMove) next_roll();
    return;
  }
  // `marked': skill marks; `cmarked': cmarks; `anymarked': both.
  bool marked = false, skill_marks = false, cmarks = false;
  if (word && (equals_ci(*word, "marked") || equals_ci(*word, "cmarked") ||
               equals_ci(*word, "anymarked"))) {
    marked = true;
    skill_marks = !equals_ci(*word, "cmarked");
    cmarks = !equals_ci(*word, "marked");
    args = rest;
  }
  const int n = step_count(args, 1);
  if (n < 1) {
    out("If you specify a parameter to the `next' command, it must be a positive number (the "
        "count of moves to step ahead).\n");
    return;
  }
  if (marked) {
    step_marked(n, true, skill_marks, cmarks);
    return;
  }
  Review& r = review();
  review_go(r.game, r.applied + static_cast<size_t>(n));
}

void Shell::cmd_previous(std::string& args) {
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  std::string rest = args;
  std::optional<std::string> word = next_token(rest);
  if (word && equals_ci(*word, "game")) {
    const int n = step_count(rest, 1);
    if (n < 1) {
      out("If you specify a parameter to the `previous game' command, it must be a positive "
          "number (the count of games to step back).\n");
      return;
    }
    Review& r = review();
    const size_t target = r.game - std::min(r.game, static_cast<size_t>(n));
    if (target == r.game) return;
    review_go(target, 0);
    show_board();
    return;
  }
  if (word && equals_ci(*word, "rolled")) {
    std::string none;
    cmd_previous(none);
    const engine::MoveRecord* r = next_record();
    if (r && r->kind == engine::RecordKind::kMove) next_roll();
    return;
  }
  if (word && equals_ci(*word, "roll")) {
    previous_roll();
    return;
  }
  // `marked': skill marks; `cmarked': cmarks; `anymarked': both.
  bool marked = false, skill_marks = false, cmarks = false;
  if (word && (equals_ci(*word, "marked") || equals_ci(*word, "cmarked") ||
               equals_ci(*word, "anymarked"))) {
    marked = true;
    skill_marks = !equals_ci(*word, "cmarked");
    cmarks = !equals_ci(*word, "marked");
    args = rest;
  }
  const int n = step_count(args, 1);
  if (n < 1) {
    out("If you specify a parameter to the `previous' command, it must be a positive number (the "
        "count of moves to step back).\n");
    return;
  }
  if (marked) {
    step_marked(n, false, skill_marks, cmarks);
    return;
  }
  Review& r = review();
  review_go(r.game, r.applied - std::min(r.applied, static_cast<size_t>(n)));
}

// gnubg's CommandNextRoll: shows the roll of the next move without playing it (the board shows
// "Rolled ..."); anything else, or a roll already shown, steps over the whole record.
void Shell::next_roll() {
  const engine::MoveRecord* r = next_record();
  if (!r) return;
  if (r->kind != engine::RecordKind::kMove || flow_.match().dice[0]) {
    std::string none;
    cmd_next(none);
    return;
  }
  flow_.show_roll(r->player, r->dice);
}

// gnubg's CommandPreviousRoll: hides a roll shown, else steps back a record and shows the roll of
// the move that follows.
void Shell::previous_roll() {
  if (!flow_.has_game()) return;
  Review& r = review();
  if (flow_.match().dice[0]) {
    review_go(r.game, r.applied);  // gnubg's CalculateBoard, then no dice
    return;
  }
  const engine::MoveRecord* before = next_record();
  std::string none;
  cmd_previous(none);
  const engine::MoveRecord* after = next_record();
  if (after && after != before && after->kind == engine::RecordKind::kMove) next_roll();
}

bool Shell::is_marked(const engine::MoveRecord& r) {
  using engine::RecordKind;
  using engine::Skill;
  switch (r.kind) {
    case RecordKind::kMove:
      return r.skill < Skill::kNone || r.cube_skill < Skill::kNone;
    case RecordKind::kDouble:
    case RecordKind::kTake:
    case RecordKind::kDrop:
      return r.cube_skill < Skill::kNone;
    default:
      return false;
  }
}

// gnubg's InternalCommandNext and CommandPrevious with `marked': the n-th marked record ahead
// (not counting the next one) or behind, across games; the position shown is the one before it.
// gnubg's MoveIsCMarked: a play with its cube decision or a play marked, a double marked.
void Shell::step_marked(int n, bool forward, bool skill_marks, bool cmarks) {
  Review& r = review();
  auto cmarked = [&](size_t game, long i) {
    const auto it = cmarks_.find({game, static_cast<size_t>(i)});
    if (it == cmarks_.end()) return false;
    const engine::RecordKind kind = r.games[game].records[i].kind;
    return (kind == engine::RecordKind::kMove &&
            (it->second.cube || !it->second.moves.empty())) ||
           (kind == engine::RecordKind::kDouble && it->second.cube);
  };
  auto marked = [&](size_t game, long i) {
    return i >= 0 && ((skill_marks && is_marked(r.games[game].records[i])) ||
                      (cmarks && cmarked(game, i)));
  };
  size_t g = r.game;
  // i: the record looked at; -1 is the game's start (gnubg's game-info record, never marked).
  long i = forward ? static_cast<long>(r.applied) : static_cast<long>(r.applied) - 1;
  auto size = [&](size_t game) { return static_cast<long>(r.games[game].records.size()); };
  if (forward) {
    if (i >= size(g)) return;
    if (marked(g, i)) ++n;
    for (;;) {
      if (marked(g, i) && --n <= 0) break;
      if (++i >= size(g)) {
        if (g + 1 >= r.games.size()) return;
        ++g;
        i = -1;
      }
    }
  } else {
    for (;;) {
      if (marked(g, i) && --n <= 0) break;
      if (--i < -1) {
        if (g == 0) return;
        --g;
        i = size(g) - 1;
      }
    }
  }
  if (g != r.game) {
    review_go(g, 0);
    show_board();
  }
  review_go(g, static_cast<size_t>(i));
  // gnubg's ShowMark: a marked play whose cube decision is not marked is shown with its roll.
  const engine::MoveRecord& m = review_->games[g].records[i];
  if (m.kind == engine::RecordKind::kMove && m.cube_skill == engine::Skill::kNone &&
      m.skill != engine::Skill::kNone)
    flow_.show_roll(m.player, m.dice);
}

// gnubg's ChangeGame: the game's first record (its start, before the opening roll), shown.
void Shell::cmd_first_game(std::string&) {
  if (!flow_.has_game()) return;
  review_go(0, 0);
  show_board();
}

void Shell::cmd_first_move(std::string&) {
  if (!flow_.has_game()) return;
  review_go(review().game, 0);
  show_board();
}

// gnubg's DumpGameList: the current game's records (all of them, wherever the review is), player
// 0 in the left column and player 1 in the right. Luck and skill marks come from an analysis,
// which tavla's records do not keep, or from `annotate'.
void Shell::cmd_list_game(std::string&) {
  if (!flow_.has_game()) return;
  const engine::GameRecord& game = all_games()[current_game_index()];
  std::string s;
  engine::Board board = engine::starting_position(flow_.variant());
  int file_cube = 1;
  int column = 0;
  for (const engine::MoveRecord& r : game.records) {
    if (column == 1) s += "\n";
    if (r.player == 1 && column == 1) s += strf("%42s", "");
    column = r.player;
    switch (r.kind) {
      case engine::RecordKind::kMove:
        s += strf("%d%d%-5s: ", r.dice[0], r.dice[1], kLuckAbbr[static_cast<int>(r.luck)]);
        s += strf("%-19s", engine::format_move(board, r.move).c_str());
        s += strf("%-8s%-8s", kSkillAbbr[static_cast<int>(r.skill)],
                  kSkillAbbr[static_cast<int>(r.cube_skill)]);
        engine::apply_move(board, r.move);  // as gnubg's ApplyMove: a bad step is left undone
        board.swap_sides();                 // the next record's player is on roll
        break;
      case engine::RecordKind::kDouble:
        file_cube <<= 1;
        s += strf("Doubles to %4d                              ", file_cube);
        break;
      case engine::RecordKind::kTake:
        s += "Takes                                       ";
        break;
      case engine::RecordKind::kDrop:
        s += "Drops\n";
        break;
      case engine::RecordKind::kResign:
        s += "Resigns\n";
        break;
      case engine::RecordKind::kSetDice:
        s += strf("%d%d%-5s: %-33s", r.dice[0], r.dice[1], kLuckAbbr[static_cast<int>(r.luck)],
                  "Rolled");
        break;
      case engine::RecordKind::kSetBoard:
        s += strf("Unhandled movetype %d                      \n", 6);
        break;
      case engine::RecordKind::kSetCubeValue:
        s += strf("Unhandled movetype %d                      \n", 8);
        break;
      case engine::RecordKind::kSetCubeOwner:
        s += strf("Unhandled movetype %d                      \n", 9);
        break;
    }
  }
  out(s + "\n");
}

// gnubg's `list match' prints nothing on a terminal (its game list is a window of the GUI).
void Shell::cmd_list_match(std::string&) {}

// gnubg's readline history: the lines typed at the prompt, numbered from 1; none when the
// commands do not come from a terminal.
void Shell::cmd_history(std::string&) {
  for (size_t i = 0; i < history_.size(); ++i) outf("%6zu %s\n", i + 1, history_[i].c_str());
}

// gnubg's CommandSwapPlayers: every record changes sides (scores and winners of the games too),
// then the names; the position stays where it is, and is shown.
void Shell::cmd_swap_players(std::string&) {
  Review& r = review();
  for (engine::GameRecord& g : r.games) {
    std::swap(g.info.score[0], g.info.score[1]);
    if (g.info.winner >= 0) g.info.winner = 1 - g.info.winner;
    for (engine::MoveRecord& m : g.records) {
      m.player = 1 - m.player;
      if (m.kind == engine::RecordKind::kSetBoard) m.board.swap_sides();
      if (m.kind == engine::RecordKind::kSetCubeOwner && m.cube_owner >= 0)
        m.cube_owner = 1 - m.cube_owner;
    }
  }
  game_analyses_.clear();  // its decisions name the players by side
  std::swap(names_.name[0], names_.name[1]);
  std::swap(match_info_.ratings[0], match_info_.ratings[1]);
  if (!r.games.empty()) {
    review_go(r.game, r.applied);
    show_board();
  }
  show_board();
}

}  // namespace tavla::shell
