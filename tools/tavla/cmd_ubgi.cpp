// SPDX-License-Identifier: GPL-3.0-or-later
// tavla ubgi: the Universal Backgammon Interface on standard input and output (tools/ubgi/), for
// controllers such as engine-versus-engine harnesses. One line in, its answer lines out, flushed.
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "engine/variant.h"
#include "eval/eval_settings.h"
#include "tavla/commands.h"
#include "ubgi/session.h"

namespace po = boost::program_options;

namespace tavla::cli {

int cmd_ubgi(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla ubgi [options]\n\n"
      "Speaks UBGI (the Universal Backgammon Interface, draft v0.2 of the bgci project; v0.1's\n"
      "setoption and `go role ...` are accepted too) on standard input and output:\n"
      "    ubgi | isready | newgame | quit | stop | keys | get KEY | set KEY VALUE\n"
      "    position gnubgid POSID[:MATCHID] | position xgid XGID | dice D1 D2\n"
      "    go [chequer|cube|turn]      answered bestmove 24/18 13/12 | pass,\n"
      "                                bestcube double|nodouble|take|drop|beaver,\n"
      "                                bestturn cube=double|nodouble move=PAYLOAD|none\n"
      "Keys: engine.level, engine.ply (gnubg's plies + 1), engine.threads, game.variant.\n"
      "Every malformed line is answered `error <bad_command|bad_value|bad_state|unsupported> "
      "...`.\n"
      "The options below give the keys' starting values.\n\noptions");
  opts.add_options()("help,h", "show this help")(
      "level", po::value<std::string>(),
      "a gnubg level: beginner, casual, intermediate, advanced, expert (default), world-class, "
      "supremo, grandmaster, 4ply")("plies", po::value<int>(),
                                    "gnubg's evaluation depth 0..6 (alone: world class's filters, "
                                    "as tavla analyze --plies)")(
      "weights", po::value<std::string>(), "neural-net weights file (gnubg .wd or .weights)")(
      "threads", po::value<int>()->default_value(1),
      "search threads (answers do not depend on it)")(
      "variation", po::value<std::string>()->default_value("standard"),
      "standard, 1-chequer-hypergammon, 2-chequer-hypergammon, 3-chequer-hypergammon");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla ubgi: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  ubgi::SessionSettings settings;
  if (vm.count("level")) {
    auto level = eval::level_from_name(vm["level"].as<std::string>());
    if (!level) {
      std::cerr << "tavla ubgi: unknown level '" << vm["level"].as<std::string>() << "'\n";
      return 2;
    }
    settings.level = *level;
  }
  if (vm.count("plies")) {
    const int plies = vm["plies"].as<int>();
    if (plies < 0 || plies > 6) {
      std::cerr << "tavla ubgi: --plies must be 0..6, got " << plies << "\n";
      return 2;
    }
    if (!vm.count("level")) settings.level = eval::Level::kWorldClass;
    settings.plies = plies;
  }
  settings.analyser.threads = vm["threads"].as<int>();
  if (settings.analyser.threads < 1 || settings.analyser.threads > 64) {
    std::cerr << "tavla ubgi: --threads must be 1..64, got " << settings.analyser.threads << "\n";
    return 2;
  }
  const auto variant = engine::variant_from_command(vm["variation"].as<std::string>());
  if (!variant) {
    std::cerr << "tavla ubgi: unknown variation '" << vm["variation"].as<std::string>() << "'\n";
    return 2;
  }
  settings.analyser.variant = *variant;
  if (vm.count("weights")) settings.analyser.weights = vm["weights"].as<std::string>();
  // Standard output carries the protocol only: notes go to standard error.
  settings.analyser.note = [](const std::string& what) {
    std::cerr << "tavla: " << what << " (once)\n";
  };

  ubgi::Session session(settings);
  std::string line;
  while (!session.quit_requested() && std::getline(std::cin, line)) {
    for (const std::string& reply : session.answer(line)) std::cout << reply << '\n';
    std::cout.flush();
  }
  return 0;
}

}  // namespace tavla::cli
