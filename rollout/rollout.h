// SPDX-License-Identifier: GPL-3.0-or-later
// Rollouts with gnubg 1.07's semantics (rollout.c: BasicCubefulRollout, RolloutGeneral): every
// trial plays a game (or part of one) from the position with dice fixed in advance by the
// DiceSchedule, choosing plays and cube actions with the given evaluation settings, and the
// results are averaged.
//
// A trial's result is for the player on roll at the start of the rollout ("the rollout player"):
// the five probabilities (0/1 for a finished game, evaluations at truncation), the cubeless
// equity and the cubeful equity (money: per unit of the basis cube; match play: MWC).
// Variance reduction (optional) adds, for every turn, the difference between the average over all
// 21 rolls of the position's value after the best 0-ply play and the value after the roll that
// came (gnubg's luck adjustment), which keeps the mean and shrinks the variance.
//
// Reproducible: trial t uses only its own dice (seed, t) and deterministic evaluations, so the
// same seed gives the same numbers whatever the number of threads, and statistics are
// accumulated in trial order.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "engine/board.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/net_set.h"
#include "rollout/dice.h"

namespace tavla::eval {
class BearoffProvider;
}

namespace tavla::rollout {

// gnubg's NUM_ROLLOUT_OUTPUTS: five probabilities, then the two equities.
inline constexpr int kOutputs = 7;
inline constexpr int kCubelessEquity = 5;
inline constexpr int kCubefulEquity = 6;
using Outputs = std::array<float, kOutputs>;

struct RolloutSettings {
  int trials = 1296;
  uint32_t seed = 0;
  bool cubeful = true;
  bool variance_reduction = true;
  bool rotate = true;    // quasi-random dice
  bool initial = false;  // the position is the opening: no doubles on the first roll
  bool truncate = false;
  int truncate_plies = 10;
  bool truncate_bearoff2 = true;    // stop at an exact two-sided bearoff position
  bool truncate_bearoff_os = true;  // cubeless rollouts: also at one-sided bearoff positions
  // Per player of the rollout (index = gnubg player of the side to move: 0 or 1).
  std::array<eval::EvalSetup, 2> chequer{eval::EvalSetup{{0, true, true, true, 0.0f},
                                                         eval::predefined_filters(eval::FilterName::kNormal)},
                                         eval::EvalSetup{{0, true, true, true, 0.0f},
                                                         eval::predefined_filters(eval::FilterName::kNormal)}};
  std::array<eval::EvalContext, 2> cube{eval::EvalContext{2, true, true, true, 0.0f},
                                        eval::EvalContext{2, true, true, true, 0.0f}};
  bool late_evaluations = false;
  int late_turn = 5;
  std::array<eval::EvalSetup, 2> chequer_late = chequer;
  std::array<eval::EvalContext, 2> cube_late = cube;
  eval::EvalContext truncation{2, true, true, true, 0.0f};
  // Stop once every alternative's equity has a standard error below the limit (after min_trials).
  bool stop_on_std_error = false;
  int min_trials = 324;
  float std_error_limit = 0.01f;
  int threads = 1;
};

// What to roll out: the board seen from the player on roll, the cube situation, whether the player
// on roll may consider the cube on the first turn, and whether results are to be inverted (a move
// is rolled out from the position after it, and reported for the mover).
struct Alternative {
  engine::Board board;
  eval::CubeInfo cube;
  bool cube_decision_at_start = true;
  bool invert = false;
  int basis_cube = 1;  // money play: equities are reported per unit of this cube
};

struct AlternativeStats {
  Outputs mean{};
  Outputs std_error{};
  int trials = 0;
};

// gnubg's running mean and variance of a series of trial results, advanced one trial at a time
// in trial order (probabilities' running means clamped to [0, 1]).
class RunningStats {
 public:
  void add(const Outputs& result);
  AlternativeStats stats() const;
  int trials() const { return n_; }

 private:
  std::array<float, kOutputs> sum_{}, mu_{}, var_{};
  int n_ = 0;
};

struct Progress {
  int trials_done = 0;
  int trials_total = 0;
  std::vector<AlternativeStats> stats;  // over the trials done so far, in trial order
};
// Called from the thread that runs the rollout, at most every `progress_every` trials.
using ProgressCallback = std::function<void(const Progress&)>;

class Rollout {
 public:
  Rollout(std::shared_ptr<const eval::NetSet> nets, const eval::BearoffProvider* bearoff,
          RolloutSettings settings, std::vector<Alternative> alternatives);
  ~Rollout();

  // Runs (or extends, if `trials` exceeds what was done) the rollout up to `trials` trials in all.
  // Stops early on the standard-error rule or when `*interrupt` becomes true.
  void run(int trials, const ProgressCallback& progress = {}, int progress_every = 36,
           const std::atomic<bool>* interrupt = nullptr);

  std::vector<AlternativeStats> stats() const;  // over all trials done, in trial order
  int trials_done() const { return done_; }
  const RolloutSettings& settings() const { return settings_; }

  // One trial of one alternative (public for tests): gnubg's BasicCubefulRollout with one cube
  // position.
  Outputs trial(int alternative, int index);

  // For trials shared with other processes (tools/mpi/distributed_rollout.h), which decide who
  // plays which trial. play_trials plays the given trials on this rollout's threads and leaves the
  // statistics alone: result [i][alternative] is trial indices[i]'s, the same whatever the thread
  // count or the process. add_trial takes trial trials_done()'s results (one per alternative),
  // played here or elsewhere, into the statistics in trial order, and says whether the
  // standard-error rule stops the rollout there.
  std::vector<std::vector<Outputs>> play_trials(const std::vector<int>& indices);
  bool add_trial(const std::vector<Outputs>& results);
  int alternatives() const { return static_cast<int>(alternatives_.size()); }

 private:
  struct Worker;
  Outputs play(Worker& w, const Alternative& alt, int index) const;
  bool should_stop() const;

  std::shared_ptr<const eval::NetSet> nets_;
  const eval::BearoffProvider* bearoff_;
  RolloutSettings settings_;
  std::vector<Alternative> alternatives_;
  DiceSchedule dice_;
  std::vector<std::vector<Outputs>> results_;  // [alternative][trial]
  std::vector<RunningStats> running_;          // [alternative], over the first done_ trials
  int done_ = 0;
  std::vector<std::unique_ptr<Worker>> workers_;
};

// The standard error and mean of the first `trials` results, accumulated in order with gnubg's
// recurrence (RunningStats).
AlternativeStats accumulate(const std::vector<Outputs>& results, int trials);

}  // namespace tavla::rollout
