// SPDX-License-Identifier: GPL-3.0-or-later
// Output calibration (tools/train/calibration.h) on self-play outcomes with gnubg's nets.
#include "train/calibration.h"

#include <gtest/gtest.h>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "eval/net_set.h"

namespace tavla::train {
namespace {

struct Setup {
  eval::Weights weights;
  std::optional<bearoff::BearoffDatabases> dbs;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
};

Setup& setup() {
  static Setup s = [] {
    Setup s;
    auto w = eval::read_weights("/usr/lib/gnubg/gnubg.wd");
    if (!w) throw std::runtime_error(w.error());
    s.weights = *w;
    auto dbs = bearoff::open_default_databases(true, [](const std::string&) {});
    if (dbs) {
      s.dbs.emplace(std::move(dbs).value());
      s.provider.emplace(*s.dbs);
    }
    return s;
  }();
  return s;
}

std::array<OutputCalibration, kNetClasses> measure(const eval::Weights& w,
                                                   const std::vector<Example>& ex) {
  auto nets = eval::NetSet::create(w);
  EXPECT_TRUE(nets);
  eval::Evaluator ev(*nets, setup().provider ? &*setup().provider : nullptr);
  return measure_calibration(ev, ex);
}

TEST(Calibration, OutcomesAreGameResultsAndMeansAreOverTheClassesPositions) {
  auto nets = eval::NetSet::create(setup().weights);
  ASSERT_TRUE(nets);
  eval::Evaluator ev(*nets, setup().provider ? &*setup().provider : nullptr);
  const auto ex = outcome_examples(ev, 60, 5);
  ASSERT_FALSE(ex.empty());
  const auto cal = measure_calibration(ev, ex);
  int n = 0;
  for (const auto& c : cal) n += c.positions;
  EXPECT_EQ(n, static_cast<int>(ex.size()));
  // Contact positions are never scored by a database, so their outcomes are results: 0 or 1,
  // cumulative (a gammon is a win).
  for (const Example& e : ex) {
    if (e.cls != eval::PositionClass::kContact) continue;
    for (int k = 0; k < 5; ++k) EXPECT_TRUE(e.target[k] == 0.0f || e.target[k] == 1.0f);
    EXPECT_LE(e.target[1], e.target[0]);
    EXPECT_LE(e.target[2], e.target[1]);
  }
  // Independent means over the contact positions.
  double win = 0, outcome = 0;
  int m = 0;
  for (const Example& e : ex)
    if (e.cls == eval::PositionClass::kContact) {
      win += ev.evaluate(e.board)[0];
      outcome += e.target[0];
      ++m;
    }
  EXPECT_EQ(cal[0].positions, m);
  EXPECT_NEAR(cal[0].predicted[0], win / m, 1e-9);
  EXPECT_NEAR(cal[0].outcome[0], outcome / m, 1e-9);
}

TEST(Calibration, AKnownBiasIsFoundAndTheShiftRemovesIt) {
  auto nets = eval::NetSet::create(setup().weights);
  ASSERT_TRUE(nets);
  eval::Evaluator ev(*nets, setup().provider ? &*setup().provider : nullptr);
  const auto ex = outcome_examples(ev, 200, 9);
  const auto base = measure(setup().weights, ex);
  // The contact net's win output made 0.2 (logit) too optimistic.
  eval::Weights biased = setup().weights;
  auto& net = biased.nets[static_cast<int>(eval::NetId::kContact)];
  net.output_bias[0] += 0.2f / net.beta_output;
  const auto cal = measure(biased, ex);
  EXPECT_GT(cal[0].predicted[0], base[0].predicted[0]);
  EXPECT_NEAR(cal[0].shift[0], base[0].shift[0] - 0.2, 0.01);
  // Other outputs and classes are untouched by that bias (the race net scores its positions).
  EXPECT_NEAR(cal[1].shift[0], base[1].shift[0], 1e-9);
  // After the shift the contact win output's mean over these positions is their outcome.
  eval::Weights fixed = biased;
  apply_output_shifts(fixed, cal, {true, false, false});
  const auto after = measure(fixed, ex);
  EXPECT_NEAR(after[0].predicted[0], after[0].outcome[0], 2e-3);
  EXPECT_NEAR(after[0].shift[0], 0.0, 0.01);
  // Classes not asked for keep their nets.
  EXPECT_EQ(fixed.nets[static_cast<int>(eval::NetId::kRace)],
            biased.nets[static_cast<int>(eval::NetId::kRace)]);
}

TEST(Calibration, PlattMapsFindAKnownScaleAndUndoIt) {
  auto nets = eval::NetSet::create(setup().weights);
  ASSERT_TRUE(nets);
  eval::Evaluator ev(*nets, setup().provider ? &*setup().provider : nullptr);
  const auto ex = outcome_examples(ev, 200, 9);
  const auto base = measure(setup().weights, ex);
  // The contact net's win logit made 1.3 times too confident and 0.2 too optimistic.
  eval::Weights bent = setup().weights;
  auto& net = bent.nets[static_cast<int>(eval::NetId::kContact)];
  for (int j = 0; j < net.hidden; ++j) net.output_weights[j] *= 1.3f;
  net.output_bias[0] = 1.3f * net.output_bias[0] + 0.2f / net.beta_output;
  const auto cal = measure(bent, ex);
  // The fitted map of the bent logit is the base map composed with the bend's inverse.
  EXPECT_NEAR(cal[0].scale[0], base[0].scale[0] / 1.3, 2e-3);
  EXPECT_NEAR(cal[0].offset[0], base[0].offset[0] - base[0].scale[0] * 0.2 / 1.3, 2e-3);
  // Applied, the map gives back the base net's calibration.
  eval::Weights fixed = bent;
  apply_output_scales(fixed, cal, {true, false, false}, {true, false, false, false, false});
  const auto after = measure(fixed, ex);
  EXPECT_NEAR(after[0].scale[0], 1.0, 2e-3);
  EXPECT_NEAR(after[0].offset[0], 0.0, 2e-3);
  // Outputs and classes not asked for are untouched.
  const auto& a = fixed.nets[static_cast<int>(eval::NetId::kContact)];
  for (int j = 0; j < a.hidden; ++j)
    EXPECT_EQ(a.output_weights[a.hidden + j], net.output_weights[net.hidden + j]);
  EXPECT_EQ(a.output_bias[1], net.output_bias[1]);
  EXPECT_EQ(fixed.nets[static_cast<int>(eval::NetId::kRace)],
            bent.nets[static_cast<int>(eval::NetId::kRace)]);
  // The reliability bins hold every contact position, each in its tenth.
  int n = 0;
  for (int b = 0; b < 10; ++b) {
    const auto& bin = base[0].win_bins[b];
    n += bin.positions;
    if (bin.positions == 0) continue;
    EXPECT_GE(bin.predicted, b / 10.0 - 1e-9);
    EXPECT_LE(bin.predicted, (b + 1) / 10.0 + 1e-9);
    EXPECT_GE(bin.outcome, 0.0);
    EXPECT_LE(bin.outcome, 1.0);
  }
  EXPECT_EQ(n, base[0].positions);
}

}  // namespace
}  // namespace tavla::train
