// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/race_sides_net.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

namespace tavla::eval {

namespace {

constexpr const char* kMagic = "tavla-race-sides-net";
constexpr int kFormat = 1;

// e^x for every x[i] in place, |relative error| < 2e-6 for x in [-87, 87] (clamped there): 2^t
// split into 2^floor(t), built in the exponent bits, and 2^frac(t) by its Taylor series to the
// seventh power (the first term left out is (ln 2)^8 / 8! = 1.3e-6).
// Branch-free over arrays, so the compiler vectorises it (std::exp calls do not); a race needs
// about 500 of these per side.
void exp_in_place(float* x, int n) {
  for (int i = 0; i < n; ++i) {
    float t = std::min(std::max(x[i], -87.0f), 87.0f) * 1.44269504089f;  // log2(e)
    const float fl = std::floor(t);
    const float f = t - fl;
    float p = 1.5252733804e-5f;
    p = p * f + 1.5403530393e-4f;
    p = p * f + 1.3333558146e-3f;
    p = p * f + 9.6181291076e-3f;
    p = p * f + 5.5504108665e-2f;
    p = p * f + 2.4022650696e-1f;
    p = p * f + 6.9314718056e-1f;
    p = p * f + 1.0f;
    const int32_t bits = (static_cast<int32_t>(fl) + 127) << 23;
    float scale;
    std::memcpy(&scale, &bits, sizeof scale);
    x[i] = p * scale;
  }
}

// Softmax of n logits into out.
void softmax(const float* z, int n, float* out) {
  float m = z[0];
  for (int i = 1; i < n; ++i) m = std::max(m, z[i]);
  for (int i = 0; i < n; ++i) out[i] = z[i] - m;
  exp_in_place(out, n);
  float s = 0;
  for (int i = 0; i < n; ++i) s += out[i];
  const float inv = 1.0f / s;
  for (int i = 0; i < n; ++i) out[i] *= inv;
}

}  // namespace

RaceSidesNet::RaceSidesNet(int hidden, uint64_t seed)
    : w1(static_cast<size_t>(kInputs) * hidden),
      b1(hidden),
      w2(static_cast<size_t>(kOutputs) * hidden),
      b2(kOutputs),
      hidden_(hidden) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> n1(0.0f, 1.0f / std::sqrt(static_cast<float>(kInputs) / 4));
  std::normal_distribution<float> n2(0.0f, 1.0f / std::sqrt(static_cast<float>(hidden)));
  for (float& w : w1) w = n1(rng);
  for (float& w : w2) w = n2(rng);
  b2[kMeanOff] = b2[kMeanGammon] = 1.0f;  // about 10 rolls
  refresh();
}

void RaceSidesNet::refresh() {
  w2_by_unit_.resize(w2.size());
  for (int k = 0; k < kOutputs; ++k)
    for (int j = 0; j < hidden_; ++j)
      w2_by_unit_[static_cast<size_t>(j) * kOutputs + k] = w2[static_cast<size_t>(k) * hidden_ + j];
}

void RaceSidesNet::encode(const engine::SideCounts& side, float* x) {
  int off = engine::kCheckersPerSide, pips = 0, outside = 0, crossings = 0;
  for (int i = 0; i < engine::kPoints; ++i) {
    const int c = side[i];
    x[4 * i + 0] = c >= 1 ? 1.0f : 0.0f;
    x[4 * i + 1] = c >= 2 ? 1.0f : 0.0f;
    x[4 * i + 2] = c >= 3 ? 1.0f : 0.0f;
    x[4 * i + 3] = c > 3 ? (c - 3) / 2.0f : 0.0f;
    off -= c;
    pips += c * (i + 1);
    if (i >= 6) outside += c;
    crossings += c * (i / 6);
  }
  x[96] = off / 15.0f;
  x[97] = pips / 100.0f;
  x[98] = outside / 15.0f;
  x[99] = crossings / 15.0f;
}

void RaceSidesNet::hidden_layer(const engine::SideCounts& side, float* h) const {
  float x[kInputs];
  encode(side, x);
  for (int j = 0; j < hidden_; ++j) h[j] = b1[j];
  for (int i = 0; i < kInputs; ++i) {
    if (x[i] == 0.0f) continue;
    const float* row = w1.data() + static_cast<size_t>(i) * hidden_;
    const float xi = x[i];
    for (int j = 0; j < hidden_; ++j) h[j] += xi * row[j];
  }
  for (int j = 0; j < hidden_; ++j) h[j] = -h[j];
  exp_in_place(h, hidden_);
  for (int j = 0; j < hidden_; ++j) h[j] = 1.0f / (1.0f + h[j]);
}

float RaceSidesNet::mean_off(const float* h) const {
  const float* row = w2.data() + static_cast<size_t>(kMeanOff) * hidden_;
  float s = b2[kMeanOff];
  for (int j = 0; j < hidden_; ++j) s += row[j] * h[j];
  return s * kMeanScale;
}

float RaceSidesNet::mean_gammon(const float* h) const {
  const float* row = w2.data() + static_cast<size_t>(kMeanGammon) * hidden_;
  float s = b2[kMeanGammon];
  for (int j = 0; j < hidden_; ++j) s += row[j] * h[j];
  return s * kMeanScale;
}

void RaceSidesNet::distributions(const engine::SideCounts& side, const float* h,
                                 SideRolls& out) const {
  int on = 0;
  for (int i = 0; i < engine::kPoints; ++i) on += side[i];
  const int rows = on == engine::kCheckersPerSide ? 2 * kSideRolls : kSideRolls;
  float z[2 * kSideRolls];
  for (int k = 0; k < rows; ++k) z[k] = b2[k];
  for (int j = 0; j < hidden_; ++j) {
    const float* row = w2_by_unit_.data() + static_cast<size_t>(j) * kOutputs;
    const float hj = h[j];
    for (int k = 0; k < rows; ++k) z[k] += hj * row[k];
  }
  softmax(z, kSideRolls, out.off.data());
  if (rows == 2 * kSideRolls) {
    softmax(z + kSideRolls, kSideRolls, out.gammon.data());
  } else {
    out.gammon.fill(0.0f);
    out.gammon[0] = 1.0f;
  }
}

void RaceSidesNet::evaluate(const engine::SideCounts& side, SideRolls& out) const {
  float h[kMaxHidden];  // on the stack: evaluating never allocates (tests/eval/no_allocation)
  hidden_layer(side, h);
  distributions(side, h, out);
}

float expected_rolls(const SideRollDistribution& d) {
  float s = 0;
  for (int k = 1; k < kSideRolls; ++k) s += k * d[k];
  return s;
}

std::string RaceSidesNet::text() const {
  std::ostringstream out;
  out << kMagic << ' ' << kFormat << '\n'
      << "inputs " << kInputs << " hidden " << hidden_ << " rolls " << kSideRolls << '\n';
  out.precision(9);  // nine significant digits give every float back exactly
  auto put = [&](const std::vector<float>& v, size_t row) {
    for (size_t i = 0; i < v.size(); ++i) out << v[i] << ((i + 1) % row ? ' ' : '\n');
  };
  put(w1, hidden_);
  put(b1, hidden_);
  put(w2, hidden_);
  put(b2, kOutputs);
  return std::move(out).str();
}

std::optional<std::string> RaceSidesNet::save(const std::filesystem::path& file) const {
  const auto tmp = std::filesystem::path(file.string() + ".tmp");
  {
    std::ofstream out(tmp);
    if (!out) return "cannot write " + tmp.string();
    out << text();
    out.flush();
    if (!out) return "cannot write " + tmp.string();
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) return "cannot rename " + tmp.string() + " to " + file.string() + ": " + ec.message();
  return std::nullopt;
}

engine::Result<RaceSidesNet> RaceSidesNet::load(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return engine::Error{"cannot open race sides net " + file.string()};
  std::ostringstream all;
  all << in.rdbuf();
  if (in.bad()) return engine::Error{"cannot read race sides net " + file.string()};
  return parse(std::move(all).str(), file.string());
}

engine::Result<RaceSidesNet> RaceSidesNet::parse(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  std::string magic, w_in, w_hidden, w_rolls;
  int format = 0, inputs = 0, hidden = 0, rolls = 0;
  in >> magic >> format >> w_in >> inputs >> w_hidden >> hidden >> w_rolls >> rolls;
  if (!in || magic != kMagic)
    return engine::Error{name + ": not a race sides net (no '" + kMagic + "' header)"};
  if (format != kFormat || w_in != "inputs" || inputs != kInputs || w_hidden != "hidden" ||
      hidden < 1 || hidden > kMaxHidden || w_rolls != "rolls" || rolls != kSideRolls)
    return engine::Error{name + ": unsupported race sides net layout (format " +
                         std::to_string(format) + ", inputs " + std::to_string(inputs) +
                         ", hidden " + std::to_string(hidden) + ", rolls " +
                         std::to_string(rolls) + ")"};
  RaceSidesNet net(hidden, 0);
  size_t read = 0;
  for (std::vector<float>* v : {&net.w1, &net.b1, &net.w2, &net.b2})
    for (float& x : *v) {
      if (!(in >> x) || !std::isfinite(x))
        return engine::Error{name + ": weight " + std::to_string(read + 1) +
                             " is missing or not a finite number"};
      ++read;
    }
  std::string extra;
  if (in >> extra) return engine::Error{name + ": text after the last weight"};
  net.refresh();
  return net;
}

}  // namespace tavla::eval
