// SPDX-License-Identifier: GPL-3.0-or-later
// tavla errors: chequer-play error rate of a configuration on a fixed set of positions whose
// plays were all analysed deeply (strength/error_set.h, strength/error_rate.h); --build makes a
// new set.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <vector>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "eval/position_class.h"
#include "strength/error_rate.h"
#include "strength/error_set.h"
#include "strength/rollout_reference.h"
#include "tavla/commands.h"
#include "tavla/errors_common.h"
#include "tavla/errors_cube.h"
#include "tavla/player_options.h"
#include "text/json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

// The positions of every --positions file (or of the committed set), in the order given, as
// one set; `path` names the files and `reference` their distinct reference lines, joined.
struct NamedErrorSet : strength::ErrorSet {
  std::string path;
};

engine::Result<NamedErrorSet> read_error_sets(const po::variables_map& vm) {
  std::vector<std::filesystem::path> paths;
  if (vm.count("positions"))
    for (const std::string& p : vm["positions"].as<std::vector<std::string>>()) paths.push_back(p);
  else
    paths.push_back(strength::default_error_set_path());
  NamedErrorSet all;
  std::vector<std::string> references;
  for (const auto& p : paths) {
    auto set = strength::read_error_set(p);
    if (!set) return engine::Error{set.error()};
    if (std::find(references.begin(), references.end(), set->reference) == references.end())
      references.push_back(set->reference);
    auto& ps = set.value().positions;
    all.positions.insert(all.positions.end(), std::make_move_iterator(ps.begin()),
                         std::make_move_iterator(ps.end()));
    all.path += (all.path.empty() ? "" : ", ") + p.string();
  }
  for (const std::string& r : references)
    all.reference += (all.reference.empty() ? "" : " | ") + r;
  return all;
}

void json_tally(text::JsonWriter& w, const strength::ErrorTally& t) {
  w.begin_object();
  w.field("decisions", t.decisions);
  w.field("millipoints_per_decision", t.mean_millipoints());
  w.field("total_loss", t.total_loss);
  w.field("errors_over_0_01", t.errors);
  w.field("best_plays", t.best);
  w.end_object();
}

// A play of p in gnubg's notation ("13/7* 8/7"); "?" if `after` is none of the roll's plays.
std::string play_text(const strength::ErrorPosition& p, const engine::Board& after) {
  auto moves = std::make_unique<engine::MoveList>();
  engine::generate_moves(p.board, p.d1, p.d2, *moves);
  for (const engine::LegalMove& m : *moves)
    if (m.after == after) return engine::format_move(p.board, m.move);
  return "?";
}

void print_tally(const char* name, const strength::ErrorTally& t) {
  std::printf("%-9s %9d %12.2f %10d %7.1f%% %7.1f%%\n", name, t.decisions, t.mean_millipoints(),
              t.errors, t.decisions ? 100.0 * t.errors / t.decisions : 0.0,
              t.decisions ? 100.0 * t.best / t.decisions : 0.0);
}

int build(const po::variables_map& vm, NetLoader& loader,
          const bearoff::DatabaseBearoffProvider* bo, bool show) {
  strength::ErrorSetBuildSettings st;
  st.contact = vm["contact"].as<int>();
  st.crashed = vm["crashed"].as<int>();
  st.race = vm["race"].as<int>();
  st.seed = vm["seed"].as<uint32_t>();
  st.threads = vm["threads"].as<int>();
  st.reference.plies = vm["reference-plies"].as<int>();
  if (st.contact < 0 || st.crashed < 0 || st.race < 0 || st.contact + st.crashed + st.race < 1) {
    std::cerr << "tavla errors: --contact, --crashed and --race must be >= 0, not all 0\n";
    return 2;
  }
  if (st.reference.plies < 0 || st.reference.plies > 3) {
    std::cerr << "tavla errors: --reference-plies must be 0..3\n";
    return 2;
  }
  auto nets = errors_nets(vm, loader, st.nets_name);
  if (!nets) {
    std::cerr << "tavla errors: " << nets.error() << "\n";
    return 1;
  }
  const std::optional<std::string> file =
      vm.count("weights") ? std::optional(vm["weights"].as<std::string>()) : std::nullopt;
  const std::string out_path = vm["build"].as<std::string>();
  std::ofstream out(out_path);
  if (!out) {
    std::cerr << "tavla errors: cannot write '" << out_path << "'\n";
    return 1;
  }
  auto set = strength::build_error_set(*nets, bo, st, [&](const strength::ErrorSetProgress& p) {
    if (!show) return;
    std::fprintf(stderr, "\r%s %d/%d   ", p.stage, p.done, p.total);
    std::fflush(stderr);
  });
  if (show) std::fprintf(stderr, "\n");
  char header[512];
  std::snprintf(header, sizeof header,
                "tavla error-rate positions: every legal play of each roll with its reference\n"
                "equity (cubeless money, for the mover), %d ply. Made by tavla (its n-ply matches "
                "gnubg 1.07's; 2 ply within 1.4e-5):\n"
                "  tavla errors --build %s --contact %d --crashed %d --race %d --seed %u "
                "--reference-plies %d%s%s",
                st.reference.plies, out_path.c_str(), st.contact, st.crashed, st.race, st.seed,
                st.reference.plies, file ? " --weights " : "", file ? file->c_str() : "");
  strength::write_error_set(out, set, header);
  return close_positions_file(out, out_path, set.positions.size(), false);
}

// --rollout-reference IN --build OUT: IN's leading plays rolled out into OUT, written position by
// position; an OUT left by a stopped run is continued (its finished positions are kept).
int rollout_reference(const po::variables_map& vm, NetLoader& loader,
                      const bearoff::DatabaseBearoffProvider* bo, bool show) {
  const std::string in_path = vm["rollout-reference"].as<std::string>();
  const std::string out_path = vm["build"].as<std::string>();
  auto set = strength::read_error_set(std::filesystem::path(in_path));
  if (!set) {
    std::cerr << "tavla errors: " << set.error() << "\n";
    return 1;
  }
  strength::RolloutReferenceSettings st;
  st.trials = vm["trials"].as<int>();
  st.candidates = vm["candidates"].as<int>();
  st.window = vm["window"].as<float>();
  st.seed = vm["seed"].as<uint32_t>();
  st.threads = vm["threads"].as<int>();
  if (st.trials < 1 || st.candidates < 2 || !(st.window >= 0)) {
    std::cerr << "tavla errors: --trials must be >= 1, --candidates >= 2, --window >= 0\n";
    return 2;
  }
  std::string nets_name;
  auto nets = errors_nets(vm, loader, nets_name);
  if (!nets) {
    std::cerr << "tavla errors: " << nets.error() << "\n";
    return 1;
  }
  const std::optional<std::string> file =
      vm.count("weights") ? std::optional(vm["weights"].as<std::string>()) : std::nullopt;
  std::ostringstream reference;
  reference << "cubeless money rollouts of the leading plays (at most " << st.candidates
            << " within " << st.window << " of the best by: " << set->reference << "), "
            << st.trials << " trials each, variance reduction, 0-ply play by " << nets_name
            << "; other plays shifted as the worst candidate";
  // Positions already in OUT (a stopped run), checked against IN.
  auto finished = finished_positions(out_path, in_path, set->positions.size(), [&](size_t i) {
    return strength::error_position_id(set->positions[i]);
  });
  if (!finished) {
    std::cerr << "tavla errors: " << finished.error() << "\n";
    return 1;
  }
  const size_t first = *finished;
  if (show && first > 0) std::fprintf(stderr, "continuing after %zu finished positions\n", first);
  std::ofstream out(out_path, first > 0 ? std::ios::app : std::ios::trunc);
  if (!out) {
    std::cerr << "tavla errors: cannot write '" << out_path << "'\n";
    return 1;
  }
  if (first == 0) {
    char cmd[1024];
    std::snprintf(
        cmd, sizeof cmd,
        "tavla error-rate positions with rollout references (strength/rollout_reference.h):\n"
        "  tavla errors --rollout-reference %s --build %s --trials %d --candidates %d "
        "--window %g --seed %u%s%s",
        in_path.c_str(), out_path.c_str(), st.trials, st.candidates, st.window, st.seed,
        file ? " --weights " : "", file ? file->c_str() : "");
    strength::write_error_set(out, strength::ErrorSet{reference.str(), {}}, cmd);
    out.flush();
  }
  const auto t0 = std::chrono::steady_clock::now();
  const size_t total = set->positions.size();
  strength::rollout_positions(*set, first, *nets, bo, st,
                              [&](size_t i, const strength::ErrorPosition& p) {
                                strength::write_error_position(out, p);
                                out.flush();
                                if (show) print_rollout_progress(i, first, total, t0);
                              });
  if (show) std::fprintf(stderr, "\n");
  return close_positions_file(out, out_path, total, true);
}

}  // namespace

int cmd_errors(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla errors [options]\n"
      "       tavla errors --build FILE [--contact N --crashed N --race N --seed S]\n"
      "       tavla errors --cube [--positions FILE | --build FILE | --rollout-reference IN "
      "--build OUT]\n\n"
      "Measures the chequer-play error rate of a configuration on a fixed set of positions with\n"
      "dice whose every legal play has a reference equity from a deeper analysis (default: the\n"
      "committed bench/error_positions.txt, 2-ply cubeless money equities). For each position the\n"
      "configuration picks its play (cubeless); the loss is the best reference equity minus the\n"
      "reference equity of that play. Reports the mean loss per decision in millipoints (as\n"
      "gnubg's error rates), the decisions losing more than 0.01 and the best plays found, "
      "overall\n"
      "and per class (contact, crashed, race). --build samples positions from noisy 0-ply\n"
      "self-play and analyses every play at --reference-plies. The reference is 2 ply: a\n"
      "configuration at 2 ply or deeper scores near 0 (it agrees with the reference), so the "
      "rates\n"
      "rank configurations weaker than the reference.\n\n"
      "--cube: cube decisions instead (default: the committed bench/cube_positions.txt, money\n"
      "positions before the roll whose no double and double/take were rolled out). In every\n"
      "position the configuration decides as doubler (double or not) and as taker (take or pass,\n"
      "as if doubled), with its own cubeful analysis; the loss of each is measured against the\n"
      "reference equities (double/pass = +1), per decision in millipoints, by class. --cube\n"
      "--build samples positions before the roll (default 200 contact, 60 crashed, 60 race) and\n"
      "keeps those where either decision is close at --reference-plies; --cube\n"
      "--rollout-reference rolls them out.\n\noptions");
  opts.add_options()("help,h", "show this help")(
      "positions", po::value<std::vector<std::string>>()->composing(),
      "positions file (default: $TAVLA_ERROR_POSITIONS, else the source tree's "
      "bench/error_positions.txt); several are scored as one set (e.g. the rollout benchmarks "
      "bench/rollout_positions*.txt; with --cube bench/cube_positions.txt and "
      "bench/cube_positions_crashed.txt)")("threads", po::value<int>()->default_value(1),
                                    "threads (results do not depend on it)")(
      "progress", "show progress on stderr even when it is not a terminal")("json", "print JSON")(
      "decisions",
      "also list every decision that lost equity, worst first: the position (gnubg ID with the "
      "dice), its class, the play chosen, the best play and the loss; with --cube the position "
      "(gnubg ID), its class, the decision (double or take), the action chosen, the right one, "
      "the loss and the reference equities")(
      "cube", "cube decisions (see above) instead of chequer plays")(
      "build", po::value<std::string>(), "build a new positions file FILE instead")(
      "contact", po::value<int>()->default_value(500), "--build: contact positions")(
      "crashed", po::value<int>()->default_value(200), "--build: crashed positions")(
      "race", po::value<int>()->default_value(300), "--build: race positions")(
      "seed", po::value<uint32_t>()->default_value(1), "--build: seed of the self-play games")(
      "reference-plies", po::value<int>()->default_value(2), "--build: depth of the analysis")(
      "rollout-reference", po::value<std::string>(),
      "with --build OUT: roll out the leading plays of the positions file IN into OUT (a stopped "
      "run continues where it stopped; --weights: the rollout's nets)")(
      "trials", po::value<int>()->default_value(648), "--rollout-reference: trials per play")(
      "candidates", po::value<int>()->default_value(5),
      "--rollout-reference: at most this many leading plays rolled out...")(
      "window", po::value<float>()->default_value(0.2f),
      "--rollout-reference: ...within this equity of the best (at least two)");
  add_player_options(opts, "", "the measured configuration");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla errors: " << e.what() << " (try tavla errors --help)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 64) {
    std::cerr << "tavla errors: --threads must be 1..64, got " << threads << "\n";
    return 2;
  }
  const bool show = isatty(STDERR_FILENO) || vm.count("progress");
  NetLoader loader;
  // Check the options before the (slow) database opening.
  std::optional<strength::PlayerConfig> player;
  if (!vm.count("build")) {
    auto cfg = player_from_options(vm, "", loader);
    if (!cfg) {
      std::cerr << "tavla errors: " << cfg.error() << "\n";
      return 2;
    }
    player = *cfg;
  }
  auto dbs = bearoff::open_default_databases(
      true, [](const std::string& what) { std::cerr << "tavla: " << what << " (once)\n"; });
  if (!dbs) std::cerr << "tavla errors: no bearoff databases (" << dbs.error() << ")\n";
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);
  if (vm.count("rollout-reference") && !vm.count("build")) {
    std::cerr << "tavla errors: --rollout-reference needs --build OUT\n";
    return 2;
  }
  if (vm.count("cube"))
    return errors_cube(vm, loader, provider ? &*provider : nullptr, show, player);
  if (vm.count("rollout-reference"))
    return rollout_reference(vm, loader, provider ? &*provider : nullptr, show);
  if (vm.count("build")) return build(vm, loader, provider ? &*provider : nullptr, show);

  auto set = read_error_sets(vm);
  if (!set) {
    std::cerr << "tavla errors: " << set.error() << "\n";
    return 1;
  }
  const std::string path = set->path;
  const auto t0 = std::chrono::steady_clock::now();
  auto chosen = strength::choose_plays(*set, *player, provider ? &*provider : nullptr, threads,
                                       [&](int done, int total) {
                                         if (!show) return;
                                         std::fprintf(stderr, "\r%d/%d positions   ", done, total);
                                         std::fflush(stderr);
                                       });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (show) std::fprintf(stderr, "\n");
  auto report = strength::tally_errors(*set, chosen);
  if (!report) {
    std::cerr << "tavla errors: " << report.error() << "\n";
    return 1;
  }
  if (vm.count("json")) {
    text::JsonWriter w;
    w.begin_object();
    w.field("player", player->name);
    w.field("positions", path);
    w.field("reference", set->reference);
    w.key("all");
    json_tally(w, report->all);
    for (int k = 0; k < 3; ++k) {
      w.key(eval::position_class_name(strength::kErrorClasses[k]));
      json_tally(w, report->by_class[k]);
    }
    w.key("themes");
    w.begin_object();
    for (int t = 0; t < strength::kThemeCount; ++t) {
      w.key(std::string(strength::theme_name(strength::kThemes[t])));
      json_tally(w, report->by_theme[t]);
    }
    w.end_object();
    if (vm.count("decisions")) {
      w.key("decisions");
      w.begin_array();
      for (const strength::LostDecision& d : strength::lost_decisions(*set, chosen)) {
        const strength::ErrorPosition& p = set->positions[d.index];
        w.begin_object();
        w.field("index", d.index + 1);
        w.field("id", strength::error_position_id(p));
        w.field("class", std::string(eval::position_class_name(p.cls)));
        w.field("dice", std::to_string(p.d1) + std::to_string(p.d2));
        w.field("chosen", play_text(p, chosen[d.index]));
        w.field("best", play_text(p, p.moves.front().after));
        w.field("loss", static_cast<double>(d.loss));
        w.end_object();
      }
      w.end_array();
    }
    w.field("seconds", secs);
    w.end_object();
    std::cout << w.str() << "\n";
  } else {
    std::printf("player: %s\npositions: %s\nreference: %s\n\n", player->name.c_str(),
                path.c_str(), set->reference.c_str());
    std::printf("%-9s %9s %12s %10s %8s %8s\n", "class", "decisions", "mEMG/move", "loss>0.01",
                "(%)", "best(%)");
    for (int k = 0; k < 3; ++k)
      print_tally(std::string(eval::position_class_name(strength::kErrorClasses[k])).c_str(),
                  report->by_class[k]);
    print_tally("all", report->all);
    std::printf("\nthemes (a position may have several)\n");
    for (int t = 0; t < strength::kThemeCount; ++t)
      print_tally(std::string(strength::theme_name(strength::kThemes[t])).c_str(),
                  report->by_theme[t]);
    if (vm.count("decisions")) {
      const auto lost = strength::lost_decisions(*set, chosen);
      std::printf("\ndecisions that lost equity, worst first (%zu)\n", lost.size());
      std::printf("%5s %-29s %-8s %4s %8s  %-24s %s\n", "#", "position", "class", "dice",
                  "loss", "chosen", "best");
      for (const strength::LostDecision& d : lost) {
        const strength::ErrorPosition& p = set->positions[d.index];
        std::printf("%5d %-29s %-8s %d%d %9.4f  %-24s %s\n", d.index + 1,
                    strength::error_position_id(p).c_str(),
                    std::string(eval::position_class_name(p.cls)).c_str(), p.d1, p.d2, d.loss,
                    play_text(p, chosen[d.index]).c_str(),
                    play_text(p, p.moves.front().after).c_str());
      }
    }
    std::printf("\n%.1f s\n", secs);
  }
  return 0;
}

}  // namespace tavla::cli
