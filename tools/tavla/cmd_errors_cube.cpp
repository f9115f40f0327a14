// SPDX-License-Identifier: GPL-3.0-or-later
// tavla errors --cube (see errors_cube.h).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "bearoff/bearoff_provider.h"
#include "eval/position_class.h"
#include "strength/cube_errors.h"
#include "strength/cube_reference.h"
#include "strength/cube_set.h"
#include "strength/error_set.h"
#include "tavla/errors_cube.h"
#include "text/json.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

constexpr const char* kDecisionNames[3] = {"double", "take", "all"};

// The per-class option of a set to build: the cube set's own default where not given.
int wanted(const po::variables_map& vm, const char* name, int cube_default) {
  return vm[name].defaulted() ? cube_default : vm[name].as<int>();
}

int build(const po::variables_map& vm, NetLoader& loader,
          const bearoff::DatabaseBearoffProvider* bo, bool show) {
  strength::CubeSetBuildSettings st;
  st.contact = wanted(vm, "contact", st.contact);
  st.crashed = wanted(vm, "crashed", st.crashed);
  st.race = wanted(vm, "race", st.race);
  st.seed = vm["seed"].as<uint32_t>();
  st.screen.plies = vm["reference-plies"].as<int>();
  if (st.contact < 0 || st.crashed < 0 || st.race < 0 || st.contact + st.crashed + st.race < 1) {
    std::cerr << "tavla errors: --contact, --crashed and --race must be >= 0, not all 0\n";
    return 2;
  }
  if (st.screen.plies < 0 || st.screen.plies > 3) {
    std::cerr << "tavla errors: --reference-plies must be 0..3\n";
    return 2;
  }
  auto nets = errors_nets(vm, loader, st.nets_name);
  if (!nets) {
    std::cerr << "tavla errors: " << nets.error() << "\n";
    return 1;
  }
  const std::string out_path = vm["build"].as<std::string>();
  std::ofstream out(out_path);
  if (!out) {
    std::cerr << "tavla errors: cannot write '" << out_path << "'\n";
    return 1;
  }
  auto set = strength::build_cube_set(*nets, bo, st, [&](const strength::CubeSetProgress& p) {
    if (!show) return;
    std::fprintf(stderr, "\rkept %d/%d of %d screened (%d games)   ", p.kept, p.wanted, p.screened,
                 p.games);
    std::fflush(stderr);
  });
  if (show) std::fprintf(stderr, "\n");
  char header[512];
  std::snprintf(header, sizeof header,
                "tavla cube positions: money cube decisions with their %d-ply reference equities\n"
                "(cubeful, for the player on roll, per cube; strength/cube_set.h). Made by:\n"
                "  tavla errors --cube --build %s --contact %d --crashed %d --race %d --seed %u "
                "--reference-plies %d%s%s",
                st.screen.plies, out_path.c_str(), st.contact, st.crashed, st.race, st.seed,
                st.screen.plies, vm.count("weights") ? " --weights " : "",
                vm.count("weights") ? vm["weights"].as<std::string>().c_str() : "");
  strength::write_cube_set(out, set, header);
  return close_positions_file(out, out_path, set.positions.size(), false);
}

int rollout_reference(const po::variables_map& vm, NetLoader& loader,
                      const bearoff::DatabaseBearoffProvider* bo, bool show) {
  const std::string in_path = vm["rollout-reference"].as<std::string>();
  const std::string out_path = vm["build"].as<std::string>();
  auto set = strength::read_cube_set(std::filesystem::path(in_path));
  if (!set) {
    std::cerr << "tavla errors: " << set.error() << "\n";
    return 1;
  }
  strength::CubeReferenceSettings st;
  st.trials = vm["trials"].as<int>();
  st.seed = vm["seed"].as<uint32_t>();
  st.threads = vm["threads"].as<int>();
  if (st.trials < 1) {
    std::cerr << "tavla errors: --trials must be >= 1\n";
    return 2;
  }
  std::string nets_name;
  auto nets = errors_nets(vm, loader, nets_name);
  if (!nets) {
    std::cerr << "tavla errors: " << nets.error() << "\n";
    return 1;
  }
  auto first = finished_positions(out_path, in_path, set->positions.size(), [&](size_t i) {
    return strength::cube_position_id(set->positions[i]);
  });
  if (!first) {
    std::cerr << "tavla errors: " << first.error() << "\n";
    return 1;
  }
  if (show && *first > 0) std::fprintf(stderr, "continuing after %zu finished positions\n", *first);
  std::ofstream out(out_path, *first > 0 ? std::ios::app : std::ios::trunc);
  if (!out) {
    std::cerr << "tavla errors: cannot write '" << out_path << "'\n";
    return 1;
  }
  if (*first == 0) {
    std::ostringstream reference;
    reference << "cubeful money rollouts of no double and double/take (positions screened by: "
              << set->reference << "), " << st.trials
              << " trials each, the same dice for both, variance reduction, cubeful 0-ply play "
                 "and cube decisions by "
              << nets_name;
    char cmd[1024];
    std::snprintf(
        cmd, sizeof cmd,
        "tavla cube positions with rollout references (strength/cube_reference.h):\n"
        "  tavla errors --cube --rollout-reference %s --build %s --trials %d --seed %u%s%s",
        in_path.c_str(), out_path.c_str(), st.trials, st.seed,
        vm.count("weights") ? " --weights " : "",
        vm.count("weights") ? vm["weights"].as<std::string>().c_str() : "");
    strength::write_cube_set(out, strength::CubeSet{reference.str(), {}}, cmd);
    out.flush();
  }
  const auto t0 = std::chrono::steady_clock::now();
  const size_t total = set->positions.size();
  strength::rollout_cube_positions(*set, *first, *nets, bo, st,
                                   [&](size_t i, const strength::CubePosition& p) {
                                     strength::write_cube_position(out, p);
                                     out.flush();
                                     if (show) print_rollout_progress(i, *first, total, t0);
                                   });
  if (show) std::fprintf(stderr, "\n");
  return close_positions_file(out, out_path, total, true);
}

void print_tally(const std::string& name, const strength::CubeTally& t) {
  std::printf("%-16s %9d %12.2f %8d %7.1f%%\n", name.c_str(), t.decisions, t.mean_millipoints(),
              t.wrong, t.decisions ? 100.0 * t.wrong / t.decisions : 0.0);
}

void json_tally(text::JsonWriter& w, const strength::CubeTally& t) {
  w.begin_object();
  w.field("decisions", t.decisions);
  w.field("millipoints_per_decision", t.mean_millipoints());
  w.field("total_loss", t.total_loss);
  w.field("wrong", t.wrong);
  w.end_object();
}

void json_decisions(text::JsonWriter& w, const std::array<strength::CubeTally, 3>& t) {
  w.begin_object();
  for (int d = 0; d < 3; ++d) {
    w.key(kDecisionNames[d]);
    json_tally(w, t[d]);
  }
  w.end_object();
}

// What a configuration did in a lost decision, and what the reference says was right.
const char* action(bool take, bool yes) {
  return take ? (yes ? "take" : "pass") : (yes ? "double" : "no double");
}

int score(const po::variables_map& vm, const bearoff::DatabaseBearoffProvider* bo, bool show,
          const strength::PlayerConfig& player) {
  // Several --positions files are scored as one set (e.g. bench/cube_positions.txt and the
  // crashed class's own bench/cube_positions_crashed.txt), as for chequer play.
  std::vector<std::filesystem::path> paths;
  if (vm.count("positions"))
    for (const std::string& f : vm["positions"].as<std::vector<std::string>>()) paths.push_back(f);
  else
    paths.push_back(strength::default_cube_set_path());
  strength::CubeSet all;
  std::string path_names;
  for (const std::filesystem::path& path : paths) {
    auto set = strength::read_cube_set(path);
    if (!set) {
      std::cerr << "tavla errors: " << set.error() << "\n";
      return 1;
    }
    path_names += (path_names.empty() ? "" : ", ") + path.string();
    if (all.reference.find(set->reference) == std::string::npos)
      all.reference += (all.reference.empty() ? "" : "; ") + set->reference;
    all.positions.insert(all.positions.end(), set->positions.begin(), set->positions.end());
  }
  const strength::CubeSet* set = &all;
  const auto t0 = std::chrono::steady_clock::now();
  auto chosen = strength::choose_cube_actions(
      *set, player, bo, vm["threads"].as<int>(), [&](int done, int total) {
        if (!show) return;
        std::fprintf(stderr, "\r%d/%d positions   ", done, total);
        std::fflush(stderr);
      });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (show) std::fprintf(stderr, "\n");
  const auto report = strength::tally_cube_errors(*set, chosen);
  if (vm.count("json")) {
    text::JsonWriter w;
    w.begin_object();
    w.field("player", player.name);
    w.field("positions", path_names);
    w.field("reference", set->reference);
    w.key("all");
    json_decisions(w, report.all);
    for (int k = 0; k < 3; ++k) {
      w.key(eval::position_class_name(strength::kErrorClasses[k]));
      json_decisions(w, report.by_class[k]);
    }
    if (vm.count("decisions")) {
      w.key("decisions");
      w.begin_array();
      for (const strength::LostCubeDecision& d : strength::lost_cube_decisions(*set, chosen)) {
        const strength::CubePosition& p = set->positions[d.index];
        const bool did = d.take ? chosen[d.index].takes : chosen[d.index].doubles;
        w.begin_object();
        w.field("index", d.index + 1);
        w.field("id", strength::cube_position_id(p));
        w.field("class", std::string(eval::position_class_name(p.cls)));
        w.field("decision", d.take ? "take" : "double");
        w.field("chosen", action(d.take, did));
        w.field("right", action(d.take, !did));
        w.field("loss", static_cast<double>(d.loss));
        w.field("no_double", static_cast<double>(p.no_double));
        w.field("double_take", static_cast<double>(p.double_take));
        w.end_object();
      }
      w.end_array();
    }
    w.field("seconds", secs);
    w.end_object();
    std::cout << w.str() << "\n";
    return 0;
  }
  std::printf("player: %s\npositions: %s\nreference: %s\n\n", player.name.c_str(),
              path_names.c_str(), set->reference.c_str());
  std::printf("%-16s %9s %12s %8s %8s\n", "class/decision", "decisions", "mEMG/dec", "wrong",
              "(%)");
  for (int k = 0; k < 4; ++k) {
    const auto& t = k < 3 ? report.by_class[k] : report.all;
    const std::string cls =
        k < 3 ? std::string(eval::position_class_name(strength::kErrorClasses[k])) : "all";
    for (int d = 0; d < 3; ++d) print_tally(cls + " " + kDecisionNames[d], t[d]);
  }
  if (vm.count("decisions")) {
    // Equities are the doubler's, per cube, as the reference gives them (double/pass = +1).
    const auto lost = strength::lost_cube_decisions(*set, chosen);
    std::printf("\ndecisions that lost equity, worst first (%zu)\n", lost.size());
    std::printf("%5s %-27s %-8s %-8s %-10s %-10s %8s %9s %9s\n", "#", "position", "class",
                "decision", "chosen", "right", "loss", "no double", "dbl/take");
    for (const strength::LostCubeDecision& d : lost) {
      const strength::CubePosition& p = set->positions[d.index];
      const bool did = d.take ? chosen[d.index].takes : chosen[d.index].doubles;
      std::printf("%5d %-27s %-8s %-8s %-10s %-10s %8.4f %+9.4f %+9.4f\n", d.index + 1,
                  strength::cube_position_id(p).c_str(),
                  std::string(eval::position_class_name(p.cls)).c_str(), d.take ? "take" : "double",
                  action(d.take, did), action(d.take, !did), d.loss, p.no_double, p.double_take);
    }
  }
  std::printf("\n%.1f s\n", secs);
  return 0;
}

}  // namespace

int errors_cube(const po::variables_map& vm, NetLoader& loader,
                const bearoff::DatabaseBearoffProvider* bo, bool show,
                const std::optional<strength::PlayerConfig>& player) {
  if (vm.count("rollout-reference")) return rollout_reference(vm, loader, bo, show);
  if (vm.count("build")) return build(vm, loader, bo, show);
  return score(vm, bo, show, *player);
}

}  // namespace tavla::cli
