// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell/engine_player.h"

#include <algorithm>
#include <new>

#include "analysis/match_analysis.h"
#include "eval/match_equity.h"
#include "eval/parallel_search.h"
#include "eval/position_class.h"
#include "eval/search.h"

namespace tavla::shell {

using engine::Board;
using engine::Game;
using eval::CubeInfo;
using eval::Probabilities;

namespace {

// gnubg's CompareMovesGeneral (RefreshMoveList): deeper evaluations first, then a move that wins
// at once, then the score (primary, then the cubeless equity), then more chequers borne off, then
// the move whose rearmost chequer is furthest forward. Ties keep the search's order.
bool ranks_before(const RankedMove& a, const RankedMove& b) {
  if (a.context.plies != b.context.plies) return a.context.plies > b.context.plies;
  const int back_a = a.after.back_checker(Board::kOnRoll);
  const int back_b = b.after.back_checker(Board::kOnRoll);
  if (back_a == -1 || back_b == -1) return back_a == -1 && back_b != -1;
  if (a.score != b.score || a.cubeless_equity != b.cubeless_equity)
    return !(b.score > a.score || (b.score == a.score && b.cubeless_equity > a.cubeless_equity));
  const int left_a = a.after.checkers_on_board(Board::kOnRoll);
  const int left_b = b.after.checkers_on_board(Board::kOnRoll);
  if (left_a != left_b) return left_a < left_b;
  return back_a < back_b;
}

class SearchAnalyzer final : public Analyzer {
 public:
  SearchAnalyzer(std::shared_ptr<const eval::NetSet> nets, const eval::BearoffProvider* bearoff)
      : nets_(nets), bearoff_(bearoff), search_(std::move(nets), 1, bearoff) {}

  int max_plies() const override { return 7; }  // gnubg's limit for `set ... plies`
  void set_cancel_flag(const std::atomic<bool>* flag) override {
    cancel_flag_ = flag;
    search_.set_cancel_flag(flag);
  }
  bool set_engine(int threads, size_t cache_entries) override {
    try {
      eval::ParallelSearch fresh(nets_, threads, bearoff_, cache_entries);
      search_ = std::move(fresh);
    } catch (const std::bad_alloc&) {
      return false;
    }
    search_.set_cancel_flag(cancel_flag_);
    search_.set_cube_efficiency(efficiency_);
    return true;
  }
  void set_cube_efficiency(const eval::CubeEfficiencySettings& s) override {
    efficiency_ = s;
    search_.set_cube_efficiency(s);
  }

  std::vector<RankedMove> rank_moves(const Game& game, const eval::EvalSetup& setup) override {
    int played = -1;
    return ranked(game, setup, nullptr, played);
  }

  std::vector<RankedMove> rank_moves_judging(const Game& game, const eval::EvalSetup& setup,
                                             const Board& after, int& played) override {
    return ranked(game, setup, &after, played);
  }

  PositionEvaluation evaluate(const Game& game, const eval::EvalContext& context) override {
    const CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
    PositionEvaluation e;
    e.plies = context.plies;
    if (context.cubeful) {
      // gnubg's `eval` rows: the "no double" state of GeneralCubeDecisionE at this depth.
      const auto ev = search_.cube_evaluations(game.board, ci, context);
      e.probs = ev[0].probs;
      e.cubeless_equity = ev[0].cubeless_equity;
      e.cubeful = ev[0].cubeful_equity;
    } else {
      const eval::Evaluation ev = search_.evaluate(game.board, ci, context);
      e.probs = ev.probs;
      e.cubeless_equity = ev.cubeless_equity;
      e.cubeful = ev.cubeful_equity;
    }
    return e;
  }

  CubeAnalysis analyse_cube(const Game& game, const eval::EvalContext& context) override {
    const CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
    eval::EvalContext ec = context;
    ec.cubeful = true;  // a cube decision is always cubeful
    const auto ev = search_.cube_evaluations(game.board, ci, ec);
    CubeAnalysis a;
    a.context = context;
    a.probs = ev[0].probs;
    a.cubeless_equity = ev[0].cubeless_equity;
    a.cubeless_money = eval::cubeless_money_equity(a.probs);
    a.result = eval::analyse_cube(a.probs, {ev[0].cubeful_equity, ev[1].cubeful_equity}, ci);
    a.outputs = ev;
    return a;
  }

 private:
  std::vector<RankedMove> ranked(const Game& game, const eval::EvalSetup& setup, const Board* after,
                                 int& played) {
    played = -1;
    std::vector<RankedMove> out;
    const auto& ms = game.match;
    if (ms.dice[0] < 1) return out;
    const CubeInfo ci = cube_info_for(game, ms.on_roll, ms.beavers > 0);
    std::vector<eval::ScoredMove> scored =
        search_.rank_moves(game.board, ms.dice[0], ms.dice[1], ci, setup);
    if (after)
      analysis::rank_played_move(search_.primary(), game.board, scored, *after, ci, setup.context);
    for (const eval::ScoredMove& m : scored) {
      RankedMove r;
      r.move = m.move.move;
      r.after = m.move.after;
      r.probs = m.probs;
      r.cubeless_equity = m.cubeless_equity;
      r.cubeful_equity = m.cubeful_equity;
      r.score = m.score;
      r.context = setup.context;
      r.context.plies = std::max(m.plies, 0);
      out.push_back(r);
    }
    std::stable_sort(out.begin(), out.end(), ranks_before);
    if (after)
      for (size_t i = 0; i < out.size() && played < 0; ++i)
        if (out[i].after == *after) played = static_cast<int>(i);
    return out;
  }

  std::shared_ptr<const eval::NetSet> nets_;
  const eval::BearoffProvider* bearoff_;
  eval::ParallelSearch search_;
  const std::atomic<bool>* cancel_flag_ = nullptr;
  eval::CubeEfficiencySettings efficiency_;
};

// gnubg's Utility with the probabilities replaced by a sure loss of `level` (getResignEquities).
float resigned_utility(int level, const CubeInfo& ci) {
  Probabilities p;
  if (level > 1) p[Probabilities::kLoseGammon] = 1.0f;
  if (level > 2) p[Probabilities::kLoseBackgammon] = 1.0f;
  return eval::cubeless_utility(p, ci);
}

constexpr eval::EvalContext kQuick{0, false, false, true, 0.0f};  // gnubg's ecResign

}  // namespace

std::unique_ptr<Analyzer> make_analyzer(std::shared_ptr<const eval::NetSet> nets,
                                        const eval::BearoffProvider* bearoff) {
  return std::make_unique<SearchAnalyzer>(std::move(nets), bearoff);
}

namespace {
thread_local const eval::MatchEquityTable* thread_met = nullptr;
}  // namespace

void set_thread_met(const eval::MatchEquityTable* met) {
  thread_met = met;
}

CubeInfo cube_info_for(const Game& game, int player, bool beavers) {
  const auto& ms = game.match;
  if (ms.is_money())
    return eval::money_cube_info(ms.cube, ms.cube_owner, player, ms.jacoby, beavers);
  return eval::match_cube_info(ms.cube, ms.cube_owner, player, ms.match_length, ms.score,
                               ms.crawford,
                               thread_met ? *thread_met : eval::MatchEquityTable::kazaross_xg2());
}

std::optional<RankedMove> EnginePlayer::choose_move(const Game& game, const PlayerSettings& s) {
  std::vector<RankedMove> ranked = analyzer_.rank_moves(game, s.chequer);
  if (ranked.empty()) return std::nullopt;
  return ranked.front();
}

bool EnginePlayer::cube_decision(const Game& game, const PlayerSettings& s, bool beavers) {
  Game g = game;
  g.match.beavers = beavers ? 1 : 0;
  const CubeInfo ci = cube_info_for(g, g.match.on_roll, beavers);
  if (!eval::may_double(ci)) return false;
  // The market window: only at or beyond the dead-cube double point (cubeless, one ply less).
  eval::EvalContext window = s.cube;
  window.cubeful = false;
  if (window.plies) --window.plies;
  const Probabilities p = analyzer_.evaluate(g, window).probs;
  if (p.win() < eval::dead_cube_double_point(p, ci)) return false;
  const CubeAnalysis a = analyzer_.analyse_cube(g, s.cube);
  return eval::doubler_doubles(a.result.decision, s.cube.plies == 0, p.win());
}

TakeAction EnginePlayer::take_decision(const Game& game, const PlayerSettings& s, bool may_beaver) {
  using D = eval::CubeDecision;
  Game g = game;
  const auto& ms = game.match;
  g.match.beavers = ms.is_money() && ms.beavers > 0 ? 1 : 0;
  const bool beavered = ms.on_roll == ms.turn;  // the opponent beavered our double
  // A beaver or raccoon is analysed as a normal double by the player on roll.
  if ((ms.on_roll != ms.turn && ms.cube_owner == ms.turn) ||
      (ms.on_roll == ms.turn && ms.cube_owner != ms.on_roll))
    g.match.cube_owner = ms.on_roll;
  g.match.doubled = false;
  const CubeAnalysis a = analyzer_.analyse_cube(g, s.cube);
  const D d = a.result.decision;
  if (!beavered) return eval::taker_response(d, may_beaver);
  switch (d) {  // we doubled and were beavered
    case D::kNoDoubleTake:
    case D::kNoRedoubleTake:
      return a.result.equities.double_take <= -1.0f ? TakeAction::kPass : TakeAction::kTake;
    case D::kDoubleBeaver:
    case D::kNoDoubleBeaver:
    case D::kNoRedoubleBeaver:
    case D::kOptionalDoubleBeaver:
      return TakeAction::kTake;
    default:  // the beaver was a mistake: raccoon when allowed
      return may_beaver ? TakeAction::kBeaver : TakeAction::kTake;
  }
}

int EnginePlayer::resign_decision(const Game& game, bool beavers) {
  const auto& ms = game.match;
  if (eval::classify(game.board) > eval::PositionClass::kRace) return 0;
  const Probabilities p = analyzer_.evaluate(game, kQuick).probs;
  const CubeInfo ci = cube_info_for(game, ms.on_roll, beavers);
  const float play = eval::cubeless_utility(p, ci);
  const bool jacoby_single = ms.is_money() && ms.jacoby && ms.cube_owner == engine::kCubeCentred;
  // Resign only what is certain: the utility of playing on equals that of the sure loss.
  if (p.lose_backgammon() > 0.0f && resigned_utility(3, ci) == play) return jacoby_single ? 1 : 3;
  if (p.lose_gammon() > 0.0f && resigned_utility(2, ci) == play) return jacoby_single ? 1 : 2;
  return resigned_utility(1, ci) == play ? 1 : 0;
}

bool EnginePlayer::accept_resignation(const Game& game, bool beavers) {
  const auto& ms = game.match;
  const int resigner = 1 - ms.turn;
  Game g = game;
  if (ms.on_roll != resigner) {  // look at it from the resigning side
    g.board.swap_sides();
    g.match.on_roll = resigner;
    g.match.dice = {0, 0};
  }
  Probabilities p;
  if (g.match.dice_rolled()) {
    // The resigner has rolled: his value after the best play of the roll.
    const eval::EvalSetup setup{kQuick, eval::predefined_filters(eval::FilterName::kNormal)};
    std::vector<RankedMove> ranked = analyzer_.rank_moves(g, setup);
    if (!ranked.empty()) {
      p = ranked.front().probs;
    } else {
      Game opp = g;
      opp.board.swap_sides();
      opp.match.on_roll = 1 - resigner;
      opp.match.dice = {0, 0};
      p = analyzer_.evaluate(opp, kQuick).probs.inverted();
    }
  } else {
    p = analyzer_.evaluate(g, kQuick).probs;
  }
  const CubeInfo ci = cube_info_for(g, resigner, beavers);
  return resigned_utility(ms.resigned, ci) - eval::cubeless_utility(p, ci) < 1e-6f;
}

}  // namespace tavla::shell
