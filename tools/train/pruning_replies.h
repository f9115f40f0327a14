// SPDX-License-Identifier: GPL-3.0-or-later
// What the pruning nets are for, as training data and as a measure.
//
// Inside a lookahead (eval/search.cpp, best_move_in_eval) the pruning net of the replies' class
// scores every legal play of a roll, from the opponent's side, and only the `keep` best
// (5 + floor(log2(plays)), gnubg's rule) go on to the main net, which picks one. A pruning net
// does its job when the main net's best play is among those it keeps; it never values a
// position anyone sees. So its natural targets are the main nets' 0-ply values of exactly those
// boards, every play of every roll (the bad ones included, which it must rank low), rather than
// the labels of the positions the main nets learn from (positions of good play, before a roll).
#pragma once

#include <array>
#include <functional>
#include <span>
#include <vector>

#include "engine/board.h"
#include "eval/evaluator.h"
#include "train/calibration.h"
#include "train/self_play.h"

namespace tavla::train {

// Calls `f` for each roll of `root` (side on roll = sides[1], before rolling) whose plays a
// search would pre-select with a pruning net: more plays than it keeps, every resulting board
// (swapped: the opponent on roll) of one net class. `boards` are those swapped boards, `main`
// their 0-ply evaluations by `ev` (the main nets, the race sides net and the databases as in
// play), `weight` the roll's probability in 36ths (1 for a double, 2 otherwise).
void for_each_pruned_roll(
    eval::Evaluator& ev, const engine::Board& root,
    const std::function<void(eval::PositionClass cls, std::span<const engine::Board> boards,
                             std::span<const eval::Probabilities> main, int weight)>& f);

// Training examples for the pruning nets: every board of every pruned roll of every root,
// labelled with the main nets' evaluation (for the side on roll). `keep_class`: only replies
// of this class (nullopt: all three).
std::vector<Example> pruning_examples(eval::Evaluator& ev, std::span<const engine::Board> roots,
                                      std::optional<eval::PositionClass> keep_class);

// How much the pruning nets' pre-selection costs, by the main nets' own values: per class of the
// replies (net_class order), over the pruned rolls of the roots weighted by their
// probabilities, the mean equity the mover loses (cubeless money, main net's view: its best play
// of all against its best play of those kept) and the share of rolls where the best was not kept.
struct PruningLoss {
  double rolls = 0;          // pruned rolls, weighted (a double counts 1, another roll 2)
  double mean_loss = 0;      // points per pruned roll
  double missed = 0;         // fraction of the pruned rolls
};
std::array<PruningLoss, kNetClasses> pruning_loss(eval::Evaluator& ev,
                                                  std::span<const engine::Board> roots);

}  // namespace tavla::train
