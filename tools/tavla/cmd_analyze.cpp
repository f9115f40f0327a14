// SPDX-License-Identifier: GPL-3.0-or-later
// tavla analyze POSITION | MATCHFILE | --batch: evaluation, ranked moves and cube analysis of a
// position, as gnubg's text layouts or as JSON (the batch protocol, one object per input line);
// or the analysis of a whole match file (.sgf, .mat) as gnubg's `analyse match` and
// `show statistics match`.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>
#include <optional>
#include <string>

#include "analysis/match_analysis.h"
#include "analysis/position_analysis.h"
#include "engine/mat_file.h"
#include "engine/sgf.h"
#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/position_id.h"
#include "engine/variant.h"
#include "eval/cube_decision.h"
#include "eval/cubeful.h"
#include "mpi/distributed_lines.h"
#include "mpi/world.h"
#include "tavla/commands.h"
#include "text/analysis_text.h"
#include "text/analysis_json.h"
#include "text/board_drawing.h"
#include "text/json.h"
#include "text/match_analysis_json.h"
#include "text/match_analysis_sgf.h"
#include "text/match_report_html.h"
#include "text/match_analysis_text.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

void print_text(std::ostream& os, const analysis::PositionAnalysis& a, const text::OutputOptions& out,
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

// A match file argument: a name ending in .sgf or .mat (any case).
bool is_match_file(const std::string& arg) {
  std::string ext = std::filesystem::path(arg).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".sgf" || ext == ".mat";
}

engine::Result<engine::MatchRecord> read_match_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return engine::Error{"cannot read " + path};
  std::stringstream ss;
  ss << in.rdbuf();
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  auto match = ext == ".sgf" ? engine::read_sgf(ss.str(), path) : engine::read_mat(ss.str(), path);
  if (match && match->games.empty()) return engine::Error{path + ": no games"};
  return match;
}

int analyze_match_file(const std::string& path, analysis::Analyser& analyser,
                       const analysis::MatchAnalysisSettings& settings, bool json,
                       const std::string& html, const std::string& sgf) {
  auto match = read_match_file(path);
  if (!match) {
    std::cerr << "tavla analyze: " << match.error() << "\n";
    return 1;
  }
  // A progress bar on a terminal (gnubg's "Analysing match; move:"), nothing in a pipe.
  const bool bar = isatty(STDERR_FILENO);
  auto progress = [&](int done, int total) {
    if (!bar) return;
    const int width = 40, filled = total ? done * width / total : width;
    std::cerr << "\rAnalysing match; move: [" << std::string(filled, '#')
              << std::string(width - filled, ' ') << "] " << done << "/" << total << std::flush;
  };
  auto m = analysis::analyse_match(analyser, *match, settings, progress);
  if (bar) std::cerr << "\n";
  if (!m) {
    std::cerr << "tavla analyze: " << path << ": " << m.error() << "\n";
    return 1;
  }
  if (json)
    std::cout << text::match_analysis_json(*m) << "\n";
  else
    std::cout << text::format_match_analysis(*m);
  // The files are written after the text or JSON, so a file that cannot be written loses no
  // analysis.
  const auto write = [](const std::string& file, const std::string& content, const char* what) {
    std::ofstream out(file, std::ios::binary);
    out << content;
    out.close();
    if (!out) std::cerr << "tavla analyze: cannot write " << what << " to " << file << "\n";
    return static_cast<bool>(out);
  };
  bool ok = true;
  if (!html.empty()) ok = write(html, text::match_report_html(*m), "the HTML report") && ok;
  if (!sgf.empty())
    ok = write(sgf, text::match_analysis_sgf(*match, *m, engine::kSgfApplication), "the analysed SGF") && ok;
  return ok ? 0 : 1;
}

}  // namespace

std::optional<std::string> read_batch_line() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") != std::string::npos) return line;
  }
  return std::nullopt;
}

int cmd_analyze(int argc, char** argv) {
  const mpi::World world;
  po::options_description opts(
      "usage: tavla analyze POSITION [options]\n"
      "       tavla analyze MATCHFILE [options]\n"
      "       tavla analyze --batch [options] < lines\n\n"
      "POSITION is a gnubg ID (POSID:MATCHID), a position ID (money game, no dice) or an XGID.\n"
      "Without dice: gnubg's evaluation table and cube analysis; with dice: every legal move\n"
      "ranked (gnubg's hint layout). With --batch each input line is answered with one JSON\n"
      "object; a bad line gets {\"id\": ..., \"error\": ...} and the batch goes on; a line naming a\n"
      "match file (.sgf, .mat) gets its match analysis (--json's object with \"id\"). Started by\n"
      "mpirun or srun, the batch's lines are shared by the ranks and rank 0 prints the answers\n"
      "in input order (it reads the lines as ranks become free).\n\n"
      "MATCHFILE (.sgf or .mat) is analysed as gnubg's `analyse match`: every play, cube\n"
      "decision and roll, then `show statistics match`; at gnubg's analysis defaults (2-ply\n"
      "chequer play and cube) unless --plies, --level, --chequer-plies or --cube-plies say\n"
      "otherwise, on all cores unless --threads; --json: one object with `players` (the\n"
      "statistics) and `games` (every decision); --html FILE: also a self-contained HTML report\n"
      "(statistics, a graph of the match, the costliest decisions drawn as boards); --sgf FILE:\n"
      "also the match with its analysis as gnubg 1.07 saves it (gnubg opens it with the\n"
      "analysis in place).\n\noptions");
  opts.add_options()("help,h", "show this help")("json", "print JSON instead of text")(
      "batch", "read positions from standard input, write JSON lines")(
      "plies", po::value<int>(), "evaluation depth (0..6); default 0")(
      "level", po::value<std::string>(),
      "a gnubg level: beginner, casual, intermediate, advanced, expert, world-class, supremo, "
      "grandmaster, 4ply")("mwc", "match play: show match-winning chances")(
      "weights", po::value<std::string>(), "neural-net weights file (gnubg .wd or .weights)")(
      "threads", po::value<int>()->default_value(1),
      "search threads (results do not depend on it); a match file: all cores by default")(
      "chequer-plies", po::value<int>(), "match file: plies for chequer play (0..6)")(
      "cube-plies", po::value<int>(), "match file: plies for cube decisions (0..6)")(
      "html", po::value<std::string>(), "match file: also write an HTML report to this file")(
      "sgf", po::value<std::string>(),
      "match file: also write the match with its analysis as SGF (gnubg's) to this file")(
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

  const bool match_file =
      vm.count("position") && is_match_file(vm["position"].as<std::string>());
  int threads = vm["threads"].as<int>();
  for (const char* key : {"html", "sgf"})
    if (vm.count(key) && !match_file) {
      std::cerr << "tavla analyze: --" << key << " needs a match file (.sgf or .mat) to analyse\n";
      return 2;
    }
  if (match_file && vm["threads"].defaulted())
    threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
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
  analysis::AnalyserOptions options;
  if (vm.count("weights")) options.weights = vm["weights"].as<std::string>();
  options.threads = threads;
  options.variant = *variant;
  options.note = [](const std::string& what) { std::cerr << "tavla: " << what << " (once)\n"; };
  auto analyser = analysis::Analyser::open(options);
  if (!analyser) {
    std::cerr << "tavla analyze: " << analyser.error() << "\n";
    return 1;
  }
  if (!(*analyser)->warning().empty()) std::cerr << "tavla analyze: " << (*analyser)->warning() << "\n";

  if (match_file) {
    analysis::MatchAnalysisSettings settings = analysis::default_match_analysis_settings();
    if (vm.count("level") || vm.count("plies")) settings.chequer = settings.cube = setup;
    for (const char* key : {"chequer-plies", "cube-plies"}) {
      if (!vm.count(key)) continue;
      const int plies = vm[key].as<int>();
      if (plies < 0 || plies > 6) {
        std::cerr << "tavla analyze: --" << key << " must be 0..6, got " << plies << "\n";
        return 2;
      }
      (key[1] == 'h' ? settings.chequer : settings.cube).context.plies = plies;
    }
    return analyze_match_file(vm["position"].as<std::string>(), **analyser, settings,
                              vm.count("json") > 0,
                              vm.count("html") ? vm["html"].as<std::string>() : std::string(),
                              vm.count("sgf") ? vm["sgf"].as<std::string>() : std::string());
  }

  if (vm.count("batch")) {
    // A line naming a match file (.sgf, .mat) is answered with its match analysis (as
    // `tavla analyze MATCHFILE --json`, with "id" first); under mpirun the files, like the
    // positions, are shared by the ranks.
    analysis::MatchAnalysisSettings match_settings = analysis::default_match_analysis_settings();
    if (vm.count("level") || vm.count("plies")) match_settings.chequer = match_settings.cube = setup;
    const auto answer_match = [&](const std::string& path) {
      auto match = read_match_file(path);
      if (!match) return text::error_json(path, match.error());
      auto m = analysis::analyse_match(**analyser, *match, match_settings);
      if (!m) return text::error_json(path, path + ": " + m.error());
      const std::string object = text::match_analysis_json(*m);  // "{...}"
      return "{\"id\":" + text::json_escape(path) + "," + object.substr(1);
    };
    const auto answer = [&](const std::string& line) {
      if (is_match_file(line)) return answer_match(line);
      auto game = engine::game_from_text(line);
      if (!game) return text::error_json(line, game.error());
      auto a = (*analyser)->analyse(*game, setup, false);
      return a ? text::analysis_json(line, *a) : text::error_json(line, a.error());
    };
    mpi::answer_lines(world, read_batch_line, answer,
                      [](const std::string& json) { std::cout << json << std::endl; });
    return 0;
  }
  if (world.rank() != 0) return 0;  // one position: rank 0 answers, as one process would

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
  auto a = (*analyser)->analyse(*game, setup, !vm.count("json"));
  if (!a) {
    std::cerr << "tavla analyze: " << a.error() << "\n";
    return 1;
  }
  if (vm.count("json"))
    std::cout << text::analysis_json(text, *a) << "\n";
  else
    print_text(std::cout, *a, out, *variant);
  return 0;
}

}  // namespace tavla::cli
