// SPDX-License-Identifier: GPL-3.0-or-later
// The 0-ply (static) evaluator: gnubg 1.07's EvaluatePosition without noise or cache.
//
// Per position: classify; a finished game is scored exactly, a database class is answered by the
// bearoff provider, a race/crashed/contact position by its net (inputs, forward pass, the race
// backgammon override for the race net, then the sanity check).
//
// Batches are the unit of work: evaluate() and evaluate_after_moves() take spans so that all
// candidate moves of a roll go through the nets together (sparse first layer with the
// accumulators in registers, the output layer row by row in gnubg's summation order). A batch
// gives exactly the single evaluations' results. (Incremental first layers, computing a board's
// hidden sums from the previous board's, were measured and dropped: no faster here, because the
// input encoding dominates, and not bit-exact, because the sums round differently.)
//
// Thread-compatible: a NetSet is immutable and shared; an Evaluator owns scratch buffers and must
// be used by one thread at a time (make one per thread). No heap allocation after construction.
#pragma once

#include <memory>
#include <optional>
#include <span>

#include "engine/board.h"
#include "eval/bearoff_provider.h"
#include "eval/net_set.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"
#include "eval/sigmoid.h"

namespace tavla::eval {

struct EvaluatorOptions {
  // The hidden layer's final division. gnubg 1.07 as shipped (SSE, -ffast-math) uses the
  // processor's approximate reciprocal; the default reproduces it as computed by the AMD
  // processors the fixtures come from, identically on every machine (see sigmoid.h).
  Reciprocal hidden_reciprocal = Reciprocal::kTable;
};

class Evaluator {
 public:
  // `bearoff` may be null (see bearoff_provider.h for what is lost); it must outlive the
  // evaluator.
  explicit Evaluator(std::shared_ptr<const NetSet> nets, const BearoffProvider* bearoff = nullptr,
                     EvaluatorOptions options = {});
  ~Evaluator();
  Evaluator(Evaluator&&) noexcept;
  Evaluator& operator=(Evaluator&&) noexcept;

  // 0-ply probabilities for the side on roll (board.sides[1]) before it rolls.
  Probabilities evaluate(const engine::Board& board);
  // The same for every board of a batch; out.size() must equal boards.size().
  void evaluate(std::span<const engine::Board> boards, std::span<Probabilities> out);
  // The same when the caller has classified the boards already: all are of class `c`.
  void evaluate(std::span<const engine::Board> boards, std::span<Probabilities> out,
                PositionClass c);

  // gnubg's 0-ply move scoring: each board is a position right after a move, still seen from the
  // mover's side (board.sides[1] = the side that just moved, not swapped). The result is for the
  // mover: the swapped position is evaluated and the probabilities inverted.
  void evaluate_after_moves(std::span<const engine::Board> boards_after_move,
                            std::span<Probabilities> out);

  // The pruning nets (n-ply move pre-selection): boards as for evaluate() (side on roll). A
  // race/crashed/contact board is scored by the pruning net of its class from the 200 base
  // inputs, then race override (race) and sanity check; other classes as evaluate() does.
  void evaluate_pruning(std::span<const engine::Board> boards, std::span<Probabilities> out);
  // The same when the caller has classified the boards already: all are of net class `c`.
  void evaluate_pruning(std::span<const engine::Board> boards, std::span<Probabilities> out,
                        PositionClass c);

  const NetSet& nets() const { return *nets_; }
  const BearoffProvider* bearoff() const { return bearoff_; }
  const EvaluatorOptions& options() const { return options_; }

 private:
  struct Scratch;
  enum class Mode { kMain, kPruning };
  // `known`: the class of every board, if the caller knows it (else each is classified).
  void evaluate_chunk(const engine::Board* boards, int n, Probabilities* out, Mode mode,
                      std::optional<PositionClass> known = std::nullopt);
  Probabilities evaluate_exact(const engine::Board& board, PositionClass c) const;
  void finish(const engine::Board& board, PositionClass c, Probabilities& pr) const;
  // A race valued by nets_->race_sides() (before finish()).
  Probabilities by_sides(const engine::Board& board);

  std::shared_ptr<const NetSet> nets_;
  const BearoffProvider* bearoff_;
  EvaluatorOptions options_;
  std::unique_ptr<Scratch> scratch_;
};

// The plain reference implementation of Evaluator::evaluate: dense inputs and scalar loops, one
// position at a time. Slow; for tests.
Probabilities evaluate_reference(const NetSet& nets, const engine::Board& board,
                                 const BearoffProvider* bearoff = nullptr,
                                 Reciprocal mode = Reciprocal::kTable);
Probabilities evaluate_pruning_reference(const NetSet& nets, const engine::Board& board,
                                         const BearoffProvider* bearoff = nullptr,
                                         Reciprocal mode = Reciprocal::kTable);

}  // namespace tavla::eval
