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
    const Weights& w, std::shared_ptr<const RaceSidesNet> race_sides) {
  if (auto e = validate(w)) return engine::Error{"invalid weights: " + *e};
  std::shared_ptr<NetSet> set(new NetSet);
  set->version_ = w.version;
  for (int n = 0; n < kNetCount; ++n) set->nets_[n] = std::make_unique<Net>(w.nets[n]);
  set->race_sides_ = std::move(race_sides);
  return std::shared_ptr<const NetSet>(std::move(set));
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::create(
    const Weights& w, std::optional<std::filesystem::path> race_sides) {
  if (!race_sides) return create(w);
  auto net = RaceSidesNet::load(*race_sides);
  if (!net) return engine::Error{net.error()};
  return create(w, std::make_shared<const RaceSidesNet>(std::move(*net)));
}

std::optional<std::filesystem::path> NetSet::race_sides_file(const std::filesystem::path& file) {
  if (const char* env = std::getenv("TAVLA_RACE_SIDES"); env && std::string_view(env) == "none")
    return std::nullopt;
  auto sidecar = file;
  sidecar.replace_extension(".race-sides");
  std::error_code ec;
  if (std::filesystem::is_regular_file(sidecar, ec)) return sidecar;
  return std::nullopt;
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::load(const std::filesystem::path& file) {
  auto w = read_weights(file);
  if (!w) return engine::Error{w.error()};
  return create(*w, race_sides_file(file));
}

engine::Result<std::shared_ptr<const NetSet>> NetSet::find(
    const std::optional<std::filesystem::path>& explicit_file) {
  auto w = find_weights(explicit_file);
  if (!w) return engine::Error{w.error()};
  const auto file = weights_file(explicit_file);
  return create(*w, file ? race_sides_file(*file) : std::nullopt);
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
