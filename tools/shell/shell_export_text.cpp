// SPDX-License-Identifier: GPL-3.0-or-later
// `export position text`, `export game text` and `export match text`: gnubg 1.07's text export
// layout (text.c: CommandExportPositionText, CommandExportGameText, CommandExportMatchText,
// ExportGameText, TextPrologue, TextMatchInfo, TextBoardHeader, printTextBoard, TextAnalysis,
// TextEpilogue).
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "engine/match_id.h"
#include "engine/move_text.h"
#include "shell/about.h"
#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/analysis_text.h"
#include "text/match_analysis_text.h"

namespace tavla::shell {

namespace {

// gnubg's TextMatchInfo prints the date with strftime's %x, in the C locale "MM/DD/YY".
std::string c_locale_date(const std::string& iso) {
  unsigned y = 0, m = 0, d = 0;
  if (std::sscanf(iso.c_str(), "%u-%u-%u", &y, &m, &d) != 3) return "";
  return strf("%02u/%02u/%02u", m, d, y % 100);
}

}  // namespace

// TextPrologue: the score before the game (or at the position), as `show score` words it.
std::string Shell::text_prologue(int games, const engine::MatchState& ms) const {
  std::string s = strf(games == 1 ? "The score (after %d game) is: %s %d, %s %d"
                                  : "The score (after %d games) is: %s %d, %s %d",
                       games, name(0).c_str(), ms.score[0], name(1).c_str(), ms.score[1]);
  if (ms.match_length > 0) {
    s += strf(ms.match_length == 1 ? " (match to %d point)" : " (match to %d points)",
              ms.match_length);
    if (ms.crawford) s += ", Crawford game";
    if (ms.post_crawford) s += ", post-Crawford play";
  }
  return s + "\n\n";
}

// TextMatchInfo.
std::string Shell::text_match_info() const {
  std::string s = "Match Information:\n";
  for (int p = 0; p < 2; ++p)
    if (!match_info_.ratings[p].empty())
      s += strf("%s's rating: %s\n", name(p).c_str(), match_info_.ratings[p].c_str());
  if (const std::string date = c_locale_date(match_info_.date); !date.empty())
    s += "Date: " + date + "\n";
  if (!match_info_.event.empty()) s += "Event: " + match_info_.event + "\n";
  if (!match_info_.round.empty()) s += "Round: " + match_info_.round + "\n";
  if (!match_info_.place.empty()) s += "Place: " + match_info_.place + "\n";
  if (!match_info_.annotator.empty()) s += "Annotator: " + match_info_.annotator + "\n";
  if (!match_info_.comment.empty()) s += "Comments: " + match_info_.comment + "\n";
  return s;
}

// TextBoardHeader and printTextBoard: the decision, then the board as `show board` draws it
// (`board` seen from ms.on_roll) and the pip counts of O and X. move_number < 1: no number.
std::string Shell::text_position(const engine::Board& board, const engine::MatchState& ms,
                                 int move_number) const {
  std::string s;
  if (move_number >= 1) s += strf("Move number %d: ", move_number);
  if (ms.resigned)
    // gnubg ends this header without the blank line of the others.
    s += strf(ms.resigned * ms.cube == 1 ? " %s resigns %d point" : " %s resigns %d points",
              name(ms.turn).c_str(), ms.resigned * ms.cube);
  else if (ms.dice_rolled())
    s += strf(" %s to play %d%d\n\n", name(ms.on_roll).c_str(), ms.dice[0], ms.dice[1]);
  else if (ms.doubled)
    s += strf(" %s doubles to %d\n\n", name(!ms.turn).c_str(), ms.cube * 2);
  else
    s += strf(" %s on roll, cube decision?\n\n", name(ms.on_roll).c_str());
  if (ms.game_state == engine::GameState::kNone) {
    // Before the first play of a game gnubg's state is still "no game" (its game record sets
    // that); the board is drawn all the same, with that state in its match ID.
    engine::MatchState playing = ms;
    playing.game_state = engine::GameState::kPlaying;
    std::string drawn = text::draw_board(board, playing, names_, engine::chequers(flow_.variant()));
    const std::string id = engine::match_id(playing);
    if (const size_t at = drawn.find(id); at != std::string::npos)
      drawn.replace(at, id.size(), engine::match_id(ms));
    s += drawn;
  } else {
    s += text::draw_board(board, ms, names_, engine::chequers(flow_.variant()));
  }
  const int pips0 = board.pip_count(ms.on_roll == 0 ? 1 : 0);
  const int pips1 = board.pip_count(ms.on_roll == 0 ? 0 : 1);
  return s + strf("Pip counts: O %d, X %d\n\n", pips0, pips1);
}

// gnubg's OutputCubeAnalysisFull for an analysed cube decision: the alerts (missed double,
// wrong take, wrong pass, wrong double; then the marks when no alert was given) and the cube
// analysis. `doubled`: the player doubled (gnubg's fDouble); `take`: -1 no answer yet, 1 take,
// 0 pass. The equities are the doubler's; the answer's analysis is shown from the taker's side.
std::string Shell::text_cube_analysis(const analysis::DecisionAnalysis& d,
                                      const engine::Board& board, const engine::MatchState& ms,
                                      bool doubled, int take, const eval::EvalContext& ec,
                                      const HintMemo::CubeRollout* cube_rollout) {
  if (!d.cube || !d.cube_outputs) return "";
  const eval::CubeInfo ci = cube_info_for(engine::Game{board, ms}, ms.on_roll, ms.beavers > 0);
  const eval::CubeEquities& e = d.cube->equities;
  const float worst = e.double_take > e.double_pass ? e.double_pass : e.double_take;
  static constexpr const char* kSkill[] = {"very bad", "bad", "doubtful"};
  const bool bad = d.cube_skill && *d.cube_skill != analysis::Skill::kNone;
  const char* mark = bad ? kSkill[static_cast<int>(*d.cube_skill)] : "";
  // The marks: on a play and a double, the doubler's (gnubg's stDouble); on an answer, the
  // taker's (stTake).
  const bool double_mark = bad && take < 0, take_mark = bad && take >= 0;
  std::string s;
  bool alert = false;
  using CD = eval::CubeDecision;
  const CD cd = d.cube->decision;
  const bool best_double = cd == CD::kDoubleTake || cd == CD::kDoublePass ||
                           cd == CD::kDoubleBeaver || cd == CD::kRedoubleTake ||
                           cd == CD::kRedoublePass;
  if (!doubled && best_double) {
    alert = true;
    s += "Alert: missed double (" + text::output_equity_diff(e.no_double, worst, ci, output_) + ")!\n";
    if (double_mark) s += strf(" [%s]", mark);
  }
  if (take > 0 && e.double_take - e.double_pass > 0.0f) {
    alert = true;
    s += "Alert: wrong take (" + text::output_equity_diff(e.double_pass, e.double_take, ci, output_) +
         ")!\n";
    if (take_mark) s += strf(" [%s]", mark);
  }
  if (doubled && take == 0 && e.double_pass - e.double_take > 0.0f) {
    alert = true;
    s += "Alert: wrong pass (" + text::output_equity_diff(e.double_take, e.double_pass, ci, output_) +
         ")!\n";
    if (take_mark) s += strf(" [%s]", mark);
  }
  if (doubled && take < 0 && e.no_double - worst > 0.0f) {
    alert = true;
    s += "Alert: wrong double (" + text::output_equity_diff(worst, e.no_double, ci, output_) + ")!\n";
    if (double_mark) s += strf(" [%s]", mark);
  }
  if (!alert && double_mark) s += strf("Alert: double decision marked %s\n", mark);
  if (!alert && take_mark) s += strf("Alert: take decision marked %s\n", mark);
  // A decision `analyse rollout cube' rolled out: gnubg's OutputCubeAnalysis for EVAL_ROLLOUT
  // (with the export's defaults: rollout details and settings shown).
  if (cube_rollout) return s + stored_cube_rollout(*cube_rollout, ci, take >= 0);
  return s + text::format_cube_analysis(*d.cube_outputs, *d.cube, ci, ec, output_, take >= 0);
}

Shell::HintMemo& Shell::remember_hint() {
  hint_memo_ = HintMemo{};
  hint_memo_->games = flow_.games().size();
  hint_memo_->records = flow_.current_game() ? flow_.current_game()->records.size() : 0;
  hint_memo_->ms = flow_.match();
  hint_memo_->board = flow_.board();
  return *hint_memo_;
}

const Shell::HintMemo* Shell::current_hint_memo() const {
  if (!hint_memo_ || next_record()) return nullptr;
  const HintMemo& m = *hint_memo_;
  const size_t records = flow_.current_game() ? flow_.current_game()->records.size() : 0;
  if (m.games != flow_.games().size() || m.records != records || !(m.ms == flow_.match()) ||
      !(m.board == flow_.board()))
    return nullptr;
  return &m;
}

std::optional<analysis::DecisionAnalysis> Shell::hint_analysis() const {
  const HintMemo* m = current_hint_memo();
  // A cube hint before the roll stays in gnubg's hint record after it.
  const KeptHint* rolled = rolled_hint();
  if (!m && !rolled) return std::nullopt;
  analysis::DecisionAnalysis d;
  if (m) d.moves = m->moves;
  d.played = -1;  // no play chosen yet: none is marked
  if (m && m->cube) {
    d.cube = m->cube;
    d.cube_outputs = m->cube_outputs;
  } else if (rolled) {
    d.cube = rolled->cube_result;
    d.cube_outputs = rolled->stored.cube_outputs;
  }
  return d;
}

// TextAnalysis of a record in the state before it (`board` seen from ms.on_roll), and its
// comment (TextPrintComment). `d`: the record's analysis, when the game is analysed; without it
// a play shows only the move made, a cube action no table (as gnubg prints records without an
// evaluation).
std::string Shell::text_record(const engine::MoveRecord& r, const engine::Board& board,
                               const engine::MatchState& ms, const analysis::DecisionAnalysis* d,
                               const eval::EvalContext* chequer, const eval::EvalContext* cube,
                               const std::vector<std::optional<HintMemo::MoveRollout>>* rollouts,
                               const HintMemo::CubeRollout* cube_rollout) {
  // The contexts the analysis was made with: the `set analysis` ones unless told.
  const analysis::MatchAnalysisSettings settings = analysis_settings();
  const eval::EvalContext& chequer_ec = chequer ? *chequer : settings.chequer.context;
  const eval::EvalContext& cube_ec = cube ? *cube : settings.cube.context;
  std::string s;
  switch (r.kind) {
    case engine::RecordKind::kMove: {
      engine::Board before = board;
      if (r.player != ms.on_roll) before.swap_sides();
      const bool ranked = d && !d->moves.empty();
      std::string moved;
      if (r.move.steps[0] >= 0) {
        moved = engine::format_move(before, r.move);
        s += strf("* %s moves %s\n", name(r.player).c_str(), moved.c_str());
      } else if (!ranked) {
        s += strf("* %s cannot move\n", name(r.player).c_str());
      } else {
        s += "\n";
      }
      export_beaver_ = false;
      if (d) s += text_cube_analysis(*d, board, ms, false, -1, cube_ec, cube_rollout);
      // TextPrintMoveAnalysis: alerts for a bad play and a marked roll (equities; gnubg's text
      // export shows MWC only under `set output mwc`, which tavla's shell does not offer).
      static constexpr const char* kSkill[] = {"very bad", "bad", "doubtful"};
      static constexpr const char* kLuck[] = {"very unlucky", "unlucky", "", "lucky",
                                              "very lucky"};
      if (d && d->play_skill && *d->play_skill != analysis::Skill::kNone && ranked &&
          d->played >= 0)
        s += strf("Alert: %s move (%+7.3f)\n", kSkill[static_cast<int>(*d->play_skill)],
                  d->moves[d->played].score - d->moves[0].score);
      if (d && d->luck_mark && *d->luck_mark != analysis::LuckMark::kNone && d->luck)
        s += strf("Alert: %s roll! (%+7.3f)\n", kLuck[static_cast<int>(*d->luck_mark)], *d->luck);
      s += strf("\nRolled %d%d", r.dice[0], r.dice[1]);
      s += d && d->luck ? strf(" (%+0.3f):\n", *d->luck) : std::string(":\n");
      if (ranked) {
        engine::MatchState on_roll = ms;
        on_roll.on_roll = on_roll.turn = r.player;
        const eval::CubeInfo ci =
            cube_info_for(engine::Game{before, on_roll}, r.player, on_roll.beavers > 0);
        const eval::EvalContext& ec = chequer_ec;
        const size_t kShown = static_cast<size_t>(export_.moves);  // `set export moves number'
        const size_t n = d->moves.size();
        const size_t played = d->played < 0 ? n : static_cast<size_t>(d->played);
        for (size_t i = 0; i < n; ++i) {
          if (i >= kShown && i != played) continue;
          text::OutputOptions o = output_;
          o.parameters = false;
          o.rank_known = i != played || i != n - 1 || n == 1 || i < kShown;
          s += i == played ? "*" : " ";
          // A play `analyse rollout move' rolled out: gnubg's FormatMoveHint for EVAL_ROLLOUT,
          // with the rollout's settings under `set export moves parameters rollout' (on).
          if (rollouts && rollouts->size() == n && (*rollouts)[i]) {
            const HintMemo::MoveRollout& ro = *(*rollouts)[i];
            o.parameters = export_.moves_parameters[1];
            s += text::format_move_rollout_hint(before, ci, d->moves, i, ro.mean, ro.std_error,
                                                ro.settings, ro.games, o);
          } else {
            s += text::format_move_hint(before, ci, d->moves, i, ec, o);
          }
        }
      } else {
        s += strf("*    %s\n", moved.empty() ? "Cannot move" : moved.c_str());
      }
      s += "\n\n";
      break;
    }
    case engine::RecordKind::kDouble:
      s += strf("* %s doubles\n\n", name(r.player).c_str());
      // gnubg's DoubleType: a double while one is pending is a beaver (or raccoon).
      export_beaver_ = ms.doubled;
      if (export_beaver_)
        s += "Cannot analyse beaver nor raccoons!\n";
      else if (d)
        s += text_cube_analysis(*d, board, ms, true, -1, cube_ec, cube_rollout);
      break;
    case engine::RecordKind::kTake:
    case engine::RecordKind::kDrop:
      s += strf("* %s %s\n\n", name(r.player).c_str(),
                r.kind == engine::RecordKind::kTake ? "accepts" : "rejects");
      if (export_beaver_)
        s += "Cannot analyse beaver nor raccoons!\n";
      else if (d)
        s += text_cube_analysis(*d, board, ms, true, r.kind == engine::RecordKind::kTake, cube_ec,
                                cube_rollout);
      export_beaver_ = false;
      break;
    default:
      break;
  }
  if (export_.include_annotations && !r.comment.empty())
    s += "Annotation:\n" + r.comment + "\n";
  return s;
}

// TextEpilogue: gnubg names itself and its text export's revision; tavla names itself.
static std::string text_epilogue() {
  const std::time_t t = std::time(nullptr);
  char when[64];
  ctime_r(&t, when);
  return strf("Output generated %s by tavla %s (Text Export version 1.128)\n\n", when,
              about::version());
}

// Writes an export to FILE ("-": the terminal). gnubg's outputerr when it cannot be written.
bool Shell::write_export(const std::string& file, const std::string& text) {
  if (file == "-") {
    out(text);
    return true;
  }
  errno = 0;
  std::FILE* f = std::fopen(file.c_str(), "wb");
  bool ok = f != nullptr;
  if (f) {
    ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fclose(f) == 0 && ok;
  }
  if (!ok) errf("%s: %s", file.c_str(), std::strerror(errno ? errno : EIO));
  return ok;
}

// gnubg's hint record for the position (get_current_moverecord): the play of the dice (sorted,
// larger first), else the take of a pending double, else a double; by the player who must act,
// but for the take: gnubg makes the record when the double is recorded (for the doubler) and
// keeps it, so the doubler "accepts" (after a beaver gnubg names the first doubler; tavla the
// last).
engine::MoveRecord Shell::hint_record(const engine::MatchState& ms) {
  engine::MoveRecord hint;
  hint.player = ms.turn;
  if (ms.dice_rolled()) {
    hint.kind = engine::RecordKind::kMove;
    hint.dice = {std::max(ms.dice[0], ms.dice[1]), std::min(ms.dice[0], ms.dice[1])};
  } else if (ms.doubled) {
    hint.kind = engine::RecordKind::kTake;
    hint.player = !ms.turn;
  } else {
    hint.kind = engine::RecordKind::kDouble;
  }
  return hint;
}

// What gnubg writes after the board is the record "after" the position: while reviewing, the
// next record of the game (its play, or its cube action); otherwise gnubg's hint record for the
// position (a play not yet made, "cannot move" until a hint fills it; the double or take that
// would come), with the answer of a hint given in the position.
void Shell::cmd_export_position_text(std::string& args) {
  std::optional<std::string> file = next_token(args);
  const engine::MatchState& ms = flow_.match();
  if (!flow_.has_game() || ms.game_state == engine::GameState::kNone || ms.on_roll < 0) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to export to (see `help export position text').\n");
    return;
  }
  std::error_code ec;
  if (*file != "-" && confirm_save_ && std::filesystem::exists(*file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
    return;

  std::string s = text_prologue(flow_.games_played(), ms);
  if (export_.include_match_info) s += text_match_info();
  // The move number counts gnubg's records of the game up to the position (its game record
  // first), so records applied + 1.
  const engine::MoveRecord* next = next_record();
  const engine::GameRecord* game = flow_.current_game();
  const size_t applied = next && review_ ? review_->applied : (game ? game->records.size() : 0);
  const engine::Board& board = flow_.board();  // seen from the player on roll
  s += text_position(board, ms, static_cast<int>(applied) + 1);
  if (next) {
    s += text_record(*next, board, ms);
  } else if (ms.game_state == engine::GameState::kPlaying) {
    const engine::MoveRecord hint = hint_record(ms);
    // After a hint in this position gnubg's hint record holds its answer: the ranked plays or
    // the cube analysis.
    const std::optional<analysis::DecisionAnalysis> d = hint_analysis();
    const HintMemo* m = current_hint_memo();
    s += text_record(hint, board, ms, d ? &*d : nullptr, m ? &m->chequer : nullptr,
                     hint_cube_context(), m ? &m->rollouts : nullptr, hint_cube_rollout());
  }
  s += text_epilogue();
  write_export(*file, s);
}

// ExportGameText: the game's prologue, every play and cube action with the board before it,
// the result, the game's statistics and, after the last game of `export match`, the match's.
std::string Shell::game_text(size_t g, bool last_game, analysis::Statistics& total) {
  const engine::GameRecord& game = all_games()[g];
  engine::FlowRules rules = flow_.rules();
  rules.variant = flow_.variant();
  engine::GameFlow f(rules);
  f.new_match(game.info.match_length);
  f.append_game(game.info);
  std::string s = text_prologue(game.info.index, f.match());
  if (export_.include_match_info) s += text_match_info() + "\n";

  // gnubg appends its hint record to the last game of the match (game_add_pmr_hint) when one
  // exists: after the dice are rolled (not yet at the opening roll, which has no record before
  // it), or after a double (the record made before the double, which names the doubler), until
  // the next play or answer, and after a `hint` (the memo). (gnubg also makes it in other
  // commands, `export position text` among them, which tavla does not follow here.)
  std::vector<engine::MoveRecord> records = game.records;
  const bool at_end = !next_record() && current_game_index() + 1 == all_games().size();
  if (at_end && g + 1 == all_games().size() &&
      flow_.match().game_state == engine::GameState::kPlaying) {
    const engine::MatchState& ms = flow_.match();
    engine::MoveRecord hint;
    hint.player = ms.turn;
    const bool opening = std::all_of(records.begin(), records.end(), [](const auto& r) {
      return r.kind == engine::RecordKind::kSetDice;
    });
    if (current_hint_memo() || (ms.dice_rolled() && !opening)) {
      // A hint asked in the position, or the dice rolled: gnubg's hint record as export
      // position text shows it.
      records.push_back(hint_record(ms));
    } else if (!records.empty() && records.back().kind == engine::RecordKind::kDouble) {
      hint.kind = engine::RecordKind::kDouble;
      hint.player = records.back().player;
      records.push_back(hint);
    }
  }

  // The game's analysis, when it is analysed as it stands, else what its records kept of hints
  // (shown with the contexts of those hints).
  const bool full = g < game_analyses_.size() && game_analyses_[g] &&
                    game_analyses_[g]->decisions.size() == game.records.size();
  const std::optional<analysis::GameAnalysis> analysed = game_analysis(g);
  int move_number = 0;
  for (const engine::MoveRecord& r : records) {
    const bool shown = r.kind == engine::RecordKind::kMove ||
                       r.kind == engine::RecordKind::kDouble ||
                       r.kind == engine::RecordKind::kTake || r.kind == engine::RecordKind::kDrop;
    if (shown) {
      // gnubg's FixMatchState: a play or double by the player not to act swaps the board.
      engine::Game state = f.game();
      engine::MatchState& ms = state.match;
      // Before the opening roll no one is on roll for the flow (the board is the starting
      // position, the same from both sides).
      if (ms.on_roll < 0) ms.on_roll = ms.turn = r.player;
      if ((r.kind == engine::RecordKind::kMove || r.kind == engine::RecordKind::kDouble) &&
          ms.turn != r.player) {
        state.board.swap_sides();
        ms.on_roll = ms.turn = r.player;
      }
      if (r.kind == engine::RecordKind::kMove) {
        if (ms.on_roll != r.player) {
          state.board.swap_sides();
          ms.on_roll = r.player;
        }
        ms.turn = r.player;
        ms.dice = r.dice;
      }
      s += text_position(state.board, ms, ++move_number);
      const size_t k = static_cast<size_t>(&r - records.data());
      if (k < game.records.size()) {
        const KeptHint* kept = full ? nullptr : kept_hint(g, k);
        s += text_record(r, state.board, ms,
                         analysed && (full || kept) ? &analysed->decisions[k] : nullptr,
                         kept ? &kept->chequer : nullptr, kept ? &kept->cube : nullptr,
                         kept ? &kept->rollouts : nullptr,
                         kept && kept->cube_rollout ? &*kept->cube_rollout : nullptr);
      } else {
        const std::optional<analysis::DecisionAnalysis> d = hint_analysis();
        const HintMemo* m = current_hint_memo();
        s += text_record(r, state.board, ms, d ? &*d : nullptr, m ? &m->chequer : nullptr,
                         hint_cube_context(), m ? &m->rollouts : nullptr, hint_cube_rollout());
      }
    } else if (!r.comment.empty()) {
      s += "Annotation:\n" + r.comment + "\n";
    }
    if (&r - records.data() < static_cast<std::ptrdiff_t>(game.records.size())) f.replay(r);
  }

  if (game.info.winner >= 0)
    s += strf(game.info.points == 1 ? "%s wins %d point" : "%s wins %d points",
              name(game.info.winner).c_str(), game.info.points);
  const analysis::Statistics st = game_statistics(g);
  total.add_game(st);
  const int length = game.info.match_length;
  s += strf("\n\nGame statistics for game %d\n\n", static_cast<int>(g) + 1);
  s += text::format_statistics(st, length, names_.name, analysis_.thresholds, statistics_format()) + "\n\n";
  if (last_game) {
    s += length ? "Match statistics\n\n" : "Session statistics\n\n";
    s += text::format_statistics(total, length, names_.name, analysis_.thresholds, statistics_format()) + "\n\n";
  }
  return s + text_epilogue();
}

void Shell::cmd_export_game_text(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to export to (see `help export game text').\n");
    return;
  }
  std::error_code ec;
  if (*file != "-" && confirm_save_ && std::filesystem::exists(*file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
    return;
  analysis::Statistics total;
  write_export(*file, game_text(current_game_index(), false, total));
}

// gnubg's filename_from_iGame: the first game goes to FILE, game n to FILE with "_00n" before
// its extension (or at its end).
static std::string game_file_name(const std::string& base, size_t g) {
  if (g == 0) return base;
  const std::string number = strf("_%03d", static_cast<int>(g) + 1);
  const size_t dot = base.rfind('.');
  if (dot == std::string::npos) return base + number;
  return base.substr(0, dot) + number + base.substr(dot);
}

void Shell::cmd_export_match_text(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a file to export to (see `help export match text').\n");
    return;
  }
  const size_t games = all_games().size();
  analysis::Statistics total;
  for (size_t g = 0; g < games; ++g) {
    std::error_code ec;
    if (g == 0 && *file != "-" && confirm_save_ && std::filesystem::exists(*file, ec) &&
        !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
      return;
    if (!write_export(game_file_name(*file, g), game_text(g, g + 1 == games, total))) return;
  }
}

}  // namespace tavla::shell
