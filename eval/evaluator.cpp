// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/evaluator.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <new>
#include <utility>
#include <vector>

#include "eval/inputs.h"
#include "eval/net_kernels.h"
#include "eval/output_rules.h"
#include "eval/race_sides.h"

namespace tavla::eval {

using engine::Board;

namespace {

// Boards go through the nets in chunks of this many; it bounds the scratch memory.
constexpr int kChunk = 32;

// Floats aligned for the vector kernels, allocated once.
class AlignedFloats {
 public:
  explicit AlignedFloats(size_t n)
      : p_(static_cast<float*>(::operator new[](n * sizeof(float), std::align_val_t(64)))) {}
  ~AlignedFloats() { ::operator delete[](p_, std::align_val_t(64)); }
  AlignedFloats(const AlignedFloats&) = delete;
  AlignedFloats& operator=(const AlignedFloats&) = delete;
  float* get() const { return p_; }

 private:
  float* p_;
};

// Scratch group of a net class: race 0, crashed 1, contact 2; the stragglers net (crashed
// positions of its region, NetSet::stragglers()) has group 3.
int group_of(PositionClass c) {
  return static_cast<int>(c) - static_cast<int>(PositionClass::kRace);
}
constexpr int kStragglersGroup = 3;

// Whether a board of class c is valued by the stragglers net.
bool uses_stragglers(const NetSet& nets, PositionClass c, const Board& board) {
  return c == PositionClass::kCrashed && nets.stragglers() && in_stragglers_region(board);
}

}  // namespace

// The boards of one net class within a chunk, with their first-layer sums and outputs.
struct Evaluator::Scratch {
  struct Group {
    explicit Group(int hp) : hp(hp), sums(kChunk * hp), hidden(kChunk * hp) {}
    int hp;
    int count = 0;
    std::array<int, kChunk> board{};  // index within the chunk
    AlignedFloats sums, hidden;       // kChunk x hp
    std::array<float, kChunk * Probabilities::kCount> out{};
    SparseInputs inputs;
  };

  explicit Scratch(const NetSet& nets) {
    for (PositionClass c : {PositionClass::kRace, PositionClass::kCrashed, PositionClass::kContact})
      groups.push_back(std::make_unique<Group>(
          std::max(nets.main_net(c).padded_hidden(), nets.pruning_net(c).padded_hidden())));
    if (nets.stragglers())
      groups.push_back(std::make_unique<Group>(nets.stragglers()->padded_hidden()));
  }

  std::vector<std::unique_ptr<Group>> groups;  // race, crashed, contact[, stragglers]
  std::array<Board, kChunk> swapped{};
  SparseInputs single;
  SideRollsCache sides;  // races valued by sides (nets.race_sides())
};

Evaluator::Evaluator(std::shared_ptr<const NetSet> nets, const BearoffProvider* bearoff,
                     EvaluatorOptions options)
    : nets_(std::move(nets)),
      bearoff_(bearoff),
      options_(options),
      scratch_(std::make_unique<Scratch>(*nets_)) {}

Evaluator::~Evaluator() = default;
Evaluator::Evaluator(Evaluator&&) noexcept = default;
Evaluator& Evaluator::operator=(Evaluator&&) noexcept = default;

Probabilities Evaluator::evaluate_exact(const Board& board, PositionClass c) const {
  if (c == PositionClass::kOver) {
    if (bearoff_)  // a variant's own scoring (hypergammon: a gammon is 1, 2 or 3 chequers)
      if (auto pr = bearoff_->evaluate(board, c)) return *pr;
    return evaluate_game_over(board);
  }
  if (bearoff_)
    if (auto pr = bearoff_->evaluate(board, c)) return *pr;
  // A database position the provider cannot answer: it is a race, so the race net applies.
  return evaluate_reference(*nets_, board, nullptr, options_.hidden_reciprocal);
}

Probabilities Evaluator::by_sides(const Board& board) {
  const RaceSidesNet& net = *nets_->race_sides();
  // Copies: the second lookup may evict the first's slot.
  const SideRolls us = scratch_->sides.get(net, bearoff_, board.on_roll());
  const SideRolls& them = scratch_->sides.get(net, bearoff_, board.opponent());
  return race_from_sides(us, them);
}

void Evaluator::finish(const Board& board, PositionClass c, Probabilities& pr) const {
  if (c == PositionClass::kRace) race_backgammon_override(board, pr, bearoff_);
  sanity_check(board, pr, bearoff_);
}

Probabilities Evaluator::evaluate(const Board& board) {
  const PositionClass c = classify(board, bearoff_);
  if (!is_net_class(c)) return evaluate_exact(board, c);
  if (c == PositionClass::kRace && nets_->race_sides()) {
    Probabilities pr = by_sides(board);
    finish(board, c, pr);
    return pr;
  }
  const bool strag = uses_stragglers(*nets_, c, board);
  const Net& net = strag ? *nets_->stragglers() : nets_->main_net(c);
  Scratch::Group& g = *scratch_->groups[strag ? kStragglersGroup : group_of(c)];
  SparseInputs& in = scratch_->single;
  if (c == PositionClass::kRace) {
    encode_sparse(c, board, in);
    kernels::first_layer(net, in, g.sums.get());
  } else {
    kernels::first_layer_board(net, c, board, in, g.sums.get());
  }
  kernels::hidden_activation(g.sums.get(), g.hidden.get(), net.padded_hidden(), net.beta_hidden(),
                             options_.hidden_reciprocal);
  Probabilities pr;
  kernels::output_layer(net, g.hidden.get(), 1, pr.p.data());
  finish(board, c, pr);
  return pr;
}

void Evaluator::evaluate_chunk(const Board* boards, int n, Probabilities* out, Mode mode,
                               std::optional<PositionClass> known) {
  assert(n <= kChunk);
  for (auto& g : scratch_->groups) g->count = 0;
  for (int k = 0; k < n; ++k) {
    const PositionClass c = known ? *known : classify(boards[k], bearoff_);
    if (!is_net_class(c)) {
      out[k] = evaluate_exact(boards[k], c);
      continue;
    }
    if (mode == Mode::kMain && c == PositionClass::kRace && nets_->race_sides()) {
      out[k] = by_sides(boards[k]);
      finish(boards[k], c, out[k]);
      continue;
    }
    const bool strag = mode == Mode::kMain && uses_stragglers(*nets_, c, boards[k]);
    const Net& net = strag ? *nets_->stragglers()
                         : mode == Mode::kMain ? nets_->main_net(c) : nets_->pruning_net(c);
    Scratch::Group& g = *scratch_->groups[strag ? kStragglersGroup : group_of(c)];
    const int j = g.count++;
    g.board[j] = k;
    SparseInputs& cur = g.inputs;
    // Rows of the net's own width (the pruning nets' are narrower than g.hp), so that the
    // hidden layer of the whole group is one contiguous run for hidden_activation.
    float* sums = g.sums.get() + j * net.padded_hidden();
    if (mode == Mode::kMain && c == PositionClass::kRace) {
      encode_sparse(c, boards[k], cur);
      kernels::first_layer(net, cur, sums);
    } else if (mode == Mode::kMain) {
      kernels::first_layer_board(net, c, boards[k], cur, sums);
    } else {
      kernels::first_layer_base(net, boards[k], cur, sums);
    }
  }
  for (int gi = 0; gi < static_cast<int>(scratch_->groups.size()); ++gi) {
    Scratch::Group& g = *scratch_->groups[gi];
    if (!g.count) continue;
    const bool strag = gi == kStragglersGroup;
    const PositionClass c =
        strag ? PositionClass::kCrashed
            : static_cast<PositionClass>(gi + static_cast<int>(PositionClass::kRace));
    const Net& net = strag ? *nets_->stragglers()
                         : mode == Mode::kMain ? nets_->main_net(c) : nets_->pruning_net(c);
    // All rows in one call (they are contiguous, net.padded_hidden() apart): the independent
    // table lookups of several boards overlap (a pruning net's row alone is only two vectors).
    kernels::hidden_activation(g.sums.get(), g.hidden.get(), g.count * net.padded_hidden(),
                               net.beta_hidden(), options_.hidden_reciprocal);
    kernels::output_layer(net, g.hidden.get(), g.count, g.out.data());
    for (int j = 0; j < g.count; ++j) {
      const int k = g.board[j];
      Probabilities& pr = out[k];
      std::copy_n(g.out.data() + j * Probabilities::kCount, Probabilities::kCount, pr.p.data());
      finish(boards[k], c, pr);
    }
  }
}

void Evaluator::evaluate(std::span<const Board> boards, std::span<Probabilities> out) {
  assert(boards.size() == out.size());
  for (size_t off = 0; off < boards.size(); off += kChunk) {
    const int n = static_cast<int>(std::min<size_t>(kChunk, boards.size() - off));
    evaluate_chunk(boards.data() + off, n, out.data() + off, Mode::kMain);
  }
}

void Evaluator::evaluate(std::span<const Board> boards, std::span<Probabilities> out,
                         PositionClass c) {
  assert(boards.size() == out.size());
  for (size_t off = 0; off < boards.size(); off += kChunk) {
    const int n = static_cast<int>(std::min<size_t>(kChunk, boards.size() - off));
    evaluate_chunk(boards.data() + off, n, out.data() + off, Mode::kMain, c);
  }
}

void Evaluator::evaluate_after_moves(std::span<const Board> boards_after_move,
                                     std::span<Probabilities> out) {
  assert(boards_after_move.size() == out.size());
  for (size_t off = 0; off < boards_after_move.size(); off += kChunk) {
    const int n = static_cast<int>(std::min<size_t>(kChunk, boards_after_move.size() - off));
    for (int k = 0; k < n; ++k) scratch_->swapped[k] = boards_after_move[off + k].swapped();
    evaluate_chunk(scratch_->swapped.data(), n, out.data() + off, Mode::kMain);
    for (int k = 0; k < n; ++k) out[off + k] = out[off + k].inverted();
  }
}

void Evaluator::evaluate_pruning(std::span<const Board> boards, std::span<Probabilities> out) {
  assert(boards.size() == out.size());
  for (size_t off = 0; off < boards.size(); off += kChunk) {
    const int n = static_cast<int>(std::min<size_t>(kChunk, boards.size() - off));
    evaluate_chunk(boards.data() + off, n, out.data() + off, Mode::kPruning);
  }
}

void Evaluator::evaluate_pruning(std::span<const Board> boards, std::span<Probabilities> out,
                                 PositionClass c) {
  assert(boards.size() == out.size() && is_net_class(c));
  for (size_t off = 0; off < boards.size(); off += kChunk) {
    const int n = static_cast<int>(std::min<size_t>(kChunk, boards.size() - off));
    evaluate_chunk(boards.data() + off, n, out.data() + off, Mode::kPruning, c);
  }
}

namespace {

Probabilities reference_net(const NetSet& nets, const Board& board, PositionClass c,
                            const BearoffProvider* bearoff, Reciprocal mode, bool pruning) {
  float inputs[kMaxInputs];
  Probabilities pr;
  if (pruning) {
    encode_base(board, inputs);
    kernels::forward_reference(nets.pruning_net(c), inputs, pr.p.data(), mode);
  } else if (c == PositionClass::kRace && nets.race_sides()) {
    SideRolls us, them;
    side_rolls(*nets.race_sides(), bearoff, board.on_roll(), us);
    side_rolls(*nets.race_sides(), bearoff, board.opponent(), them);
    pr = race_from_sides(us, them);
  } else {
    encode_inputs(c, board, inputs);
    kernels::forward_reference(
        uses_stragglers(nets, c, board) ? *nets.stragglers() : nets.main_net(c), inputs,
        pr.p.data(), mode);
  }
  if (c == PositionClass::kRace) race_backgammon_override(board, pr, bearoff);
  sanity_check(board, pr, bearoff);
  return pr;
}

Probabilities reference_any(const NetSet& nets, const Board& board, const BearoffProvider* bearoff,
                            Reciprocal mode, bool pruning) {
  const PositionClass c = classify(board, bearoff);
  if (c == PositionClass::kOver) return evaluate_game_over(board);
  if (!is_net_class(c)) {
    if (bearoff)
      if (auto pr = bearoff->evaluate(board, c)) return *pr;
    return reference_net(nets, board, PositionClass::kRace, nullptr, mode, false);
  }
  return reference_net(nets, board, c, bearoff, mode, pruning);
}

}  // namespace

Probabilities evaluate_reference(const NetSet& nets, const Board& board,
                                 const BearoffProvider* bearoff, Reciprocal mode) {
  return reference_any(nets, board, bearoff, mode, false);
}

Probabilities evaluate_pruning_reference(const NetSet& nets, const Board& board,
                                         const BearoffProvider* bearoff, Reciprocal mode) {
  return reference_any(nets, board, bearoff, mode, true);
}

}  // namespace tavla::eval
