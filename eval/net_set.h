// SPDX-License-Identifier: GPL-3.0-or-later
// The six nets ready for evaluation. Immutable once built and shared between threads (each thread
// evaluates with its own Evaluator).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "engine/result.h"
#include "eval/position_class.h"
#include "eval/race_sides_net.h"
#include "eval/weights.h"

namespace tavla::eval {

// One net in the layout the evaluator reads: rows aligned to 32 bytes, the hidden layer padded
// with zero weights to a multiple of 8 units (padded units contribute nothing to the outputs).
class Net {
 public:
  static constexpr int kAlign = 32;  // bytes
  static constexpr int kLanes = 8;   // floats per 256-bit vector

  explicit Net(const NetWeights& w);

  int inputs() const { return inputs_; }
  int hidden() const { return hidden_; }
  int padded_hidden() const { return padded_hidden_; }  // the row stride of both weight arrays
  int outputs() const { return outputs_; }
  float beta_hidden() const { return beta_hidden_; }
  float beta_output() const { return beta_output_; }

  // Row i (padded_hidden floats): the weights from input i to every hidden unit.
  const float* hidden_row(int i) const { return hidden_weights_.get() + i * padded_hidden_; }
  const float* hidden_bias() const { return hidden_bias_.get(); }
  // Row k (padded_hidden floats): the weights from every hidden unit to output k.
  const float* output_row(int k) const { return output_weights_.get() + k * padded_hidden_; }
  float output_bias(int k) const { return output_bias_[k]; }

  // The output weights arranged for the vector output layer, which reproduces gnubg's SSE
  // summation (four partial sums, unit j adding into lane j % 4): outputs taken in pairs
  // (2p, 2p + 1), and for every group of four hidden units m, 8 floats: output 2p's weights of
  // units 4m..4m+3, then output 2p + 1's (zeros beyond the last output).
  int output_pairs() const { return (outputs_ + 1) / 2; }
  const float* paired_output_weights(int p) const {
    return paired_output_weights_.get() + static_cast<size_t>(p) * 2 * padded_hidden_;
  }

 private:
  struct AlignedDelete {
    void operator()(float* p) const { ::operator delete[](p, std::align_val_t(kAlign)); }
  };
  using Buffer = std::unique_ptr<float[], AlignedDelete>;
  static Buffer allocate(size_t n);

  int inputs_, hidden_, padded_hidden_, outputs_;
  float beta_hidden_, beta_output_;
  Buffer hidden_weights_, hidden_bias_, output_weights_, paired_output_weights_;
  std::unique_ptr<float[]> output_bias_;
};

class NetSet {
 public:
  // Validates the weights first: an invalid set yields an error, never a net set.
  static engine::Result<std::shared_ptr<const NetSet>> create(const Weights& w);
  // The same with a race sides net (may be null) for races beyond the databases, and a net for
  // the stragglers region (the crashed net of `stragglers`, when given).
  static engine::Result<std::shared_ptr<const NetSet>> create(
      const Weights& w, std::shared_ptr<const RaceSidesNet> race_sides,
      const std::optional<Weights>& stragglers = std::nullopt);
  // `w` with the sidecar files load(file) finds beside the weights file `file` (none when
  // `file` is empty): for callers that need the weights themselves as well as the net set.
  static engine::Result<std::shared_ptr<const NetSet>> create_with_sidecars(
      const Weights& w, const std::optional<std::filesystem::path>& file);
  // Reads a weights file (either format) or finds one as find_weights() does.
  static engine::Result<std::shared_ptr<const NetSet>> load(const std::filesystem::path& file);
  static engine::Result<std::shared_ptr<const NetSet>> find(
      const std::optional<std::filesystem::path>& explicit_file);

  const Net& net(NetId id) const { return *nets_[static_cast<int>(id)]; }
  // The full net of a net class (race, crashed, contact) and its pruning net.
  const Net& main_net(PositionClass c) const;
  const Net& pruning_net(PositionClass c) const;
  const std::string& version() const { return version_; }

  // tavla's race evaluator by sides, when the weights file has one beside it (race_sides_net.h):
  // races beyond the databases are then valued by it instead of the race net. nullptr for
  // gnubg's weights, so that they give gnubg's numbers.
  const RaceSidesNet* race_sides() const { return race_sides_.get(); }
  // The race sides net that load(file) reads with `file`: FILE's name with the extension
  // ".race-sides" (weights/tavla.wd -> weights/tavla.race-sides), used when it exists, unless
  // the environment variable TAVLA_RACE_SIDES is "none" (to measure the race net alone).
  static std::optional<std::filesystem::path> race_sides_file(const std::filesystem::path& file);

  // tavla's net for the stragglers region (in_stragglers_region(): a side with at most six
  // chequers left still has one outside its home board), when the weights file has one beside
  // it: such crashed positions are then valued by it instead of the crashed net (their pruning
  // stays with the crashed pruning net). nullptr for gnubg's weights, so that they give gnubg's
  // numbers.
  const Net* stragglers() const { return stragglers_.get(); }
  // The stragglers net that load(file) reads with `file`: FILE's name with the extension
  // ".stragglers" (weights/tavla.wd -> weights/tavla.stragglers), a weights file in gnubg's
  // formats of which only the crashed net is used, when it exists, unless the environment
  // variable TAVLA_STRAGGLERS is "none" (to measure the crashed net alone).
  static std::optional<std::filesystem::path> stragglers_file(const std::filesystem::path& file);
  // Reads such a file; the error names it.
  static engine::Result<Weights> read_stragglers(const std::filesystem::path& file);

 private:
  NetSet() = default;
  std::string version_;
  std::shared_ptr<const RaceSidesNet> race_sides_;
  std::unique_ptr<Net> stragglers_;
  std::array<std::unique_ptr<Net>, kNetCount> nets_;
};

}  // namespace tavla::eval
