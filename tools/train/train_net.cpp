// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/train_net.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "eval/sigmoid.h"

namespace tavla::train {

namespace {

constexpr float kBetaHidden = 0.1f;  // gnubg's betas, kept so that gnubg can load our nets
constexpr float kBetaOutput = 1.0f;
// Initial weight ranges. A contact position has ~50 nonzero inputs of size ~1: hidden sums of
// +-kInitHidden random terms have sd ~ kInitHidden * 4, i.e. ~0.3 after beta_hidden.
constexpr float kInitHidden = 0.8f;
constexpr float kInitOutput = 0.5f;
constexpr int kOutputs = eval::kNetOutputs;

}  // namespace

TrainNet TrainNet::random(int inputs, int hidden, std::mt19937_64& rng) {
  TrainNet n;
  eval::NetWeights& w = n.w;
  w.inputs = inputs;
  w.hidden = hidden;
  w.outputs = kOutputs;
  w.beta_hidden = kBetaHidden;
  w.beta_output = kBetaOutput;
  std::uniform_real_distribution<float> uh(-kInitHidden, kInitHidden);
  std::uniform_real_distribution<float> uo(-kInitOutput, kInitOutput);
  w.hidden_weights.resize(size_t(inputs) * hidden);
  for (float& x : w.hidden_weights) x = uh(rng);
  w.output_weights.resize(size_t(kOutputs) * hidden);
  for (float& x : w.output_weights) x = uo(rng);
  w.hidden_bias.assign(hidden, 0.0f);
  w.output_bias.assign(kOutputs, 0.0f);
  return n;
}

namespace {

// The forward pass, keeping the hidden activations for the backward pass.
eval::Probabilities forward_with_hidden(const eval::NetWeights& w, const eval::SparseInputs& x,
                                        float* h) {
  const int nh = w.hidden;
  float sums[eval::kMaxHidden];
  std::copy_n(w.hidden_bias.data(), nh, sums);
  for (int t = 0; t < x.count; ++t) {
    const float v = x.value[t];
    const float* row = w.hidden_weights.data() + size_t(x.index[t]) * nh;
    for (int j = 0; j < nh; ++j) sums[j] += row[j] * v;
  }
  for (int j = 0; j < nh; ++j)
    h[j] = eval::logistic_hidden(w.beta_hidden * sums[j], eval::Reciprocal::kTable);
  eval::Probabilities y;
  for (int k = 0; k < kOutputs; ++k) {
    const float* v = w.output_weights.data() + size_t(k) * nh;
    float z = w.output_bias[k];
    for (int j = 0; j < nh; ++j) z += v[j] * h[j];
    y[k] = eval::logistic_output(w.beta_output * z);
  }
  return y;
}

// The gradients of one example: the outputs y, the hidden activations h, d(loss)/d(output sum)
// per output (dz) and d(loss)/d(hidden sum) per hidden unit (dh), all before any weight moves.
struct Gradients {
  eval::Probabilities y;
  float h[eval::kMaxHidden];
  float dz[kOutputs];
  float dh[eval::kMaxHidden];
};

void backpropagate(const eval::NetWeights& w, const eval::SparseInputs& x,
                   const eval::Probabilities& target, Loss loss, Gradients& g) {
  const int nh = w.hidden;
  g.y = forward_with_hidden(w, x, g.h);
  for (int k = 0; k < kOutputs; ++k) {
    g.dz[k] = w.beta_output * (g.y[k] - target[k]);
    if (loss == Loss::kSquared) g.dz[k] *= g.y[k] * (1.0f - g.y[k]);
  }
  for (int j = 0; j < nh; ++j) {
    float sum = 0.0f;
    for (int k = 0; k < kOutputs; ++k) sum += g.dz[k] * w.output_weights[size_t(k) * nh + j];
    g.dh[j] = sum * w.beta_hidden * g.h[j] * (1.0f - g.h[j]);
  }
}

}  // namespace

namespace {

constexpr float kAdamBeta1 = 0.9f, kAdamBeta2 = 0.999f, kAdamEpsilon = 1e-8f;

// Counts one more Adam step and returns its size with the bias corrections folded in.
float adam_step_size(AdamState& st, float rate) {
  ++st.steps;
  const float c1 = 1.0f - std::pow(kAdamBeta1, static_cast<float>(st.steps));
  const float c2 = 1.0f - std::pow(kAdamBeta2, static_cast<float>(st.steps));
  return rate * std::sqrt(c2) / c1;
}

// One weight's Adam update with gradient g: its moments m and v move, then the weight.
inline void adam_update(float& weight, float& m, float& v, float g, float step) {
  m = kAdamBeta1 * m + (1.0f - kAdamBeta1) * g;
  v = kAdamBeta2 * v + (1.0f - kAdamBeta2) * g * g;
  weight -= step * m / (std::sqrt(v) + kAdamEpsilon);
}

}  // namespace

eval::Probabilities TrainNet::forward(const eval::SparseInputs& x) const {
  float h[eval::kMaxHidden];
  return forward_with_hidden(w, x, h);
}

double TrainNet::learn(const eval::SparseInputs& x, const eval::Probabilities& target,
                       float rate, float hidden_scale, Loss loss) {
  const int nh = w.hidden;
  Gradients g;
  backpropagate(w, x, target, loss, g);
  const float* h = g.h;
  const float* dz = g.dz;
  const float* dh = g.dh;
  for (int k = 0; k < kOutputs; ++k) {
    float* v = w.output_weights.data() + size_t(k) * nh;
    const float s = rate * dz[k];
    for (int j = 0; j < nh; ++j) v[j] -= s * h[j];
    w.output_bias[k] -= s;
  }
  const float rate_h = rate * hidden_scale;
  for (int j = 0; j < nh; ++j) w.hidden_bias[j] -= rate_h * dh[j];
  for (int t = 0; t < x.count; ++t) {
    const float s = rate_h * x.value[t];
    float* row = w.hidden_weights.data() + size_t(x.index[t]) * nh;
    for (int j = 0; j < nh; ++j) row[j] -= s * dh[j];
  }
  return cross_entropy(g.y, target);
}

double TrainNet::learn_adam(const eval::SparseInputs& x, const eval::Probabilities& target,
                            float rate, AdamState& st, Loss loss) {
  const int nh = w.hidden;
  const size_t n_hidden = w.hidden_weights.size(), n_output = w.output_weights.size();
  // Layout of st.m / st.v: hidden weights, hidden biases, output weights, output biases.
  const size_t at_hbias = n_hidden, at_out = at_hbias + nh, at_obias = at_out + n_output;
  if (st.m.size() != at_obias + kOutputs) {
    st.m.assign(at_obias + kOutputs, 0.0f);
    st.v.assign(at_obias + kOutputs, 0.0f);
    st.steps = 0;
  }
  const float step = adam_step_size(st, rate);
  auto update = [&](float& weight, size_t i, float g) {
    adam_update(weight, st.m[i], st.v[i], g, step);
  };

  Gradients g;
  backpropagate(w, x, target, loss, g);
  const float* h = g.h;
  const float* dz = g.dz;
  const float* dh = g.dh;
  for (int k = 0; k < kOutputs; ++k) {
    float* v = w.output_weights.data() + size_t(k) * nh;
    for (int j = 0; j < nh; ++j) update(v[j], at_out + size_t(k) * nh + j, dz[k] * h[j]);
    update(w.output_bias[k], at_obias + k, dz[k]);
  }
  for (int j = 0; j < nh; ++j) update(w.hidden_bias[j], at_hbias + j, dh[j]);
  for (int t = 0; t < x.count; ++t) {
    const size_t row = size_t(x.index[t]) * nh;
    float* r = w.hidden_weights.data() + row;
    for (int j = 0; j < nh; ++j) update(r[j], row + j, x.value[t] * dh[j]);
  }
  return cross_entropy(g.y, target);
}

double TrainNet::accumulate(const eval::SparseInputs& x, const eval::Probabilities& target,
                            Loss loss, std::vector<float>& grad) const {
  const int nh = w.hidden;
  const size_t n_hidden = w.hidden_weights.size(), n_output = w.output_weights.size();
  const size_t at_hbias = n_hidden, at_out = at_hbias + nh, at_obias = at_out + n_output;
  if (grad.size() != at_obias + kOutputs) grad.assign(at_obias + kOutputs, 0.0f);
  Gradients g;
  backpropagate(w, x, target, loss, g);
  for (int k = 0; k < kOutputs; ++k) {
    float* gv = grad.data() + at_out + size_t(k) * nh;
    for (int j = 0; j < nh; ++j) gv[j] += g.dz[k] * g.h[j];
    grad[at_obias + k] += g.dz[k];
  }
  for (int j = 0; j < nh; ++j) grad[at_hbias + j] += g.dh[j];
  for (int t = 0; t < x.count; ++t) {
    float* r = grad.data() + size_t(x.index[t]) * nh;
    const float v = x.value[t];
    for (int j = 0; j < nh; ++j) r[j] += v * g.dh[j];
  }
  return cross_entropy(g.y, target);
}

void TrainNet::apply_adam(std::vector<float>& grad, int count, float rate, AdamState& st) {
  const size_t n = grad.size();
  if (st.m.size() != n) {
    st.m.assign(n, 0.0f);
    st.v.assign(n, 0.0f);
    st.steps = 0;
  }
  const float step = adam_step_size(st, rate);
  const float inv = 1.0f / static_cast<float>(count);
  // The weights in AdamState's layout: hidden weights, hidden biases, output weights, biases.
  size_t i = 0;
  for (std::vector<float>* part :
       {&w.hidden_weights, &w.hidden_bias, &w.output_weights, &w.output_bias}) {
    for (float& weight : *part) {
      adam_update(weight, st.m[i], st.v[i], grad[i] * inv, step);
      grad[i++] = 0.0f;
    }
  }
}

double cross_entropy(const eval::Probabilities& y, const eval::Probabilities& t) {
  constexpr double kEps = 1e-7;
  double loss = 0.0;
  for (int k = 0; k < kOutputs; ++k) {
    const double p = std::clamp<double>(y[k], kEps, 1.0 - kEps);
    loss -= t[k] * std::log(p) + (1.0 - t[k]) * std::log(1.0 - p);
  }
  return loss;
}

}  // namespace tavla::train
