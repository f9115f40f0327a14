// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/pruning_replies.h"

#include <algorithm>
#include <bit>
#include <numeric>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "eval/position_class.h"
#include "eval/probabilities.h"

namespace tavla::train {

namespace {

// eval/search.cpp's rule (gnubg's MIN_PRUNE_MOVES = 5): plays kept by the pruning nets.
int pruning_keeps(int plays) { return 5 + std::bit_width(static_cast<unsigned>(plays)) - 1; }

int class_index(eval::PositionClass c) {
  for (int i = 0; i < kNetClasses; ++i)
    if (net_class(i) == c) return i;
  return -1;
}

}  // namespace

void for_each_pruned_roll(
    eval::Evaluator& ev, const engine::Board& root,
    const std::function<void(eval::PositionClass, std::span<const engine::Board>,
                             std::span<const eval::Probabilities>, int)>& f) {
  engine::MoveList list;
  std::vector<engine::Board> boards;
  std::vector<eval::Probabilities> main;
  for (const engine::Roll& r : engine::all_rolls()) {
    const int n = engine::generate_moves(root, r.d1, r.d2, list);
    if (n <= pruning_keeps(n)) continue;
    boards.resize(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) list[i].after.swapped_into(boards[static_cast<size_t>(i)]);
    const eval::PositionClass c = eval::classify(boards[0], ev.bearoff());
    bool same = eval::is_net_class(c);
    for (int i = 1; i < n && same; ++i) same = eval::classify(boards[i], ev.bearoff()) == c;
    if (!same) continue;
    main.resize(boards.size());
    ev.evaluate(boards, main);
    f(c, boards, main, r.d1 == r.d2 ? 1 : 2);
  }
}

std::vector<Example> pruning_examples(eval::Evaluator& ev, std::span<const engine::Board> roots,
                                      std::optional<eval::PositionClass> keep_class) {
  std::vector<Example> out;
  for (const engine::Board& root : roots)
    for_each_pruned_roll(ev, root,
                         [&](eval::PositionClass c, std::span<const engine::Board> boards,
                             std::span<const eval::Probabilities> main, int) {
                           if (keep_class && c != *keep_class) return;
                           for (size_t i = 0; i < boards.size(); ++i)
                             out.push_back(Example{boards[i], c, main[i]});
                         });
  return out;
}

std::array<PruningLoss, kNetClasses> pruning_loss(eval::Evaluator& ev,
                                                  std::span<const engine::Board> roots) {
  std::array<PruningLoss, kNetClasses> out{};
  std::array<double, kNetClasses> loss{}, missed{};
  std::vector<eval::Probabilities> pruned;
  std::vector<int> order;
  for (const engine::Board& root : roots)
    for_each_pruned_roll(
        ev, root,
        [&](eval::PositionClass c, std::span<const engine::Board> boards,
            std::span<const eval::Probabilities> main, int weight) {
          const int k = class_index(c);
          if (k < 0) return;
          const int n = static_cast<int>(boards.size());
          pruned.resize(boards.size());
          ev.evaluate_pruning(boards, pruned, c);
          // The boards are the opponent's: lower is better for the mover. The search keeps the
          // `keep` lowest pruning scores, ties in play order.
          order.resize(boards.size());
          std::iota(order.begin(), order.end(), 0);
          std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return eval::cubeless_money_equity(pruned[static_cast<size_t>(a)]) <
                   eval::cubeless_money_equity(pruned[static_cast<size_t>(b)]);
          });
          double best = 1e9, kept = 1e9;
          for (int i = 0; i < n; ++i)
            best = std::min(best, double{eval::cubeless_money_equity(main[static_cast<size_t>(i)])});
          for (int i = 0; i < pruning_keeps(n); ++i)
            kept = std::min(kept, double{eval::cubeless_money_equity(
                                      main[static_cast<size_t>(order[static_cast<size_t>(i)])])});
          out[static_cast<size_t>(k)].rolls += weight;
          loss[static_cast<size_t>(k)] += weight * (kept - best);
          missed[static_cast<size_t>(k)] += kept > best ? weight : 0;
        });
  for (int k = 0; k < kNetClasses; ++k) {
    PruningLoss& p = out[static_cast<size_t>(k)];
    if (p.rolls > 0) {
      p.mean_loss = loss[static_cast<size_t>(k)] / p.rolls;
      p.missed = missed[static_cast<size_t>(k)] / p.rolls;
    }
  }
  return out;
}

}  // namespace tavla::train
