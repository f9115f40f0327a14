// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/net_set.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <new>
#include <string_view>

namespace tavla::eval {

Net::Buffer Net::allocate(size_t n) {
  auto* p = static_cast<float*>(::operator new[](n * sizeof(float), std::align_val_t(kAlign)));
  std::fill(p, p + n, 0.0f);
  return Buffer(p);
}

Net::Net(const NetWeights& w)
    : inputs_(w.inputs),
      hidden_(w.hidden),
      padded_hidden_((w.hidden + kLanes - 1) / kLanes * kLanes),
      outputs_(w.outputs),
      beta_hidden_(w.beta_hidden),
      beta_output_(w.beta_output),
      hidden_weights_(allocate(static_cast<size_t>(inputs_) * padded_hidden_)),
      hidden_bias_(allocate(padded_hidden_)),
      output_weights_(allocate(static_cast<size_t>(outputs_) * padded_hidden_)),
      paired_output_weights_(allocate(static_cast<size_t>(outputs_ + 1) / 2 * 2 * padded_hidden_)),
      output_bias_(std::make_unique<float[]>(outputs_)) {
  for (int i = 0; i < inputs_; ++i)
    std::copy_n(w.hidden_weights.data() + static_cast<size_t>(i) * hidden_, hidden_,
                hidden_weights_.get() + static_cast<size_t>(i) * padded_hidden_);
  std::copy_n(w.hidden_bias.data(), hidden_, hidden_bias_.get());
  for (int k = 0; k < outputs_; ++k)
    std::copy_n(w.output_weights.data() + static_cast<size_t>(k) * hidden_, hidden_,
                output_weights_.get() + static_cast<size_t>(k) * padded_hidden_);
  std::copy_n(w.output_bias.data(), outputs_, output_bias_.get());
  for (int k = 0; k < outputs_; ++k)
    for (int j = 0; j < hidden_; ++j) {
      const int m = j / 4, lane = j % 4;
      paired_output_weights_[static_cast<size_t>(k / 2) * 2 * padded_hidden_ + 8 * m + 4 * (k % 2) +
                             lane] = w.output_weights[k * hidden_ + j];
    }
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::create(const Weights& w) {
  return create(w, std::shared_ptr<const RaceSidesNet>());
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::create(
    const Weights& w, std::shared_ptr<const RaceSidesNet> race_sides,
    const std::optional<Weights>& stragglers) {
  if (auto e = validate(w)) return engine::Error{"invalid weights: " + *e};
  if (stragglers)
    if (auto e = validate(*stragglers)) return engine::Error{"invalid stragglers net: " + *e};
  std::shared_ptr<NetSet> set(new NetSet);
  set->version_ = w.version;
  for (int n = 0; n < kNetCount; ++n) set->nets_[n] = std::make_unique<Net>(w.nets[n]);
  set->race_sides_ = std::move(race_sides);
  if (stragglers) set->stragglers_ = std::make_unique<Net>(stragglers->net(NetId::kCrashed));
  return std::shared_ptr<const NetSet>(std::move(set));
}

namespace {

// FILE with another extension when that file exists and $ENV is not "none".
std::optional<std::filesystem::path> sidecar(const std::filesystem::path& file,
                                             const char* extension, const char* env) {
  if (const char* v = std::getenv(env); v && std::string_view(v) == "none") return std::nullopt;
  auto path = file;
  path.replace_extension(extension);
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) return path;
  return std::nullopt;
}

}  // namespace

std::optional<std::filesystem::path> NetSet::race_sides_file(const std::filesystem::path& file) {
  return sidecar(file, ".race-sides", "TAVLA_RACE_SIDES");
}

std::optional<std::filesystem::path> NetSet::stragglers_file(const std::filesystem::path& file) {
  return sidecar(file, ".stragglers", "TAVLA_STRAGGLERS");
}

engine::Result<Weights> NetSet::read_stragglers(const std::filesystem::path& file) {
  auto w = read_weights(file);  // validated as it is read
  if (!w) return engine::Error{"stragglers net: " + w.error()};
  return w;
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::create_with_sidecars(
    const Weights& w, const std::optional<std::filesystem::path>& file) {
  std::shared_ptr<const RaceSidesNet> sides;
  std::optional<Weights> stragglers;
  if (file) {
    if (auto path = race_sides_file(*file)) {
      auto net = RaceSidesNet::load(*path);
      if (!net) return engine::Error{net.error()};
      sides = std::make_shared<const RaceSidesNet>(std::move(*net));
    }
    if (auto path = stragglers_file(*file)) {
      auto s = read_stragglers(*path);
      if (!s) return engine::Error{s.error()};
      stragglers = std::move(*s);
    }
  }
  return create(w, std::move(sides), stragglers);
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::load(const std::filesystem::path& file) {
  auto w = read_weights(file);
  if (!w) return engine::Error{w.error()};
  return create_with_sidecars(*w, file);
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::find(
    const std::optional<std::filesystem::path>& explicit_file) {
  auto w = find_weights(explicit_file);
  if (!w) return engine::Error{w.error()};
  return create_with_sidecars(*w, weights_file(explicit_file));
}

const Net& NetSet::main_net(PositionClass c) const {
  switch (c) {
    case PositionClass::kRace:
      return net(NetId::kRace);
    case PositionClass::kCrashed:
      return net(NetId::kCrashed);
    default:
      assert(c == PositionClass::kContact);
      return net(NetId::kContact);
  }
}

const Net& NetSet::pruning_net(PositionClass c) const {
  switch (c) {
    case PositionClass::kRace:
      return net(NetId::kPruneRace);
    case PositionClass::kCrashed:
      return net(NetId::kPruneCrashed);
    default:
      assert(c == PositionClass::kContact);
      return net(NetId::kPruneContact);
  }
}

}  // namespace tavla::eval
