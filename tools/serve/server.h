// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla serve`: an HTTP JSON service over the analysis core, and the web page that uses it.
// Routes (the OpenAPI description, page/openapi.json, is served at /openapi.json):
//   GET  /                      the page (page/index.html, page.js, page.css)
//   POST /api/analyze           {"position", "plies"?, "level"?} -> `tavla analyze --json`'s object
//   POST /api/rollouts          {"position", rollout options...} -> 202 {"job", ...status}
//   GET  /api/rollouts/N        the job's status and statistics so far (rollout --json's object)
//   GET  /api/rollouts/N/events the same as server-sent events, one per progress step, to the end
//   DELETE /api/rollouts/N      cancels the job
//   GET  /api/health            {"status": "ok", ...}
// Every error is a 4xx/5xx with {"error": "..."}. The server reads no file named by a client and
// writes none; the request body, the analysis depth, rollout trials, running jobs and a job's
// run time are limited.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "analysis/position_analysis.h"
#include "engine/result.h"
#include "serve/rollout_jobs.h"

namespace tavla::serve {

struct ServeOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;               // 0: any free port (bind() says which)
  int threads = 2;               // analysers: analyses at once
  int connections = 64;          // connections served at once (HTTP worker threads)
  size_t max_body = 16 * 1024;   // bytes of a request body; larger: 413
  size_t max_match_body = 1024 * 1024;  // bytes of a /api/match body (a whole match file)
  int max_plies = 3;             // deepest analysis a request may ask for
  int max_trials = 100000;       // per rollout (memory: 28 bytes x trials x candidates)
  int timeout_s = 10;            // socket read and write timeout
  JobLimits jobs;
  analysis::AnalyserOptions analyser;
};

class Server {
 public:
  // Opens the analysers (nets, databases). Errors: weights or databases that cannot be read.
  static engine::Result<std::unique_ptr<Server>> open(ServeOptions options);
  ~Server();

  // Binds the listening socket; the port bound, or an error.
  engine::Result<int> bind();
  // Serves until stop() (from another thread or a signal-handling thread); call once, after a
  // successful bind().
  void run();
  void stop();  // may come before run() listens: run() then returns at once
  const std::string& warning() const;  // as Analyser::warning()

 private:
  struct Impl;
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tavla::serve
