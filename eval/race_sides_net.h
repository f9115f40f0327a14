// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's race evaluator by sides: a small net that reads ONE side of a race (its chequers alone,
// as if the other side were not there) and gives that side's distribution of the number of rolls
// it needs to bear off all its chequers, and to bear off its first chequer (to save a gammon).
// Two such distributions, one per side, give the five cubeless probabilities of the race exactly
// as gnubg's one-sided bearoff database gives them for home boards (race_sides.h): the one-sided
// method, 0.0012 of equity from exact on the positions the two-sided database covers
// (weights/README.md). A two-sided race net must learn how two sides' races combine; this net
// learns only one side's race, and the combination is exact arithmetic.
//
// The net: 100 inputs (race_sides_inputs), one sigmoid hidden layer, and 2 x 64 + 2 outputs:
// softmax logits of the two distributions over 0..63 rolls, and two linear heads that estimate
// the distributions' means (in units of 10 rolls) cheaply, for choosing moves while labels are
// made (the least expected rolls, as makebearoff chooses).
//
// Made by `tavla race-sides` (tools/train/race_sides_training.h): exact labels from a larger
// one-sided database and, beyond it, labels that reach into it by one roll of lookahead or by
// games of the side alone. Shipped beside tavla.wd as weights/tavla.race-sides (NetSet loads it
// with the weights); gnubg's weights never get one.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"

namespace tavla::eval {

inline constexpr int kSideRolls = 64;  // distributions cover 0..63 rolls
using SideRollDistribution = std::array<float, kSideRolls>;

// One side's race: [n] is the probability of needing exactly n rolls.
struct SideRolls {
  SideRollDistribution off{};     // to bear off every chequer
  SideRollDistribution gammon{};  // to bear off the first chequer (all zero but [0] once one is off)
};

class RaceSidesNet {
 public:
  static constexpr int kInputs = 100;
  static constexpr int kMeanOff = 2 * kSideRolls;      // output index of the mean head (off)
  static constexpr int kMeanGammon = 2 * kSideRolls + 1;
  static constexpr int kOutputs = 2 * kSideRolls + 2;
  static constexpr float kMeanScale = 10.0f;  // mean heads give rolls / kMeanScale
  static constexpr int kMaxHidden = 1024;

  // Small random weights (training starts here); `seed` makes them reproducible. hidden is
  // 1..kMaxHidden.
  RaceSidesNet(int hidden, uint64_t seed);

  static engine::Result<RaceSidesNet> load(const std::filesystem::path& file);
  std::optional<std::string> save(const std::filesystem::path& file) const;
  // The file's text, and a net from such text (`name` says where it came from in errors): how
  // a net travels in a message (an MPI training job's ranks get rank 0's).
  std::string text() const;
  static engine::Result<RaceSidesNet> parse(std::string_view text, const std::string& name);

  int hidden() const { return hidden_; }

  // The inputs of a side (no chequer on the bar): for each of the 24 points gnubg's four race
  // units (one, two, three chequers or more; (n - 3) / 2 above three), then chequers off / 15,
  // pips / 100, chequers outside the home board / 15, and home-board crossings still to make
  // (a chequer in the outer board 1, the opponent's outer board 2, its home 3) / 15.
  static void encode(const engine::SideCounts& side, float* x);

  // The hidden layer's activations (hidden() floats) of a side.
  void hidden_layer(const engine::SideCounts& side, float* h) const;
  // The two mean heads (expected rolls to bear off, to bear off the first chequer), from h.
  float mean_off(const float* h) const;
  float mean_gammon(const float* h) const;
  // Both distributions of a side, from h. A side with chequers off has gammon = {1, 0, ...}.
  void distributions(const engine::SideCounts& side, const float* h, SideRolls& out) const;
  void evaluate(const engine::SideCounts& side, SideRolls& out) const;

  // Parameters, for training: w1 is kInputs rows of hidden() weights, w2 kOutputs rows. After
  // changing w2, call refresh().
  std::vector<float> w1, b1, w2, b2;
  // Rearranges w2 for distributions() (hidden() rows of kOutputs: the output layer then adds
  // whole rows, which vectorises, instead of summing dot products, which does not).
  void refresh();

 private:
  int hidden_;
  std::vector<float> w2_by_unit_;
};

// Expected value of a distribution (rolls).
float expected_rolls(const SideRollDistribution& d);

}  // namespace tavla::eval
