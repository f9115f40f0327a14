// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting nets to a fixed set of labelled positions (label_file.h): epochs of stochastic
// gradient over the set, each class's main net and its pruning net (as train_round does), with
// every `holdout_every`-th position kept aside to measure the fit on positions not trained on.
// The nets of the epoch with the lowest held-out divergence are kept (early stopping).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "eval/weights.h"
#include "train/self_play.h"
#include "train/train_net.h"

namespace tavla::train {

struct FitSettings {
  int epochs = 20;
  float rate = 0.01f;              // output layer's step; constant over the epochs
  float rate_hidden_scale = 100;   // as TrainSettings::rate_hidden_scale
  int holdout_every = 10;          // position i is held out when i % holdout_every == 0
  uint64_t seed = 1;               // the shuffles
  // The loss descended (train_net.h). With squared error the kept epoch is the one with the
  // lowest equity error (held-out, or the check set's), else the lowest divergence.
  Loss loss = Loss::kCrossEntropy;
  // Adam (train_net.h) instead of plain stochastic gradient: `rate` is then Adam's step size
  // (e.g. 0.0003) and rate_hidden_scale is not used.
  bool adam = false;
  int batch = 1;  // with adam: examples per step (1: a step per example, lazy)
  // When > 0, the step size falls linearly over the epochs from `rate` (the first epoch's) to
  // this (the last epoch's): long fits settle with small steps after large ones, in one run.
  float rate_final = 0;
  // When > 0, the main net of every class in the examples starts from small random weights with
  // this many hidden units (seeded by `seed`) instead of from `w`: fresh or wider nets. Their
  // pruning nets still start from `w` (with pruning_only: the pruning nets start fresh).
  int fresh_hidden = 0;
  // Only the pruning nets learn, and the measures are theirs; the main nets stay as in `w`. For
  // examples made for them (pruning_replies.h), which the main nets must not learn.
  bool pruning_only = false;
};

// The step size of epoch `epoch` (1..s.epochs) under s.rate and s.rate_final.
float fit_rate(const FitSettings& s, int epoch);

struct FitEpoch {
  int epoch = 0;                   // 0: before any training
  double train_loss = 0;           // mean cross-entropy over the epoch's training passes (nats)
  double holdout_excess = 0;       // held-out mean KL divergence from the labels (nats)
  // Held-out mean |cubeless money equity of the net - that of the label|, for the side on roll
  // (points per game): what the nets' choices of play see, where the divergence weighs rare
  // outcomes (gammons, backgammons near 0 or 1) heavily.
  double holdout_equity_error = 0;
  // The same two measures on the check set (fit_nets' `check`), when there is one.
  double check_excess = 0, check_equity_error = 0;
  float rate = 0;  // the epoch's step size (fit_rate); 0 for epoch 0
  bool best = false;
};

// Fits the nets of the examples' classes in `w`; returns one entry per epoch (and epoch 0).
// `on_epoch` (may be empty) is told each epoch as it ends. `check` (may be null or empty):
// positions measured after every epoch and never trained on, for when the training set mixes
// labels of different kinds (say database values and rollouts) and the fit is to be judged on
// one kind; with a check set the kept epoch is the one with the lowest check divergence.
std::vector<FitEpoch> fit_nets(eval::Weights& w, const std::vector<Example>& examples,
                               const FitSettings& s,
                               const std::function<void(const FitEpoch&)>& on_epoch,
                               const std::vector<Example>* check = nullptr);

}  // namespace tavla::train
