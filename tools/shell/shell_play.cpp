// The commands of play: new, roll, move, double, take, drop, beaver, resign, accept, reject,
// play, end game, hint, eval (gnubg's play.c and gnubg.c).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <filesystem>
#include <memory>

#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "eval/cube_info.h"
#include "eval/net_set.h"
#include "eval/position_class.h"
#include "rollout/rollout.h"
#include "shell/analysis_text.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {
constexpr const char* kGameResult[] = {"single game", "gammon", "backgammon"};
constexpr const char* kNoGame = "No game in progress (type `new game' to start one).\n";

bool last_record_is_double(const engine::GameFlow& flow) {
  const engine::GameRecord* g = flow.current_game();
  return g && !g->records.empty() && g->records.back().kind == engine::RecordKind::kDouble;
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
  names_.name = default_names_;
  match_date_ = today();
  outf(n == 1 ? "A new %d point match has been started.\n"
              : "A new %d points match has been started.\n",
       n);
  std::string none;
  cmd_new_game(none);
}

void Shell::cmd_new_session(std::string&) {
  if (!confirm_discard()) return;
  flow_.new_match(0);
  match_date_ = today();
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
  std::array<int, 2> dice{};
  if (!get_dice(dice)) return;
  const bool can_move = flow_.roll(dice);
  if (display_) show_board();  // gnubg's DiceRolled
  if (!can_move) {
    show_auto_move(engine::Move{});
    flow_.move(engine::Move{});
    turn_done();
  }
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
  const std::string text = trim(args);
  if (text.empty()) {
    auto moves = std::make_unique<engine::MoveList>();
    const int n = engine::generate_moves(flow_.board(), ms.dice[0], ms.dice[1], *moves);
    if (n <= 1) {
      const engine::Move m = n ? (*moves)[0].move : engine::Move{};
      show_auto_move(m);
      flow_.move(m);
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
  flow_.move(legal->move);
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
  if (display_) outf("%s doubles.\n", name(flow_.match().turn).c_str());
  flow_.double_cube();
  turn_done();
}

void Shell::cmd_take(std::string&) {
  if (flow_.check_take() != engine::Refusal::kNone) {
    out("The cube must have been offered before you can take it.\n");
    return;
  }
  if (refuse_if_computer_turn()) return;
  if (!last_record_is_double(flow_)) return;
  if (display_)
    outf("%s accepts the cube at %d.\n", name(flow_.match().turn).c_str(), flow_.match().cube << 1);
  flow_.take();
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
  const int cube = flow_.match().cube;
  if (display_)
    outf(cube == 1 ? "%s refuses the cube and gives up %d point.\n"
                   : "%s refuses the cube and gives up %d points.\n",
         name(flow_.match().turn).c_str(), cube);
  flow_.drop();
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
    const PositionEvaluation e = a->evaluate(g, eval_settings_.cube);
    const eval::CubeInfo ci = cube_info_for(g, resigner, beavers);
    eval::Probabilities lost;
    if (ms.resigned > 1) lost[eval::Probabilities::kLoseGammon] = 1.0f;
    if (ms.resigned > 2) lost[eval::Probabilities::kLoseBackgammon] = 1.0f;
    out(resign_hint_text(eval::cubeless_utility(e.probs, ci), eval::cubeless_utility(lost, ci),
                         ci));
    return;
  }
  if (!ms.dice_rolled() && !ms.doubled) {
    const eval::CubeInfo ci = cube_info_for(game, ms.on_roll, beavers);
    if (!eval::may_double(ci)) {
      errf("You cannot double.");
      return;
    }
    out(cube_analysis_text(a->analyse_cube(game, eval_settings_.cube), ci, false) + "\n");
    return;
  }
  if (ms.doubled) {
    if (flow_.beavers_used() > 0) {
      errf("This decision is part of beaver/raccoon sequence and cannot be hinted");
      return;
    }
    const eval::CubeInfo ci = cube_info_for(game, ms.on_roll, beavers);
    out(cube_analysis_text(a->analyse_cube(game, eval_settings_.cube), ci, true) + "\n");
    return;
  }
  std::optional<int> n = parse_number(args);
  const std::vector<RankedMove> moves = a->rank_moves(game, eval_settings_.chequer);
  if (moves.empty()) {
    out("There are no legal moves.\n");
    return;
  }
  out(move_hints(moves, game.board, (!n || *n <= 0) ? 10 : *n));
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
  const int plies = std::min(eval_settings_.cube.plies, a->max_plies());
  for (int i = 0; i <= plies; ++i) {
    eval::EvalContext ec = eval_settings_.cube;
    ec.plies = i;
    rows.push_back(a->evaluate(game, ec));
  }
  std::optional<CubeAnalysis> cube;
  if (eval::may_double(ci)) cube = a->analyse_cube(game, eval_settings_.cube);
  static constexpr const char* kClass[] = {
      "Over",     "Hypergammon-1", "Hypergammon-2", "Hypergammon-3", "Bearoff2", "Bearoff-TS",
      "Bearoff1", "Bearoff-OS",    "Race",          "Crashed",       "Contact"};
  const eval::PositionClass pc = eval::classify(game.board, bearoff_provider());
  out(eval_text(game.board, id, rows, ci, cube ? &*cube : nullptr, kClass[static_cast<int>(pc)]) +
      "\n");
}

// Rolls out the current position (no dice) or its five best plays at 0 ply (dice rolled) with
// gnubg's default rollout settings (1296 trials, cubeful, variance reduction, quasi-random dice,
// 0-ply chequer play, 2-ply cube decisions); `rollout N` rolls out N trials. Ctrl-C stops it;
// the trials done are reported.
void Shell::cmd_rollout(std::string& args) {
  if (flow_.game().match.game_state != engine::GameState::kPlaying) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  Analyzer* a = analyzer();
  if (!a) return;
  std::optional<std::filesystem::path> file;
  if (options_.weights) file = *options_.weights;
  auto nets = eval::NetSet::find(file);
  if (!nets) {
    outf("%s\n", nets.error().c_str());
    return;
  }
  const engine::Game game = analysis_game();
  auto ci = eval::cube_info(game.match);
  if (!ci) {
    outf("%s\n", ci.error().c_str());
    return;
  }
  std::vector<std::string> labels;
  std::vector<rollout::Alternative> alts;
  if (game.match.dice_rolled()) {
    auto moves = a->rank_moves(game, eval::level_setup(eval::Level::kExpert));
    for (size_t i = 0; i < moves.size() && i < 5; ++i) {
      labels.push_back(engine::format_move(game.board, moves[i].move));
      alts.push_back({moves[i].after.swapped(), eval::with_on_roll(*ci, 1 - ci->on_roll),
                      true, true, ci->cube});
    }
  } else {
    labels.push_back("Position");
    alts.push_back({game.board, *ci, false, false, ci->cube});
  }
  if (alts.empty()) {
    out("No legal moves to roll out.\n");
    return;
  }
  rollout::RolloutSettings st;
  // tavla extension: `rollout N` sets the number of trials for this rollout.
  if (int n = std::atoi(args.c_str()); n > 0) st.trials = n;
  st.seed = static_cast<uint32_t>(std::random_device{}());
  rollout::Rollout ro(*nets, bearoff_provider(), st, alts);
  interrupted_ = false;
  ro.run(st.trials, [&](const rollout::Progress& p) {
    if (!options_.interactive) return;
    std::fprintf(stderr, "\rRollout: %d/%d trials, %s %+.3f (%.3f)   ", p.trials_done,
                 p.trials_total, labels[0].c_str(), p.stats[0].mean[rollout::kCubefulEquity],
                 p.stats[0].std_error[rollout::kCubefulEquity]);
    std::fflush(stderr);
  }, 36, &interrupted_);
  if (options_.interactive) std::fprintf(stderr, "\n");
  if (interrupted_) out("Rollout interrupted.\n");
  auto stats = ro.stats();
  outf("Rollout of %d trials (seed %u):\n", ro.trials_done(), st.seed);
  outf("%-28s %6s %6s %6s %6s %6s %8s %8s\n", "", "Win", "W(g)", "W(bg)", "L(g)", "L(bg)",
       "Equity", "Cubeful");
  for (size_t i = 0; i < alts.size(); ++i) {
    const auto& m = stats[i].mean;
    const auto& e = stats[i].std_error;
    float cf = ci->is_money() ? m[6] : eval::mwc_to_equity(m[6], *ci);
    outf("%-28s %6.3f %6.3f %6.3f %6.3f %6.3f %+8.3f %+8.3f\n", labels[i].c_str(), m[0], m[1],
         m[2], m[3], m[4], m[5], cf);
    outf("%-28s %6.3f %6.3f %6.3f %6.3f %6.3f %8.3f %8.3f\n", "  std. error", e[0], e[1], e[2],
         e[3], e[4], e[5], e[6]);
  }
}

}  // namespace tavla::shell
