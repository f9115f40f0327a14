// SPDX-License-Identifier: GPL-3.0-or-later
#include "serve/server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>
#include <random>

#include "analysis/match_analysis.h"
#include "engine/gnubg_id.h"
#include "engine/mat_file.h"
#include "engine/sgf.h"
#include "eval/eval_settings.h"
#include "serve/page_assets.h"
#include "serve/request_json.h"
#include "text/analysis_json.h"
#include "text/json.h"
#include "text/match_analysis_json.h"
#include "text/match_report_html.h"

namespace tavla::serve {

namespace {

constexpr const char* kJson = "application/json";
constexpr size_t kMaxPositionLength = 256;  // longer than any ID form (XGID is about 60)

std::string error_body(const std::string& message) {
  text::JsonWriter w;
  w.begin_object().field("error", message).end_object();
  return w.str();
}

void fail(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_content(error_body(message), kJson);
}

std::string_view content_type_of(std::string_view name) {
  auto ends = [&](std::string_view s) {
    return name.size() >= s.size() && name.substr(name.size() - s.size()) == s;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  return "application/octet-stream";
}

// The request's position: parsed as `tavla analyze` parses its argument.
std::optional<engine::Game> position_of(const RequestFields& f, httplib::Response& res,
                                        std::string& text) {
  auto p = f.text("position");
  if (f.error()) return fail(res, 400, *f.error()), std::nullopt;
  if (!p) return fail(res, 400, "\"position\" is missing (a gnubg ID, position ID or XGID)"), std::nullopt;
  if (p->size() > kMaxPositionLength)
    return fail(res, 400, "\"position\" is longer than " + std::to_string(kMaxPositionLength) +
                              " characters"),
           std::nullopt;
  auto game = engine::game_from_text(*p);
  if (!game) return fail(res, 400, "\"position\": " + game.error()), std::nullopt;
  text = *p;
  return std::move(game).value();
}

// httplib listens with a backlog of 5: 32 clients connecting at once would see dropped SYNs
// (a second's retransmit) and resets. Listening again on Linux only raises the backlog.
class HttpServer : public httplib::Server {
 public:
  void raise_backlog() { ::listen(svr_sock_, SOMAXCONN); }
};

}  // namespace

struct Server::Impl {
  ServeOptions options;
  std::unique_ptr<AnalyserPool> pool;
  std::unique_ptr<RolloutJobs> jobs;
  HttpServer http;
  std::string warning;
  std::atomic<bool> stopping{false};  // stop() was called
  std::atomic<bool> returned{false};  // run() has returned (or will not listen)

  void routes();
  void analyze(const httplib::Request& req, httplib::Response& res);
  void start_rollout(const httplib::Request& req, httplib::Response& res);
  void analyse_match(const httplib::Request& req, httplib::Response& res);
  void rollout_events(const std::string& job, httplib::Response& res);
};

engine::Result<std::unique_ptr<Server>> Server::open(ServeOptions options) {
  auto impl = std::make_unique<Impl>();
  auto pool = AnalyserPool::open(options.threads, options.analyser);
  if (!pool) return engine::Error{pool.error()};
  impl->pool = std::move(pool).value();
  impl->warning = impl->pool->warning();
  impl->jobs = std::make_unique<RolloutJobs>(*impl->pool, options.jobs);
  impl->options = std::move(options);
  impl->routes();
  return std::unique_ptr<Server>(new Server(std::move(impl)));
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Server::~Server() {
  impl_->jobs->cancel_all();
}

const std::string& Server::warning() const { return impl_->warning; }

engine::Result<int> Server::bind() {
  const ServeOptions& o = impl_->options;
  if (o.port == 0) {
    int port = impl_->http.bind_to_any_port(o.bind);
    if (port <= 0) return engine::Error{"cannot listen on " + o.bind + " (any port)"};
    impl_->http.raise_backlog();
    return port;
  }
  if (!impl_->http.bind_to_port(o.bind, o.port))
    return engine::Error{"cannot listen on " + o.bind + ":" + std::to_string(o.port) +
                         " (in use, or not an address of this machine)"};
  impl_->http.raise_backlog();
  return o.port;
}

void Server::run() {
  if (!impl_->stopping) impl_->http.listen_after_bind();
  impl_->returned = true;
}

void Server::stop() {
  impl_->stopping = true;
  impl_->jobs->cancel_all();
  // httplib's stop() does nothing before the server listens: a stop that comes between bind()
  // and run()'s listening waits for one or the other.
  while (!impl_->http.is_running() && !impl_->returned)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  impl_->http.stop();
}

void Server::Impl::routes() {
  const int connections = options.connections;
  http.new_task_queue = [connections] { return new httplib::ThreadPool(connections); };
  // The largest body any route takes (a match file); the other routes check options.max_body.
  http.set_payload_max_length(std::max(options.max_body, options.max_match_body));
  http.set_read_timeout(options.timeout_s, 0);
  http.set_write_timeout(options.timeout_s, 0);
  http.set_keep_alive_timeout(options.timeout_s);
  http.set_keep_alive_max_count(1000);  // requests on one connection before it is closed
  // httplib's own refusals (unknown route 404, body too large 413, bad request line 400) get
  // a JSON body too; the handlers' own errors keep theirs.
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string what = res.status == 404   ? "no such route: " + req.method + " " + req.path
                       : res.status == 413 ? std::string("request body too large")
                                           : "HTTP " + std::to_string(res.status);
    res.set_content(error_body(what), kJson);
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "internal error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what += std::string(": ") + e.what();
    } catch (...) {
    }
    fail(res, 500, what);
  });

  for (const PageAsset& a : page_assets()) {
    const std::string path = a.name == "index.html" ? "/" : "/" + std::string(a.name);
    http.Get(path, [a](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(a.content), std::string(content_type_of(a.name)));
    });
  }
  http.Get("/api/health", [this](const httplib::Request&, httplib::Response& res) {
    text::JsonWriter w;
    w.begin_object().field("status", "ok").field("threads", options.threads);
    w.field("max_plies", options.max_plies).field("max_trials", options.max_trials);
    w.field("max_running_rollouts", options.jobs.max_running).end_object();
    res.set_content(w.str(), kJson);
  });
  const auto limited = [this](void (Impl::*handler)(const httplib::Request&, httplib::Response&)) {
    return [this, handler](const httplib::Request& req, httplib::Response& res) {
      if (req.body.size() > options.max_body) return fail(res, 413, "request body too large");
      (this->*handler)(req, res);
    };
  };
  http.Post("/api/analyze", limited(&Impl::analyze));
  http.Post("/api/rollouts", limited(&Impl::start_rollout));
  http.Post("/api/match",
            [this](const httplib::Request& req, httplib::Response& res) { analyse_match(req, res); });
  http.Get(R"(/api/rollouts/(\d{1,18}))", [this](const httplib::Request& req, httplib::Response& res) {
    auto s = jobs->status_json(req.matches[1]);
    if (!s) return fail(res, 404, "no rollout job " + std::string(req.matches[1]));
    res.set_content(*s, kJson);
  });
  http.Get(R"(/api/rollouts/(\d{1,18})/events)",
           [this](const httplib::Request& req, httplib::Response& res) {
             rollout_events(req.matches[1], res);
           });
  http.Delete(R"(/api/rollouts/(\d{1,18}))", [this](const httplib::Request& req, httplib::Response& res) {
    const std::string job = req.matches[1];
    if (!jobs->cancel(job)) return fail(res, 404, "no rollout job " + job);
    res.set_content(*jobs->status_json(job), kJson);
  });
}

void Server::Impl::analyze(const httplib::Request& req, httplib::Response& res) {
  auto fields = RequestFields::parse(req.body);
  if (!fields) return fail(res, 400, fields.error());
  if (auto k = fields->unknown_field({"position", "plies", "level"}))
    return fail(res, 400, "unknown field \"" + *k + "\" (position, plies, level)");
  std::string text;
  auto game = position_of(*fields, res, text);
  if (!game) return;
  // As `tavla analyze`: expert (0 ply) by default; --plies alone is world-class at that depth.
  eval::EvalSetup setup = eval::level_setup(eval::Level::kExpert);
  auto level = fields->text("level");
  auto plies = fields->integer("plies", 0, options.max_plies);
  if (fields->error()) return fail(res, 400, *fields->error());
  if (level) {
    auto l = eval::level_from_name(*level);
    if (!l)
      return fail(res, 400, "unknown level \"" + *level +
                                "\" (beginner, casual, intermediate, advanced, expert, world-class, "
                                "supremo, grandmaster, 4ply)");
    setup = eval::level_setup(*l);
  }
  if (plies) {
    if (!level) setup = eval::level_setup(eval::Level::kWorldClass);
    setup.context.plies = static_cast<int>(*plies);
  }
  if (setup.context.plies > options.max_plies)
    return fail(res, 400, "this server analyses at most " + std::to_string(options.max_plies) +
                              " plies (tavla serve --max-plies)");
  AnalyserPool::Lease a = pool->borrow();
  auto result = a->analyse(*game, setup, false);
  if (!result) return fail(res, 422, result.error());
  res.set_content(text::analysis_json(text, *result), kJson);
}

// POST /api/match: a whole match file analysed as `tavla analyze MATCHFILE --json` (or its
// HTML report), on one of the pool's analysers.
void Server::Impl::analyse_match(const httplib::Request& req, httplib::Response& res) {
  auto fields = RequestFields::parse(req.body);
  if (!fields) return fail(res, 400, fields.error());
  if (auto k = fields->unknown_field({"match", "format", "plies", "html"}))
    return fail(res, 400, "unknown field \"" + *k + "\" (match, format, plies, html)");
  const RequestFields& f = *fields;
  auto content = f.text("match");
  auto format = f.text("format");
  auto plies = f.integer("plies", 0, options.max_plies);
  const bool html = f.flag("html").value_or(false);
  if (f.error()) return fail(res, 400, *f.error());
  if (!content) return fail(res, 400, "\"match\" is missing (the text of a .sgf or .mat file)");
  // Without "format": SGF when the text starts as SGF does, else Jellyfish .mat.
  const size_t first = content->find_first_not_of(" \t\r\n");
  const bool sgf = format ? *format == "sgf"
                          : first != std::string::npos && content->compare(first, 2, "(;") == 0;
  if (format && *format != "sgf" && *format != "mat")
    return fail(res, 400, "\"format\" must be \"sgf\" or \"mat\"");
  auto match = sgf ? engine::read_sgf(*content, "match") : engine::read_mat(*content, "match");
  if (!match) return fail(res, 422, match.error());
  if (match->games.empty()) return fail(res, 422, "match: no games");
  // As `tavla analyze MATCHFILE --plies N` (world-class settings at N plies for plays and cube),
  // 0 ply unless asked: a server answers in seconds (tavla analyze's default is gnubg's 2 ply).
  analysis::MatchAnalysisSettings settings = analysis::default_match_analysis_settings();
  eval::EvalSetup setup = eval::level_setup(eval::Level::kWorldClass);
  setup.context.plies = static_cast<int>(plies.value_or(0));
  settings.chequer = settings.cube = setup;
  AnalyserPool::Lease a = pool->borrow();
  auto m = analysis::analyse_match(*a, *match, settings);
  if (!m) return fail(res, 422, m.error());
  if (html)
    res.set_content(text::match_report_html(*m), "text/html; charset=utf-8");
  else
    res.set_content(text::match_analysis_json(*m), kJson);
}

void Server::Impl::start_rollout(const httplib::Request& req, httplib::Response& res) {
  auto fields = RequestFields::parse(req.body);
  if (!fields) return fail(res, 400, fields.error());
  if (auto k = fields->unknown_field({"position", "trials", "seed", "cubeful", "variance_reduction",
                                      "random_dice", "initial", "truncate", "plies", "cube_plies",
                                      "std_error", "cube", "moves"}))
    return fail(res, 400, "unknown field \"" + *k + "\"");
  std::string text;
  auto game = position_of(*fields, res, text);
  if (!game) return;
  const RequestFields& f = *fields;
  analysis::RolloutRequest r;
  r.trials = static_cast<int>(f.integer("trials", 1, options.max_trials).value_or(r.trials));
  auto seed = f.integer("seed", 0, 4294967295LL);
  r.seed = seed ? static_cast<uint32_t>(*seed) : std::random_device{}();
  r.cubeful = f.flag("cubeful").value_or(r.cubeful);
  r.variance_reduction = f.flag("variance_reduction").value_or(r.variance_reduction);
  r.random_dice = f.flag("random_dice").value_or(r.random_dice);
  r.initial = f.flag("initial").value_or(r.initial);
  if (auto t = f.integer("truncate", 1, 10000)) r.truncate = static_cast<int>(*t);
  if (auto p = f.integer("plies", 0, options.max_plies)) r.plies = static_cast<int>(*p);
  if (auto p = f.integer("cube_plies", 0, options.max_plies)) r.cube_plies = static_cast<int>(*p);
  if (auto e = f.number("std_error")) r.std_error = static_cast<float>(*e);
  r.cube = f.flag("cube").value_or(r.cube);
  r.moves = static_cast<int>(f.integer("moves", 1, 32).value_or(r.moves));
  r.threads = 1;
  if (f.error()) return fail(res, 400, *f.error());
  auto started = jobs->start(text, *game, r);
  if (started.job.empty()) return fail(res, started.too_many ? 429 : 422, started.error);
  res.status = 202;
  res.set_header("Location", "/api/rollouts/" + started.job);
  res.set_content(*jobs->status_json(started.job), kJson);
}

void Server::Impl::rollout_events(const std::string& job, httplib::Response& res) {
  if (!jobs->status_json(job)) return fail(res, 404, "no rollout job " + job);
  // One event per change of trials_done, the last one when the job has finished.
  auto seen = std::make_shared<int>(-1);
  res.set_header("Cache-Control", "no-store");
  res.set_chunked_content_provider(
      "text/event-stream", [this, job, seen](size_t, httplib::DataSink& sink) {
        jobs->wait_for_change(job, *seen, std::chrono::milliseconds(500));
        auto s = jobs->status_json(job);
        if (!s) {
          sink.done();
          return true;
        }
        const std::string event = "data: " + *s + "\n\n";
        if (!sink.write(event.data(), event.size())) return false;
        const bool running = s->find("\"state\":\"running\"") != std::string::npos;
        auto td = s->find("\"trials_done\":");
        *seen = td == std::string::npos ? -1 : std::atoi(s->c_str() + td + 14);
        if (!running) sink.done();
        return true;
      });
}

}  // namespace tavla::serve
