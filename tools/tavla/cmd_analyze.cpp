// tavla analyze POSITION | --batch: the position, its IDs and its legal moves, as text or JSON.
#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "engine/gnubg_id.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/position_id.h"
#include "tavla/commands.h"
#include "text/board_drawing.h"
#include "text/game_json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

struct Analysis {
  engine::Game game;
  engine::MoveList* moves = nullptr;  // legal moves when the dice are set, else null
};

Analysis analyse(const engine::Game& game, engine::MoveList& list) {
  Analysis a{game, nullptr};
  if (game.match.dice_rolled() && game.match.game_state == engine::GameState::kPlaying) {
    engine::generate_moves(game.board, game.match.dice[0], game.match.dice[1], list);
    a.moves = &list;
  }
  return a;
}

std::string analysis_json(const std::string& id, const Analysis& a) {
  text::JsonWriter w;
  w.begin_object();
  w.field("id", id);
  text::write_game_fields(w, a.game);
  if (a.moves) {
    w.key("moves").begin_array();
    for (const engine::LegalMove& m : *a.moves) {
      w.begin_object();
      w.field("move", engine::format_move(a.game.board, m.move));
      w.field("position_id", engine::position_id(m.after));
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  return w.str();
}

std::string error_json(const std::string& id, const std::string& error) {
  text::JsonWriter w;
  w.begin_object().field("id", id).field("error", error).end_object();
  return w.str();
}

void print_text(std::ostream& os, const Analysis& a) {
  os << text::draw_board(a.game.board, a.game.match) << "\n";
  os << "GNUbg ID: " << engine::gnubg_id(a.game) << "\n";
  os << "XGID    : " << engine::xgid(a.game) << "\n";
  if (!a.moves) return;
  os << "\n" << a.moves->size() << " legal move" << (a.moves->size() == 1 ? "" : "s") << " for "
     << a.game.match.dice[0] << "-" << a.game.match.dice[1] << ":\n";
  int rank = 1;
  for (const engine::LegalMove& m : *a.moves)
    os << "  " << rank++ << ". " << engine::format_move(a.game.board, m.move) << "\n";
}

}  // namespace

int cmd_analyze(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla analyze POSITION [--json]\n"
      "       tavla analyze --batch < lines\n\n"
      "POSITION is a gnubg ID (POSID:MATCHID), a position ID (money game, no dice) or an XGID.\n"
      "With --batch, each input line is analysed and answered with one JSON object per line;\n"
      "a bad line gets {\"id\": ..., \"error\": ...} and the batch goes on.\n\noptions");
  opts.add_options()("help,h", "show this help")("json", "print JSON instead of text")(
      "batch", "read positions from standard input, write JSON lines")(
      "position", po::value<std::string>(), "the position to analyse");
  po::positional_options_description pos;
  pos.add("position", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla analyze: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }

  static engine::MoveList list;  // large: keep it off the stack
  if (vm.count("batch")) {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      auto game = engine::game_from_text(line);
      std::cout << (game ? analysis_json(line, analyse(*game, list)) : error_json(line, game.error()))
                << "\n";
    }
    return 0;
  }

  if (!vm.count("position")) {
    std::cerr << "tavla analyze: no position given (try tavla analyze --help)\n";
    return 2;
  }
  const std::string text = vm["position"].as<std::string>();
  auto game = engine::game_from_text(text);
  if (!game) {
    std::cerr << "tavla analyze: " << game.error() << "\n";
    return 1;
  }
  Analysis a = analyse(*game, list);
  if (vm.count("json"))
    std::cout << analysis_json(text, a) << "\n";
  else
    print_text(std::cout, a);
  return 0;
}

}  // namespace tavla::cli
