// SPDX-License-Identifier: GPL-3.0-or-later
// `cmark ...': marking candidate plays and cube decisions for a rollout, as gnubg 1.07 does
// (analysis.c: CommandCMark..., cmark_move_set, cmark_game_show; gnubg's words). The marks live
// on the record after the position shown while reviewing, else on gnubg's hint record of the
// position, and pass with a hint's analysis to the record of the action made after it
// (shell_kept_hints.cpp).
#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "engine/move_text.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

// An answer shares its double's cube decision in gnubg's records (CubeDecPtr), marks too.
std::pair<size_t, size_t> Shell::cmarks_key(size_t g, size_t k) const {
  const auto& games = all_games();
  if (g >= games.size() || k >= games[g].records.size()) return {g, k};
  const auto& records = games[g].records;
  const bool answer =
      (records[k].kind == engine::RecordKind::kTake || records[k].kind == engine::RecordKind::kDrop) &&
      k > 0 && records[k - 1].kind == engine::RecordKind::kDouble;
  return {g, answer ? k - 1 : k};
}

const Shell::CMarks* Shell::record_cmarks(size_t g, size_t k) const {
  const auto it = cmarks_.find(cmarks_key(g, k));
  return it == cmarks_.end() ? nullptr : &it->second;
}

bool Shell::cmark_target(CMarkTarget& t) {
  if (const engine::MoveRecord* next = next_record()) {
    const size_t g = current_game_index();
    const size_t k = review_->applied;
    t.kind = next->kind;
    t.number = static_cast<int>(k) + 1;  // gnubg counts the game's first record (its rules)
    // An answer shares its double's cube decision in gnubg's records (CubeDecPtr), marks too.
    t.marks = &cmarks_[cmarks_key(g, k)];
    if (next->kind == engine::RecordKind::kMove)
      if (const auto a = game_analysis(g); a && k < a->decisions.size())
        t.moves = a->decisions[k].moves;
    return true;
  }
  if (!flow_.playing()) return false;
  t.kind = hint_record(flow_.match()).kind;
  const engine::GameRecord* game = flow_.current_game();
  t.number = static_cast<int>(game ? game->records.size() : 0) + 1;
  t.marks = &hint_cmarks_;
  if (const HintMemo* m = current_hint_memo(); m && t.kind == engine::RecordKind::kMove)
    t.moves = m->moves;
  return true;
}

// gnubg's check_cube_in_pmr.
bool Shell::cmark_cube_target(CMarkTarget& t) {
  if (!cmark_target(t)) {
    errf("No moverecord stored for this cube.");
    return false;
  }
  using engine::RecordKind;
  if (t.kind != RecordKind::kMove && t.kind != RecordKind::kDouble && t.kind != RecordKind::kTake &&
      t.kind != RecordKind::kDrop) {
    errf("This move doesn't imply a cube action. Cannot mark.");
    return false;
  }
  return true;
}

// gnubg's check_cmoves_in_pmr.
bool Shell::cmark_moves_target(CMarkTarget& t) {
  if (!cmark_target(t)) {
    errf("No moverecord stored for this move.");
    return false;
  }
  if (t.kind != engine::RecordKind::kMove) {
    errf("This is not a normal chequer move. Cannot mark.");
    return false;
  }
  if (t.moves.empty()) {
    errf("No moves to analyse");
    return false;
  }
  return true;
}

void Shell::cmd_cmark_cube_show(std::string&) {
  CMarkTarget t;
  if (!cmark_cube_target(t)) return;
  if (t.marks->cube) outf("Move %d\nCube marked\n", t.number);
}

void Shell::cmd_cmark_cube_set_none(std::string&) {
  CMarkTarget t;
  if (cmark_cube_target(t)) t.marks->cube = false;
}

void Shell::cmd_cmark_cube_set_rollout(std::string&) {
  CMarkTarget t;
  if (cmark_cube_target(t)) t.marks->cube = true;
}

void Shell::cmd_cmark_move_clear(std::string&) {
  CMarkTarget t;
  if (cmark_moves_target(t)) t.marks->moves.clear();
}

// gnubg's cmark_move_set: numbers (1 = the best play) up to the first word that is not one, each
// within the list; nothing changes when one is out of range.
void Shell::cmark_move_set(std::string& args, bool mark, const char* command) {
  CMarkTarget t;
  if (!cmark_moves_target(t)) return;
  if (trim(args).empty()) {
    errf("`cmark move set %s' requires a list of moves to set", command);
    return;
  }
  const int c = static_cast<int>(t.moves.size());
  std::vector<int> list;
  const char* p = args.c_str();
  for (;;) {
    char* end = nullptr;
    errno = 0;
    const long long n = std::strtoll(p, &end, 10);
    // gnubg stops at 0 (also what a word that is no number reads as); a negative number would
    // index before its list, so tavla stops there too.
    if (end == p || n <= 0) break;
    p = end;
    if (n > c) {
      errf("Only %d legal moves, cannot mark move %lld\n", c, n);
      return;
    }
    if (std::find(list.begin(), list.end(), static_cast<int>(n)) == list.end())
      list.push_back(static_cast<int>(n));
  }
  if (list.empty()) {
    errf("Not a valid list of moves\n");
    return;
  }
  std::vector<int>& marked = t.marks->moves;
  for (int n : list) {
    auto it = std::find(marked.begin(), marked.end(), n - 1);
    if (mark && it == marked.end()) marked.push_back(n - 1);
    if (!mark && it != marked.end()) marked.erase(it);
  }
  std::sort(marked.begin(), marked.end());
}

void Shell::cmd_cmark_move_set_none(std::string& args) {
  cmark_move_set(args, false, "none");
}

void Shell::cmd_cmark_move_set_rollout(std::string& args) {
  cmark_move_set(args, true, "rollout");
}

namespace {

// gnubg's cmark_move_show: the marked plays, written (as gnubg does) on the board shown now.
std::string marked_moves_text(const std::vector<int>& marked,
                              const std::vector<eval::ScoredMove>& moves, int number,
                              const engine::Board& board) {
  std::string s;
  for (int i : marked) {
    if (i < 0 || static_cast<size_t>(i) >= moves.size()) continue;
    if (s.empty()) s = strf("Move %d\n", number);
    s += strf("%d (%s) marked\n", i + 1,
              engine::format_move(board, moves[static_cast<size_t>(i)].move.move).c_str());
  }
  return s;
}

}  // namespace

void Shell::cmd_cmark_move_show(std::string&) {
  CMarkTarget t;
  if (!cmark_moves_target(t)) return;
  out(marked_moves_text(t.marks->moves, t.moves, t.number, flow_.board()));
}

// gnubg's cmark_game_show: the marks of every play and double of game g, numbered as the game's
// plays, doubles and answers, and those of the hint record after the last game's end.
std::string Shell::cmark_game_text(size_t g) {
  const auto& games = all_games();
  std::string s;
  if (g >= games.size()) return s;
  const engine::GameRecord& game = games[g];
  int number = 1;
  std::optional<analysis::GameAnalysis> a;
  bool analysed = false;
  using engine::RecordKind;
  auto show = [&](RecordKind kind, const CMarks& m, const std::vector<eval::ScoredMove>* moves) {
    if ((kind == RecordKind::kMove || kind == RecordKind::kDouble) && m.cube)
      s += strf("Move %d\nCube marked\n", number);
    if (kind == RecordKind::kMove && moves)
      s += marked_moves_text(m.moves, *moves, number, flow_.board());
  };
  for (size_t k = 0; k < game.records.size(); ++k) {
    const engine::MoveRecord& r = game.records[k];
    if (r.kind != RecordKind::kMove && r.kind != RecordKind::kDouble &&
        r.kind != RecordKind::kTake && r.kind != RecordKind::kDrop)
      continue;
    const auto it = cmarks_.find({g, k});
    if (it != cmarks_.end()) {
      if (!analysed) {
        a = game_analysis(g);
        analysed = true;
      }
      show(r.kind, it->second, a && k < a->decisions.size() ? &a->decisions[k].moves : nullptr);
    }
    ++number;
  }
  if (g + 1 == games.size() && !next_record() && flow_.playing()) {
    const HintMemo* m = current_hint_memo();
    show(hint_record(flow_.match()).kind, hint_cmarks_, m ? &m->moves : nullptr);
  }
  return s;
}

void Shell::cmd_cmark_game_show(std::string&) {
  if (!flow_.has_game()) {
    out("No game in progress.\n");
    return;
  }
  const size_t g = current_game_index();
  out(strf("Game %d\n", static_cast<int>(g)) + cmark_game_text(g));
}

void Shell::cmd_cmark_match_show(std::string&) {
  if (!flow_.has_game()) {
    out("No game in progress.\n");
    return;
  }
  std::string s;
  for (size_t g = 0; g < all_games().size(); ++g)
    s += strf("Game %d\n", static_cast<int>(g) + 1) + cmark_game_text(g);
  out(s);
}

void Shell::cmd_cmark_game_clear(std::string&) {
  if (!flow_.has_game()) {
    out("No game in progress.\n");
    return;
  }
  const size_t g = current_game_index();
  for (auto it = cmarks_.begin(); it != cmarks_.end();)
    it = it->first.first == g ? cmarks_.erase(it) : std::next(it);
  if (g + 1 == all_games().size()) hint_cmarks_ = {};
}

void Shell::cmd_cmark_match_clear(std::string&) {
  if (!flow_.has_game()) {
    out("No game in progress.\n");
    return;
  }
  cmarks_.clear();
  hint_cmarks_ = {};
}

}  // namespace tavla::shell
