// SPDX-License-Identifier: GPL-3.0-or-later
// tavla external [HOST:]PORT | SOCKET: tavla as gnubg's external player (tools/external/).
#include <boost/program_options.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "external/external_player.h"
#include "external/listener.h"
#include "tavla/commands.h"
#include "tavla/player_options.h"

namespace po = boost::program_options;

namespace tavla::cli {

int cmd_external(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla external [HOST:]PORT | SOCKET [options]\n\n"
      "Listens as GNU Backgammon's external player. In gnubg:\n"
      "    set player 1 external localhost:PORT     (or the Unix socket's path)\n"
      "gnubg then sends a FIBS board line whenever that seat must act and tavla answers with\n"
      "its move, roll/double or take/drop/beaver. PORT alone listens on 127.0.0.1; HOST:PORT on\n"
      "that address (:PORT on every interface). Any number of gnubg connections may be open at\n"
      "once (both seats, several gnubg processes); each line is answered in turn.\n\noptions");
  opts.add_options()("help,h", "show this help")(
      "jacoby", po::value<bool>()->default_value(true),
      "money play: the Jacoby rule is in force (gnubg's `set jacoby`; not in gnubg's line)")(
      "beavers", po::value<int>()->default_value(3),
      "money play: beavers allowed (gnubg's `set beavers`; 0 = tavla never beavers)")(
      "once", "exit when the first connection closes")(
      "verbose,v", "print every line received and every answer on standard error")(
      "address", po::value<std::string>(), "where to listen");
  add_player_options(opts, "", "tavla");
  po::positional_options_description pos;
  pos.add("address", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla external: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  if (!vm.count("address")) {
    std::cerr << "tavla external: no address to listen on (try tavla external --help)\n";
    return 2;
  }
  auto address = external::parse_listen_address(vm["address"].as<std::string>());
  if (!address) {
    std::cerr << "tavla external: " << address.error() << "\n";
    return 2;
  }
  const int beavers = vm["beavers"].as<int>();
  if (beavers < 0) {
    std::cerr << "tavla external: --beavers must be 0 or more, got " << beavers << "\n";
    return 2;
  }
  NetLoader loader;
  auto player = player_from_options(vm, "", loader);
  if (!player) {
    std::cerr << "tavla external: " << player.error() << "\n";
    return 2;
  }

  // gnubg's databases where installed, else tavla's own (built on first use).
  std::optional<bearoff::BearoffDatabases> dbs;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (auto opened = bearoff::open_default_databases(true, [](const std::string& what) {
        std::cerr << "tavla: " << what << " (once)\n";
      })) {
    dbs.emplace(std::move(opened).value());
    provider.emplace(*dbs);
  }
  auto analyzer = shell::make_analyzer(player->nets, provider ? &*provider : nullptr);
  external::ExternalSettings settings;
  settings.player.chequer = player->setup;
  settings.player.cube = player->setup.context;
  settings.rules.jacoby = vm["jacoby"].as<bool>();
  settings.rules.beavers = beavers;
  external::ExternalPlayer door(*analyzer, settings);

  external::ServeOptions serve;
  serve.once = vm.count("once") > 0;
  serve.log_lines = vm.count("verbose") > 0;
  serve.note = [](const std::string& what) { std::cerr << "tavla external: " << what << std::endl; };
  std::cerr << "tavla external: playing " << player->name << "\n";
  auto served = external::serve_lines(
      *address, [&](std::string_view line) { return door.answer(line); }, serve);
  if (!served) {
    std::cerr << "tavla external: " << served.error() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace tavla::cli
