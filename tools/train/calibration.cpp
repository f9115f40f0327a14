// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/calibration.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>
#include <utility>

#include "train/net_of.h"

namespace tavla::train {

eval::PositionClass net_class(int index) {
  static constexpr eval::PositionClass kClasses[kNetClasses] = {
      eval::PositionClass::kContact, eval::PositionClass::kRace, eval::PositionClass::kCrashed};
  return kClasses[index];
}

std::vector<Example> outcome_examples(eval::Evaluator& play, int games, uint64_t seed) {
  SelfPlaySettings s;
  s.lambda = 1.0f;
  s.exploration = 0.0f;
  std::mt19937_64 rng(seed);
  std::vector<Example> out;
  for (int g = 0; g < games; ++g) play_td_game(play, rng, s, out);
  return out;
}

namespace {

// The logit shift d with mean(sigmoid(logit(p_i) + d)) = target (Newton's method; the mean is
// increasing in d). Probabilities at 0 or 1 stay there and are left out.
double logit_shift(const std::vector<double>& logits, double target) {
  if (logits.empty()) return 0;
  double d = 0;
  for (int it = 0; it < 50; ++it) {
    double m = 0, slope = 0;
    for (double l : logits) {
      const double s = 1.0 / (1.0 + std::exp(-(l + d)));
      m += s;
      slope += s * (1 - s);
    }
    m /= static_cast<double>(logits.size());
    slope /= static_cast<double>(logits.size());
    const double step = (m - target) / std::max(slope, 1e-12);
    d -= std::clamp(step, -1.0, 1.0);
    if (std::abs(step) < 1e-9) break;
  }
  return d;
}

// The (scale, offset) maximising sum t_i log s_i + (1 - t_i) log(1 - s_i) with
// s_i = sigmoid(scale * l_i + offset): Newton's method on the two parameters (the log-likelihood
// is concave in them).
std::pair<double, double> platt_fit(const std::vector<double>& logits,
                                    const std::vector<double>& targets) {
  double a = 1, b = 0;
  if (logits.size() < 2) return {a, b};
  for (int it = 0; it < 100; ++it) {
    double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (size_t i = 0; i < logits.size(); ++i) {
      const double l = logits[i];
      const double s = 1.0 / (1.0 + std::exp(-(a * l + b)));
      const double r = targets[i] - s, w = s * (1 - s);
      ga += r * l;
      gb += r;
      haa += w * l * l;
      hab += w * l;
      hbb += w;
    }
    const double det = haa * hbb - hab * hab;
    if (!(det > 1e-12)) break;
    const double da = (hbb * ga - hab * gb) / det, db = (haa * gb - hab * ga) / det;
    a += std::clamp(da, -0.5, 0.5);
    b += std::clamp(db, -1.0, 1.0);
    if (std::abs(da) < 1e-10 && std::abs(db) < 1e-10) break;
  }
  return {a, b};
}

}  // namespace

std::array<OutputCalibration, kNetClasses> measure_calibration(
    eval::Evaluator& judge, const std::vector<Example>& examples) {
  std::array<OutputCalibration, kNetClasses> cal;
  std::array<std::array<std::vector<double>, 5>, kNetClasses> logits, targets;
  std::array<std::array<double, 5>, kNetClasses> open_sum{}, open_outcome{};
  for (const Example& e : examples) {
    int c = 0;
    while (c < kNetClasses && net_class(c) != e.cls) ++c;
    if (c == kNetClasses) continue;
    const eval::Probabilities p = judge.evaluate(e.board);
    OutputCalibration& oc = cal[c];
    ++oc.positions;
    auto& bin = oc.win_bins[std::clamp(static_cast<int>(p[0] * 10), 0, 9)];
    ++bin.positions;
    bin.predicted += p[0];
    bin.outcome += e.target[0];
    for (int k = 0; k < 5; ++k) {
      oc.predicted[k] += p[k];
      oc.outcome[k] += e.target[k];
      // Outputs the evaluator pins at 0 or 1 (impossible gammons) cannot move: their outcome is
      // taken out of the target the shift has to reach.
      if (p[k] > 0.0f && p[k] < 1.0f) {
        logits[c][k].push_back(std::log(p[k] / (1.0 - p[k])));
        targets[c][k].push_back(e.target[k]);
        open_sum[c][k] += p[k];
        open_outcome[c][k] += e.target[k];
      }
    }
  }
  for (int c = 0; c < kNetClasses; ++c) {
    OutputCalibration& oc = cal[c];
    if (oc.positions == 0) continue;
    for (int k = 0; k < 5; ++k) {
      oc.predicted[k] /= oc.positions;
      oc.outcome[k] /= oc.positions;
      const auto n = static_cast<double>(logits[c][k].size());
      if (n > 0)
        oc.shift[k] = logit_shift(logits[c][k], std::clamp(open_outcome[c][k] / n, 1e-6, 1 - 1e-6));
      std::tie(oc.scale[k], oc.offset[k]) = platt_fit(logits[c][k], targets[c][k]);
    }
    for (auto& bin : oc.win_bins)
      if (bin.positions) {
        bin.predicted /= bin.positions;
        bin.outcome /= bin.positions;
      }
  }
  return cal;
}

void apply_output_shifts(eval::Weights& w, const std::array<OutputCalibration, kNetClasses>& cal,
                         const std::array<bool, kNetClasses>& classes) {
  for (int c = 0; c < kNetClasses; ++c) {
    if (!classes[c] || cal[c].positions == 0) continue;
    eval::NetWeights& net = w.nets[static_cast<int>(main_net_of(net_class(c)))];
    for (int k = 0; k < 5; ++k)
      net.output_bias[k] += static_cast<float>(cal[c].shift[k] / net.beta_output);
  }
}

}  // namespace tavla::train

namespace tavla::train {

void apply_output_scales(eval::Weights& w, const std::array<OutputCalibration, kNetClasses>& cal,
                         const std::array<bool, kNetClasses>& classes,
                         const std::array<bool, 5>& outputs) {
  for (int c = 0; c < kNetClasses; ++c) {
    if (!classes[c] || cal[c].positions == 0) continue;
    eval::NetWeights& net = w.nets[static_cast<int>(main_net_of(net_class(c)))];
    for (int k = 0; k < 5; ++k) {
      if (!outputs[k]) continue;
      const auto a = static_cast<float>(cal[c].scale[k]);
      for (int j = 0; j < net.hidden; ++j) net.output_weights[size_t(k) * net.hidden + j] *= a;
      net.output_bias[k] =
          a * net.output_bias[k] + static_cast<float>(cal[c].offset[k] / net.beta_output);
    }
  }
}

}  // namespace tavla::train
