// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration of the nets' five outputs against what happens in play: self-play games at 0 ply
// (no exploration) give, for every position a net scores, its outcome (lambda = 1 returns: the
// result of the game, or the exact value where a database takes over). Per class, the mean of
// each output over the positions should equal the mean outcome; a net that says the side on
// roll wins 50.9% of positions it wins 50.2% of is biased, and cube decisions, which use
// absolute equities, pay for it. Chequer play, which compares plays of one side, mostly does not.
//
// fit_output_shifts() removes such a bias with one number per output: a shift of the output's
// logit (its bias in the weights file, so gnubg's formats still hold the nets), the
// maximum-likelihood shift for the outcomes (mean prediction after the shift = mean outcome).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "eval/evaluator.h"
#include "eval/weights.h"
#include "train/self_play.h"

namespace tavla::train {

// The classes with nets, in this order: contact, race, crashed.
inline constexpr int kNetClasses = 3;
eval::PositionClass net_class(int index);

struct OutputCalibration {
  int positions = 0;
  std::array<double, 5> predicted{};  // mean of the output over the positions
  std::array<double, 5> outcome{};    // mean outcome (lambda = 1 return)
  std::array<double, 5> shift{};      // logit shift that equalises them (fit_output_shifts)
  // The maximum-likelihood map logit -> scale * logit + offset (Platt scaling) for each output:
  // scale < 1 says the output is over-confident (too far from 1/2), > 1 under-confident.
  std::array<double, 5> scale{1, 1, 1, 1, 1};
  std::array<double, 5> offset{};
  // The winning chances' reliability: positions by their predicted win (tenths), each bin's
  // count, mean prediction and mean outcome.
  struct Bin {
    int positions = 0;
    double predicted = 0, outcome = 0;
  };
  std::array<Bin, 10> win_bins{};
};

// Positions with outcomes from `games` self-play games of `play` (0 ply, no exploration), with
// dice from `seed`.
std::vector<Example> outcome_examples(eval::Evaluator& play, int games, uint64_t seed);

// Per class (net_class order): `judge`'s mean outputs against the outcomes, and the logit shifts
// that would equalise them.
std::array<OutputCalibration, kNetClasses> measure_calibration(
    eval::Evaluator& judge, const std::vector<Example>& examples);

// Adds calibration[c].shift[k] / beta_output to output k's bias of class c's main net in `w`
// for the classes where `classes[c]` is set.
void apply_output_shifts(eval::Weights& w, const std::array<OutputCalibration, kNetClasses>& cal,
                         const std::array<bool, kNetClasses>& classes);

// Applies the Platt maps instead: output k of class c's main net gets its logit multiplied by
// scale[k] and offset[k] added (its hidden-to-output weights and bias scaled, the offset added
// to the bias / beta_output), for the classes where `classes[c]` is set and the outputs where
// `outputs[k]` is set.
void apply_output_scales(eval::Weights& w, const std::array<OutputCalibration, kNetClasses>& cal,
                         const std::array<bool, kNetClasses>& classes,
                         const std::array<bool, 5>& outputs);

}  // namespace tavla::train
