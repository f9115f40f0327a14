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

// Mean divergence and mean equity error of `nets` on `held` (FitEpoch): of the main nets, or of
// the pruning nets (on their 200 base inputs).
void measure(const std::array<TrainNet, eval::kNetCount>& nets,
             const std::vector<const Example*>& held, bool pruning, double& excess,
             double& equity_error) {
  excess = equity_error = 0;
  if (held.empty()) return;
  eval::SparseInputs x;
  double sum = 0, equity = 0;
  for (const Example* e : held) {
    if (pruning)
      eval::encode_base_sparse(e->board, x);
    else
      eval::encode_sparse(e->cls, e->board, x);
    const auto y =
        nets[static_cast<int>(pruning ? pruning_net_of(e->cls) : main_net_of(e->cls))].forward(x);
    sum += cross_entropy(y, e->target) - cross_entropy(e->target, e->target);
    equity += std::abs(money_equity(y) - money_equity(e->target));
  }
  excess = sum / static_cast<double>(held.size());
  equity_error = equity / static_cast<double>(held.size());
}

}  // namespace

float fit_rate(const FitSettings& s, int epoch) {
  if (s.rate_final <= 0 || s.epochs <= 1) return s.rate;
  const float f = static_cast<float>(epoch - 1) / static_cast<float>(s.epochs - 1);
  return s.rate + (s.rate_final - s.rate) * f;
}

std::vector<FitEpoch> fit_nets(eval::Weights& w, const std::vector<Example>& examples,
                               const FitSettings& s,
                               const std::function<void(const FitEpoch&)>& on_epoch,
                               const std::vector<Example>* check) {
  std::vector<const Example*> train, held, checked;
  for (size_t i = 0; i < examples.size(); ++i)
    (s.holdout_every > 0 && i % s.holdout_every == 0 ? held : train).push_back(&examples[i]);
  if (check)
    for (const Example& e : *check) checked.push_back(&e);
  const auto measure_all = [&](const std::array<TrainNet, eval::kNetCount>& nets, FitEpoch& fe) {
    measure(nets, held, s.pruning_only, fe.holdout_excess, fe.holdout_equity_error);
    measure(nets, checked, s.pruning_only, fe.check_excess, fe.check_equity_error);
  };
  // What picks the kept epoch: the check set's divergence when there is one, else the held-out.
  const bool by_equity = s.loss == Loss::kSquared;
  const auto score = [&](const FitEpoch& fe) {
    if (by_equity) return checked.empty() ? fe.holdout_equity_error : fe.check_equity_error;
    return checked.empty() ? fe.holdout_excess : fe.check_excess;
  };
  const bool judged = !checked.empty() || !held.empty();

  std::array<TrainNet, eval::kNetCount> nets;
  for (int i = 0; i < eval::kNetCount; ++i) nets[i].w = w.nets[i];
  if (s.fresh_hidden > 0) {
    std::array<bool, eval::kNetCount> present{};
    for (const Example& e : examples)
      present[static_cast<int>(s.pruning_only ? pruning_net_of(e.cls) : main_net_of(e.cls))] =
          true;
    std::mt19937_64 init(s.seed ^ 0x6672657368ULL);  // "fresh": not the shuffles' stream
    for (int i = 0; i < eval::kNetCount; ++i)
      if (present[i]) nets[i] = TrainNet::random(w.nets[i].inputs, s.fresh_hidden, init);
  }
  std::array<TrainNet, eval::kNetCount> best = nets;

  std::vector<FitEpoch> out;
  FitEpoch start;
  measure_all(nets, start);
  start.best = true;
  out.push_back(start);
  if (on_epoch) on_epoch(start);
  double best_excess = score(start);
  size_t best_index = 0;

  std::array<AdamState, eval::kNetCount> adam;
  float rate = s.rate;  // this epoch's (fit_rate)
  const auto learn = [&](int net, const eval::SparseInputs& in, const Example& e) {
    return s.adam ? nets[net].learn_adam(in, e.target, rate, adam[net], s.loss)
                  : nets[net].learn(in, e.target, rate, s.rate_hidden_scale, s.loss);
  };
  std::mt19937_64 rng(s.seed);
  eval::SparseInputs x;
  std::array<std::vector<float>, eval::kNetCount> grad;
  std::array<int, eval::kNetCount> pending{};
  const bool batched = s.adam && s.batch > 1;
  const auto learn_batched = [&](int net, const eval::SparseInputs& in, const Example& e) {
    const double l = nets[net].accumulate(in, e.target, s.loss, grad[net]);
    if (++pending[net] == s.batch) {
      nets[net].apply_adam(grad[net], pending[net], rate, adam[net]);
      pending[net] = 0;
    }
    return l;
  };
  for (int epoch = 1; epoch <= s.epochs; ++epoch) {
    rate = fit_rate(s, epoch);
    std::shuffle(train.begin(), train.end(), rng);
    double loss = 0;
    for (const Example* e : train) {
      if (!s.pruning_only) {
        eval::encode_sparse(e->cls, e->board, x);
        const int main_net = static_cast<int>(main_net_of(e->cls));
        loss += batched ? learn_batched(main_net, x, *e) : learn(main_net, x, *e);
      }
      eval::encode_base_sparse(e->board, x);
      const int prune_net = static_cast<int>(pruning_net_of(e->cls));
      const double l = batched ? learn_batched(prune_net, x, *e) : learn(prune_net, x, *e);
      if (s.pruning_only) loss += l;
    }
    for (int net = 0; net < eval::kNetCount; ++net)
      if (batched && pending[net] > 0) {
        nets[net].apply_adam(grad[net], pending[net], rate, adam[net]);
        pending[net] = 0;
      }
    FitEpoch fe;
    fe.epoch = epoch;
    fe.rate = rate;
    fe.train_loss = train.empty() ? 0 : loss / static_cast<double>(train.size());
    measure_all(nets, fe);
    // Without a held-out or check set every epoch counts as the best so far: the last one is
    // kept.
    if (!judged || score(fe) < best_excess) {
      best_excess = score(fe);
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
