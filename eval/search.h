// SPDX-License-Identifier: GPL-3.0-or-later
// n-ply evaluation and move ranking with gnubg 1.07's semantics (eval.c: EvaluatePositionFull,
// EvaluatePositionCubeful3/4, FindBestMoveInEval, ScoreMoves, FindnSaveBestMoves,
// GeneralCubeDecisionE).
//
// An n-ply evaluation of a position averages, over the 21 rolls (doubles weight 1, others 2, out
// of 36), the (n-1)-ply evaluation of the position after the roller's best play chosen at 0 ply
// (with the pruning nets if the context prunes). Cubeful evaluations carry a set of cube
// positions down the tree; at every node the player on roll may double (no double vs double/take
// vs double/pass, gnubg's GetECF3), and at the leaves Janowski's conversion turns cubeless
// probabilities into cubeful equities.
//
// Points of view: Evaluation is always for the player on roll of the evaluated board
// (CubeInfo::on_roll); ScoredMove is for the player who made the move.
//
// Thread-compatible: one Search per thread (it owns an Evaluator and move lists; its cache may be
// shared with other threads' searches, EvalCache is thread-safe). Results do not depend on the
// cache or on how work is split between threads.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "eval/cube_info.h"
#include "eval/cubeful.h"
#include "eval/eval_cache.h"
#include "eval/eval_settings.h"
#include "eval/evaluator.h"
#include "eval/leaf_cache.h"

namespace tavla::eval {

// gnubg's arOutput[NUM_ROLLOUT_OUTPUTS] for one cube position.
struct Evaluation {
  Probabilities probs;         // for the player on roll
  float cubeless_equity = 0;   // gnubg's UtilityME: money equity, or normalised match equity
  float cubeful_equity = 0;    // money: per unit cube; match play: MWC of the player on roll
};

struct ScoredMove {
  engine::LegalMove move;
  Probabilities probs;         // for the mover, after the move
  float cubeless_equity = 0;   // for the mover
  float cubeful_equity = 0;    // for the mover; match play: normalised equity (gnubg's mwc2eq)
  int plies = -1;              // depth of the evaluation behind the scores
  float score = 0;             // primary score: cubeful equity if the context is cubeful
  float score2 = 0;            // secondary score: cubeless equity
};

inline ScoredMove unscored(const engine::LegalMove& m) {
  ScoredMove s;
  s.move = m;
  return s;
}

// A cube position tracked through a cubeful evaluation; nullopt where the cube is unavailable.
using CubePosition = std::optional<CubeInfo>;

class Search {
 public:
  explicit Search(std::shared_ptr<const NetSet> nets, const BearoffProvider* bearoff = nullptr,
                  size_t cache_entries = size_t{1} << 19);
  // A search that shares `cache` with others (the threads of a ParallelSearch).
  Search(std::shared_ptr<const NetSet> nets, const BearoffProvider* bearoff,
         std::shared_ptr<EvalCache> cache);
  ~Search();

  // gnubg's GeneralEvaluationE at `plies` (the context's own plies in the first form).
  Evaluation evaluate(const engine::Board& board, const CubeInfo& ci, const EvalContext& ec);
  Evaluation evaluate(const engine::Board& board, const CubeInfo& ci, const EvalContext& ec,
                      int plies);

  // All legal plays of (d1, d2), ranked best first (gnubg's FindnSaveBestMoves): moves are
  // scored ply by ply through the setup's filters; moves dropped early keep their lower-ply
  // scores and follow the survivors. Empty when no play is possible.
  std::vector<ScoredMove> rank_moves(const engine::Board& board, int d1, int d2, const CubeInfo& ci,
                                     const EvalSetup& setup);

  // The best play of (d1, d2) at 0 ply without noise (ec.plies == 0, ec.noise == 0): the board
  // after rank_moves' first move, without ranking the others. With `reply`, also the 0-ply
  // evaluation of the position after it for the opponent, equal to
  // evaluate(after.swapped(), opponent's CubeInfo, ec) but mostly reusing the play's own scoring.
  // No legal play: the board itself (and the reply evaluates it swapped).
  engine::Board best_play(const engine::Board& board, int d1, int d2, const CubeInfo& ci,
                          const EvalContext& ec, Evaluation* reply = nullptr);

  // Scores the given plays at `plies` (gnubg's ScoreMoves), in place.
  void score_moves(const engine::Board& board, std::span<ScoredMove> moves, const CubeInfo& ci,
                   const EvalContext& ec, int plies);

  // The evaluations behind a cube decision at the context's plies (gnubg's GeneralCubeDecisionE):
  // [0] "no double" (cube as in ci), [1] "double, take" (cube doubled, owned by the opponent),
  // both for ci.on_roll; money play: the double/take equity is per unit of the current cube.
  std::array<Evaluation, 2> cube_evaluations(const engine::Board& board, const CubeInfo& ci,
                                             const EvalContext& ec);

  Evaluator& evaluator() { return evaluator_; }
  EvalCache& cache() { return *cache_; }
  // Cache probes made by this search (not by others sharing its cache).
  uint64_t cache_lookups() const { return cache_lookups_; }
  // 0-ply evaluations inside lookaheads answered by this search's leaf cache (leaf_cache.h).
  uint64_t leaf_cache_hits() const { return leaf_cache_hits_; }

  // Cancellation (an interrupt from the user): while *flag is true, a call in progress stops at its
  // next check (every roll of a searched node, every move scored) and returns meaningless
  // numbers; cancelled() then says so until the next call. Nothing computed after the flag was
  // seen goes into the cache, so later calls are unaffected. Null (the default): never cancelled.
  void set_cancel_flag(const std::atomic<bool>* flag) { cancel_flag_ = flag; }
  // The cube efficiencies of the cubeful leaves (gnubg's `set cubeefficiency ...'; default
  // gnubg's). The cache keeps cubeful equities: clear it when they change (ParallelSearch does).
  void set_cube_efficiency(const CubeEfficiencySettings& s) { efficiency_ = s; }
  const CubeEfficiencySettings& cube_efficiency_settings() const { return efficiency_; }
  // Whether the last call (evaluate, rank_moves, score_moves, cube_evaluations, roll_child) was
  // cancelled.
  bool cancelled() const { return cancelled_; }

  // The pieces of one node of a cubeful evaluation, for callers that spread the 21 rolls over
  // threads (parallel_search.h). A node is internal when it is searched deeper rather than
  // evaluated statically; roll_child evaluates one roll's child for the child cube positions.
  bool is_internal_node(const engine::Board& board, const CubeInfo& mover, int plies) const;
  // roll_child in two steps, for callers that also spread the child's own rolls over threads:
  // the child's board (the roller's 0-ply play, swapped), then its evaluation at plies - 1 (with
  // `mover` the child's side on roll).
  engine::Board roll_board(const engine::Board& board, const CubeInfo& mover,
                           const EvalContext& ec, int plies, int d1, int d2);
  void evaluate_positions(const engine::Board& board, std::span<const CubePosition> positions,
                          const CubeInfo& mover, const EvalContext& ec, int plies,
                          Probabilities& probs, std::span<float> cubeful);
  void roll_child(const engine::Board& board, std::span<const CubePosition> child_positions,
                  const CubeInfo& mover, const EvalContext& ec, int plies, int d1, int d2,
                  Probabilities& probs, std::span<float> cubeful);

 private:
  Probabilities static_eval(const engine::Board& board, PositionClass pc, const EvalContext& ec);
  Probabilities eval_cubeless(const engine::Board& board, const CubeInfo& ci,
                              const EvalContext& ec, int plies);
  void eval_cubeful(const engine::Board& board, std::span<const CubePosition> positions,
                    const CubeInfo& mover, const EvalContext& ec, int plies, bool top,
                    Probabilities& probs, std::span<float> cubeful);
  void eval_cubeful_uncached(const engine::Board& board, std::span<const CubePosition> positions,
                             const CubeInfo& mover, const EvalContext& ec, int plies, bool top,
                             Probabilities& probs, std::span<float> cubeful);
  void cubeful_leaf(const engine::Board& board, PositionClass pc, const Probabilities& probs,
                    std::span<const CubePosition> positions, bool top, std::span<float> cubeful);
  // The roller's play of (d1, d2) chosen at 0 ply, as the board after it. When `leaf` is given
  // and the play was picked among 0-ply evaluations without noise, *leaf receives that evaluation
  // (of the board after the play, from the opponent's side: exactly what a static evaluation of
  // it returns) and true is returned through `have_leaf`.
  engine::Board best_move_in_eval(const engine::Board& board, int d1, int d2, const CubeInfo& ci,
                                  const EvalContext& ec, int depth,
                                  Probabilities* leaf = nullptr, bool* have_leaf = nullptr);
  // A leaf of a cubeful evaluation: probabilities (exact from the two-sided database where it
  // has them, else `known` if given, else a static evaluation) and the cubeful equities of the
  // tracked positions.
  void cubeful_static(const engine::Board& board, std::span<const CubePosition> positions,
                      const EvalContext& ec, bool top, const Probabilities* known,
                      Probabilities& probs, std::span<float> cubeful);
  engine::MoveList& list_at(int depth);
  // True once the cancel flag was seen set during the current call (one relaxed load).
  bool poll_cancel() {
    if (!cancelled_ && cancel_flag_ && cancel_flag_->load(std::memory_order_relaxed))
      cancelled_ = true;
    return cancelled_;
  }
  // Marks a public call: the outermost one clears cancelled_.
  class Call;

  Evaluator evaluator_;
  const BearoffProvider* bearoff_;
  std::shared_ptr<EvalCache> cache_;
  uint64_t cache_lookups_ = 0;
  uint64_t leaf_cache_hits_ = 0;
  std::vector<std::unique_ptr<engine::MoveList>> lists_;  // one per recursion depth
  // Scratch of best_move_in_eval and of 0-ply score_moves (neither recurses), kept to avoid
  // allocations in the search.
  std::vector<ScoredMove> candidates_;
  std::vector<engine::Board> prune_boards_, batch_boards_;
  std::vector<Probabilities> prune_probs_, batch_probs_;
  // Static evaluations of the 0-ply batches inside a lookahead (see leaf_cache.h), and a
  // batch's keys, slots and misses.
  LeafCache leaf_cache_;
  std::vector<size_t> batch_slots_;
  std::vector<BoardKey> batch_keys_;
  std::vector<uint32_t> batch_misses_;
  std::vector<engine::Board> miss_boards_;
  std::vector<Probabilities> miss_probs_;
  // The static evaluations of `boards` into `out` (sizes equal), through the leaf cache.
  // `known`: the class of every board, when the caller knows it (else each is classified).
  // `cached`: through the leaf cache (else straight to the evaluator).
  void evaluate_batch(std::span<const engine::Board> boards, std::span<Probabilities> out,
                      std::optional<PositionClass> known, bool cached);
  // score_moves with, at 0 ply, the class of every board after a move if the caller knows it
  // (best_move_in_eval classified them all for the pruning nets) and whether to use the leaf
  // cache: only inside a lookahead (best_move_in_eval), where the transpositions are; top-level
  // 0-ply scoring (rollouts' plays, a 0-ply ranking) rarely repeats a board.
  void score_moves_known(std::span<ScoredMove> moves, const CubeInfo& ci, const EvalContext& ec,
                         int plies, std::optional<PositionClass> known, bool cached);
  const std::atomic<bool>* cancel_flag_ = nullptr;
  CubeEfficiencySettings efficiency_;
  bool cancelled_ = false;
  int call_depth_ = 0;
};

// gnubg's FindnSaveBestMoves around a scoring function: all plays of (d1, d2), scored level by
// level through the setup's filters (score(moves, plies) scores the given moves at that depth),
// survivors first, best first.
std::vector<ScoredMove> rank_with_filters(
    const engine::Board& board, int d1, int d2, const EvalSetup& setup,
    const std::function<void(std::span<ScoredMove>, int)>& score);

// Fills a move's scores from the evaluation of the position after it (p: for the opponent, on
// roll there; cf: the opponent's cubeful equity, or MWC in match play), as score_moves does. `ci`
// is the mover's cube.
void set_move_scores(ScoredMove& m, const Probabilities& p, float cf, const CubeInfo& ci,
                     const EvalContext& ec, int plies);

// The cube positions of the children of a node (gnubg's MakeCubePos, handed to the opponent).
void child_cube_positions(std::span<const CubePosition> positions, bool top,
                          std::vector<CubePosition>& child_positions);
// Completes an internal node from the roll-weighted sums (doubles 1, other rolls 2) of its
// children's results, summed in roll order: back to the side on roll, then each tracked position's
// best of no double and double. `child_positions` is consumed.
void finish_internal_node(const CubeInfo& mover, std::span<const float> prob_sums,
                          std::span<const float> cubeful_sums,
                          std::vector<CubePosition>& child_positions, Probabilities& probs,
                          std::span<float> cubeful);

}  // namespace tavla::eval
