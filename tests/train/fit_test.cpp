// SPDX-License-Identifier: GPL-3.0-or-later
// Label files (tools/train/label_file.h) and fitting nets to them (tools/train/fit.h).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "eval/evaluator.h"
#include "eval/inputs.h"
#include "eval/net_set.h"
#include "train/fit.h"
#include "train/label_file.h"
#include "train/train_net.h"
#include "train/trainer.h"

namespace tavla::train {
namespace {

// Race positions from self-play of random nets, labelled by a "teacher": another random net set
// (any fixed function of the position will do to test a fit).
std::vector<Example> teacher_labelled_races(int count) {
  TrainSettings s;
  s.seed = 21;
  auto player = eval::NetSet::create(random_weights(s));
  EXPECT_TRUE(player);
  eval::Evaluator ev(player.value());
  s.seed = 22;
  const eval::Weights teacher = random_weights(s);
  const TrainNet t = TrainNet::from(teacher.net(eval::NetId::kRace));
  std::vector<Example> out;
  eval::SparseInputs x;
  for (uint64_t g = 0; out.size() < static_cast<size_t>(count) && g < 2000; ++g) {
    std::mt19937_64 rng(g);
    std::vector<Example> ex;
    play_td_game(ev, rng, SelfPlaySettings{}, ex);
    for (Example e : ex) {
      if (e.cls != eval::PositionClass::kRace) continue;
      eval::encode_sparse(e.cls, e.board, x);
      e.target = t.forward(x);
      out.push_back(e);
    }
  }
  out.resize(std::min(out.size(), static_cast<size_t>(count)));
  return out;
}

TEST(LabelFile, RoundTripsPositionsClassesAndProbabilities) {
  const auto data = teacher_labelled_races(50);
  ASSERT_EQ(data.size(), 50u);
  const auto file = std::filesystem::temp_directory_path() / "tavla_labels_test.txt";
  std::filesystem::remove(file);
  ASSERT_FALSE(append_labels(file, {data.begin(), data.begin() + 20}, "# test\n"));
  ASSERT_FALSE(append_labels(file, {data.begin() + 20, data.end()}, "# not written twice\n"));
  auto back = read_labels(file);
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->size(), data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    EXPECT_EQ((*back)[i].board, data[i].board);
    EXPECT_EQ((*back)[i].cls, data[i].cls);
    for (int k = 0; k < 5; ++k) EXPECT_NEAR((*back)[i].target[k], data[i].target[k], 1e-6);
  }
  std::ifstream f(file);
  std::string first;
  std::getline(f, first);
  EXPECT_EQ(first, "# test");
  std::filesystem::remove(file);
}

TEST(LabelFile, BadLinesAreRefusedWithFileAndLine) {
  const auto file = std::filesystem::temp_directory_path() / "tavla_labels_bad.txt";
  const std::pair<std::string, std::string> cases[] = {
      {"race 4HPwATDgc/ABMA 0.5 0.1 0 0.1", "five probabilities"},
      {"race 4HPwATDgc/ABMA 0.5 0.1 0 0.1 0 7", "more than seven"},
      {"bearoff 4HPwATDgc/ABMA 0.5 0.1 0 0.1 0", "unknown class"},
      {"race 4HPwATDgc/ABM! 0.5 0.1 0 0.1 0", ":2: "},
      {"race 4HPwATDgc/ABMA 1.5 0.1 0 0.1 0", "outside 0..1"},
  };
  for (const auto& [line, expect] : cases) {
    std::ofstream(file) << "# header\n" << line << "\n";
    auto r = read_labels(file);
    ASSERT_FALSE(r) << line;
    EXPECT_NE(r.error().find(":2: "), std::string::npos) << r.error();
    EXPECT_NE(r.error().find(expect), std::string::npos) << r.error();
  }
  std::filesystem::remove(file);
  EXPECT_FALSE(read_labels(file));
}

TEST(Fit, LowersTheHeldOutDivergenceAndTouchesOnlyTheClassesNets) {
  const auto data = teacher_labelled_races(400);
  TrainSettings s;
  s.seed = 23;
  const eval::Weights start = random_weights(s);
  eval::Weights w = start;
  FitSettings fs;
  fs.epochs = 8;
  fs.rate = 0.05f;
  std::vector<FitEpoch> told;
  const auto epochs = fit_nets(w, data, fs, [&](const FitEpoch& e) { told.push_back(e); });
  ASSERT_EQ(epochs.size(), 9u);
  EXPECT_EQ(told.size(), 9u);
  int best = 0;
  for (const auto& e : epochs) best += e.best;
  EXPECT_EQ(best, 1);
  double kept = 0, kept_equity = 0;
  for (const auto& e : epochs)
    if (e.best) kept = e.holdout_excess, kept_equity = e.holdout_equity_error;
  EXPECT_LT(kept, 0.5 * epochs[0].holdout_excess);
  EXPECT_LT(kept_equity, epochs[0].holdout_equity_error);
  // The kept nets are the ones measured: re-measure on the held-out positions.
  const TrainNet race = TrainNet::from(w.net(eval::NetId::kRace));
  eval::SparseInputs x;
  double sum = 0, equity = 0;
  int n = 0;
  for (size_t i = 0; i < data.size(); i += fs.holdout_every, ++n) {
    eval::encode_sparse(data[i].cls, data[i].board, x);
    const eval::Probabilities y = race.forward(x);
    sum += cross_entropy(y, data[i].target) - cross_entropy(data[i].target, data[i].target);
    equity += std::abs(eval::cubeless_money_equity(y) - eval::cubeless_money_equity(data[i].target));
  }
  EXPECT_NEAR(sum / n, kept, 1e-6);
  EXPECT_NEAR(equity / n, kept_equity, 1e-5);
  EXPECT_EQ(w.net(eval::NetId::kContact).hidden_weights,
            start.net(eval::NetId::kContact).hidden_weights);
  EXPECT_EQ(w.net(eval::NetId::kCrashed).hidden_weights,
            start.net(eval::NetId::kCrashed).hidden_weights);
  EXPECT_NE(w.net(eval::NetId::kPruneRace).hidden_weights,
            start.net(eval::NetId::kPruneRace).hidden_weights);
}

TEST(Fit, ACheckSetIsMeasuredNeverTrainedOnAndPicksTheKeptEpoch) {
  // tavla fit --check: the check positions are measured after every epoch and the kept epoch is
  // the one with the lowest check divergence. Labels from a second teacher make the check set
  // disagree with the training set, so that the two choices of epoch can differ.
  const auto data = teacher_labelled_races(300);
  std::vector<Example> check(data.begin(), data.begin() + 60);
  for (Example& e : check)
    for (int k = 0; k < 5; ++k) e.target[k] = 0.5f * e.target[k];  // another function
  TrainSettings s;
  s.seed = 23;
  eval::Weights w = random_weights(s);
  FitSettings fs;
  fs.epochs = 6;
  fs.rate = 0.05f;
  fs.holdout_every = 0;  // only the check set judges
  const auto epochs = fit_nets(w, data, fs, {}, &check);
  ASSERT_EQ(epochs.size(), 7u);
  size_t kept = 0;
  for (size_t i = 0; i < epochs.size(); ++i) {
    EXPECT_GT(epochs[i].check_excess, 0) << i;
    EXPECT_GT(epochs[i].check_equity_error, 0) << i;
    EXPECT_EQ(epochs[i].holdout_excess, 0) << i;
    if (epochs[i].best) kept = i;
  }
  for (const auto& e : epochs) EXPECT_GE(e.check_excess, epochs[kept].check_excess);
  // The kept nets are the ones measured: re-measure on the check positions.
  const TrainNet race = TrainNet::from(w.net(eval::NetId::kRace));
  eval::SparseInputs x;
  double equity = 0;
  for (const Example& e : check) {
    eval::encode_sparse(e.cls, e.board, x);
    const eval::Probabilities y = race.forward(x);
    equity += std::abs(eval::cubeless_money_equity(y) - eval::cubeless_money_equity(e.target));
  }
  EXPECT_NEAR(equity / check.size(), epochs[kept].check_equity_error, 1e-5);
  // Without a check set the measures stay 0.
  eval::Weights w2 = random_weights(s);
  for (const auto& e : fit_nets(w2, data, fs, {})) EXPECT_EQ(e.check_excess, 0);
}

TEST(Fit, TheStepSizeFallsLinearlyToTheFinalRate) {
  FitSettings fs;
  fs.epochs = 5;
  fs.rate = 0.01f;
  EXPECT_EQ(fit_rate(fs, 1), 0.01f);  // no final rate: constant
  EXPECT_EQ(fit_rate(fs, 5), 0.01f);
  fs.rate_final = 0.002f;
  EXPECT_FLOAT_EQ(fit_rate(fs, 1), 0.01f);
  EXPECT_FLOAT_EQ(fit_rate(fs, 3), 0.006f);
  EXPECT_FLOAT_EQ(fit_rate(fs, 5), 0.002f);
  // Each epoch reports the step it used.
  const auto data = teacher_labelled_races(100);
  TrainSettings s;
  s.seed = 23;
  eval::Weights w = random_weights(s);
  fs.adam = true;
  fs.batch = 8;
  const auto epochs = fit_nets(w, data, fs, {});
  ASSERT_EQ(epochs.size(), 6u);
  EXPECT_EQ(epochs[0].rate, 0.0f);
  for (int e = 1; e <= 5; ++e) EXPECT_FLOAT_EQ(epochs[e].rate, fit_rate(fs, e)) << e;
}

TEST(Fit, FreshNetsStartFromRandomWeightsOfTheGivenWidth) {
  // tavla fit --fresh-hidden: the fitted class's main net is replaced by a random one of the
  // given width before the first epoch (epoch 0 measures it), the other nets are left alone,
  // and the fit still learns the teacher.
  const auto data = teacher_labelled_races(400);
  TrainSettings s;
  s.seed = 23;
  const eval::Weights start = random_weights(s);
  eval::Weights w = start;
  FitSettings fs;
  fs.epochs = 8;
  fs.adam = true;
  fs.rate = 0.003f;
  fs.batch = 4;
  fs.fresh_hidden = 24;
  const auto epochs = fit_nets(w, data, fs, {});
  const eval::NetWeights& race = w.net(eval::NetId::kRace);
  EXPECT_EQ(race.hidden, 24);
  EXPECT_EQ(race.hidden_weights.size(), size_t(race.inputs) * 24);
  EXPECT_EQ(race.output_weights.size(), size_t(eval::kNetOutputs) * 24);
  EXPECT_EQ(w.net(eval::NetId::kContact).hidden_weights,
            start.net(eval::NetId::kContact).hidden_weights);
  EXPECT_EQ(w.net(eval::NetId::kCrashed).hidden, start.net(eval::NetId::kCrashed).hidden);
  EXPECT_EQ(w.net(eval::NetId::kPruneRace).hidden, start.net(eval::NetId::kPruneRace).hidden);
  double kept = 0;
  for (const auto& e : epochs)
    if (e.best) kept = e.holdout_excess;
  EXPECT_LT(kept, 0.5 * epochs[0].holdout_excess);
  // The weights file of a fresh net of another width loads and evaluates.
  auto nets = eval::NetSet::create(w);
  ASSERT_TRUE(nets) << nets.error();
  // Another seed gives another fresh net.
  eval::Weights w2 = start;
  fs.seed = 2;
  fs.epochs = 0;
  fit_nets(w2, data, fs, {});
  EXPECT_EQ(w2.net(eval::NetId::kRace).hidden, 24);
  EXPECT_NE(w2.net(eval::NetId::kRace).hidden_weights, race.hidden_weights);
}

}  // namespace
}  // namespace tavla::train
