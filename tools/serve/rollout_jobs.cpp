// SPDX-License-Identifier: GPL-3.0-or-later
#include "serve/rollout_jobs.h"

#include "eval/cube_info.h"
#include "rollout/rollout.h"
#include "text/json.h"
#include "text/rollout_json.h"

namespace tavla::serve {

namespace {

// How often (in trials) a job publishes its statistics and looks at its time limit.
constexpr int kProgressEvery = 6;

}  // namespace

struct RolloutJobs::Job {
  long long number = 0;
  std::string id;  // the position as given
  rollout::RolloutSettings settings;
  std::vector<analysis::RolloutCandidate> candidates;
  std::atomic<bool> interrupt{false};
  std::chrono::steady_clock::time_point started;
  std::thread thread;
  // Guarded by RolloutJobs::mutex_:
  std::string state = "running";  // running, done, cancelled, timed_out
  bool cancelled = false;
  int trials_done = 0;
  double elapsed_s = 0;
  std::vector<rollout::AlternativeStats> stats;
};

RolloutJobs::RolloutJobs(AnalyserPool& pool, JobLimits limits) : pool_(pool), limits_(limits) {}

RolloutJobs::~RolloutJobs() {
  cancel_all();
  std::map<long long, std::shared_ptr<Job>> jobs;
  {
    std::lock_guard lock(mutex_);
    jobs.swap(jobs_);
  }
  for (auto& [n, job] : jobs)
    if (job->thread.joinable()) job->thread.join();
}

RolloutJobs::Started RolloutJobs::start(const std::string& id, const engine::Game& game,
                                        const analysis::RolloutRequest& req) {
  Started out;
  if (auto bad = analysis::rollout_request_error(req)) {
    out.error = *bad;
    return out;
  }
  auto ci = eval::cube_info(game.match);
  if (!ci) {
    out.error = ci.error();
    return out;
  }
  auto job = std::make_shared<Job>();
  job->id = id;
  job->settings = analysis::rollout_settings(req);
  {
    // The candidates are ranked at 0 ply, as `tavla rollout` ranks them.
    AnalyserPool::Lease a = pool_.borrow();
    if (auto bad = engine::board_error(game.board, a->variant())) {
      out.error = *bad;
      return out;
    }
    auto cands = analysis::rollout_candidates(game, *ci, req, a->search().primary());
    if (!cands) {
      out.error = cands.error();
      return out;
    }
    job->candidates = std::move(cands).value();
  }
  std::lock_guard lock(mutex_);
  int running = 0;
  for (const auto& [n, j] : jobs_) running += j->state == "running";
  if (running >= limits_.max_running) {
    out.too_many = true;
    out.error = "too many rollouts running (" + std::to_string(running) +
                "); cancel one or wait for one to finish";
    return out;
  }
  job->number = next_id_++;
  job->started = std::chrono::steady_clock::now();
  jobs_[job->number] = job;
  job->thread = std::thread([this, job] { run(job); });
  forget_old_locked();
  out.job = std::to_string(job->number);
  return out;
}

void RolloutJobs::run(const std::shared_ptr<Job>& job) {
  const analysis::Analyser& a = pool_.any();
  std::vector<rollout::Alternative> alts;
  for (const auto& c : job->candidates) alts.push_back(c.alt);
  rollout::Rollout ro(a.nets(), a.bearoff_provider(), job->settings, alts);
  bool timed_out = false;
  ro.run(job->settings.trials,
         [&](const rollout::Progress& p) {
           const double secs =
               std::chrono::duration<double>(std::chrono::steady_clock::now() - job->started).count();
           if (secs > limits_.max_seconds && !job->interrupt.load()) {
             timed_out = true;
             job->interrupt = true;
           }
           {
             std::lock_guard lock(mutex_);
             job->trials_done = p.trials_done;
             job->elapsed_s = secs;
             job->stats = p.stats;
           }
           changed_.notify_all();
         },
         kProgressEvery, &job->interrupt);
  {
    std::lock_guard lock(mutex_);
    job->trials_done = ro.trials_done();
    job->stats = ro.stats();
    job->elapsed_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - job->started).count();
    job->state = timed_out ? "timed_out" : job->cancelled ? "cancelled" : "done";
  }
  changed_.notify_all();
}

void RolloutJobs::forget_old_locked() {
  int finished = 0;
  for (const auto& [n, j] : jobs_) finished += j->state != "running";
  // Oldest first (job numbers increase); a finished job's thread has returned or is returning.
  for (auto it = jobs_.begin(); it != jobs_.end() && finished > limits_.max_kept;) {
    if (it->second->state == "running") {
      ++it;
      continue;
    }
    if (it->second->thread.joinable()) it->second->thread.join();
    it = jobs_.erase(it);
    --finished;
  }
}

namespace {

std::optional<long long> job_number(const std::string& job) {
  if (job.empty() || job.size() > 18) return std::nullopt;
  long long n = 0;
  for (char c : job) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

std::optional<std::string> RolloutJobs::status_json(const std::string& job) const {
  auto n = job_number(job);
  if (!n) return std::nullopt;
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(*n);
  if (it == jobs_.end()) return std::nullopt;
  const Job& j = *it->second;
  text::JsonWriter w;
  w.begin_object();
  w.field("job", job);
  w.field("state", j.state);
  w.field("trials_done", j.trials_done);
  w.field("trials_total", j.settings.trials);
  w.field("elapsed_s", j.elapsed_s);
  w.end_object();
  // The rollout object is rollout_json's, spliced in whole (the writer has no raw values).
  std::string s = w.str();
  s.pop_back();
  s += ",\"rollout\":" + text::rollout_json(j.id, j.candidates, j.stats, j.settings) + "}";
  return s;
}

bool RolloutJobs::cancel(const std::string& job) {
  auto n = job_number(job);
  if (!n) return false;
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(*n);
  if (it == jobs_.end()) return false;
  if (it->second->state == "running") {
    it->second->cancelled = true;
    it->second->interrupt = true;
  }
  return true;
}

void RolloutJobs::wait_for_change(const std::string& job, int seen_trials,
                                  std::chrono::milliseconds wait) const {
  auto n = job_number(job);
  if (!n) return;
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, wait, [&] {
    auto it = jobs_.find(*n);
    return it == jobs_.end() || it->second->state != "running" ||
           it->second->trials_done != seen_trials;
  });
}

void RolloutJobs::cancel_all() {
  std::lock_guard lock(mutex_);
  for (auto& [n, j] : jobs_) {
    if (j->state == "running") {
      j->cancelled = true;
      j->interrupt = true;
    }
  }
}

}  // namespace tavla::serve
