// SPDX-License-Identifier: GPL-3.0-or-later
// Rollouts run by `tavla serve` as jobs: started by one request, polled (progress and the
// statistics so far) and cancelled by others. Each job runs on its own thread with the nets and
// databases of the server's analysers; its numbers are `tavla rollout --json`'s for the same
// options and seed. Limits: how many run at once, how long one may run (then it stops as if
// cancelled, with what it has), how many finished ones are kept. Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "analysis/position_rollout.h"
#include "engine/gnubg_id.h"
#include "engine/result.h"
#include "serve/analyser_pool.h"

namespace tavla::serve {

struct JobLimits {
  int max_running = 2;            // rollouts at once; a further start is refused (HTTP 429)
  int max_kept = 32;              // finished jobs kept for polling; the oldest are forgotten
  double max_seconds = 300;       // a rollout running longer is stopped with the trials it has
};

class RolloutJobs {
 public:
  RolloutJobs(AnalyserPool& pool, JobLimits limits);
  ~RolloutJobs();  // cancels and joins every running job

  struct Started {
    std::string job;         // the job's id, set when started
    std::string error;       // else why not
    bool too_many = false;   // refused because max_running jobs are running
  };
  // `id` is the position as the client gave it (echoed in the result, as rollout_json's "id").
  Started start(const std::string& id, const engine::Game& game, const analysis::RolloutRequest& req);

  // The job's state as JSON: {"job", "state" (running, done, cancelled, timed_out), "trials_done",
  // "trials_total", "elapsed_s", "rollout": rollout_json of the trials done so far}; nullopt for
  // an unknown job.
  std::optional<std::string> status_json(const std::string& job) const;
  // Cancels a running job (no-op on a finished one); false for an unknown job.
  bool cancel(const std::string& job);
  // Waits until the job's trials_done changes or it finishes, at most `wait`; for streaming.
  void wait_for_change(const std::string& job, int seen_trials, std::chrono::milliseconds wait) const;

  void cancel_all();

 private:
  struct Job;
  void run(const std::shared_ptr<Job>& job);
  void forget_old_locked();

  AnalyserPool& pool_;
  JobLimits limits_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::map<long long, std::shared_ptr<Job>> jobs_;
  long long next_id_ = 1;
};

}  // namespace tavla::serve
