// SPDX-License-Identifier: GPL-3.0-or-later
// tavla bench: a fixed workload whose integer counts form a signature (as Stockfish's bench): a
// refactoring leaves them unchanged; a change in play changes them and says so. Speeds are
// printed too but are not part of the signature.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "engine/gnubg_id.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position_id.h"
#include "eval/search.h"
#include "tavla/commands.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

// Positions of gnubg's perft fixtures and the performance notes: opening, bar, bearoff, race,
// contact, middle games.
constexpr const char* kPositions[] = {
    "4HPwATDgc/ABMA", "u+YAAIAAAGAAAA", "b7sCAIDfAQAAAA", "wB0AABcMAAAAAA",
    "4NvBA0DGzooBBg", "rhAwdAsvgBB5WA", "/PwBAEBvawAAAA", "yLPwACPQ28gBIQ",
};

uint64_t fnv1a(uint64_t h, const std::string& s) {
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla bench [--weights FILE] [--plies N]\n\n"
      "Runs a fixed workload: move generation over all 21 rolls of fixed positions, perft 2 of\n"
      "the opening, and the best move of every roll at 0 ply and at N ply (default 1). Prints\n"
      "integer counts and a hash of the chosen moves (the signature; tests/tools compares it with\n"
      "bench/signature.txt), then speeds.\n\noptions");
  opts.add_options()("help,h", "show this help")("weights", po::value<std::string>(),
                                                  "weights file")(
      "plies", po::value<int>()->default_value(1), "depth of the second move choice (0..3)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, opts), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla bench: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  const int plies = vm["plies"].as<int>();
  if (plies < 0 || plies > 3) {
    std::cerr << "tavla bench: --plies must be 0..3\n";
    return 2;
  }
  std::optional<std::filesystem::path> weights;
  if (vm.count("weights")) weights = vm["weights"].as<std::string>();
  auto nets = eval::NetSet::find(weights);
  if (!nets) {
    std::cerr << "tavla bench: " << nets.error() << "\n";
    return 1;
  }

  using clock = std::chrono::steady_clock;
  auto seconds = [](clock::time_point t0) {
    return std::chrono::duration<double>(clock::now() - t0).count();
  };

  // 1. Move generation.
  static engine::MoveList list;
  uint64_t moves = 0, generations = 0;
  auto t0 = clock::now();
  for (int rep = 0; rep < 200; ++rep)
    for (const char* id : kPositions) {
      auto board = engine::board_from_position_id(id);
      for (auto r : engine::all_rolls()) {
        int n = engine::generate_moves(*board, r.d1, r.d2, list);
        if (rep == 0) moves += n;
        ++generations;
      }
    }
  const double movegen_s = seconds(t0);

  // 2. Perft.
  t0 = clock::now();
  const uint64_t perft2 = engine::perft(engine::Board::starting_position(), 2);
  const double perft_s = seconds(t0);

  // 3. Best moves at 0 ply and at `plies`.
  auto dbs = bearoff::open_default_databases(true);
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);
  eval::Search search(*nets, provider ? &*provider : nullptr);
  auto ci = eval::cube_info(engine::default_money_state());
  uint64_t hash0 = 0xcbf29ce484222325ull, hashn = 0xcbf29ce484222325ull, choices = 0;
  t0 = clock::now();
  for (const char* id : kPositions) {
    auto board = engine::board_from_position_id(id);
    for (auto r : engine::all_rolls()) {
      auto best = search.rank_moves(*board, r.d1, r.d2, *ci, eval::level_setup(eval::Level::kExpert));
      hash0 = fnv1a(hash0, best.empty() ? "-" : engine::position_id(best[0].move.after));
      ++choices;
    }
  }
  const double zero_s = seconds(t0);
  eval::EvalSetup deep = eval::level_setup(eval::Level::kWorldClass);
  deep.context.plies = plies;
  t0 = clock::now();
  for (const char* id : kPositions) {
    auto board = engine::board_from_position_id(id);
    for (auto r : engine::all_rolls()) {
      auto best = search.rank_moves(*board, r.d1, r.d2, *ci, deep);
      hashn = fnv1a(hashn, best.empty() ? "-" : engine::position_id(best[0].move.after));
    }
  }
  const double deep_s = seconds(t0);

  std::printf("positions %zu\n", std::size(kPositions));
  std::printf("moves generated %llu\n", static_cast<unsigned long long>(moves));
  std::printf("perft 2 %llu\n", static_cast<unsigned long long>(perft2));
  std::printf("move choices %llu\n", static_cast<unsigned long long>(choices));
  std::printf("0-ply choice hash %016llx\n", static_cast<unsigned long long>(hash0));
  std::printf("%d-ply choice hash %016llx\n", plies, static_cast<unsigned long long>(hashn));
  std::printf("\n");
  std::printf("move generation  %.0f position-rolls/s\n", generations / std::max(movegen_s, 1e-9));
  std::printf("perft            %.0f nodes/s\n", perft2 / std::max(perft_s, 1e-9));
  std::printf("0-ply choices    %.0f /s\n", choices / std::max(zero_s, 1e-9));
  std::printf("%d-ply choices    %.1f /s\n", plies, choices / std::max(deep_s, 1e-9));
  return 0;
}

}  // namespace tavla::cli
