// SPDX-License-Identifier: GPL-3.0-or-later
// One gnubg-architecture net being trained: inputs -> sigmoid hidden layer -> 5 sigmoid outputs,
// with gnubg's betas (hidden units see beta_hidden * (W x + b), outputs beta_output * (V h + c)).
//
// The forward pass uses the evaluator's own sigmoid approximations (eval/sigmoid.h), so a net
// trained here behaves the same when the evaluator loads it from a weights file. Gradients are
// those of the cross-entropy between each output and its target probability: for a logistic
// output y = s(beta z) that is simply beta (y - t) per unit of z, which keeps learning alive where
// squared error saturates.
//
// Inputs are sparse (eval::SparseInputs): a first-layer update touches only the rows of the
// nonzero inputs, typically 40-80 of 250.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "eval/inputs.h"
#include "eval/probabilities.h"
#include "eval/weights.h"

namespace tavla::train {

// What a step descends. Cross-entropy weighs an output's error by 1 / (p (1 - p)) at its
// optimum, so a net of limited size spends its capacity on the rare outcomes (gammons and
// backgammons near 0) and keeps coarser win chances; squared error (gnubg's training: the
// gradient (y - t) y (1 - y) per output) weighs every output's error alike, as an equity does.
enum class Loss { kCrossEntropy, kSquared };

// Adam's moment estimates for every weight of one net (Kingma and Ba's optimiser: each weight's
// step is its gradient's running mean over the running root mean square, so the step size no
// longer depends on the gradient's scale, which gnubg's betas make 100 times smaller for the
// hidden layer). Rows of the first layer are updated only when their input is nonzero ("lazy"
// Adam, as sparse embeddings are trained).
struct AdamState {
  std::vector<float> m, v;  // one pair per weight, in NetWeights order (see adam_index)
  int64_t steps = 0;
};

struct TrainNet {
  eval::NetWeights w;  // the layout of eval's weights files (see eval/weights.h)

  // Small random weights (uniform, scaled so that a typical position's hidden sums are O(1)
  // after beta_hidden) and gnubg's betas 0.1 and 1.
  static TrainNet random(int inputs, int hidden, std::mt19937_64& rng);
  static TrainNet from(const eval::NetWeights& w) { return TrainNet{w}; }

  // Outputs for the side on roll (before any output rule).
  eval::Probabilities forward(const eval::SparseInputs& x) const;

  // One stochastic-gradient step towards `target` (probabilities in [0, 1]) with step size
  // `rate` for the output layer and `rate * hidden_scale` for the hidden layer. Returns the
  // cross-entropy before the step (nats, summed over the 5 outputs), whatever the loss.
  double learn(const eval::SparseInputs& x, const eval::Probabilities& target, float rate,
               float hidden_scale = 1.0f, Loss loss = Loss::kCrossEntropy);

  // The same step by Adam (beta1 0.9, beta2 0.999, epsilon 1e-8) with step size `rate`;
  // `state` starts empty and is sized on first use.
  double learn_adam(const eval::SparseInputs& x, const eval::Probabilities& target, float rate,
                    AdamState& state, Loss loss = Loss::kCrossEntropy);

  // Mini-batches: add one example's gradient to `grad` (sized on first use, layout as
  // AdamState), then apply the mean of `count` examples' gradients with one Adam step over
  // every weight and clear `grad`.
  double accumulate(const eval::SparseInputs& x, const eval::Probabilities& target, Loss loss,
                    std::vector<float>& grad) const;
  void apply_adam(std::vector<float>& grad, int count, float rate, AdamState& state);
};

// Cross-entropy of predictions `y` against targets `t`, summed over the 5 outputs, in nats; a
// clamp keeps it finite at saturated outputs.
double cross_entropy(const eval::Probabilities& y, const eval::Probabilities& t);

}  // namespace tavla::train
