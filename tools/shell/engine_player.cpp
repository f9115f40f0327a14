#include "shell/engine_player.h"

#include <algorithm>

#include "engine/movegen.h"
#include "eval/cubeful.h"
#include "eval/evaluator.h"
#include "eval/match_equity.h"
#include "eval/position_class.h"

namespace tavla::shell {

using engine::Board;
using engine::Game;
using eval::CubeInfo;
using eval::Probabilities;

namespace {

// gnubg's CompareMovesGeneral: deeper evaluations first, then a move that wins at once, then the
// score (primary, then the cubeless equity), then more chequers borne off, then the move whose
// rearmost chequer is furthest forward.
bool ranks_before(const RankedMove& a, const RankedMove& b) {
  if (a.context.plies != b.context.plies) return a.context.plies > b.context.plies;
  const int back_a = a.after.back_checker(Board::kOnRoll);
  const int back_b = b.after.back_checker(Board::kOnRoll);
  if (back_a == -1) return true;
  if (back_b == -1) return false;
  if (a.score != b.score || a.cubeless_equity != b.cubeless_equity)
    return !(b.score > a.score || (b.score == a.score && b.cubeless_equity > a.cubeless_equity));
  const int left_a = a.after.checkers_on_board(Board::kOnRoll);
  const int left_b = b.after.checkers_on_board(Board::kOnRoll);
  if (left_a != left_b) return left_a < left_b;
  return back_a <= back_b;
}

class ZeroPlyAnalyzer final : public Analyzer {
 public:
  ZeroPlyAnalyzer(std::shared_ptr<const eval::NetSet> nets, const eval::BearoffProvider* bearoff)
      : evaluator_(std::move(nets), bearoff), bearoff_(bearoff) {}

  int max_plies() const override { return 0; }

  std::vector<RankedMove> rank_moves(const Game& game, const eval::EvalSetup& setup) override {
    std::vector<RankedMove> out;
    const auto& ms = game.match;
    if (ms.dice[0] < 1) return out;
    auto moves = std::make_unique<engine::MoveList>();
    const int n = engine::generate_moves(game.board, ms.dice[0], ms.dice[1], *moves);
    if (n == 0) return out;
    std::vector<Board> after(n);
    for (int i = 0; i < n; ++i) after[i] = (*moves)[i].after;
    std::vector<Probabilities> probs(n);
    evaluator_.evaluate_after_moves(after, probs);

    const CubeInfo ci = cube_info_for(game, ms.on_roll, ms.beavers > 0);
    const CubeInfo ci_opp = eval::with_on_roll(ci, 1 - ms.on_roll);
    eval::EvalContext used = setup.context;
    used.plies = std::min(used.plies, max_plies());
    out.resize(n);
    for (int i = 0; i < n; ++i) {
      RankedMove& m = out[i];
      m.move = (*moves)[i].move;
      m.after = after[i];
      m.probs = probs[i];
      m.context = used;
      const Probabilities opp = probs[i].inverted();
      m.cubeless_equity = -eval::cubeless_equity(opp, ci_opp);
      if (used.cubeful) {
        const Board seen_by_opp = after[i].swapped();
        const float x =
            eval::cube_efficiency(seen_by_opp, eval::classify(seen_by_opp, bearoff_));
        const float v = eval::cubeful_value(opp, ci_opp, x);
        m.cubeful_equity = ci.is_money() ? -v : eval::mwc_to_equity(1.0f - v, ci);
        m.score = m.cubeful_equity;
      } else {
        m.score = m.cubeless_equity;
      }
    }
    std::stable_sort(out.begin(), out.end(), ranks_before);
    return out;
  }

  PositionEvaluation evaluate(const Game& game, const eval::EvalContext& context) override {
    PositionEvaluation e;
    e.probs = evaluator_.evaluate(game.board);
    e.plies = std::min(context.plies, max_plies());
    const CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
    e.cubeless_equity = eval::cubeless_equity(e.probs, ci);
    e.cubeful = eval::cubeful_value(e.probs, ci, efficiency(game.board));
    return e;
  }

  CubeAnalysis analyse_cube(const Game& game, const eval::EvalContext& context) override {
    CubeAnalysis a;
    a.context = context;
    a.context.plies = std::min(context.plies, max_plies());
    a.probs = evaluator_.evaluate(game.board);
    const CubeInfo ci = cube_info_for(game, game.match.on_roll, game.match.beavers > 0);
    const CubeInfo dt = eval::after_double_take(ci);
    const float x = efficiency(game.board);
    a.cubeless_equity = eval::cubeless_equity(a.probs, ci);
    a.cubeless_money = eval::cubeless_money_equity(a.probs);
    float nd = eval::cubeful_value(a.probs, ci, x);
    float take = eval::cubeful_value(a.probs, dt, x);
    float pass = eval::double_pass_value(ci);
    if (ci.is_money()) {
      take *= 2.0f;  // per unit of the current cube
    } else {
      nd = eval::mwc_to_equity(nd, ci);
      take = eval::mwc_to_equity(take, ci);
      pass = eval::mwc_to_equity(pass, ci);
    }
    a.equities = {0.0f, nd, take, pass};
    a.decision = find_best_cube_decision(a.equities, a.probs, ci);
    return a;
  }

 private:
  float efficiency(const Board& board) const {
    return eval::cube_efficiency(board, eval::classify(board, bearoff_));
  }

  eval::Evaluator evaluator_;
  const eval::BearoffProvider* bearoff_;
};

// gnubg's Utility with the probabilities replaced by a sure loss of `level` (getResignEquities).
float resigned_utility(int level, const CubeInfo& ci) {
  Probabilities p;
  if (level > 1) p[Probabilities::kLoseGammon] = 1.0f;
  if (level > 2) p[Probabilities::kLoseBackgammon] = 1.0f;
  return eval::cubeless_utility(p, ci);
}

}  // namespace

std::unique_ptr<Analyzer> make_analyzer(std::shared_ptr<const eval::NetSet> nets,
                                        const eval::BearoffProvider* bearoff) {
  return std::make_unique<ZeroPlyAnalyzer>(std::move(nets), bearoff);
}

CubeInfo cube_info_for(const Game& game, int player, bool beavers) {
  const auto& ms = game.match;
  if (ms.is_money())
    return eval::money_cube_info(ms.cube, ms.cube_owner, player, ms.jacoby, beavers);
  return eval::match_cube_info(ms.cube, ms.cube_owner, player, ms.match_length, ms.score,
                               ms.crawford, eval::MatchEquityTable::kazaross_xg2());
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
  switch (a.decision) {
    case CubeDecision::kDoubleTake:
    case CubeDecision::kRedoubleTake:
    case CubeDecision::kDoublePass:
    case CubeDecision::kRedoublePass:
    case CubeDecision::kDoubleBeaver:
      return true;
    case CubeDecision::kOptionalDoubleBeaver:
    case CubeDecision::kOptionalDoubleTake:
    case CubeDecision::kOptionalRedoubleTake:
    case CubeDecision::kOptionalDoublePass:
    case CubeDecision::kOptionalRedoublePass:
      // Optional doubles are taken at 0 ply, unless about to lose the game.
      return s.cube.plies == 0 && p.win() > 0.001f;
    default:
      return false;
  }
}

TakeAction EnginePlayer::take_decision(const Game& game, const PlayerSettings& s,
                                       bool may_beaver) {
  using D = CubeDecision;
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
  if (beavered) {
    switch (a.decision) {
      case D::kNoDoubleTake:
      case D::kNoRedoubleTake:
        return a.equities[kTake] <= -1.0f ? TakeAction::kDrop : TakeAction::kTake;
      case D::kDoubleBeaver:
      case D::kNoDoubleBeaver:
      case D::kNoRedoubleBeaver:
      case D::kOptionalDoubleBeaver:
        return TakeAction::kTake;
      default:  // the beaver was a mistake: raccoon when allowed
        return may_beaver ? TakeAction::kBeaver : TakeAction::kTake;
    }
  }
  switch (a.decision) {
    case D::kDoublePass:
    case D::kTooGoodPass:
    case D::kRedoublePass:
    case D::kTooGoodRePass:
    case D::kOptionalDoublePass:
    case D::kOptionalRedoublePass:
      return TakeAction::kDrop;
    case D::kDoubleBeaver:
    case D::kNoDoubleBeaver:
    case D::kNoRedoubleBeaver:
    case D::kOptionalDoubleBeaver:
      return may_beaver ? TakeAction::kBeaver : TakeAction::kTake;
    default:
      return TakeAction::kTake;
  }
}

int EnginePlayer::resign_decision(const Game& game, bool beavers) {
  const auto& ms = game.match;
  if (eval::classify(game.board) > eval::PositionClass::kRace) return 0;
  eval::EvalContext quick{0, false, false, true, 0.0f};
  const Probabilities p = analyzer_.evaluate(game, quick).probs;
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
  const eval::EvalContext quick{0, false, false, true, 0.0f};
  Probabilities p;
  if (g.match.dice_rolled()) {
    // The resigner has rolled: value after his best play of the roll.
    eval::EvalSetup setup{quick, eval::predefined_filters(eval::FilterName::kNormal)};
    std::vector<RankedMove> ranked = analyzer_.rank_moves(g, setup);
    if (!ranked.empty()) {
      p = ranked.front().probs;
    } else {
      Game opp = g;
      opp.board.swap_sides();
      opp.match.on_roll = 1 - resigner;
      p = analyzer_.evaluate(opp, quick).probs.inverted();
    }
  } else {
    p = analyzer_.evaluate(g, quick).probs;
  }
  const CubeInfo ci = cube_info_for(g, resigner, beavers);
  const float before = eval::cubeless_utility(p, ci);
  const float after = resigned_utility(ms.resigned, ci);
  return after - before < 1e-6f;
}

}  // namespace tavla::shell
