// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>
#include <unistd.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "engine/board.h"
#include "engine/position_id.h"
#include "eval/evaluator.h"
#include "eval/inputs.h"
#include "eval/net_kernels.h"
#include "eval/net_set.h"
#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_provider.h"
#include "bearoff/extended_race_provider.h"
#include "bearoff/one_sided_extension.h"
#include "bearoff/one_sided_generator.h"
#include "eval/position_class.h"
#include "eval/race_sides_net.h"
#include "eval/cube_info.h"
#include "eval/search.h"
#include "train/self_play.h"
#include "train/train_net.h"
#include "train/trainer.h"

namespace tavla::train {
namespace {

using engine::Board;
using eval::Probabilities;

eval::SparseInputs contact_inputs(const Board& b) {
  eval::SparseInputs x;
  eval::encode_sparse(eval::PositionClass::kContact, b, x);
  return x;
}

TEST(TrainNet, ForwardMatchesTheEvaluatorsNet) {
  // A net trained here must mean the same thing when the evaluator loads it.
  TrainSettings s;
  s.seed = 7;
  const eval::Weights w = random_weights(s);
  auto nets = eval::NetSet::create(w);
  ASSERT_TRUE(nets) << nets.error();
  const Board b = Board::starting_position();
  const Probabilities mine = TrainNet::from(w.nets[0]).forward(contact_inputs(b));
  float dense[eval::kMaxInputs];
  eval::encode_inputs(eval::PositionClass::kContact, b, dense);
  Probabilities theirs;
  eval::kernels::forward_reference(nets.value()->net(eval::NetId::kContact), dense, theirs.p.data(),
                                   eval::Reciprocal::kTable);
  for (int k = 0; k < 5; ++k) EXPECT_NEAR(mine[k], theirs[k], 1e-5) << k;
}

TEST(TrainNet, AdamAndSquaredErrorAlsoReachTheTarget) {
  // tavla fit --adam / --loss squared: the other optimiser and loss descend to the same target,
  // and Adam's state is sized on first use and counts its steps.
  const auto x = contact_inputs(Board::starting_position());
  const Probabilities target{{0.8f, 0.3f, 0.05f, 0.1f, 0.01f}};
  for (const bool adam : {false, true}) {
    for (const Loss loss : {Loss::kCrossEntropy, Loss::kSquared}) {
      std::mt19937_64 rng(3);
      TrainNet n = TrainNet::random(eval::kContactInputs, 32, rng);
      AdamState st;
      const double first = cross_entropy(n.forward(x), target);
      for (int i = 0; i < 400; ++i) {
        if (adam) n.learn_adam(x, target, 0.01f, st, loss);
        else n.learn(x, target, loss == Loss::kSquared ? 2.0f : 0.5f, 1.0f, loss);
      }
      const Probabilities y = n.forward(x);
      EXPECT_LT(cross_entropy(y, target), first) << adam << " " << static_cast<int>(loss);
      for (int k = 0; k < 5; ++k) EXPECT_NEAR(y[k], target[k], 0.02) << adam << " " << k;
      if (adam) {
        EXPECT_EQ(st.steps, 400);
        EXPECT_EQ(st.m.size(), n.w.hidden_weights.size() + n.w.output_weights.size() + 32 + 5);
      }
    }
  }
}

TEST(TrainNet, MiniBatchAdamAveragesTheBatchsGradients) {
  // accumulate + apply_adam over a batch of one example is learn_adam's first step on it (both
  // start from empty moments; learn_adam updates only the touched rows, whose other moments are
  // zero anyway), and a batch of two positions descends to both targets.
  const auto x = contact_inputs(Board::starting_position());
  const Probabilities target{{0.8f, 0.3f, 0.05f, 0.1f, 0.01f}};
  std::mt19937_64 rng(5);
  const TrainNet start = TrainNet::random(eval::kContactInputs, 16, rng);
  TrainNet a = start, b = start;
  AdamState sa, sb;
  std::vector<float> grad;
  a.learn_adam(x, target, 0.01f, sa, Loss::kSquared);
  b.accumulate(x, target, Loss::kSquared, grad);
  b.apply_adam(grad, 1, 0.01f, sb);
  for (float g : grad) ASSERT_EQ(g, 0.0f) << "apply_adam clears the gradient";
  for (int k = 0; k < 5; ++k) EXPECT_NEAR(a.forward(x)[k], b.forward(x)[k], 1e-6) << k;
  EXPECT_EQ(sb.steps, 1);

  const auto other = engine::board_from_position_id("2zYMBGCz3QLBAA");  // a contact position
  ASSERT_TRUE(other) << other.error();
  const auto x2 = contact_inputs(*other);
  const Probabilities target2{{0.3f, 0.05f, 0.0f, 0.2f, 0.02f}};
  TrainNet c = start;
  AdamState sc;
  for (int i = 0; i < 400; ++i) {
    c.accumulate(x, target, Loss::kCrossEntropy, grad);
    c.accumulate(x2, target2, Loss::kCrossEntropy, grad);
    c.apply_adam(grad, 2, 0.01f, sc);
  }
  EXPECT_EQ(sc.steps, 400);
  for (int k = 0; k < 5; ++k) {
    EXPECT_NEAR(c.forward(x)[k], target[k], 0.03) << k;
    EXPECT_NEAR(c.forward(x2)[k], target2[k], 0.03) << k;
  }
}

TEST(TrainNet, LearningMovesOutputsToTheTarget) {
  std::mt19937_64 rng(3);
  TrainNet n = TrainNet::random(eval::kContactInputs, 32, rng);
  const auto x = contact_inputs(Board::starting_position());
  const Probabilities target{{0.8f, 0.3f, 0.05f, 0.1f, 0.01f}};
  const double first = cross_entropy(n.forward(x), target);
  double last = first;
  for (int i = 0; i < 300; ++i) last = n.learn(x, target, 0.5f);
  const Probabilities y = n.forward(x);
  EXPECT_LT(last, first);
  for (int k = 0; k < 5; ++k) EXPECT_NEAR(y[k], target[k], 0.02) << k;
}

TEST(TrainNet, GradientAgreesWithFiniteDifferences) {
  // The loss change of a small step equals -rate * |gradient|^2 to first order; compare the
  // step's effect on the loss with the one the returned gradient predicts via a second step.
  std::mt19937_64 rng(5);
  TrainNet n = TrainNet::random(eval::kContactInputs, 16, rng);
  const auto x = contact_inputs(Board::starting_position());
  const Probabilities target{{0.6f, 0.2f, 0.01f, 0.15f, 0.01f}};
  const double l0 = cross_entropy(n.forward(x), target);
  TrainNet a = n;
  a.learn(x, target, 1e-3f);
  const double l1 = cross_entropy(a.forward(x), target);
  TrainNet b = n;
  b.learn(x, target, 2e-3f);
  const double l2 = cross_entropy(b.forward(x), target);
  ASSERT_LT(l1, l0);
  // First order: the decrease doubles with the step.
  EXPECT_NEAR((l0 - l2) / (l0 - l1), 2.0, 0.1);
}

eval::Evaluator random_evaluator(uint64_t seed, std::shared_ptr<const eval::NetSet>& keep) {
  TrainSettings s;
  s.seed = seed;
  auto nets = eval::NetSet::create(random_weights(s));
  EXPECT_TRUE(nets);
  keep = nets.value();
  return eval::Evaluator(keep);
}

TEST(SelfPlay, GamesEndWithExactFinalTargetsAndValidProbabilities) {
  std::shared_ptr<const eval::NetSet> nets;
  eval::Evaluator ev = random_evaluator(11, nets);
  SelfPlaySettings s;
  for (int g = 0; g < 20; ++g) {
    std::mt19937_64 rng(g);
    std::vector<Example> ex;
    const GameSummary sum = play_td_game(ev, rng, s, ex);
    ASSERT_GE(sum.points, 1);
    ASSERT_LE(sum.points, 3);
    ASSERT_EQ(sum.examples, static_cast<int>(ex.size()));
    ASSERT_GT(sum.turns, 5);
    for (const Example& e : ex) {
      EXPECT_TRUE(eval::is_net_class(e.cls));
      EXPECT_EQ(e.cls, eval::classify(e.board));
      for (int k = 0; k < 5; ++k) {
        EXPECT_GE(e.target[k], 0.0f);
        EXPECT_LE(e.target[k], 1.0f);
      }
    }
    // Examples are appended from the last turn backwards; without databases the last turn of a
    // game is a net position whose target is the exact outcome for the winner (when that turn's
    // play was the greedy one, the winner is the side on roll).
    const Probabilities& t = ex.front().target;
    EXPECT_TRUE(t[0] == 1.0f || t[0] == 0.0f || (t[0] > 0.0f && t[0] < 1.0f));
  }
}

TEST(SelfPlay, SameSeedSameGame) {
  std::shared_ptr<const eval::NetSet> nets;
  eval::Evaluator ev = random_evaluator(12, nets);
  std::vector<Example> a, b;
  std::mt19937_64 r1(99), r2(99);
  play_td_game(ev, r1, {}, a);
  play_td_game(ev, r2, {}, b);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].board, b[i].board);
    EXPECT_EQ(a[i].target, b[i].target);
  }
}

TEST(SelfPlay, LambdaOneGivesTheOutcomeToEveryPositionOfAGreedyGame) {
  std::shared_ptr<const eval::NetSet> nets;
  eval::Evaluator ev = random_evaluator(13, nets);
  SelfPlaySettings s;
  s.lambda = 1.0f;
  s.exploration = 0.0f;
  std::mt19937_64 rng(4);
  std::vector<Example> ex;
  play_td_game(ev, rng, s, ex);
  ASSERT_FALSE(ex.empty());
  // Monte-Carlo targets: every position's target is the game's result from its side on roll.
  for (const Example& e : ex) {
    EXPECT_TRUE(e.target[0] == 0.0f || e.target[0] == 1.0f);
    EXPECT_TRUE(e.target[1] == 0.0f || e.target[1] == 1.0f);
    EXPECT_TRUE(e.target[3] == 0.0f || e.target[3] == 1.0f);
  }
}

TEST(SelfPlay, LuckFreeReturnsFollowTheirRecurrence) {
  // R_last = M_last; R_t = M_t + invert(R_{t+1}) - A_t; an exploratory play cuts the chain.
  const Probabilities a0{{0.6f, 0.2f, 0.01f, 0.1f, 0.005f}}, a1{{0.3f, 0.1f, 0.0f, 0.2f, 0.01f}};
  const Probabilities a2{{1.0f, 1.0f, 0.0f, 0.0f, 0.0f}};
  const Probabilities m0{{0.55f, 0.18f, 0.01f, 0.12f, 0.006f}}, m1{{0.35f, 0.09f, 0.0f, 0.25f, 0.02f}};
  const Probabilities m2{{0.9f, 0.4f, 0.01f, 0.0f, 0.0f}};
  const auto r = luck_free_returns({a0, a1, a2}, {m0, m1, m2}, {false, false, false});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[2], m2);
  Probabilities want1, want0;
  for (int k = 0; k < 5; ++k) want1[k] = m1[k] + m2.inverted()[k] - a1[k];
  for (int k = 0; k < 5; ++k) want0[k] = m0[k] + want1.inverted()[k] - a0[k];
  for (int k = 0; k < 5; ++k) {
    EXPECT_FLOAT_EQ(r[1][k], want1[k]) << k;
    EXPECT_FLOAT_EQ(r[0][k], want0[k]) << k;
  }
  // A turn whose play was random keeps only its own 1-ply mean; turns before it chain to that.
  const auto cut = luck_free_returns({a0, a1, a2}, {m0, m1, m2}, {false, true, false});
  EXPECT_EQ(cut[1], m1);
  for (int k = 0; k < 5; ++k) EXPECT_FLOAT_EQ(cut[0][k], m0[k] + m1.inverted()[k] - a0[k]) << k;
  // A decay mu: each later turn's correction counts mu times less; mu = 0 leaves the 1-ply means.
  const auto half = luck_free_returns({a0, a1, a2}, {m0, m1, m2}, {false, false, false}, 0.5f);
  EXPECT_EQ(half[2], m2);
  Probabilities half1, half0;
  for (int k = 0; k < 5; ++k) half1[k] = m1[k] + 0.5f * (m2.inverted()[k] - a1[k]);
  for (int k = 0; k < 5; ++k) half0[k] = m0[k] + 0.5f * (half1.inverted()[k] - a0[k]);
  for (int k = 0; k < 5; ++k) {
    EXPECT_FLOAT_EQ(half[1][k], half1[k]) << k;
    EXPECT_FLOAT_EQ(half[0][k], half0[k]) << k;
  }
  const auto none = luck_free_returns({a0, a1, a2}, {m0, m1, m2}, {false, false, false}, 0.0f);
  EXPECT_EQ(none[0], m0);
  EXPECT_EQ(none[1], m1);
  // Nets that agree with themselves (every greedy value is what the next turn's mean says) leave
  // no luck to take out: the returns are the 1-ply means.
  const auto calm = luck_free_returns({m1.inverted(), m2.inverted(), a2}, {m0, m1, m2},
                                      {false, false, false});
  for (int t = 0; t < 3; ++t)
    for (int k = 0; k < 5; ++k) EXPECT_NEAR(calm[t][k], (t == 0 ? m0 : t == 1 ? m1 : m2)[k], 1e-6);
}

TEST(SelfPlay, LuckFreeReturnsAreOutcomesLessLuck) {
  // With the shipped nets, greedy games from the start: (1) every example's target follows the
  // recurrence with A_t and M_t recomputed here from the boards (where nothing was clamped);
  // (2) the start's return and the game's result estimate one value: their difference (minus
  // the luck of the whole game) has mean zero, and the return varies far less than the result.
  auto w = eval::read_weights(std::filesystem::path(TAVLA_SOURCE_DIR) / "weights" / "tavla.wd");
  ASSERT_TRUE(w) << w.error();
  auto nets = eval::NetSet::create(*w);
  ASSERT_TRUE(nets) << nets.error();
  eval::Evaluator ev(nets.value());
  SelfPlaySettings s;
  s.exploration = 0.0f;
  s.luck_free_returns = true;
  const int games = 60;
  std::vector<double> diff, ret, result;
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    std::mt19937_64 rng(1000 + g);
    std::vector<Example> ex;
    const GameSummary sum = play_td_game(ev, rng, s, ex);
    ASSERT_GE(sum.points, 1);
    ASSERT_FALSE(ex.empty());
    ASSERT_EQ(ex.front().board, Board::starting_position());
    // The recurrence is checked on the first 100 turns whose returns are strictly between 0
    // and 1 (how many games that takes depends on the nets' play).
    for (size_t i = 0; i + 1 < ex.size() && checked < 100; ++i) {
      // Consecutive turns are consecutive examples while the game stays in net classes.
      const Probabilities& r0 = ex[i].target;
      const Probabilities& r1 = ex[i + 1].target;
      auto inside = [](const Probabilities& p) {
        for (int k = 0; k < 5; ++k)
          if (p[k] <= 0.0f || p[k] >= 1.0f) return false;
        return true;
      };
      if (!inside(r0) || !inside(r1)) continue;
      std::vector<Board> after{ex[i + 1].board.swapped()};
      std::vector<Probabilities> a(1);
      ev.evaluate_after_moves(after, a);
      const Probabilities m = mean_greedy_value(ev, ex[i].board);
      for (int k = 0; k < 5; ++k)
        EXPECT_NEAR(r0[k], m[k] + r1.inverted()[k] - a[0][k], 2e-5) << "game " << g << " turn " << i;
      ++checked;
    }
    const double r0 = eval::cubeless_money_equity(ex.front().target);
    const double res = (sum.turns % 2 == 1 ? 1 : -1) * sum.points;  // the first mover's result
    ret.push_back(r0);
    result.push_back(res);
    diff.push_back(r0 - res);
  }
  EXPECT_GT(checked, 30);
  auto mean = [](const std::vector<double>& v) {
    double m = 0;
    for (double x : v) m += x;
    return m / v.size();
  };
  auto sd = [&](const std::vector<double>& v) {
    const double m = mean(v);
    double q = 0;
    for (double x : v) q += (x - m) * (x - m);
    return std::sqrt(q / (v.size() - 1));
  };
  const double se = sd(diff) / std::sqrt(double(games));
  EXPECT_LT(std::abs(mean(diff)), 4 * se) << "mean " << mean(diff) << " se " << se;
  EXPECT_LT(sd(ret), 0.5 * sd(result)) << sd(ret) << " vs " << sd(result);
}

std::filesystem::path temp_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("tavla_train_test_" + name);
  std::filesystem::remove_all(d);
  return d;
}

TrainState small_run(int threads, RoundKind kind = RoundKind::kTd) {
  TrainState st;
  st.settings.seed = 21;
  st.settings.games_per_round = 6;
  st.settings.threads = threads;
  st.settings.kind = kind;
  st.settings.hidden_contact = st.settings.hidden_race = st.settings.hidden_crashed = 16;
  st.settings.label_plies = 1;
  st.settings.label_fraction = 0.1f;
  return st;
}

TEST(Trainer, ResultsDoNotDependOnTheThreadCount) {
  TrainState a = small_run(1), b = small_run(2);
  eval::Weights wa = random_weights(a.settings), wb = random_weights(b.settings);
  for (int r = 0; r < 2; ++r) {
    train_round(wa, a, nullptr, {});
    train_round(wb, b, nullptr, {});
  }
  EXPECT_EQ(a.games, 12u);
  EXPECT_EQ(a.examples, b.examples);
  EXPECT_TRUE(wa == wb);
  EXPECT_FALSE(wa == random_weights(a.settings)) << "training changed nothing";
}

TEST(Trainer, SupervisedRoundsAreDeterministicToo) {
  TrainState a = small_run(1, RoundKind::kSupervised), b = small_run(2, RoundKind::kSupervised);
  eval::Weights wa = random_weights(a.settings), wb = random_weights(b.settings);
  train_round(wa, a, nullptr, {});
  train_round(wb, b, nullptr, {});
  EXPECT_GT(a.examples, 0u);
  EXPECT_TRUE(wa == wb);
}

TEST(Trainer, GamesSplitIntoChunksGiveTheSameExamples) {
  // What MPI ranks rely on (tools/tavla/train_ranks.h): a round's games played in chunks, in
  // any order, give the examples of one call, and a GamePlayer doing so trains the same nets.
  TrainState st = small_run(1, RoundKind::kSupervised);
  st.settings.label_rollout_trials = 3;
  st.settings.label_truncate_plies = 2;
  const eval::Weights w = random_weights(st.settings);
  const std::vector<Example> whole = play_games(w, st, nullptr, 0, 6);
  ASSERT_FALSE(whole.empty());
  std::vector<Example> late = play_games(w, st, nullptr, 4, 2);  // played first
  std::vector<Example> parts = play_games(w, st, nullptr, 0, 1);
  for (uint64_t g : {1, 2, 3}) {
    const std::vector<Example> one = play_games(w, st, nullptr, g, 1);
    parts.insert(parts.end(), one.begin(), one.end());
  }
  parts.insert(parts.end(), late.begin(), late.end());
  ASSERT_EQ(parts.size(), whole.size());
  for (size_t i = 0; i < whole.size(); ++i) {
    EXPECT_TRUE(parts[i].board == whole[i].board) << i;
    EXPECT_EQ(parts[i].cls, whole[i].cls) << i;
    for (int k = 0; k < Probabilities::kCount; ++k)
      EXPECT_EQ(std::bit_cast<uint32_t>(parts[i].target[k]), std::bit_cast<uint32_t>(whole[i].target[k]))
          << i << " " << k;
  }
  TrainState a = st, b = st;
  eval::Weights wa = w, wb = w;
  int calls = 0;
  const GamePlayer by_twos = [&](const eval::Weights& nets, const TrainState& s, uint64_t first,
                                 int count, const std::function<void(int)>&) {
    std::vector<Example> all;
    for (int i = 0; i < count; i += 2, ++calls) {
      const std::vector<Example> c = play_games(nets, s, nullptr, first + i, std::min(2, count - i));
      all.insert(all.end(), c.begin(), c.end());
    }
    return all;
  };
  train_round(wa, a, nullptr, {});
  train_round(wb, b, nullptr, {}, nullptr, by_twos);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(a.examples, b.examples);
  EXPECT_TRUE(wa == wb);
}

// Generates a one-sided database of `points` points (as makebearoff -o) and sets it as the
// larger one-sided database of `dbs`.
void add_large_one_sided(bearoff::BearoffDatabases& dbs, int points) {
  bearoff::OneSidedSettings os;
  os.points = points;
  os.threads = 2;
  auto table = bearoff::generate_one_sided(os);
  ASSERT_TRUE(table) << table.error();
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() /
      ("tavla_label_db_" + std::to_string(::getpid()) + "_" + std::to_string(points) + ".bd");
  ASSERT_FALSE(bearoff::write_one_sided_database(*table, os, file));
  auto db = bearoff::OneSidedDatabase::open(file);
  std::filesystem::remove(file);
  ASSERT_TRUE(db) << db.error();
  ASSERT_FALSE(dbs.set_large_one_sided(std::move(db).value()));
}

TEST(Trainer, LabelDatabaseLabelsTheRacesItCoversWithItsValues) {
  // tavla train --label-database: a larger one-sided database (here 7 points) labels every race
  // position of the games that it covers, whatever the label fractions; with the fractions at 0
  // those are the only examples, and without the database there are none.
  bearoff::BearoffDatabases dbs;
  ASSERT_NO_FATAL_FAILURE(add_large_one_sided(dbs, 7));
  const bearoff::DatabaseBearoffProvider provider(dbs);

  TrainState st = small_run(2, RoundKind::kSupervised);
  st.settings.label_fraction = st.settings.label_fraction_race = st.settings.label_fraction_crashed = 0;
  const eval::Weights w = random_weights(st.settings);
  EXPECT_TRUE(play_games(w, st, nullptr, 0, 20).empty());
  const std::vector<Example> ex = play_games(w, st, nullptr, 0, 20, {}, &provider);
  ASSERT_FALSE(ex.empty());
  for (const Example& e : ex) {
    EXPECT_EQ(e.cls, eval::PositionClass::kRace);  // the race net learns them
    for (int side = 0; side < 2; ++side)
      for (int p = 7; p < 25; ++p) EXPECT_EQ(e.board.sides[side][p], 0) << "beyond the 7-point";
    const auto probe = dbs.probe(e.board);
    ASSERT_TRUE(probe);
    EXPECT_EQ(probe->source, bearoff::BearoffSource::kLargeOneSided);
    for (int k = 0; k < Probabilities::kCount; ++k)
      EXPECT_NEAR(e.target[k], probe->probabilities[k], 1e-6) << k;
  }
  // The same games with the label fractions at 1: every race and contact position is labelled,
  // and the ones the database covers still carry its values.
  st.settings.label_fraction = st.settings.label_fraction_race = st.settings.label_fraction_crashed = 1;
  st.settings.label_plies = 0;
  const std::vector<Example> all = play_games(w, st, nullptr, 0, 20, {}, &provider);
  EXPECT_GT(all.size(), ex.size());
  size_t covered = 0;
  for (const Example& e : all)
    if (dbs.classify(e.board) == bearoff::BearoffSource::kLargeOneSided) ++covered;
  EXPECT_EQ(covered, ex.size());
  // 1-ply labels of the races just beyond the database see it at their leaves.
  st.settings.label_plies = 1;
  st.settings.label_fraction = st.settings.label_fraction_crashed = 0;
  const std::vector<Example> one_ply = play_games(w, st, nullptr, 0, 20, {}, &provider);
  auto nets = eval::NetSet::create(w);
  ASSERT_TRUE(nets);
  eval::Search with_db(*nets, &provider), without_db(*nets, nullptr);
  const eval::CubeInfo ci = eval::money_cube_info(1, -1, 0, false, false);
  eval::EvalContext ec;
  ec.plies = 1;
  ec.cubeful = false;
  int beyond = 0, moved = 0;
  for (const Example& e : one_ply) {
    if (dbs.classify(e.board) != bearoff::BearoffSource::kNone) continue;
    ++beyond;
    const Probabilities seen = with_db.evaluate(e.board, ci, ec).probs;
    const Probabilities blind = without_db.evaluate(e.board, ci, ec).probs;
    for (int k = 0; k < Probabilities::kCount; ++k) EXPECT_FLOAT_EQ(e.target[k], seen[k]) << k;
    moved += std::abs(eval::cubeless_money_equity(seen) - eval::cubeless_money_equity(blind)) > 1e-4f;
  }
  EXPECT_GT(beyond, 0);
  EXPECT_GT(moved, 0) << "no 1-ply label reached the database";
}

TEST(Trainer, ARaceSidesNetValuesTheRacesOfPlayAndOfLabels) {
  // tavla train with a race sides net (--race-sides, or the one beside --from's weights): the
  // games and the labels' searches value races by it, as the evaluator does with
  // tavla.race-sides beside tavla.wd; without one, by the race net.
  TrainState st = small_run(2, RoundKind::kSupervised);
  st.settings.label_fraction = st.settings.label_fraction_crashed = 0;
  st.settings.label_fraction_race = 1;
  st.settings.label_plies = 1;
  const eval::Weights w = random_weights(st.settings);
  const auto sides = std::make_shared<const eval::RaceSidesNet>(16, 5);
  auto with = eval::NetSet::create(w, sides);
  auto without = eval::NetSet::create(w);
  ASSERT_TRUE(with && without);
  const eval::CubeInfo ci = eval::money_cube_info(1, -1, 0, false, false);
  eval::EvalContext ec;
  ec.plies = 1;
  ec.cubeful = false;
  int apart = 0;
  for (const bool by_sides : {false, true}) {
    const std::vector<Example> ex =
        play_games(w, st, nullptr, 0, 12, {}, nullptr, by_sides ? sides : nullptr);
    ASSERT_FALSE(ex.empty());
    eval::Search own(by_sides ? *with : *without, nullptr);
    eval::Search other(by_sides ? *without : *with, nullptr);
    for (const Example& e : ex) {
      ASSERT_EQ(e.cls, eval::PositionClass::kRace);
      const Probabilities label = own.evaluate(e.board, ci, ec).probs;
      for (int k = 0; k < Probabilities::kCount; ++k) EXPECT_FLOAT_EQ(e.target[k], label[k]) << k;
      const Probabilities not_this = other.evaluate(e.board, ci, ec).probs;
      apart += std::abs(eval::cubeless_money_equity(label) -
                        eval::cubeless_money_equity(not_this)) > 1e-3f;
    }
  }
  EXPECT_GT(apart, 0) << "the race sides net changed no label";
}

TEST(Trainer, OddEvenLabelsAreTheMeanOfTwoPlies) {
  // --label-odd-even: each label is the mean of the --label-plies and the one-ply-shallower
  // evaluations, which differ (an odd and an even ply), and the setting survives a checkpoint.
  TrainState st = small_run(2, RoundKind::kSupervised);
  st.settings.label_fraction = st.settings.label_fraction_race = st.settings.label_fraction_crashed = 1;
  st.settings.label_plies = 1;
  st.settings.label_odd_even = true;
  const eval::Weights w = random_weights(st.settings);
  const std::vector<Example> ex = play_games(w, st, nullptr, 0, 4, {}, nullptr);
  ASSERT_FALSE(ex.empty());
  auto nets = eval::NetSet::create(w);
  ASSERT_TRUE(nets);
  eval::Search search(*nets, nullptr);
  const eval::CubeInfo ci = eval::money_cube_info(1, -1, 0, false, false);
  eval::EvalContext one, zero;
  one.plies = 1;
  zero.plies = 0;
  one.cubeful = zero.cubeful = false;
  int apart = 0;
  for (const Example& e : ex) {
    const Probabilities p1 = search.evaluate(e.board, ci, one).probs;
    const Probabilities p0 = search.evaluate(e.board, ci, zero).probs;
    for (int k = 0; k < Probabilities::kCount; ++k)
      EXPECT_NEAR(e.target[k], 0.5f * (p1[k] + p0[k]), 1e-6f) << k;
    apart += std::abs(eval::cubeless_money_equity(p1) - eval::cubeless_money_equity(p0)) > 1e-3f;
  }
  EXPECT_GT(apart, 0) << "the two plies agreed everywhere: the test shows nothing";
  const auto dir = temp_dir("odd_even");
  ASSERT_FALSE(save_checkpoint(dir, w, st).has_value());
  auto ck = load_checkpoint(dir);
  ASSERT_TRUE(ck) << ck.error();
  EXPECT_TRUE(ck.value().second.settings.label_odd_even);
}

TEST(Trainer, LabelDatabaseReachLabelsRacesBeyondItAndTheirAlternatives) {
  // --label-database-reach: races beyond a 6-point database, up to the 8-point, carry one-sided
  // values computed by its rule above its points (the extension); with --label-alternatives the
  // positions after the other good plays of a random roll from each of them are labelled too.
  bearoff::BearoffDatabases dbs;
  ASSERT_NO_FATAL_FAILURE(add_large_one_sided(dbs, 6));
  bearoff::OneSidedExtensionSettings es;
  es.max_points = 8;
  auto ext = bearoff::OneSidedExtension::create(*dbs.large_one_sided(), es);
  ASSERT_TRUE(ext) << ext.error();
  const bearoff::DatabaseBearoffProvider plain(dbs);
  const bearoff::ExtendedRaceProvider reach(dbs, **ext);

  TrainState st = small_run(1, RoundKind::kSupervised);
  st.settings.label_fraction = st.settings.label_fraction_race = st.settings.label_fraction_crashed = 0;
  const eval::Weights w = random_weights(st.settings);
  const std::vector<Example> database_only = play_games(w, st, nullptr, 0, 30, {}, &plain);
  const std::vector<Example> reached = play_games(w, st, nullptr, 0, 30, {}, &reach);
  ASSERT_FALSE(database_only.empty());
  EXPECT_GT(reached.size(), database_only.size());
  int beyond = 0;
  for (const Example& e : reached) {
    EXPECT_EQ(e.cls, eval::PositionClass::kRace);
    for (int side = 0; side < 2; ++side)
      for (int p = 8; p < 25; ++p) EXPECT_EQ(e.board.sides[side][p], 0) << "beyond the 8-point";
    const auto want = (*ext)->evaluate(e.board);
    ASSERT_TRUE(want);
    for (int k = 0; k < Probabilities::kCount; ++k) EXPECT_NEAR(e.target[k], (*want)[k], 1e-6) << k;
    beyond += dbs.classify(e.board) == bearoff::BearoffSource::kNone;
  }
  EXPECT_GT(beyond, 0);

  // Alternatives: more examples, each valued the same way, the same on two threads.
  st.settings.label_alternatives = 4;
  const std::vector<Example> with_alts = play_games(w, st, nullptr, 0, 30, {}, &reach);
  EXPECT_GT(with_alts.size(), reached.size());
  for (const Example& e : with_alts) {
    const auto want = (*ext)->evaluate(e.board);
    ASSERT_TRUE(want) << engine::position_id(e.board);
    for (int k = 0; k < Probabilities::kCount; ++k) EXPECT_NEAR(e.target[k], (*want)[k], 1e-6) << k;
  }
  TrainState two = st;
  two.settings.threads = 2;
  const std::vector<Example> again = play_games(w, two, nullptr, 0, 30, {}, &reach);
  ASSERT_EQ(again.size(), with_alts.size());
  for (size_t i = 0; i < again.size(); ++i) {
    EXPECT_TRUE(again[i].board == with_alts[i].board) << i;
    EXPECT_EQ(again[i].target, with_alts[i].target) << i;
  }
}

TEST(Trainer, AlternativePlaysAddLabelledExamplesDeterministically) {
  TrainState plain = small_run(1, RoundKind::kSupervised);
  TrainState a = small_run(1, RoundKind::kSupervised), b = small_run(2, RoundKind::kSupervised);
  a.settings.label_alternatives = b.settings.label_alternatives = 3;
  eval::Weights wp = random_weights(plain.settings), wa = wp, wb = wp;
  const RoundReport rp = train_round(wp, plain, nullptr, {});
  const RoundReport ra = train_round(wa, a, nullptr, {});
  train_round(wb, b, nullptr, {});
  // Each labelled position brings up to three more (fewer where a roll has fewer plays or a
  // play ends the game); the same games are sampled at the same rate.
  EXPECT_GT(ra.examples, 2 * rp.examples);
  EXPECT_TRUE(wa == wb);
  EXPECT_FALSE(wa == wp);
}

TEST(Trainer, RolloutLabelsOfSeveralPositionsShareTheirDice) {
  // tavla train --label-rollout with --label-alternatives rolls the alternatives out together:
  // every position is played with the same dice, so a position's label does not depend on which
  // others share the rollout, and the same position twice gets the same label twice.
  TrainState st = small_run(1, RoundKind::kSupervised);
  const eval::Weights w = random_weights(st.settings);
  auto nets = eval::NetSet::create(w);
  ASSERT_TRUE(nets);
  const std::shared_ptr<const eval::NetSet> shared = *nets;
  rollout::RolloutSettings rs;
  rs.trials = 6;
  rs.cubeful = false;
  rs.variance_reduction = true;
  rs.truncate = true;
  rs.truncate_plies = 4;
  for (int p = 0; p < 2; ++p) {
    rs.chequer[p].context = eval::EvalContext{0, false, false, true, 0.0f};
    rs.cube[p] = eval::EvalContext{0, false, false, true, 0.0f};
  }
  rs.truncation = eval::EvalContext{0, false, false, true, 0.0f};
  const Board a = Board::starting_position();
  Board b = a, c = a;
  b.sides[Board::kOnRoll][23] = 1, b.sides[Board::kOnRoll][5] = 6;      // a back chequer run home
  c.sides[Board::kOpponent][23] = 1, c.sides[Board::kOpponent][12] = 6;  // the other side's, out
  const auto ab = rollout_labels(shared, nullptr, rs, {a, b}, 7, 3);
  const auto ac = rollout_labels(shared, nullptr, rs, {a, c}, 7, 3);
  const auto b_alone = rollout_labels(shared, nullptr, rs, {b}, 7, 3);
  const auto aa = rollout_labels(shared, nullptr, rs, {a, a}, 7, 3);
  const auto other_seed = rollout_labels(shared, nullptr, rs, {a}, 7, 4);
  ASSERT_EQ(ab.size(), 2u);
  for (int k = 0; k < Probabilities::kCount; ++k) {
    EXPECT_EQ(std::bit_cast<uint32_t>(ab[0][k]), std::bit_cast<uint32_t>(ac[0][k])) << k;
    EXPECT_EQ(std::bit_cast<uint32_t>(ab[1][k]), std::bit_cast<uint32_t>(b_alone[0][k])) << k;
    EXPECT_EQ(std::bit_cast<uint32_t>(aa[0][k]), std::bit_cast<uint32_t>(aa[1][k])) << k;
    EXPECT_GE(ab[1][k], 0.0f);
    EXPECT_LE(ab[1][k], 1.0f);
  }
  EXPECT_NE(eval::cubeless_money_equity(ab[0]), eval::cubeless_money_equity(ab[1]));
  EXPECT_NE(eval::cubeless_money_equity(ab[0]), eval::cubeless_money_equity(other_seed[0]))
      << "the seed's dice decide the label";
}

TEST(Trainer, RolloutLabelledAlternativesAddExamplesDeterministically) {
  TrainState plain = small_run(1, RoundKind::kSupervised);
  TrainState a = small_run(1, RoundKind::kSupervised), b = small_run(2, RoundKind::kSupervised);
  for (TrainState* st : {&plain, &a, &b}) {
    st->settings.label_rollout_trials = 3;
    st->settings.label_truncate_plies = 2;
  }
  a.settings.label_alternatives = b.settings.label_alternatives = 3;
  eval::Weights wp = random_weights(plain.settings), wa = wp, wb = wp;
  const std::vector<Example> ex = play_games(wa, a, nullptr, 0, 6);
  const std::vector<Example> ex_plain = play_games(wp, plain, nullptr, 0, 6);
  EXPECT_GT(ex.size(), 2 * ex_plain.size());
  for (const Example& e : ex)
    for (int k = 0; k < Probabilities::kCount; ++k) {
      EXPECT_GE(e.target[k], 0.0f);
      EXPECT_LE(e.target[k], 1.0f);
    }
  train_round(wa, a, nullptr, {});
  train_round(wb, b, nullptr, {});
  EXPECT_EQ(a.examples, ex.size() * a.settings.epochs);  // the round trains on the same labels
  EXPECT_TRUE(wa == wb);
}

TEST(Trainer, TruncatedRolloutLabelsAreDeterministicAndCheckpointed) {
  TrainState plain = small_run(1, RoundKind::kSupervised);
  TrainState a = small_run(1, RoundKind::kSupervised), b = small_run(2, RoundKind::kSupervised);
  for (TrainState* st : {&a, &b}) {
    st->settings.label_rollout_trials = 4;
    st->settings.label_truncate_plies = 3;
  }
  eval::Weights wp = random_weights(plain.settings), wa = wp, wb = wp;
  train_round(wp, plain, nullptr, {});
  train_round(wa, a, nullptr, {});
  train_round(wb, b, nullptr, {});
  EXPECT_GT(a.examples, 0u);
  EXPECT_EQ(a.examples, plain.examples);  // the same positions, other labels
  EXPECT_TRUE(wa == wb);
  EXPECT_FALSE(wa == wp);
  const auto dir = temp_dir("rollout_labels");
  ASSERT_FALSE(save_checkpoint(dir, wa, a).has_value());
  auto ck = load_checkpoint(dir);
  ASSERT_TRUE(ck) << ck.error();
  EXPECT_EQ(ck.value().second.settings.label_rollout_trials, 4);
  EXPECT_EQ(ck.value().second.settings.label_truncate_plies, 3);
  std::filesystem::remove_all(dir);
}

TEST(Trainer, LuckFreeReturnLabelsKeepTheWantedClassesAndAreCheckpointed) {
  TrainState a = small_run(1, RoundKind::kSupervised), b = small_run(2, RoundKind::kSupervised);
  for (TrainState* st : {&a, &b}) {
    st->settings.label_returns = true;
    st->settings.label_fraction = 0.0f;       // no contact labels...
    st->settings.label_fraction_race = 1.0f;  // ...every race position
    st->settings.label_fraction_crashed = 0.0f;
    st->settings.play.returns_lambda = 0.75f;
  }
  eval::Weights w = random_weights(a.settings);
  std::vector<Example> la, lb;
  eval::Weights wa = w, wb = w;
  train_round(wa, a, nullptr, {}, &la);
  train_round(wb, b, nullptr, {}, &lb);
  ASSERT_FALSE(la.empty());
  ASSERT_EQ(la.size(), lb.size());
  for (size_t i = 0; i < la.size(); ++i) {
    EXPECT_EQ(la[i].cls, eval::PositionClass::kRace);
    EXPECT_EQ(la[i].board, lb[i].board);
    EXPECT_EQ(la[i].target, lb[i].target);
    for (int k = 0; k < 5; ++k) {
      EXPECT_GE(la[i].target[k], 0.0f);
      EXPECT_LE(la[i].target[k], 1.0f);
    }
  }
  EXPECT_TRUE(wa == wb);
  const auto dir = temp_dir("return_labels");
  ASSERT_FALSE(save_checkpoint(dir, wa, a).has_value());
  auto ck = load_checkpoint(dir);
  ASSERT_TRUE(ck) << ck.error();
  EXPECT_TRUE(ck.value().second.settings.label_returns);
  EXPECT_EQ(ck.value().second.settings.play.returns_lambda, 0.75f);
  std::filesystem::remove_all(dir);
}

TEST(Trainer, ResumingFromACheckpointContinuesTheSameRun) {
  TrainState straight = small_run(1);
  eval::Weights w1 = random_weights(straight.settings);
  for (int r = 0; r < 3; ++r) train_round(w1, straight, nullptr, {});

  const auto dir = temp_dir("resume");
  TrainState st = small_run(1);
  eval::Weights w2 = random_weights(st.settings);
  train_round(w2, st, nullptr, {});
  ASSERT_FALSE(save_checkpoint(dir, w2, st).has_value());
  auto ck = load_checkpoint(dir);
  ASSERT_TRUE(ck) << ck.error();
  eval::Weights w3 = ck.value().first;
  TrainState st3 = ck.value().second;
  st3.settings.hidden_contact = 16;  // sizes live in the weights, not the state
  EXPECT_EQ(st3.round, 1);
  EXPECT_TRUE(w3 == w2);
  for (int r = 0; r < 2; ++r) train_round(w3, st3, nullptr, {});
  EXPECT_TRUE(w3 == w1);
  EXPECT_EQ(st3.games, straight.games);
  std::filesystem::remove_all(dir);
}

TEST(Trainer, WideningKeepsEveryEvaluationAndGrowsOnlyTheMainNets) {
  TrainSettings small;
  small.seed = 31;
  small.hidden_contact = small.hidden_race = small.hidden_crashed = 16;
  const eval::Weights w = random_weights(small);
  TrainSettings wide = small;
  wide.hidden_contact = wide.hidden_race = wide.hidden_crashed = 40;
  const eval::Weights v = widen_weights(w, wide);
  ASSERT_FALSE(eval::validate(v).has_value());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(v.nets[i].hidden, 40) << i;
  for (int i = 3; i < eval::kNetCount; ++i) EXPECT_TRUE(v.nets[i] == w.nets[i]) << i;
  // The new units' input weights are random, their output weights zero.
  EXPECT_NE(v.nets[0].hidden_weights[39], 0.0f);
  EXPECT_EQ(v.nets[0].output_weights[39], 0.0f);

  auto a = eval::NetSet::create(w), b = eval::NetSet::create(v);
  ASSERT_TRUE(a && b);
  eval::Evaluator ea(a.value()), eb(b.value());
  std::shared_ptr<const eval::NetSet> keep;
  eval::Evaluator player = random_evaluator(5, keep);
  std::mt19937_64 rng(8);
  std::vector<Example> ex;
  play_td_game(player, rng, {}, ex);
  ASSERT_GT(ex.size(), 10u);
  int classes = 0;
  for (const Example& e : ex) {
    classes |= 1 << static_cast<int>(e.cls);
    const Probabilities pa = ea.evaluate(e.board), pb = eb.evaluate(e.board);
    for (int k = 0; k < 5; ++k) EXPECT_NEAR(pa[k], pb[k], 1e-6) << k;
  }
  EXPECT_GT(std::popcount(static_cast<unsigned>(classes)), 1) << "only one class of position";
  // Narrower settings leave the nets alone.
  EXPECT_TRUE(widen_weights(w, small) == w);
}

TEST(Trainer, TheHiddenLayersStepScaleIsUsedAndCheckpointed) {
  TrainState a = small_run(1), b = small_run(1);
  b.settings.rate_hidden_scale = 4.0f;
  eval::Weights wa = random_weights(a.settings), wb = random_weights(b.settings);
  train_round(wa, a, nullptr, {});
  train_round(wb, b, nullptr, {});
  // Same output-layer step, different hidden-layer step: the hidden weights part.
  EXPECT_FALSE(wa.nets[0].hidden_weights == wb.nets[0].hidden_weights);
  const auto dir = temp_dir("hidden_scale");
  ASSERT_FALSE(save_checkpoint(dir, wb, b).has_value());
  auto ck = load_checkpoint(dir);
  ASSERT_TRUE(ck) << ck.error();
  EXPECT_EQ(ck.value().second.settings.rate_hidden_scale, 4.0f);
  // A checkpoint written before the setting existed reads as scale 1.
  {
    std::ifstream in(dir / "state.txt");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t at = text.find("rate_hidden_scale");
    ASSERT_NE(at, std::string::npos);
    text.erase(at, text.find('\n', at) + 1 - at);
    std::ofstream out(dir / "state.txt", std::ios::trunc);
    out << text;
  }
  ck = load_checkpoint(dir);
  ASSERT_TRUE(ck) << ck.error();
  EXPECT_EQ(ck.value().second.settings.rate_hidden_scale, 1.0f);
  std::filesystem::remove_all(dir);
}

TEST(Trainer, DamagedCheckpointsAreReportedNotLoaded) {
  const auto dir = temp_dir("damaged");
  TrainState st = small_run(1);
  ASSERT_FALSE(save_checkpoint(dir, random_weights(st.settings), st).has_value());
  {
    std::ofstream f(dir / "state.txt", std::ios::app);
    f << "rate\n";
  }
  auto ck = load_checkpoint(dir);
  ASSERT_FALSE(ck);
  EXPECT_NE(ck.error().find("state.txt"), std::string::npos) << ck.error();
  // A truncated weights file.
  ASSERT_FALSE(save_checkpoint(dir, random_weights(st.settings), st).has_value());
  std::filesystem::resize_file(dir / "nets.wd", 1000);
  ck = load_checkpoint(dir);
  ASSERT_FALSE(ck);
  EXPECT_NE(ck.error().find("nets.wd"), std::string::npos) << ck.error();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tavla::train
