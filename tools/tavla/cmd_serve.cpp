// SPDX-License-Identifier: GPL-3.0-or-later
// tavla serve: the HTTP JSON service and web page of tools/serve/ (when built with cpp-httplib).
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "tavla/commands.h"

#ifdef TAVLA_HAVE_SERVE
#include <signal.h>

#include <thread>

#include "serve/server.h"
#endif

namespace po = boost::program_options;

namespace tavla::cli {

int cmd_serve(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla serve [options]\n\n"
      "An HTTP service answering JSON (the batch protocol's objects: POST /api/analyze, rollout\n"
      "jobs at /api/rollouts, match files analysed at /api/match) and a web page at / to\n"
      "analyse a position and watch a rollout. The API is described at /openapi.json. It\n"
      "listens on localhost unless --bind says otherwise; stop it with Ctrl-C or SIGTERM.\n\noptions");
  opts.add_options()("help,h", "show this help")(
      "bind", po::value<std::string>()->default_value("127.0.0.1"),
      "address to listen on (0.0.0.0: every interface)")(
      "port", po::value<int>()->default_value(8080), "port (0: any free port, printed)")(
      "threads", po::value<int>()->default_value(2), "analyses at once (one analyser each)")(
      "connections", po::value<int>()->default_value(64), "connections served at once")(
      "max-body", po::value<int>()->default_value(16384), "largest request body, bytes")(
      "max-match-body", po::value<int>()->default_value(1048576),
      "largest match file a /api/match request may send, bytes")(
      "max-plies", po::value<int>()->default_value(3), "deepest analysis a request may ask for")(
      "max-trials", po::value<int>()->default_value(100000), "most trials of one rollout")(
      "max-rollouts", po::value<int>()->default_value(2), "rollouts running at once")(
      "rollout-seconds", po::value<double>()->default_value(300),
      "a rollout running longer is stopped with the trials it has")(
      "timeout", po::value<int>()->default_value(10), "socket read/write timeout, seconds")(
      "weights", po::value<std::string>(), "neural-net weights file (gnubg .wd or .weights)");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla serve: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
#ifndef TAVLA_HAVE_SERVE
  std::cerr << "tavla serve: this tavla was built without cpp-httplib (Debian: libcpp-httplib-dev; "
               "install it and build again)\n";
  return 1;
#else
  serve::ServeOptions o;
  o.bind = vm["bind"].as<std::string>();
  o.port = vm["port"].as<int>();
  o.threads = vm["threads"].as<int>();
  o.connections = vm["connections"].as<int>();
  o.max_plies = vm["max-plies"].as<int>();
  o.max_trials = vm["max-trials"].as<int>();
  o.jobs.max_running = vm["max-rollouts"].as<int>();
  o.jobs.max_seconds = vm["rollout-seconds"].as<double>();
  o.timeout_s = vm["timeout"].as<int>();
  const int max_body = vm["max-body"].as<int>();
  auto bad = [](const std::string& what) {
    std::cerr << "tavla serve: " << what << "\n";
    return 2;
  };
  if (o.port < 0 || o.port > 65535) return bad("--port must be 0..65535");
  if (o.threads < 1 || o.threads > 64) return bad("--threads must be 1..64");
  if (o.connections < 1 || o.connections > 1024) return bad("--connections must be 1..1024");
  if (max_body < 256) return bad("--max-body must be >= 256");
  if (o.max_plies < 0 || o.max_plies > 6) return bad("--max-plies must be 0..6");
  if (o.max_trials < 1) return bad("--max-trials must be >= 1");
  if (o.jobs.max_running < 1) return bad("--max-rollouts must be >= 1");
  if (!(o.jobs.max_seconds > 0)) return bad("--rollout-seconds must be > 0");
  if (o.timeout_s < 1) return bad("--timeout must be >= 1");
  o.max_body = static_cast<size_t>(max_body);
  const int max_match_body = vm["max-match-body"].as<int>();
  if (max_match_body < 256) return bad("--max-match-body must be >= 256");
  o.max_match_body = static_cast<size_t>(max_match_body);
  if (vm.count("weights")) o.analyser.weights = vm["weights"].as<std::string>();
  o.analyser.note = [](const std::string& what) { std::cerr << "tavla: " << what << " (once)\n"; };

  // SIGINT and SIGTERM are taken by one thread that stops the server; every other thread
  // (started after this) has them blocked. A closed connection is an error return, not SIGPIPE.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  auto server = serve::Server::open(o);
  if (!server) {
    std::cerr << "tavla serve: " << server.error() << "\n";
    return 1;
  }
  if (!(*server)->warning().empty()) std::cerr << "tavla serve: " << (*server)->warning() << "\n";
  auto port = (*server)->bind();
  if (!port) {
    std::cerr << "tavla serve: " << port.error() << "\n";
    return 1;
  }
  const std::string host = o.bind.find(':') != std::string::npos ? "[" + o.bind + "]" : o.bind;
  std::cout << "tavla serve: listening on http://" << host << ":" << *port << "/" << std::endl;
  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    (*server)->stop();
  });
  (*server)->run();
  // run() also returns on its own (a listening error): wake the stopper thread.
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
  return 0;
#endif
}

}  // namespace tavla::cli
