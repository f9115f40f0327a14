// SPDX-License-Identifier: GPL-3.0-or-later
// tavla analyze POSITION | --batch: evaluation, ranked moves and cube analysis of a position, as
// gnubg's text layouts or as JSON (the batch protocol, one object per input line).
#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <string>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "bearoff/hypergammon_defaults.h"
#include "bearoff/hypergammon_provider.h"
#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/position_id.h"
#include "engine/variant.h"
#include "eval/cube_decision.h"
#include "eval/cubeful.h"
#include "eval/parallel_search.h"
#include "eval/resignation.h"
#include "tavla/commands.h"
#include "text/analysis_text.h"
#include "text/board_drawing.h"
#include "text/game_json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

// Everything computed for one position; the printers below only format it.
struct Analysis {
  engine::Game game;
  eval::CubeInfo ci;
  eval::PositionClass pc = eval::PositionClass::kOver;
  eval::EvalSetup setup;
  std::vector<std::array<eval::Evaluation, 2>> rows;  // per ply 0..n: no double, double/take
  // The cube decision of the player on roll (no dice): when they may double, and in match play
  // also when the cube is dead for them (gnubg's "Never double, take (dead cube)"). With a double
  // pending it is the doubler's decision, and `take` is the answer of the player doubled.
  std::optional<eval::CubeAnalysis> cube;
  bool dead_cube = false;
  std::optional<eval::TakeAction> take;
  // A resignation pending (the ID's resigned field): judged for the resigner, 1 - turn.
  std::optional<eval::ResignationAnswer> resignation;
  bool has_moves = false;                             // dice are set
  std::vector<eval::ScoredMove> moves;                // ranked best first
};

engine::Result<Analysis> analyse(eval::ParallelSearch& search, const engine::Game& game,
                                 const eval::EvalSetup& setup, bool all_plies,
                                 engine::Variant variant) {
  if (auto bad = engine::board_error(game.board, variant)) return engine::Error{*bad};
  auto ci = eval::cube_info(game.match);
  if (!ci) return engine::Error{ci.error()};
  Analysis a;
  a.game = game;
  a.ci = *ci;
  a.pc = eval::classify(game.board, search.primary().evaluator().bearoff());
  a.setup = setup;
  const engine::MatchState& ms = game.match;
  const bool dice = ms.dice_rolled() && ms.game_state == engine::GameState::kPlaying;
  const bool resigned = ms.resigned > 0 && ms.game_state == engine::GameState::kPlaying;
  const int top = setup.context.plies;
  // The evaluation of the position itself: all plies for the text table, the top one for JSON;
  // the text hint (dice rolled, or a resignation to answer) shows no table, as gnubg's hint, so
  // it is not computed.
  const int first = all_plies ? (dice || resigned ? top + 1 : 0) : top;
  for (int plies = first; plies <= top; ++plies) {
    eval::EvalContext ec = setup.context;
    ec.plies = plies;
    a.rows.push_back(search.cube_evaluations(game.board, a.ci, ec));
  }
  if (resigned) {
    // Only the resignation is answered (as gnubg's hint), judged for the resigner.
    const int resigner = 1 - ms.turn;
    engine::Game g = game;
    if (g.match.on_roll != resigner) {
      g.board.swap_sides();
      g.match.on_roll = resigner;
    }
    auto rci = eval::cube_info(g.match);
    if (!rci) return engine::Error{rci.error()};
    const auto row = search.cube_evaluations(g.board, *rci, setup.context);
    a.resignation = eval::judge_resignation(row[0].probs, *rci, ms.resigned);
    return a;
  }
  const bool cube_access = a.ci.centred() || a.ci.owned_by_roller();
  a.dead_cube = !a.ci.is_money() && cube_access && !eval::may_double(a.ci);
  if (!a.rows.empty() && !dice && ms.cube_use && (eval::may_double(a.ci) || a.dead_cube)) {
    const auto& top_row = a.rows.back();
    eval::CubeStateValues v{top_row[0].cubeful_equity, top_row[1].cubeful_equity};
    a.cube = eval::analyse_cube(top_row[0].probs, v, a.ci);
    if (ms.doubled)
      a.take = eval::taker_response(a.cube->decision, ms.is_money() && ms.beavers > 0);
  }
  if (dice) {
    a.has_moves = true;
    a.moves = search.rank_moves(game.board, game.match.dice[0], game.match.dice[1], a.ci, setup);
  }
  return a;
}

std::string_view take_action_name(eval::TakeAction t) {
  switch (t) {
    case eval::TakeAction::kTake:
      return "take";
    case eval::TakeAction::kPass:
      return "pass";
    case eval::TakeAction::kBeaver:
      return "beaver";
  }
  return "take";
}

void write_probs(text::JsonWriter& w, const eval::Probabilities& p) {
  w.begin_array();
  for (float v : p.p) w.value(static_cast<double>(v));
  w.end_array();
}

std::string analysis_json(const std::string& id, const Analysis& a) {
  text::JsonWriter w;
  w.begin_object();
  w.field("id", id);
  text::write_game_fields(w, a.game);
  w.field("class", eval::position_class_name(a.pc));
  const eval::Evaluation& e = a.rows.back()[0];
  w.key("eval").begin_object();
  w.field("plies", a.setup.context.plies);
  w.key("probs");
  write_probs(w, e.probs);
  w.field("equity", static_cast<double>(e.cubeless_equity));
  // Money: equity per unit cube; match play: normalised equity (the MWC is "cubeful_mwc").
  w.field("cubeful_equity", static_cast<double>(a.ci.is_money()
                                                    ? e.cubeful_equity
                                                    : eval::mwc_to_equity(e.cubeful_equity, a.ci)));
  if (!a.ci.is_money()) w.field("cubeful_mwc", static_cast<double>(e.cubeful_equity));
  w.end_object();
  if (a.cube) {
    // A dead cube cannot be turned: only "no double" has a value.
    auto equity_or_null = [&](float v) {
      if (a.dead_cube)
        w.null();
      else
        w.value(static_cast<double>(v));
    };
    w.key("cube").begin_object();
    w.field("no_double", static_cast<double>(a.cube->equities.no_double));
    w.key("double_take");
    equity_or_null(a.cube->equities.double_take);
    w.key("double_pass");
    equity_or_null(a.cube->equities.double_pass);
    w.field("action", eval::cube_decision_text(a.cube->decision));
    w.end_object();
  }
  if (a.take) {
    w.key("take").begin_object();
    w.field("player", a.game.match.turn);
    w.field("action", take_action_name(*a.take));
    w.end_object();
  }
  if (a.resignation) {
    // As gnubg's hint: the equities of the player deciding (the resigner's opponent).
    w.key("resignation").begin_object();
    w.field("value", a.game.match.resigned);
    w.field("player", a.game.match.turn);
    w.field("equity_playing_on", static_cast<double>(-a.resignation->equity_playing_on));
    w.field("equity_resigned", static_cast<double>(-a.resignation->equity_resigned));
    w.field("action", a.resignation->accept ? "accept" : "reject");
    w.end_object();
  }
  if (a.has_moves) {
    w.key("moves").begin_array();
    for (const eval::ScoredMove& m : a.moves) {
      w.begin_object();
      w.field("move", engine::format_move(a.game.board, m.move.move));
      w.field("position_id", engine::position_id(m.move.after));
      w.field("plies", m.plies);
      w.key("probs");
      write_probs(w, m.probs);
      w.field("equity", static_cast<double>(m.cubeless_equity));
      w.field("cubeful_equity", static_cast<double>(m.cubeful_equity));
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

void print_text(std::ostream& os, const Analysis& a, const text::OutputOptions& out,
                engine::Variant variant) {
  os << text::draw_board(a.game.board, a.game.match, {}, engine::chequers(variant)) << "\n";
  if (a.resignation) {
    os << text::format_resign_hint(*a.resignation);
    return;
  }
  if (a.has_moves) {
    if (a.moves.empty()) os << "No legal moves.\n";
    for (size_t i = 0; i < a.moves.size(); ++i)
      os << text::format_move_hint(a.game.board, a.ci, a.moves, i, a.setup.context, out);
    return;
  }
  os << text::format_eval_table(a.game.board, engine::match_id(a.game.match), a.pc, a.ci, a.rows,
                                out);
  if (a.dead_cube && a.cube) {
    // gnubg's eval prints no cube analysis here; its analysis calls the decision this.
    os << "\n\nProper cube action: " << eval::cube_decision_text(a.cube->decision) << "\n";
  } else if (a.cube) {
    // With a double pending, as gnubg's hint on the take: the doubled player's view.
    os << "\n\n"
       << text::format_cube_analysis(a.rows.back(), *a.cube, a.ci, a.setup.context, out,
                                     a.game.match.doubled);
  }
}

}  // namespace

int cmd_analyze(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla analyze POSITION [options]\n"
      "       tavla analyze --batch [options] < lines\n\n"
      "POSITION is a gnubg ID (POSID:MATCHID), a position ID (money game, no dice) or an XGID.\n"
      "Without dice: gnubg's evaluation table and cube analysis; with dice: every legal move\n"
      "ranked (gnubg's hint layout). With --batch each input line is answered with one JSON\n"
      "object; a bad line gets {\"id\": ..., \"error\": ...} and the batch goes on.\n\noptions");
  opts.add_options()("help,h", "show this help")("json", "print JSON instead of text")(
      "batch", "read positions from standard input, write JSON lines")(
      "plies", po::value<int>(), "evaluation depth (0..6); default 0")(
      "level", po::value<std::string>(),
      "a gnubg level: beginner, casual, intermediate, advanced, expert, world-class, supremo, "
      "grandmaster, 4ply")("mwc", "match play: show match-winning chances")(
      "weights", po::value<std::string>(), "neural-net weights file (gnubg .wd or .weights)")(
      "threads", po::value<int>()->default_value(1), "search threads (results do not depend on it)")(
      "variation", po::value<std::string>()->default_value("standard"),
      "the game (gnubg's set variation): standard, 1-chequer-hypergammon, 2-chequer-hypergammon, "
      "3-chequer-hypergammon (or hypergammon1..3); hypergammon is evaluated exactly from "
      "gnubg's database hyper<N>.bd, built on first use for 1 and 2 chequers")(
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

  eval::EvalSetup setup = eval::level_setup(eval::Level::kExpert);
  if (vm.count("level")) {
    auto level = eval::level_from_name(vm["level"].as<std::string>());
    if (!level) {
      std::cerr << "tavla analyze: unknown level '" << vm["level"].as<std::string>() << "'\n";
      return 2;
    }
    setup = eval::level_setup(*level);
  }
  if (vm.count("plies")) {
    int plies = vm["plies"].as<int>();
    if (plies < 0 || plies > 6) {
      std::cerr << "tavla analyze: --plies must be 0..6, got " << plies << "\n";
      return 2;
    }
    if (!vm.count("level")) setup = eval::level_setup(eval::Level::kWorldClass);
    setup.context.plies = plies;
  }
  text::OutputOptions out;
  out.mwc = vm.count("mwc") > 0;

  std::optional<std::filesystem::path> weights;
  if (vm.count("weights")) weights = vm["weights"].as<std::string>();
  auto nets = eval::NetSet::find(weights);
  if (!nets) {
    std::cerr << "tavla analyze: " << nets.error() << "\n";
    return 1;
  }
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 64) {
    std::cerr << "tavla analyze: --threads must be 1..64, got " << threads << "\n";
    return 2;
  }
  const auto variant = engine::variant_from_command(vm["variation"].as<std::string>());
  if (!variant) {
    std::cerr << "tavla analyze: unknown variation '" << vm["variation"].as<std::string>()
              << "' (standard, 1-chequer-hypergammon, 2-chequer-hypergammon, "
                 "3-chequer-hypergammon)\n";
    return 2;
  }
  auto note = [](const std::string& what) { std::cerr << "tavla: " << what << " (once)\n"; };
  std::optional<bearoff::HypergammonDatabase> hyper_db;
  std::optional<bearoff::HypergammonProvider> hyper;
  std::optional<bearoff::BearoffDatabases> dbs;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  const eval::BearoffProvider* databases = nullptr;
  if (engine::is_hypergammon(*variant)) {
    // gnubg evaluates hypergammon from its database alone (exact at every depth).
    auto db = bearoff::open_hyper_database(engine::chequers(*variant), true, note);
    if (!db) {
      std::cerr << "tavla analyze: " << db.error() << "\n";
      return 1;
    }
    hyper_db.emplace(std::move(db).value());
    databases = &hyper.emplace(*hyper_db);
  } else {
    // gnubg's bearoff databases (exact bearoff evaluations), built if nowhere to be found.
    auto opened = bearoff::open_default_databases(true, note);
    if (!opened) std::cerr << "tavla analyze: no bearoff databases (" << opened.error() << ")\n";
    if (opened) databases = &provider.emplace(dbs.emplace(std::move(opened).value()));
  }
  eval::ParallelSearch search(*nets, threads, databases);

  if (vm.count("batch")) {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      auto game = engine::game_from_text(line);
      if (!game) {
        std::cout << error_json(line, game.error()) << "\n";
        continue;
      }
      auto a = analyse(search, *game, setup, false, *variant);
      std::cout << (a ? analysis_json(line, *a) : error_json(line, a.error())) << std::endl;
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
  auto a = analyse(search, *game, setup, !vm.count("json"), *variant);
  if (!a) {
    std::cerr << "tavla analyze: " << a.error() << "\n";
    return 1;
  }
  if (vm.count("json"))
    std::cout << analysis_json(text, *a) << "\n";
  else
    print_text(std::cout, *a, out, *variant);
  return 0;
}

}  // namespace tavla::cli
