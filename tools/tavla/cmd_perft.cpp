// SPDX-License-Identifier: GPL-3.0-or-later
// tavla perft POSITION DEPTH: move-generation node counts (see engine/perft.h for the definition).
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>

#include "engine/gnubg_id.h"
#include "engine/perft.h"
#include "tavla/commands.h"

namespace po = boost::program_options;

namespace tavla::cli {

int cmd_perft(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla perft POSITION DEPTH\n\n"
      "Counts the nodes of the move-generation tree: over each of the 21 distinct rolls, every\n"
      "legal play (a roll with no play counts once), DEPTH half-moves deep; finished games are\n"
      "leaves. Prints the count below each first roll and the total.\n\noptions");
  opts.add_options()("help,h", "show this help")("position", po::value<std::string>(),
                                                  "position ID, gnubg ID or XGID")(
      "depth", po::value<int>(), "half-moves (1..6)");
  po::positional_options_description pos;
  pos.add("position", 1).add("depth", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla perft: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  if (!vm.count("position") || !vm.count("depth")) {
    std::cerr << "tavla perft: need POSITION and DEPTH (try tavla perft --help)\n";
    return 2;
  }
  int depth = vm["depth"].as<int>();
  if (depth < 1 || depth > 6) {
    std::cerr << "tavla perft: depth must be 1..6, got " << depth << "\n";
    return 2;
  }
  auto game = engine::game_from_text(vm["position"].as<std::string>());
  if (!game) {
    std::cerr << "tavla perft: " << game.error() << "\n";
    return 1;
  }
  auto t0 = std::chrono::steady_clock::now();
  auto by_roll = engine::perft_by_roll(game->board, depth);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  uint64_t total = 0;
  for (int r = 0; r < 21; ++r) {
    auto roll = engine::all_rolls()[r];
    std::cout << roll.d1 << "-" << roll.d2 << ": " << by_roll[r] << "\n";
    total += by_roll[r];
  }
  std::cout << "\nperft " << depth << ": " << total << "  (" << secs << " s, "
            << static_cast<uint64_t>(total / std::max(secs, 1e-9)) << " nodes/s)\n";
  return 0;
}

}  // namespace tavla::cli
