// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "eval/inputs.h"
#include "train/net_of.h"
#include "train/train_net.h"

namespace tavla::train {

namespace {

using eval::NetId;
using eval::PositionClass;

// Cubeless money equity of five outputs (win, win gammon, win backgammon, lose gammon, lose
// backgammon; cumulative as gnubg's), for the side they belong to.
template <typename P>
double money_equity(const P& p) {
  return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4];
}

// The held-out measures of `nets`: mean divergence and mean equity error (FitEpoch).
void measure_holdout(const std::array<TrainNet, eval::kNetCount>& nets,
                     const std::vector<const Example*>& held, FitEpoch& out) {
  out.holdout_excess = out.holdout_equity_error = 0;
  if (held.empty()) return;
  eval::SparseInputs x;
  double sum = 0, equity = 0;
  for (const Example* e : held) {
    eval::encode_sparse(e->cls, e->board, x);
    const auto y = nets[static_cast<int>(main_net_of(e->cls))].forward(x);
    sum += cross_entropy(y, e->target) - cross_entropy(e->target, e->target);
    equity += std::abs(money_equity(y) - money_equity(e->target));
  }
  out.holdout_excess = sum / static_cast<double>(held.size());
  out.holdout_equity_error = equity / static_cast<double>(held.size());
}

}  // namespace

std::vector<FitEpoch> fit_nets(eval::Weights& w, const std::vector<Example>& examples,
                               const FitSettings& s,
                               const std::function<void(const FitEpoch&)>& on_epoch) {
  std::vector<const Example*> train, held;
  for (size_t i = 0; i < examples.size(); ++i)
    (s.holdout_every > 0 && i % s.holdout_every == 0 ? held : train).push_back(&examples[i]);

  std::array<TrainNet, eval::kNetCount> nets;
  for (int i = 0; i < eval::kNetCount; ++i) nets[i].w = w.nets[i];
  std::array<TrainNet, eval::kNetCount> best = nets;

  std::vector<FitEpoch> out;
  FitEpoch start;
  measure_holdout(nets, held, start);
  start.best = true;
  out.push_back(start);
  if (on_epoch) on_epoch(start);
  double best_excess = start.holdout_excess;
  size_t best_index = 0;

  std::mt19937_64 rng(s.seed);
  eval::SparseInputs x;
  for (int epoch = 1; epoch <= s.epochs; ++epoch) {
    std::shuffle(train.begin(), train.end(), rng);
    double loss = 0;
    for (const Example* e : train) {
      eval::encode_sparse(e->cls, e->board, x);
      loss += nets[static_cast<int>(main_net_of(e->cls))].learn(x, e->target, s.rate,
                                                             s.rate_hidden_scale);
      eval::encode_base_sparse(e->board, x);
      nets[static_cast<int>(pruning_net_of(e->cls))].learn(x, e->target, s.rate, s.rate_hidden_scale);
    }
    FitEpoch fe;
    fe.epoch = epoch;
    fe.train_loss = train.empty() ? 0 : loss / static_cast<double>(train.size());
    measure_holdout(nets, held, fe);
    // Without a held-out set every epoch counts as the best so far: the last one is kept.
    if (held.empty() || fe.holdout_excess < best_excess) {
      best_excess = fe.holdout_excess;
      best = nets;
      best_index = out.size();
    }
    out.push_back(fe);
    if (on_epoch) on_epoch(fe);
  }
  for (auto& e : out) e.best = false;
  out[best_index].best = true;
  for (int i = 0; i < eval::kNetCount; ++i) w.nets[i] = std::move(best[i].w);
  return out;
}

}  // namespace tavla::train
