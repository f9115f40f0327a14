// SPDX-License-Identifier: GPL-3.0-or-later
#include "rollout/rollout.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "eval/cube_decision.h"
#include "eval/search.h"

namespace tavla::rollout {

using engine::Board;
using eval::CubeInfo;
using eval::PositionClass;

namespace {

Outputs to_outputs(const eval::Evaluation& e) {
  Outputs o;
  for (int i = 0; i < 5; ++i) o[i] = e.probs[i];
  o[kCubelessEquity] = e.cubeless_equity;
  o[kCubefulEquity] = e.cubeful_equity;
  return o;
}

// gnubg's InvertEvaluationR: the other player's view of the outputs.
void invert(Outputs& o, const CubeInfo& ci) {
  eval::Probabilities p;
  for (int i = 0; i < 5; ++i) p[i] = o[i];
  p = p.inverted();
  for (int i = 0; i < 5; ++i) o[i] = p[i];
  o[kCubelessEquity] = -o[kCubelessEquity];
  o[kCubefulEquity] = ci.is_money() ? -o[kCubefulEquity] : 1.0f - o[kCubefulEquity];
}

eval::EvalSetup zero_ply(eval::EvalSetup s, int minus_plies) {
  s.context.plies = minus_plies < 0 ? 0 : std::max(0, s.context.plies - minus_plies);
  s.context.deterministic = true;
  s.context.noise = 0.0f;
  return s;
}

}  // namespace

struct Rollout::Worker {
  std::unique_ptr<eval::Search> search;
};

Rollout::Rollout(std::shared_ptr<const eval::NetSet> nets, const eval::BearoffProvider* bearoff,
                 RolloutSettings settings, std::vector<Alternative> alternatives)
    : nets_(std::move(nets)),
      bearoff_(bearoff),
      settings_(std::move(settings)),
      alternatives_(std::move(alternatives)),
      dice_(settings_.seed, settings_.rotate, settings_.initial),
      results_(alternatives_.size()),
      running_(alternatives_.size()) {
  const int threads = std::max(1, settings_.threads);
  for (int t = 0; t < threads; ++t)
    workers_.push_back(std::make_unique<Worker>(
        Worker{std::make_unique<eval::Search>(nets_, bearoff_, size_t{1} << 18)}));
}

Rollout::~Rollout() = default;

Outputs Rollout::trial(int alternative, int index) {
  return play(*workers_[0], alternatives_[alternative], index);
}

Outputs Rollout::play(Worker& w, const Alternative& alt, int index) const {
  eval::Search& s = *w.search;
  const RolloutSettings& st = settings_;
  Board board = alt.board;
  CubeInfo ci = alt.cube;
  const CubeInfo& ci0 = alt.cube;
  std::mt19937 rng = dice_.trial_rng(index);
  Outputs out{}, luck{};
  bool finished = false;
  int turn = 0;
  const int last_turn = st.truncate ? st.truncate_plies : INT_MAX;
  const int late = st.late_evaluations ? st.late_turn : INT_MAX;
  const eval::EvalContext cubeful0{0, true, false, true, 0.0f};
  const eval::EvalContext cubeless0{0, false, false, true, 0.0f};

  while (turn < last_turn && !finished) {
    const int p = ci.on_roll;
    const eval::EvalContext& cube_ec = turn < late ? st.cube[p] : st.cube_late[p];
    const eval::EvalSetup& chequer = turn < late ? st.chequer[p] : st.chequer_late[p];
    const bool cube_allowed = turn > 0 || (alt.cube_decision_at_start && !st.initial);

    // Truncation at exact bearoff databases.
    const PositionClass pc = eval::classify(board, bearoff_);
    const bool two_sided = pc <= PositionClass::kBearoffTs;
    const bool one_sided = pc <= PositionClass::kBearoffOs;
    if (st.truncate_bearoff2 && two_sided && st.cubeful && ci.is_money() && cube_allowed) {
      out = to_outputs(s.evaluate(board, ci, cubeful0));
      if (turn & 1) invert(out, ci);
      finished = true;
      break;
    }
    if (((st.truncate_bearoff2 && two_sided) || (st.truncate_bearoff_os && one_sided)) &&
        !st.cubeful) {
      out = to_outputs(s.evaluate(board, ci, cubeless0));
      if (turn & 1) invert(out, ci);
      finished = true;
      break;
    }

    // The cube.
    if (st.cubeful && cube_allowed && eval::may_double(ci)) {
      auto ev = s.cube_evaluations(board, ci, cube_ec);
      auto a = eval::analyse_cube(ev[0].probs, {ev[0].cubeful_equity, ev[1].cubeful_equity}, ci);
      using D = eval::CubeDecision;
      if (a.decision == D::kDoubleTake || a.decision == D::kDoubleBeaver ||
          a.decision == D::kRedoubleTake) {
        ci = eval::after_double_take(ci);
      } else if (a.decision == D::kDoublePass || a.decision == D::kRedoublePass) {
        out = to_outputs(ev[0]);
        out[kCubefulEquity] = eval::double_pass_value(ci);
        if (turn & 1) invert(out, ci);
        finished = true;
        break;
      }
    }

    // The roll and the play.
    Dice dice = dice_.roll(turn, index, rng);
    if (dice.d1 < dice.d2) std::swap(dice.d1, dice.d2);
    Board chosen;
    if (st.variance_reduction) {
      // Luck: the value after the best 0-ply play of each roll, at one ply less than the
      // chequer-play setting, from the rollout player's side.
      const eval::EvalSetup zero = zero_ply(st.chequer[p], -1);
      const eval::EvalContext reduced = zero_ply(st.chequer[1 - p], 1).context;
      const CubeInfo opp = eval::with_on_roll(ci, 1 - ci.on_roll);
      // The play's 0-ply scoring already holds the 0-ply evaluation after it.
      const bool reuse = reduced.plies == 0 && reduced.cubeful == zero.context.cubeful;
      std::array<std::array<Outputs, 6>, 6> per_roll{};
      std::array<std::array<Board, 6>, 6> best{};
      Outputs mean{};
      for (int i = 0; i < 6; ++i)
        for (int j = 0; j <= i; ++j) {
          if (st.initial && turn == 0 && i == j) continue;  // no doubles on an opening roll
          eval::Evaluation reply;
          best[i][j] = s.best_play(board, i + 1, j + 1, ci, zero.context, reuse ? &reply : nullptr);
          if (!reuse) reply = s.evaluate(best[i][j].swapped(), opp, reduced);
          Outputs o = to_outputs(reply);
          if (!(turn & 1)) invert(o, opp);
          per_roll[i][j] = o;
          for (int k = 0; k < kOutputs; ++k) mean[k] += (i == j ? 1.0f : 2.0f) * o[k];
        }
      const float rolls = (st.initial && turn == 0) ? 30.0f : 36.0f;
      for (float& m : mean) m /= rolls;
      const eval::EvalContext& ce = chequer.context;
      if (ce.plies || st.cubeful != ce.cubeful || ce.noise > 0.0f) {
        auto moves = s.rank_moves(board, dice.d1, dice.d2, ci, chequer);
        chosen = moves.empty() ? board : moves[0].move.after;
      } else {
        chosen = best[dice.d1 - 1][dice.d2 - 1];  // 0-ply play: already found
      }
      const Outputs& actual = per_roll[dice.d1 - 1][dice.d2 - 1];
      for (int k = 0; k < kOutputs; ++k) {
        float term = mean[k] - actual[k];
        if (k == kCubefulEquity && ci.is_money()) term *= static_cast<float>(ci.cube / ci0.cube);
        luck[k] += term;
      }
    } else if (chequer.context.plies == 0 && chequer.context.noise == 0.0f) {
      chosen = s.best_play(board, dice.d1, dice.d2, ci, chequer.context);
    } else {
      auto moves = s.rank_moves(board, dice.d1, dice.d2, ci, chequer);
      chosen = moves.empty() ? board : moves[0].move.after;
    }
    board = chosen;

    if (board.checkers_on_board(1) == 0) {  // the mover has borne off: game over
      out = to_outputs(s.evaluate(board, ci, cubeless0));
      out[kCubefulEquity] =
          ci.is_money() ? out[kCubelessEquity] : eval::equity_to_mwc(out[kCubelessEquity], ci);
      if (turn & 1) invert(out, ci);
      finished = true;
    }
    board.swap_sides();
    ci = eval::with_on_roll(ci, 1 - ci.on_roll);
    ++turn;
  }

  if (!finished) {
    eval::EvalContext ec = st.truncation;
    ec.cubeful = st.cubeful;
    out = to_outputs(s.evaluate(board, ci, ec));
    if (turn & 1) invert(out, ci);
  }
  if (ci.is_money()) out[kCubefulEquity] *= static_cast<float>(ci.cube / ci0.cube);
  if (st.variance_reduction)
    for (int k = 0; k < kOutputs; ++k) out[k] += luck[k];
  if (ci.is_money()) out[kCubefulEquity] *= static_cast<float>(ci0.cube) / alt.basis_cube;
  if (alt.invert) invert(out, ci0);
  return out;
}

void RunningStats::add(const Outputs& r) {
  ++n_;
  for (int j = 0; j < kOutputs; ++j) {
    sum_[j] += r[j];
    float mu_new = sum_[j] / static_cast<float>(n_);
    if (n_ > 1) {  // gnubg's running variance
      float delta = mu_new - mu_[j];
      var_[j] = var_[j] * (1.0f - 1.0f / static_cast<float>(n_ - 1)) +
                static_cast<float>(n_) * delta * delta;
    }
    // gnubg keeps the clamped running mean of a probability, and the next step of the
    // recurrence starts from it (this changes the standard error when variance reduction takes
    // a running mean out of [0, 1]).
    mu_[j] = j < kCubelessEquity ? std::clamp(mu_new, 0.0f, 1.0f) : mu_new;
  }
}

AlternativeStats RunningStats::stats() const {
  AlternativeStats s;
  for (int j = 0; j < kOutputs; ++j) {
    s.mean[j] = mu_[j];
    s.std_error[j] = n_ > 0 ? std::sqrt(var_[j] / static_cast<float>(n_)) : 0.0f;
  }
  s.trials = n_;
  return s;
}

AlternativeStats accumulate(const std::vector<Outputs>& results, int trials) {
  RunningStats r;
  for (int n = 0; n < trials; ++n) r.add(results[n]);
  return r.stats();
}

std::vector<AlternativeStats> Rollout::stats() const {
  std::vector<AlternativeStats> out;
  for (const RunningStats& r : running_) out.push_back(r.stats());
  return out;
}

std::vector<std::vector<Outputs>> Rollout::play_trials(const std::vector<int>& indices) {
  std::vector<std::vector<Outputs>> out(indices.size(), std::vector<Outputs>(alternatives_.size()));
  std::atomic<size_t> next{0};
  const auto work = [&](Worker& w) {
    for (size_t i = next.fetch_add(1); i < indices.size(); i = next.fetch_add(1))
      for (size_t a = 0; a < alternatives_.size(); ++a) out[i][a] = play(w, alternatives_[a], indices[i]);
  };
  {
    std::vector<std::jthread> pool;
    const size_t helpers = std::min(workers_.size(), std::max<size_t>(indices.size(), 1)) - 1;
    for (size_t k = 1; k <= helpers; ++k) pool.emplace_back([&, k] { work(*workers_[k]); });
    work(*workers_[0]);
  }
  return out;
}

bool Rollout::add_trial(const std::vector<Outputs>& results) {
  for (size_t a = 0; a < alternatives_.size(); ++a) {
    results_[a].resize(done_ + 1);
    results_[a][done_] = results[a];
    running_[a].add(results[a]);
  }
  ++done_;
  return should_stop();
}

bool Rollout::should_stop() const {
  if (!settings_.stop_on_std_error || done_ < settings_.min_trials) return false;
  const int k = settings_.cubeful ? kCubefulEquity : kCubelessEquity;
  for (size_t a = 0; a < alternatives_.size(); ++a) {
    const float se = running_[a].stats().std_error[k];
    if (!settings_.cubeful || alternatives_[a].cube.is_money()) {
      if (se > settings_.std_error_limit) return false;
    } else if (eval::mwc_to_equity(0.5f + se, alternatives_[a].cube) -
                   eval::mwc_to_equity(0.5f, alternatives_[a].cube) >
               settings_.std_error_limit) {
      return false;
    }
  }
  return true;
}

void Rollout::run(int trials, const ProgressCallback& progress, int progress_every,
                  const std::atomic<bool>* interrupt) {
  if (trials <= done_) return;
  for (auto& r : results_) r.resize(trials);
  const int base = done_;
  const int every = std::max(1, progress_every);
  // Workers take trials in index order and run ahead of the statistics: no thread waits at a
  // block boundary. Results depend only on the trial index; the statistics and the stopping rule
  // take them strictly in order, so every number is independent of the thread count. Trials
  // finished past a stopping point are discarded.
  std::atomic<int> next{base};
  std::atomic<bool> stop{false};
  std::vector<char> ready(static_cast<size_t>(trials - base), 0);  // guarded by m
  std::mutex m;
  std::condition_variable cv;
  int running_workers = static_cast<int>(workers_.size());  // guarded by m
  const auto stopped = [&] { return stop.load() || (interrupt && interrupt->load()); };
  const auto play_one = [&](Worker& w) {
    const int t = next.fetch_add(1);
    if (t >= trials || stopped()) return false;
    for (size_t a = 0; a < alternatives_.size(); ++a) results_[a][t] = play(w, alternatives_[a], t);
    {
      std::lock_guard lock(m);
      ready[t - base] = 1;
    }
    cv.notify_one();
    return true;
  };
  const auto work = [&](Worker& w) {
    while (play_one(w)) {
    }
    {
      std::lock_guard lock(m);
      --running_workers;
    }
    cv.notify_one();
  };
  // Takes the finished trials at the front in order; false once the rollout is complete.
  int target = trials;
  const auto advance = [&](std::unique_lock<std::mutex>& lock) {
    while (done_ < target && ready[done_ - base]) {
      lock.unlock();
      for (size_t a = 0; a < alternatives_.size(); ++a) running_[a].add(results_[a][done_]);
      ++done_;
      if (should_stop()) {
        target = done_;
        stop = true;
      }
      if (progress && (done_ % every == 0 || done_ == target)) progress({done_, target, stats()});
      lock.lock();
    }
    return done_ < target;
  };
  {
    std::vector<std::jthread> pool;
    for (size_t k = 1; k < workers_.size(); ++k)
      pool.emplace_back([&, k] { work(*workers_[k]); });
    // This thread plays too, and keeps the statistics up to date between its trials.
    while (play_one(*workers_[0])) {
      std::unique_lock lock(m);
      advance(lock);
    }
    {
      std::lock_guard lock(m);
      --running_workers;
    }
    std::unique_lock lock(m);
    while (advance(lock) && !(stopped() && running_workers == 0))
      cv.wait(lock, [&] { return ready[done_ - base] || running_workers == 0; });
  }
  // Interrupted: what was finished in order is kept, the rest dropped.
  for (auto& r : results_) r.resize(done_);
}

}  // namespace tavla::rollout
