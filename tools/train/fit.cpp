// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/fit.h"

#include <algorithm>
#include <array>
#include <random>

#include "eval/inputs.h"
#include "train/net_of.h"
#include "train/train_net.h"

namespace tavla::train {

namespace {

using eval::NetId;
using eval::PositionClass;

double holdout_excess(const std::array<TrainNet, eval::kNetCount>& nets,
                      const std::vector<const Example*>& held) {
  if (held.empty()) return 0;
  eval::SparseInputs x;
  double sum = 0;
  for (const Example* e : held) {
    eval::encode_sparse(e->cls, e->board, x);
    const auto y = nets[static_cast<int>(main_net_of(e->cls))].forward(x);
    sum += cross_entropy(y, e->target) - cross_entropy(e->target, e->target);
  }
  return sum / static_cast<double>(held.size());
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
  start.holdout_excess = holdout_excess(nets, held);
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
    fe.holdout_excess = holdout_excess(nets, held);
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
