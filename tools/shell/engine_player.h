// SPDX-License-Identifier: GPL-3.0-or-later
// The engine as a player and as an adviser: ranking moves, evaluating positions and cube
// decisions (Analyzer), and gnubg's computer-player policies on top of them (EnginePlayer:
// choose_move, cube_decision, take_decision, resign_decision, accept_resignation).
//
// Levels flow through unchanged: every call takes gnubg's evaluation settings (plies, cubeful,
// prune, move filters; eval/eval_settings.h has the predefined levels) and every answer says at
// which depth it was computed. make_analyzer() answers with eval::Search (n-ply, gnubg's
// filters, evaluation noise of the beginner..advanced levels) and eval/cube_decision.h; another
// Analyzer (rollouts, threads) can replace it without changing callers.
//
// Not thread-safe: an Analyzer owns a Search (one per thread).
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "engine/xgid.h"
#include "eval/bearoff_provider.h"
#include "eval/cube_decision.h"
#include "eval/cube_info.h"
#include "eval/cubeful.h"
#include "eval/eval_settings.h"
#include "eval/net_set.h"
#include "eval/probabilities.h"
#include "eval/search.h"

namespace tavla::shell {

// What an engine player (or `hint` / `eval`) uses: gnubg's evalsetups for chequer play (context
// and move filters) and for cube decisions. gnubg's default is world class for both.
struct PlayerSettings {
  eval::EvalSetup chequer = eval::level_setup(eval::Level::kWorldClass);
  eval::EvalContext cube = eval::level_setup(eval::Level::kWorldClass).context;
};

// One legal play, evaluated for the side that plays it.
struct RankedMove {
  engine::Move move;
  engine::Board after;        // seen from the mover, not swapped
  eval::Probabilities probs;  // cubeless, for the mover, with the opponent to roll
  float cubeless_equity = 0;  // gnubg's OUTPUT_EQUITY for the mover (rScore2)
  float cubeful_equity = 0;   // normalised cubeful equity for the mover (money: per unit cube)
  float score = 0;            // the sort key (gnubg's rScore): cubeful or cubeless
  eval::EvalContext context;  // as evaluated; context.plies is the depth actually used
};

// An evaluation of a position for the player on roll before rolling (one row of `eval`).
struct PositionEvaluation {
  eval::Probabilities probs;
  float cubeless_equity = 0;  // money: UtilityME; match: normalised utility
  float cubeful = 0;          // without a double now; money: equity per unit cube; match: MWC
  int plies = 0;
};

// A cube decision of the player on roll with what the analysis prints.
struct CubeAnalysis {
  eval::CubeAnalysis result;  // decision and the three normalised equities
  eval::Probabilities probs;  // cubeless, for the player on roll
  float cubeless_equity = 0;  // gnubg's UtilityME for the player on roll (OUTPUT_EQUITY)
  float cubeless_money = 0;   // money equity of the same probabilities ("Money:" in match play)
  eval::EvalContext context;  // as evaluated; context.plies is the depth actually used
  // The evaluations behind it (gnubg's aarOutput: [0] no double, [1] double, take; as
  // eval::Search::cube_evaluations), which a record keeps as its analysis.
  std::array<eval::Evaluation, 2> outputs{};
};

class Analyzer {
 public:
  virtual ~Analyzer() = default;

  // Every legal play of game.match.dice, best first (gnubg's FindnSaveBestMoves followed by
  // RefreshMoveList's ordering). Empty when no play is possible.
  virtual std::vector<RankedMove> rank_moves(const engine::Game& game,
                                             const eval::EvalSetup& setup) = 0;
  // The same, with the play that reaches `after` judged as gnubg's hint_move judges the human's
  // play for the tutor (FindnSaveBestMoves with its key: analysis::rank_played_move); `played`
  // receives its index in the result (-1: not a legal play of the roll).
  virtual std::vector<RankedMove> rank_moves_judging(const engine::Game& game,
                                                     const eval::EvalSetup& setup,
                                                     const engine::Board& after, int& played) = 0;
  // The position of the player on roll, before rolling, with the match state's cube.
  virtual PositionEvaluation evaluate(const engine::Game& game,
                                      const eval::EvalContext& context) = 0;
  // The cube decision of the player on roll (gnubg's GeneralCubeDecisionE + FindCubeDecision).
  virtual CubeAnalysis analyse_cube(const engine::Game& game, const eval::EvalContext& context) = 0;
  // The deepest evaluation this analyzer performs; deeper requests are answered at this depth.
  virtual int max_plies() const = 0;
  // While *flag is true, a computation in progress stops soon and returns meaningless results,
  // which the caller (who set the flag) discards. Null: never interrupted.
  virtual void set_cancel_flag(const std::atomic<bool>* flag) = 0;
  // gnubg's engine settings: calculation threads (results do not depend on them), evaluation
  // cache entries (rounded up to a power of two, at least 2; a new size empties the cache) and the
  // cube efficiencies of cubeful evaluations. set_engine returns false when the cache cannot be
  // allocated (the previous engine stays).
  virtual bool set_engine(int threads, size_t cache_entries) = 0;
  virtual void set_cube_efficiency(const eval::CubeEfficiencySettings& s) = 0;
};

// The analyzer on eval::ParallelSearch (one thread, gnubg's default cache) with the given nets
// (bearoff may be null: see eval/bearoff_provider.h; it must outlive the analyzer).
std::unique_ptr<Analyzer> make_analyzer(std::shared_ptr<const eval::NetSet> nets,
                                        const eval::BearoffProvider* bearoff = nullptr);

// The cube situation of a game for `player` (gnubg's SetCubeInfo from the match state), with
// beavers allowed as the shell's rules say.
// Match play uses the table given to set_thread_met on this thread (the shell's `set met'),
// else the built-in Kazaross-XG2 (gnubg's default).
eval::CubeInfo cube_info_for(const engine::Game& game, int player, bool beavers);
// The match equity table of cube_info_for on the calling thread (null: Kazaross-XG2); the table
// must outlive its use.
void set_thread_met(const eval::MatchEquityTable* met);

using eval::TakeAction;  // kTake, kPass, kBeaver

// gnubg's computer player (ComputerTurn in play.c), deciding with an Analyzer.
class EnginePlayer {
 public:
  explicit EnginePlayer(Analyzer& analyzer) : analyzer_(analyzer) {}

  // The play for the rolled dice; nullopt when no play is possible.
  std::optional<RankedMove> choose_move(const engine::Game& game, const PlayerSettings& s);
  // Whether the player on roll doubles now (before rolling): the market-window pre-filter at one
  // ply less, then the cube analysis; optional doubles only at 0 ply.
  bool cube_decision(const engine::Game& game, const PlayerSettings& s, bool beavers_allowed);
  // The answer of match().turn to a double (or to a beaver) offered by match().on_roll.
  // `may_beaver`: the rules allow another beaver/raccoon now.
  TakeAction take_decision(const engine::Game& game, const PlayerSettings& s, bool may_beaver);
  // Whether the player on roll resigns before acting, and what (1..3); 0 = play on. Considered
  // only for races and bearoffs, cubeless at 0 ply, as gnubg does.
  int resign_decision(const engine::Game& game, bool beavers_allowed);
  // Whether match().turn accepts the resignation of level match().resigned offered by the other
  // player.
  bool accept_resignation(const engine::Game& game, bool beavers_allowed);

 private:
  Analyzer& analyzer_;
};

}  // namespace tavla::shell
