// SPDX-License-Identifier: GPL-3.0-or-later
// tavla calibrate [N]: static evaluations per second, measured as gnubg's `calibrate` measures
// them, so that the two programs can be compared on one machine.
#include <unistd.h>
#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <vector>

#include "eval/evaluator.h"
#include "tavla/commands.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

constexpr int kEvalsPerIteration = 1024;  // gnubg's EVALS_PER_ITERATION

std::atomic<bool> interrupted{false};

// gnubg's calibration boards: each side places 15 chequers one at a time on random points of its
// 24 (never the bar, never borne off), avoiding points the other side holds.
void random_boards(std::mt19937& rng, std::vector<engine::Board>& boards) {
  for (engine::Board& b : boards) {
    b = engine::Board{};
    for (int c = 0; c < engine::kCheckersPerSide; ++c) {
      int k;
      do k = static_cast<int>(rng() % 24);
      while (b.sides[1][23 - k]);
      ++b.sides[0][k];
      do k = static_cast<int>(rng() % 24);
      while (b.sides[0][23 - k]);
      ++b.sides[1][k];
    }
  }
}

}  // namespace

int cmd_calibrate(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla calibrate [N] [options]\n\n"
      "Measures static (0-ply) evaluations per second the way gnubg's `calibrate` does: N\n"
      "iterations (without N: until interrupted) of 1024 random contact positions, generated\n"
      "untimed, then evaluated one at a time (classification, input encoding, the net and the\n"
      "sanity rules; no cache). Ends with gnubg's line \"Calibration result: X static\n"
      "evaluations/second.\" Single-threaded.\n\noptions");
  opts.add_options()("help,h", "show this help")("iterations", po::value<long>(),
                                                 "N: iterations of 1024 evaluations")(
      "weights", po::value<std::string>(), "neural-net weights (gnubg.wd or gnubg.weights)")(
      "seed", po::value<unsigned>()->default_value(1), "seed of the random positions")(
      "batch", "evaluate each iteration's 1024 positions as one batch instead (not gnubg's way)");
  po::positional_options_description pos;
  pos.add("iterations", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla calibrate: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  long iterations = -1;
  if (vm.count("iterations")) {
    iterations = vm["iterations"].as<long>();
    if (iterations < 1) {
      std::cerr << "tavla calibrate: if you give N, it must be a number of iterations (1 or more)"
                << "\n";
      return 2;
    }
  }
  std::optional<std::filesystem::path> weights;
  if (vm.count("weights")) weights = vm["weights"].as<std::string>();
  auto nets = eval::NetSet::find(weights);
  if (!nets) {
    std::cerr << "tavla calibrate: " << nets.error() << "\n";
    return 1;
  }
  const bool batch = vm.count("batch") > 0;

  eval::Evaluator evaluator(*nets);
  std::mt19937 rng(vm["seed"].as<unsigned>());
  std::vector<engine::Board> boards(kEvalsPerIteration);
  std::vector<eval::Probabilities> out(kEvalsPerIteration);
  const bool progress = isatty(STDOUT_FILENO);
  interrupted = false;
  auto old_handler = std::signal(SIGINT, [](int) { interrupted = true; });

  double seconds = 0;
  long done = 0;
  float sink = 0;  // keeps the evaluations from being optimised away
  while ((iterations < 0 || done < iterations) && !interrupted) {
    random_boards(rng, boards);
    const auto t0 = std::chrono::steady_clock::now();
    if (batch) {
      evaluator.evaluate(boards, out);
      sink += out[0].win();
    } else {
      for (const engine::Board& b : boards) sink += evaluator.evaluate(b).win();
    }
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++done;
    if (progress) {
      std::printf("        \rCalibrating: %.0f static evaluations/second",
                  done * kEvalsPerIteration / seconds);
      std::fflush(stdout);
    }
  }
  std::signal(SIGINT, old_handler);
  if (sink < 0) std::printf(" ");
  if (seconds <= 0) {
    std::printf("\rCalibration incomplete.\n");
    return 1;
  }
  std::printf("\rCalibration result: %.0f static evaluations/second.\n",
              done * kEvalsPerIteration / seconds);
  return 0;
}

}  // namespace tavla::cli
