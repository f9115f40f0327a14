// SPDX-License-Identifier: GPL-3.0-or-later
// The pruning nets' own examples and measure (tools/train/pruning_replies.h): exactly the rolls
// a search pre-selects, every play's board from the opponent's side with the main nets' values;
// fitting the pruning nets alone to them leaves the main nets as they were and makes the
// pre-selection lose less of the main nets' best plays.
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "eval/evaluator.h"
#include "eval/net_set.h"
#include "eval/position_class.h"
#include "train/fit.h"
#include "train/pruning_replies.h"
#include "train/trainer.h"

namespace tavla::train {
namespace {

// Positions before the roll from self-play of random nets (every class turns up).
std::vector<engine::Board> roots_of_self_play(eval::Evaluator& ev, int games) {
  std::vector<engine::Board> out;
  for (int g = 0; g < games; ++g) {
    std::mt19937_64 rng(static_cast<uint64_t>(g) + 5);
    std::vector<Example> ex;
    play_td_game(ev, rng, SelfPlaySettings{}, ex);
    for (size_t i = 0; i < ex.size(); i += 3) out.push_back(ex[i].board);
  }
  return out;
}

TEST(PruningReplies, ExactlyTheRollsASearchPrunesWithEveryPlayFromTheOpponentsSide) {
  TrainSettings s;
  s.seed = 31;
  auto nets = eval::NetSet::create(random_weights(s));
  ASSERT_TRUE(nets);
  eval::Evaluator ev(nets.value());
  const auto roots = roots_of_self_play(ev, 3);
  ASSERT_GT(roots.size(), 20u);
  engine::MoveList list;
  int pruned = 0, skipped = 0;
  for (const engine::Board& root : roots) {
    std::vector<std::pair<int, int>> seen;  // (d1, d2) of the rolls reported
    for_each_pruned_roll(ev, root,
                         [&](eval::PositionClass c, std::span<const engine::Board> boards,
                             std::span<const eval::Probabilities> main, int weight) {
                           // Which roll: the one whose plays give these boards.
                           bool found = false;
                           for (const engine::Roll& r : engine::all_rolls()) {
                             const int n = engine::generate_moves(root, r.d1, r.d2, list);
                             if (n != static_cast<int>(boards.size())) continue;
                             bool same = true;
                             for (int i = 0; i < n && same; ++i)
                               same = list[i].after.swapped() == boards[static_cast<size_t>(i)];
                             if (!same) continue;
                             found = true;
                             seen.emplace_back(r.d1, r.d2);
                             EXPECT_EQ(weight, r.d1 == r.d2 ? 1 : 2);
                             break;
                           }
                           EXPECT_TRUE(found);
                           EXPECT_TRUE(eval::is_net_class(c));
                           for (size_t i = 0; i < boards.size(); ++i) {
                             EXPECT_EQ(eval::classify(boards[i]), c);
                             const eval::Probabilities p = ev.evaluate(boards[i]);
                             EXPECT_EQ(p, main[i]);
                           }
                         });
    // Every roll not reported has few plays or plays of mixed or database classes.
    for (const engine::Roll& r : engine::all_rolls()) {
      const int n = engine::generate_moves(root, r.d1, r.d2, list);
      bool reported = false;
      for (auto [a, b] : seen) reported |= a == r.d1 && b == r.d2;
      const int keep = 5 + std::bit_width(static_cast<unsigned>(n)) - 1;
      bool one_class = n > 0;
      const eval::PositionClass c0 = n > 0 ? eval::classify(list[0].after.swapped())
                                           : eval::PositionClass::kOver;
      for (int i = 0; i < n && one_class; ++i)
        one_class = eval::classify(list[i].after.swapped()) == c0;
      EXPECT_EQ(reported, n > keep && one_class && eval::is_net_class(c0))
          << r.d1 << r.d2 << " with " << n << " plays";
      (reported ? pruned : skipped) += 1;
    }
  }
  EXPECT_GT(pruned, 50);
  EXPECT_GT(skipped, 0);
}

TEST(PruningReplies, FittingOnlyThePruningNetsKeepsTheMainNetsAndLosesLess) {
  TrainSettings s;
  s.seed = 32;
  const eval::Weights start = random_weights(s);
  auto nets = eval::NetSet::create(start);
  ASSERT_TRUE(nets);
  eval::Evaluator ev(nets.value());
  const auto roots = roots_of_self_play(ev, 4);
  const std::vector<Example> data = pruning_examples(ev, roots, eval::PositionClass::kContact);
  ASSERT_GT(data.size(), 1000u);
  for (const Example& e : data) ASSERT_EQ(e.cls, eval::PositionClass::kContact);
  const auto before = pruning_loss(ev, roots);
  const PruningLoss& contact = before[0];  // net_class(0) is contact
  ASSERT_EQ(net_class(0), eval::PositionClass::kContact);
  ASSERT_GT(contact.rolls, 100);
  EXPECT_GT(contact.mean_loss, 0.0);  // random pruning nets miss the random main nets' choices
  EXPECT_LE(contact.missed, 1.0);

  eval::Weights w = start;
  FitSettings fs;
  fs.pruning_only = true;
  fs.epochs = 4;
  fs.adam = true;
  fs.batch = 16;
  fs.rate = 0.003f;
  const auto epochs = fit_nets(w, data, fs, {});
  double kept = 0;
  for (const auto& e : epochs)
    if (e.best) kept = e.holdout_equity_error;
  EXPECT_LT(kept, epochs[0].holdout_equity_error);  // the pruning nets' own error, measured
  for (eval::NetId id : {eval::NetId::kContact, eval::NetId::kCrashed, eval::NetId::kRace}) {
    EXPECT_EQ(w.net(id).hidden_weights, start.net(id).hidden_weights);
    EXPECT_EQ(w.net(id).output_weights, start.net(id).output_weights);
  }
  EXPECT_NE(w.net(eval::NetId::kPruneContact).hidden_weights,
            start.net(eval::NetId::kPruneContact).hidden_weights);
  auto fitted = eval::NetSet::create(w);
  ASSERT_TRUE(fitted);
  eval::Evaluator after(fitted.value());
  const auto now = pruning_loss(after, roots);
  EXPECT_EQ(now[0].rolls, contact.rolls);  // the same rolls: the main nets did not change
  EXPECT_LT(now[0].mean_loss, 0.7 * contact.mean_loss) << contact.mean_loss;
  EXPECT_LT(now[0].missed, contact.missed);
}

}  // namespace
}  // namespace tavla::train
