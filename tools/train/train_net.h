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

#include "eval/inputs.h"
#include "eval/probabilities.h"
#include "eval/weights.h"

namespace tavla::train {

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
  // cross-entropy before the step (nats, summed over the 5 outputs).
  double learn(const eval::SparseInputs& x, const eval::Probabilities& target, float rate,
               float hidden_scale = 1.0f);
};

// Cross-entropy of predictions `y` against targets `t`, summed over the 5 outputs, in nats; a
// clamp keeps it finite at saturated outputs.
double cross_entropy(const eval::Probabilities& y, const eval::Probabilities& t);

}  // namespace tavla::train
