// SPDX-License-Identifier: GPL-3.0-or-later
// The commands of play: new, roll, move, double, take, drop, beaver, resign, accept, reject,
// play, end game, hint, eval (gnubg's play.c and gnubg.c).
#include <cstdio>
#include <memory>

#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/dice.h"
#include "eval/position_class.h"
#include "eval/resignation.h"
#include "rollout/rollout.h"
#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/analysis_text.h"

namespace tavla::shell {

namespace {
constexpr const char* kGameResult[] = {"single game", "gammon", "backgammon"};
constexpr const char* kNoGame = "No game in progress (type `new game' to start one).\n";

bool last_record_is_double(const engine::GameFlow& flow) {
  const engine::GameRecord* g = flow.current_game();
  return g && !g->records.empty() && g->records.back().kind == engine::RecordKind::kDouble;
}

// The analyzer's answers in the form of tools/text's layouts.
std::array<eval::Evaluation, 2> no_double_evaluation(const CubeAnalysis& a) {
  std::array<eval::Evaluation, 2> e{};
  e[0].probs = a.probs;
  e[0].cubeless_equity = a.cubeless_equity;
  return e;
}

std::string cube_analysis_text(const CubeAnalysis& a, const eval::CubeInfo& ci, bool taker,
                               const text::OutputOptions& out) {
  return text::format_cube_analysis(no_double_evaluation(a), a.result, ci, a.context, out, taker);
}

// The analyzer's ranked plays as tools/text's scored moves.
std::vector<eval::ScoredMove> scored_moves(const std::vector<RankedMove>& moves) {
  std::vector<eval::ScoredMove> scored;
  for (const RankedMove& r : moves) {
    eval::ScoredMove m;
    m.move.move = r.move;
    m.move.after = r.after;
    m.probs = r.probs;
    m.cubeless_equity = r.cubeless_equity;
    m.cubeful_equity = r.cubeful_equity;
    m.plies = r.context.plies;
    m.score = r.score;
    scored.push_back(m);
  }
  return scored;
}

// gnubg's hint list: the first `n` plays.
std::string move_hints(const std::vector<RankedMove>& moves, const engine::Board& before,
                       const eval::CubeInfo& ci, int n, const text::OutputOptions& out) {
  const std::vector<eval::ScoredMove> scored = scored_moves(moves);
  std::string s;
  for (size_t i = 0; i < scored.size() && static_cast<int>(i) < n; ++i)
    s += text::format_move_hint(before, ci, scored, i, moves[i].context, out);
  return s;
}
}  // namespace

// ---- new game / match / session ----------------------------------------------------------------

void Shell::cmd_new_game(std::string&) {
  if (flow_.check_new_game() == engine::Refusal::kMatchOver) {
    out("The match is already over.\n");
    return;
  }
  if (flow_.playing() && confirm_new_) {
    if (interrupted_) return;
    if (!confirm("Are you sure you want to start a new game, and discard the rest of the match? "))
      return;
  }
  forget_dice();
  start_new_game();
}

void Shell::cmd_new_match(std::string& args) {
  int n = default_match_length_;
  if (!trim(args).empty()) {
    std::optional<int> v = parse_number(args);
    if (!v || *v < 0) {
      out("You must specify a valid match length (1 to 64).\n");
      return;
    }
    n = *v;
  }
  if (n == 0) {
    std::string none;
    cmd_new_session(none);
    return;
  }
  if (n > engine::kMaxMatchLength) {
    outf("GNU Backgammon is compiled with support only for matches of length %i\nand below\n",
         engine::kMaxMatchLength);
    return;
  }
  if (!confirm_discard()) return;
  flow_.new_match(n);
  kept_hints_.clear();
  hint_memo_.reset();  // gnubg drops its hint record with the match
  cmarks_.clear();
  hint_cmarks_ = {};
  names_.name = default_names_;
  match_info_ = {};
  match_info_.date = today();
  outf(n == 1 ? "A new %d point match has been started.\n"
              : "A new %d points match has been started.\n",
       n);
  std::string none;
  cmd_new_game(none);
}

void Shell::cmd_new_session(std::string&) {
  if (!confirm_discard()) return;
  flow_.new_match(0);
  kept_hints_.clear();
  hint_memo_.reset();  // gnubg drops its hint record with the match
  cmarks_.clear();
  hint_cmarks_ = {};
  match_info_ = {};
  match_info_.date = today();
  out("A new session has been started.\n");
  std::string none;
  cmd_new_game(none);
}

// ---- rolling and moving ------------------------------------------------------------------------

void Shell::cmd_roll(std::string&) {
  using engine::Refusal;
  const auto& ms = flow_.match();
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (!is_human(ms.turn)) {
    out("It is the computer's turn -- type `play' to force it to move immediately.\n");
    return;
  }
  switch (flow_.check_roll()) {
    case Refusal::kDoublePending:
      outf("Please wait for %s to consider the cube before moving.\n", name(ms.turn).c_str());
      return;
    case Refusal::kResignationPending:
      out("Please resolve the resignation first.\n");
      return;
    case Refusal::kAlreadyRolled:
      out("You have already rolled the dice.\n");
      return;
    default:
      break;
  }
  if (!confirm_not_last()) return;
  if (!tutor_allows_double(false)) return;
  std::array<int, 2> dice{};
  if (!rolled_dice(dice)) return;
  const std::optional<HintMemo> hinted = hint_before_action();
  const bool can_move = flow_.roll(dice);
  keep_hint(hinted);
  if (display_) show_board();  // gnubg's DiceRolled
  if (!can_move) {
    show_auto_move(engine::Move{});
    flow_.move(engine::Move{});
    keep_hint(std::nullopt);
    turn_done();
    return;
  }
  if (!auto_move_ && !auto_bearoff_) return;
  // gnubg's CommandRoll: a forced move is played by itself with `set automatic move on', and
  // with `set automatic bearoff on' in bearoff database positions; else that setting bears off
  // with every die when it can.
  auto moves = std::make_unique<engine::MoveList>();
  const int n = engine::generate_moves(flow_.board(), ms.dice[0], ms.dice[1], *moves);
  if (n == 1 && (auto_move_ || (auto_bearoff_ &&
                                eval::classify(flow_.board(), bearoff_provider()) <=
                                    eval::PositionClass::kBearoff1))) {
    show_auto_move((*moves)[0].move);
    flow_.move((*moves)[0].move);
    turn_done();
  } else if (auto_bearoff_ && try_auto_bearoff()) {
    turn_done();
  }
}

// gnubg's `dicerolls N': N rolls of the dice generator (the game's dice, which they use up).
void Shell::cmd_dicerolls(std::string& args) {
  std::optional<std::string> tok = next_token(args);
  if (!tok) return;
  std::optional<int> n = parse_number(*tok);
  for (int i = n.value_or(0); i > 0; --i) {
    std::array<int, 2> dice{};
    if (!roll_dice(dice)) return;
    outf("%d %d\n", dice[0], dice[1]);
  }
  forget_dice();
}

void Shell::cmd_clear_hint(std::string&) {
  hint_memo_.reset();
  out("Analysis used for `hint' has been cleared\n");
}

// gnubg's `clear cache' empties the evaluation cache, silently; tavla's analyzer starts afresh.
void Shell::cmd_clear_cache(std::string&) {
  if (analyzer_) analyzer_->set_engine(threads_, cache_entries_);
}

bool Shell::try_auto_bearoff() {
  const engine::Board& b = flow_.board();
  // Standard backgammon's classes even in hypergammon, so that contact never bears off.
  if (eval::classify(b) > eval::PositionClass::kRace) return false;
  const auto& dice = flow_.match().dice;
  auto moves = std::make_unique<engine::MoveList>();
  const int n = engine::generate_moves(b, dice[0], dice[1], *moves);
  const int steps = dice[0] == dice[1] ? 4 : 2;
  for (int i = 0; i < n; ++i) {
    const engine::Move& m = (*moves)[i].move;
    bool all_off = true;
    for (int k = 0; k < steps && all_off; ++k) all_off = m.from(k) >= 0 && m.to(k) == -1;
    if (!all_off) continue;
    show_auto_move(m);
    flow_.move(m);
    return true;
  }
  return false;
}

void Shell::cmd_move(std::string& args) {
  using engine::Refusal;
  const auto& ms = flow_.match();
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (!is_human(ms.turn)) {
    out("It is the computer's turn -- type `play' to force it to move immediately.\n");
    return;
  }
  switch (flow_.check_move()) {
    case Refusal::kNotRolled:
      out("You must roll the dice before you can move.\n");
      return;
    case Refusal::kResignationPending:
      outf("Please wait for %s to consider the resignation before moving.\n",
           name(ms.turn).c_str());
      return;
    case Refusal::kDoublePending:
      outf("Please wait for %s to consider the cube before moving.\n", name(ms.turn).c_str());
      return;
    default:
      break;
  }
  if (!confirm_not_last()) return;
  const std::string text = trim(args);
  if (text.empty()) {
    auto moves = std::make_unique<engine::MoveList>();
    const int n = engine::generate_moves(flow_.board(), ms.dice[0], ms.dice[1], *moves);
    if (n <= 1) {
      const engine::Move m = n ? (*moves)[0].move : engine::Move{};
      show_auto_move(m);
      const std::optional<HintMemo> hinted = hint_before_action();
      flow_.move(m);
      keep_hint(hinted);
      turn_done();
      return;
    }
    if (auto_bearoff_ && try_auto_bearoff()) {
      turn_done();
      return;
    }
    out("You must specify a move (type `help move' for instructions).\n");
    return;
  }
  auto legal = engine::find_legal_move(flow_.board(), ms.dice[0], ms.dice[1], text);
  if (!legal) {
    errf("Illegal or unparsable move.");
    return;
  }
  if (!tutor_allows_move(legal->after)) return;
  const std::optional<HintMemo> hinted = hint_before_action();
  flow_.move(legal->move);
  keep_hint(hinted);
  turn_done();
}

// ---- the cube ----------------------------------------------------------------------------------

void Shell::cmd_double(std::string&) {
  using engine::Refusal;
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (refuse_if_computer_turn()) return;
  switch (flow_.check_double()) {
    case Refusal::kNone:
      break;
    case Refusal::kCrawford:
      out("Doubling is forbidden by the Crawford rule (see `help set crawford').\n");
      return;
    case Refusal::kCubeDisabled:
      out("The doubling cube has been disabled (see `help set cube use').\n");
      return;
    case Refusal::kDoublePending: {
      std::string none;
      cmd_redouble(none);
      return;
    }
    case Refusal::kNotOnRoll:
      out("You are only allowed to double if you are on roll.\n");
      return;
    case Refusal::kDoubleAfterRoll:
      out("You can't double after rolling the dice -- wait until your next turn.\n");
      return;
    case Refusal::kNotCubeOwner:
      out("You do not own the cube.\n");
      return;
    case Refusal::kCubeAtMaximum:
      out("The cube is already at its highest supported value ; you can't double any more.\n");
      return;
    case Refusal::kDeadCube:
      out("The cube is dead; you can't double any more.\n");
      return;
    default:
      return;
  }
  if (!confirm_not_last()) return;
  if (!tutor_allows_double(true)) return;
  if (display_) outf("%s doubles.\n", name(flow_.match().turn).c_str());
  const std::optional<HintMemo> hinted = hint_before_action();
  flow_.double_cube();
  keep_hint(hinted);
  turn_done();
}

void Shell::cmd_take(std::string&) {
  if (flow_.check_take() != engine::Refusal::kNone) {
    out("The cube must have been offered before you can take it.\n");
    return;
  }
  if (refuse_if_computer_turn()) return;
  if (!last_record_is_double(flow_)) return;
  if (!confirm_not_last()) return;
  if (!tutor_allows_take(true)) return;
  if (display_)
    outf("%s accepts the cube at %d.\n", name(flow_.match().turn).c_str(), flow_.match().cube << 1);
  const std::optional<HintMemo> hinted = hint_before_action();
  flow_.take();
  keep_hint(hinted);
  forget_dice();
  turn_done();
}

void Shell::cmd_drop(std::string&) {
  if (flow_.check_take() != engine::Refusal::kNone) {
    out("The cube must have been offered before you can drop it.\n");
    return;
  }
  if (refuse_if_computer_turn()) return;
  if (!last_record_is_double(flow_)) return;
  if (!confirm_not_last()) return;
  if (!tutor_allows_take(false)) return;
  const int cube = flow_.match().cube;
  if (display_)
    outf(cube == 1 ? "%s refuses the cube and gives up %d point.\n"
                   : "%s refuses the cube and gives up %d points.\n",
         name(flow_.match().turn).c_str(), cube);
  const std::optional<HintMemo> hinted = hint_before_action();
  flow_.drop();
  keep_hint(hinted);
  forget_dice();
  turn_done();
}

void Shell::cmd_redouble(std::string&) {
  using engine::Refusal;
  int allowed = 0;
  switch (flow_.check_redouble(&allowed)) {
    case Refusal::kNone:
      break;
    case Refusal::kBeaversInMatch:
      out("Beavers and Raccoons are not permitted during match play.\n");
      return;
    case Refusal::kBeaversDisabled:
      out("Beavers are disabled (see `help set beavers').\n");
      return;
    case Refusal::kTooManyBeavers:
      if (allowed == 1)
        out("Only one beaver is permitted (see `help set beavers').\n");
      else
        outf("Only %u beavers are permitted (see `help set beavers').\n",
             static_cast<unsigned>(allowed));
      return;
    case Refusal::kNoDoubleOffered:
      out("The cube must have been offered before you can redouble it.\n");
      return;
    case Refusal::kCubeAtMaximum:
      if (refuse_if_computer_turn()) return;
      out("The cube is already at its highest supported value ; you can't double any more.\n");
      return;
    default:
      return;
  }
  if (refuse_if_computer_turn()) return;
  if (display_)
    outf("%s accepts and immediately redoubles to %d.\n", name(flow_.match().turn).c_str(),
         flow_.match().cube << 2);
  flow_.redouble();
  turn_done();
}

// ---- resignations ------------------------------------------------------------------------------

void Shell::cmd_resign(std::string& args) {
  if (!flow_.playing()) {
    out("You must be playing a game if you want to resign it.\n");
    return;
  }
  if (refuse_if_computer_turn()) return;
  int level = 1;
  if (std::optional<std::string> word = next_token(args)) {
    if (is_prefix_ci(*word, "single") || is_prefix_ci(*word, "normal"))
      level = 1;
    else if (is_prefix_ci(*word, "gammon"))
      level = 2;
    else if (is_prefix_ci(*word, "backgammon"))
      level = 3;
    else
      level = std::atoi(word->c_str());
    if (level < 1 || level > 3) {
      outf("Unknown keyword `%s' (see `help resign').\n", word->c_str());
      return;
    }
  }
  if (flow_.check_resign(level) == engine::Refusal::kResignationDeclined) {
    outf("%s has already declined your offer of a %s.\n", name(1 - flow_.match().turn).c_str(),
         kGameResult[flow_.resignation_declined() - 1]);
    return;
  }
  if (display_)
    outf("%s offers to resign a %s.\n", name(flow_.match().turn).c_str(), kGameResult[level - 1]);
  flow_.resign(level);
  turn_done();
}

void Shell::cmd_agree(std::string&) {
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (refuse_if_computer_turn()) return;
  if (!flow_.match().resigned) {
    out("No resignation was offered.\n");
    return;
  }
  if (!confirm_not_last()) return;
  if (display_)
    outf("%s accepts and wins a %s.\n", name(flow_.match().turn).c_str(),
         kGameResult[flow_.match().resigned - 1]);
  flow_.agree();
  turn_done();
}

void Shell::cmd_decline(std::string&) {
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (refuse_if_computer_turn()) return;
  if (!flow_.match().resigned) {
    out("No resignation was offered.\n");
    return;
  }
  if (display_)
    outf("%s declines the %s.\n", name(flow_.match().turn).c_str(),
         kGameResult[flow_.match().resigned - 1]);
  flow_.decline();
  turn_done();
}

void Shell::cmd_accept(std::string& args) {
  if (flow_.match().resigned)
    cmd_agree(args);
  else if (flow_.match().doubled)
    cmd_take(args);
  else
    out("You can only accept if the cube or a resignation has been offered.\n");
}

void Shell::cmd_reject(std::string& args) {
  if (flow_.match().resigned)
    cmd_decline(args);
  else if (flow_.match().doubled)
    cmd_drop(args);
  else
    out("You can only reject if the cube or a resignation has been offered.\n");
}

// ---- the computer ------------------------------------------------------------------------------

void Shell::cmd_play(std::string&) {
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (is_human(flow_.match().turn)) {
    out("It's not the computer's turn to play.\n");
    return;
  }
  if (computer_turn()) turn_done();
}

void Shell::cmd_end_game(std::string&) {
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  if (!confirm_not_last()) return;
  // gnubg plays both sides quietly at 0 ply, cubeless, to the end of this game only.
  const auto saved_players = players_;
  const bool saved_display = display_, saved_auto_game = auto_game_;
  const Rng saved_rng = rng_;
  for (PlayerConfig& p : players_) {
    p.type = PlayerType::kEngine;
    p.settings.chequer.context = {0, false, false, true, 0.0f};
    p.settings.cube = {0, false, false, true, 0.0f};
  }
  if (rng_ == Rng::kManual) rng_ = Rng::kMersenne;
  display_ = false;
  auto_game_ = false;
  end_game_ = true;
  if (computer_turn()) {
    turn_done();
    run_pending();
  }
  end_game_ = false;
  players_ = saved_players;
  display_ = saved_display;
  auto_game_ = saved_auto_game;
  rng_ = saved_rng;
}

// ---- hints and evaluations ---------------------------------------------------------------------

void Shell::cmd_hint(std::string& args) {
  const auto& ms = flow_.match();
  if (!flow_.playing()) {
    out("You must set up a board first.\n");
    return;
  }
  Analyzer* a = analyzer();
  if (!a) return;
  const engine::Game game = analysis_game();
  const bool beavers = game.match.beavers > 0;
  if (ms.resigned) {
    const int resigner = 1 - ms.turn;
    engine::Game g = game;
    if (g.match.on_roll != resigner) {
      g.board.swap_sides();
      g.match.on_roll = resigner;
    }
    const PositionEvaluation e = a->evaluate(g, hint_settings().cube);
    if (interrupted_) return;  // Ctrl-C: nothing to show (execute() says "(Interrupted)")
    const eval::CubeInfo ci = cube_info_for(g, resigner, beavers);
    out(text::format_resign_hint(eval::judge_resignation(e.probs, ci, ms.resigned), ci, output_));
    return;
  }
  if (!ms.dice_rolled() && !ms.doubled) {
    const eval::CubeInfo ci = cube_info_for(game, ms.on_roll, beavers);
    if (!eval::may_double(ci)) {
      errf("You cannot double.");
      return;
    }
    // gnubg's hint_cube shows the analysis its hint record holds: a rolled-out cube stays.
    if (const HintMemo* m = current_hint_memo(); m && m->cube_rollout) {
      out(stored_cube_rollout(*m->cube_rollout, ci, false) + "\n");
      return;
    }
    const CubeAnalysis cube = a->analyse_cube(game, hint_settings().cube);
    if (interrupted_) return;
    remember_cube_hint(cube);
    out(cube_analysis_text(cube, ci, false, output_) + "\n");
    return;
  }
  if (ms.doubled) {
    if (flow_.beavers_used() > 0) {
      errf("This decision is part of beaver/raccoon sequence and cannot be hinted");
      return;
    }
    const eval::CubeInfo ci = cube_info_for(game, ms.on_roll, beavers);
    if (const HintMemo* m = current_hint_memo(); m && m->cube_rollout) {
      out(stored_cube_rollout(*m->cube_rollout, ci, true) + "\n");
      return;
    }
    const CubeAnalysis cube = a->analyse_cube(game, hint_settings().cube);
    if (interrupted_) return;
    remember_cube_hint(cube);
    out(cube_analysis_text(cube, ci, true, output_) + "\n");
    return;
  }
  std::optional<int> n = parse_number(args);
  // gnubg shows the plays its hint record holds; tavla ranks them again (the same list), except
  // after `analyse rollout move', whose results live only in the memo.
  if (const HintMemo* m = current_hint_memo(); m && !m->rollouts.empty()) {
    out(stored_move_hints(*m, cube_info_for(game, ms.on_roll, beavers), (!n || *n <= 0) ? 10 : *n));
    return;
  }
  const std::vector<RankedMove> moves = a->rank_moves(game, hint_settings().chequer);
  if (interrupted_) return;
  if (moves.empty()) {
    out("There are no legal moves.\n");
    return;
  }
  HintMemo& memo = remember_hint();
  hint_cmarks_.moves.clear();  // a new list of plays: none marked
  memo.moves = scored_moves(moves);
  memo.chequer = eval_settings_.chequer.context;
  out(move_hints(moves, game.board, cube_info_for(game, ms.on_roll, beavers),
                 (!n || *n <= 0) ? 10 : *n, output_));
}

// ---- the tutor's judgments (gnubg's tutor_double, tutor_take, hint_move and find_skills) ------

namespace {
using analysis::Skill;
using eval::CubeDecision;

// gnubg's no_double_skill, double_skill, take_skill and drop_skill: the equity lost (for the
// doubler; an answer's loss is the doubler's gain) by the action against the proper one, marked
// with the analysis thresholds.
Skill cube_action_skill(const eval::CubeAnalysis& c, bool doubled, bool answer, bool take,
                        const analysis::MarkThresholds& t) {
  const auto& e = c.equities;
  float eq = 0.0f;
  switch (c.decision) {
    case CubeDecision::kDoubleTake:
    case CubeDecision::kDoubleBeaver:
    case CubeDecision::kRedoubleTake:
      if (!answer && !doubled) eq = e.no_double - e.double_take;
      if (answer && !take) eq = e.double_take - e.double_pass;
      break;
    case CubeDecision::kDoublePass:
    case CubeDecision::kRedoublePass:
      if (!answer && !doubled) eq = e.no_double - e.double_pass;
      if (answer && take) eq = e.double_pass - e.double_take;
      break;
    case CubeDecision::kNoDoubleTake:
    case CubeDecision::kNoDoubleBeaver:
    case CubeDecision::kNoRedoubleTake:
    case CubeDecision::kNoRedoubleBeaver:
    case CubeDecision::kTooGoodTake:
    case CubeDecision::kTooGoodRedoubleTake:
      if (!answer && doubled) eq = e.double_take - e.no_double;
      if (answer && !take) eq = e.double_take - e.double_pass;
      break;
    case CubeDecision::kTooGoodPass:
    case CubeDecision::kTooGoodRedoublePass:
      if (!answer && doubled) eq = e.double_pass - e.no_double;
      if (answer && take) eq = e.double_pass - e.double_take;
      break;
    case CubeDecision::kOptionalDoubleBeaver:
    case CubeDecision::kOptionalDoubleTake:
    case CubeDecision::kOptionalRedoubleTake:
      if (answer && !take) eq = e.double_take - e.double_pass;
      break;
    case CubeDecision::kOptionalDoublePass:
    case CubeDecision::kOptionalRedoublePass:
      if (answer && take) eq = e.double_pass - e.double_take;
      break;
    default:
      break;
  }
  return analysis::skill_of(eq, t);
}
}  // namespace

std::optional<analysis::Skill> Shell::tutor_double(bool did_double) {
  const auto& ms = flow_.match();
  if (!flow_.playing() || !is_human(ms.turn)) return Skill::kNone;
  const engine::Game game = analysis_game();
  const eval::CubeInfo ci = cube_info_for(game, ms.on_roll, game.match.beavers > 0);
  if (!eval::may_double(ci)) return Skill::kNone;
  Analyzer* a = analyzer();
  if (!a) return std::nullopt;
  // gnubg's hint_double, which prints the cube analysis even when the tutor calls it.
  const CubeAnalysis cube = a->analyse_cube(game, hint_settings().cube);
  if (interrupted_) return std::nullopt;
  remember_cube_hint(cube);
  out(cube_analysis_text(cube, ci, false, output_) + "\n");
  return cube_action_skill(cube.result, did_double, false, false, analysis_.thresholds);
}

std::optional<analysis::Skill> Shell::tutor_take(bool did_take) {
  const auto& ms = flow_.match();
  if (!flow_.playing() || ms.dice_rolled() || !ms.doubled || ms.resigned || !is_human(ms.turn))
    return Skill::kNone;
  // A beaver or raccoon answers a decision gnubg's hint does not judge (DoubleType).
  if (flow_.beavers_used() > 0) return Skill::kNone;
  Analyzer* a = analyzer();
  if (!a) return std::nullopt;
  const engine::Game game = analysis_game();
  const eval::CubeInfo ci = cube_info_for(game, ms.on_roll, game.match.beavers > 0);
  const CubeAnalysis cube = a->analyse_cube(game, hint_settings().cube);
  if (interrupted_) return std::nullopt;
  remember_cube_hint(cube);
  out(cube_analysis_text(cube, ci, true, output_) + "\n");
  return cube_action_skill(cube.result, true, true, did_take, analysis_.thresholds);
}

std::optional<analysis::Skill> Shell::tutor_move(const engine::Board& after) {
  Analyzer* a = analyzer();
  if (!a) return std::nullopt;
  const engine::Game game = analysis_game();
  int played = -1;
  const std::vector<RankedMove> moves =
      a->rank_moves_judging(game, hint_settings().chequer, after, played);
  if (interrupted_) return std::nullopt;
  if (moves.empty()) return Skill::kNone;
  // The hint record keeps the plays, as after `hint' (gnubg's pmr_movelist_set).
  HintMemo& memo = remember_hint();
  hint_cmarks_.moves.clear();
  memo.moves = scored_moves(moves);
  memo.chequer = eval_settings_.chequer.context;
  if (played < 0) return Skill::kNone;
  return analysis::skill_of(moves[played].score - moves[0].score, analysis_.thresholds);
}

// The answer of a cube hint, for the text exports of the position (gnubg's hint record).
void Shell::remember_cube_hint(const CubeAnalysis& cube) {
  HintMemo& memo = remember_hint();
  memo.cube = cube.result;
  memo.cube_outputs = cube.outputs;
  memo.cube_context = cube.context;
}

void Shell::cmd_eval(std::string& args) {
  if (trim(args).empty() && (!flow_.has_game() || flow_.match().on_roll < 0)) {
    out("No position specified and no game in progress.\n");
    return;
  }
  engine::Game game = analysis_game();
  if (!trim(args).empty()) {
    if (!parse_position(args, game.board)) return;
  }
  std::string id = engine::match_id(game.match);
  if (!flow_.has_game() || game.match.on_roll < 0) {
    // gnubg's state before any game for the ID, its "cubeless" cube information (a money game,
    // cube 1 owned by player 0, player 0 on roll) for the evaluation.
    engine::MatchState none;
    none.game_state = engine::GameState::kNone;
    id = engine::match_id(none);
    game.match = engine::MatchState{};
    game.match.cube_owner = 0;
    game.match.on_roll = game.match.turn = 0;
    game.match.jacoby = false;
    game.match.beavers = 0;
  }
  if (!game.match.is_money() && (game.match.score[0] >= game.match.match_length ||
                                 game.match.score[1] >= game.match.match_length)) {
    out("The match is over.\n");
    return;
  }
  Analyzer* a = analyzer();
  if (!a) return;
  const eval::CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
  std::vector<PositionEvaluation> rows;
  const int plies = std::min(hint_settings().cube.plies, a->max_plies());
  for (int i = 0; i <= plies && !interrupted_; ++i) {
    eval::EvalContext ec = hint_settings().cube;
    ec.plies = i;
    rows.push_back(a->evaluate(game, ec));
  }
  std::optional<CubeAnalysis> cube;
  if (eval::may_double(ci) && !interrupted_) cube = a->analyse_cube(game, hint_settings().cube);
  if (interrupted_) return;
  std::vector<std::array<eval::Evaluation, 2>> table;
  for (const PositionEvaluation& r : rows) {
    std::array<eval::Evaluation, 2> e{};
    e[0].probs = r.probs;
    e[0].cubeless_equity = r.cubeless_equity;
    e[0].cubeful_equity = r.cubeful;
    table.push_back(e);
  }
  const eval::PositionClass pc = eval::classify(game.board, bearoff_provider());
  std::string s = text::format_eval_table(game.board, id, pc, ci, table, output_,
                                          bearoff_class_text(game.board, pc));
  if (cube) s += "\n\n" + cube_analysis_text(*cube, ci, false, output_);
  out(s + "\n");
}

// gnubg's `rollout` (CommandRollout) with the settings of `set rollout ...' (gnubg's defaults:
// cubeful, variance reduction, quasi-random dice, 0-ply chequer play, 2-ply cube decisions); as
// gnubg, an initial-position rollout uses plain random dice. Before the roll it rolls out the
// current position, as gnubg; tavla extensions: with the dice rolled it rolls out the five best
// plays of the roll (chosen at 0 ply), and `rollout N` rolls out N trials. The results are
// printed in gnubg's layout (OutputRolloutResult and OutputRolloutContext), which gnubg itself
// shows only on a terminal.
// Ctrl-C stops the rollout; the trials done so far are reported.
void Shell::cmd_rollout(std::string& args) {
  int trials = rollout_.trials;
  if (!trim(args).empty()) {
    std::optional<int> n = parse_number(args);
    if (!n || *n < 1 || !trim(args).empty()) {
      errf("The rollout command takes no arguments but a number of trials, and only rolls out the "
           "current position");
      return;
    }
    trials = *n;
  }
  if (flow_.match().game_state != engine::GameState::kPlaying) {
    errf("No position specified and no game in progress.");
    return;
  }
  Analyzer* a = analyzer();
  if (!a) return;
  const engine::Game game = analysis_game();
  const eval::CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
  std::vector<std::string> labels;
  std::vector<rollout::Alternative> alts;
  if (game.match.dice_rolled()) {
    const auto moves = a->rank_moves(game, eval::level_setup(eval::Level::kExpert));
    if (interrupted_) return;
    for (size_t i = 0; i < moves.size() && i < 5; ++i) {
      labels.push_back(engine::format_move(game.board, moves[i].move));
      // Rolled out from the position after the play, the opponent on roll; reported for the mover.
      alts.push_back({moves[i].after.swapped(), eval::with_on_roll(ci, 1 - ci.on_roll), true, true,
                      ci.cube});
    }
    if (alts.empty()) {
      out("There are no legal moves.\n");
      return;
    }
  } else {
    labels.push_back("Current Position");
    alts.push_back({game.board, ci, false, false, ci.cube});
  }
  if (!rollout_seed_) rollout_seed_ = engine::system_seed();
  rollout::RolloutSettings st = rollout_;
  st.trials = trials;
  st.seed = *rollout_seed_;
  st.threads = threads_;
  if (st.initial) st.rotate = false;
  // A Ctrl-C while the plays were being chosen stops the command here (the shell then says
  // "(Interrupted)"); clearing the flag instead lost it, and the rollout ran to its end.
  if (interrupted_) return;
  rollout::Rollout ro(nets_, bearoff_provider(), st, alts);
  ro.run(st.trials, [&](const rollout::Progress& p) {
    if (!options_.interactive) return;
    std::fprintf(stderr, "\rRollout: %d/%d trials, %s %+.3f (%.3f)   ", p.trials_done,
                 p.trials_total, labels[0].c_str(), p.stats[0].mean[rollout::kCubefulEquity],
                 p.stats[0].std_error[rollout::kCubefulEquity]);
    std::fflush(stderr);
  }, 36, &interrupted_);
  if (options_.interactive) std::fprintf(stderr, "\n");
  // gnubg prints this line only when the rollout ran to its end; tavla reports an interrupted
  // rollout too (execute() adds "(Interrupted)").
  if (!interrupted_) out("\nRollout done. Printing final results.\n");
  const auto stats = ro.stats();
  std::string result = "\n";
  for (size_t i = 0; i < alts.size(); ++i)
    result += text::format_rollout_result(labels[i], stats[i].mean, stats[i].std_error, ci,
                                          output_);
  result += text::format_rollout_context(st, ro.trials_done());
  out(result);
}

}  // namespace tavla::shell
