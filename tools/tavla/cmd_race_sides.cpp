// SPDX-License-Identifier: GPL-3.0-or-later
// tavla race-sides: makes the race sides net (eval/race_sides_net.h,
// tools/train/race_sides_training.h).
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bearoff/one_sided_database.h"
#include "bearoff/one_sided_extension.h"
#include "engine/position_id.h"
#include "eval/position_class.h"
#include "eval/race_sides_net.h"
#include "tavla/commands.h"
#include "train/race_sides_training.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

constexpr const char* kUsage =
    R"(Usage: tavla race-sides --db FILE --positions FILE... --out NET [options]

Makes tavla's race evaluator by sides (eval/race_sides_net.h): a net that gives one side's
distribution of the rolls it needs to bear off (and to bear off its first chequer), so that a race
is valued by the one-sided method, as gnubg's one-sided database values home boards.

The sides come from the races of the --positions files (gnubg position IDs, one per line, or label
files: CLASS POSID ...), both sides of each, walked home with random dice. Sides that --db covers
(a larger one-sided database with gammon distributions: makebearoff -o 12 -f os12/gnubg_os.bd)
are labelled exactly; the others by one roll of lookahead through the database and the net. Round
0 fits the exact labels only; every later round labels the other sides again with the net of the
round before and fits all. The net is written to --out after every round.

Options)";

std::vector<engine::Board> read_races(const std::vector<std::string>& files, std::string& error) {
  std::vector<engine::Board> out;
  for (const std::string& f : files) {
    std::ifstream in(f);
    if (!in) {
      error = "cannot open " + f;
      return {};
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      std::istringstream is(line);
      std::string first, second;
      if (!(is >> first) || first[0] == '#') continue;
      std::string id = first;
      if (first == "race" || first == "crashed" || first == "contact") {
        if (!(is >> second)) {
          error = f + ":" + std::to_string(number) + ": no position ID after '" + first + "'";
          return {};
        }
        id = second;
      }
      auto b = engine::board_from_position_id(id);
      if (!b) {
        error = f + ":" + std::to_string(number) + ": " + b.error();
        return {};
      }
      if (eval::classify(*b, nullptr) == eval::PositionClass::kRace) out.push_back(*b);
    }
  }
  return out;
}

}  // namespace

int cmd_race_sides(int argc, char** argv) {
  po::options_description opts(kUsage);
  // clang-format off
  opts.add_options()
    ("help,h", "this text")
    ("db", po::value<std::string>(), "larger one-sided database with gammon distributions (required)")
    ("positions", po::value<std::vector<std::string>>(), "files of race positions (repeatable; required)")
    ("out", po::value<std::string>(), "the net, written after every round (required)")
    ("from", po::value<std::string>(), "start from this net instead of random weights (and skip round 0)")
    ("hidden", po::value<int>()->default_value(128), "hidden units of a new net")
    ("rounds", po::value<int>()->default_value(6), "lookahead rounds after round 0")
    ("epochs", po::value<int>()->default_value(3), "epochs per round")
    ("rate", po::value<float>()->default_value(0.002f), "Adam step size at the first round")
    ("final-rate", po::value<float>()->default_value(0.0002f), "at the last round (geometric between)")
    ("max-near", po::value<int>()->default_value(1000000), "sides labelled from the database at most")
    ("max-far", po::value<int>()->default_value(200000), "sides labelled by lookahead at most")
    ("greedy", po::value<double>()->default_value(0.8), "share of greedy moves in the walks home")
    ("walks", po::value<int>()->default_value(1), "walks home of every race (more: more sides, most of them in the database)")
    ("sweep", po::value<int>()->default_value(20), "chunks of the sweep before round 1 (0: no sweep)")
    ("sweep-epochs", po::value<int>()->default_value(2), "epochs after each chunk of the sweep")
    ("trials", po::value<int>()->default_value(0), "trajectory labels with this many games per first roll beyond the database (0: one roll of lookahead)")
    ("threads", po::value<int>()->default_value(2), "threads for lookahead labels")
    ("seed", po::value<uint64_t>()->default_value(1), "random seed (sampling, weights, batches)")
    ("far-from", po::value<std::string>(), "round 0 also fits the sides beyond the database to this net's distributions (a start for a net of another shape; the rounds label them again)")
    ("show-exact", "with --show, also the exact one-sided values beyond the database (the database's rule carried above its points: seconds to many minutes)")
    ("show", po::value<std::string>(), "print the --from net's expected rolls of both sides of this position ID, the lookahead's and the --db's where it covers them, then stop");
  // clang-format on
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, opts), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla race-sides: " << e.what() << " (tavla race-sides --help)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  for (const char* required : {"db", "positions", "out"})
    if (!vm.count(required) &&
        !(vm.count("show") && vm.count("from") && required != std::string("db"))) {
      std::cerr << "tavla race-sides: --" << required << " is required (tavla race-sides --help)\n";
      return 2;
    }
  const int hidden = vm["hidden"].as<int>(), rounds = vm["rounds"].as<int>();
  const int epochs = vm["epochs"].as<int>(), threads = vm["threads"].as<int>();
  const int trials = vm["trials"].as<int>();
  const double greedy = vm["greedy"].as<double>();
  const int walks = vm["walks"].as<int>();
  if (hidden < 1 || hidden > eval::RaceSidesNet::kMaxHidden || rounds < 0 || rounds > 1000 ||
      epochs < 0 || epochs > 10000 || trials < 0 || trials > 1000 || walks < 1 || walks > 100 ||
      threads < 1 || threads > 256 || !(greedy >= 0 && greedy <= 1) ||
      vm["max-near"].as<int>() < 0 || vm["max-far"].as<int>() < 0 ||
      !(vm["rate"].as<float>() > 0) || !(vm["final-rate"].as<float>() > 0)) {
    std::cerr << "tavla race-sides: --hidden takes 1..1024, --rounds 0..1000, --epochs 0..10000, "
                 "--trials 0..1000, --walks 1..100, --threads 1..256, --greedy 0..1, "
                 "--max-near/--max-far >= 0, rates > 0\n";
    return 2;
  }
  auto db = bearoff::OneSidedDatabase::open(vm["db"].as<std::string>());
  if (!db) {
    std::cerr << "tavla race-sides: " << db.error() << "\n";
    return 1;
  }
  if (!db->has_gammon() || db->format().normal || db->chequers() != engine::kCheckersPerSide) {
    std::cerr << "tavla race-sides: " << vm["db"].as<std::string>()
              << " must be an exact 15-chequer one-sided database with gammon distributions\n";
    return 1;
  }
  // --far-from only shapes round 0, which --from skips.
  std::optional<eval::RaceSidesNet> teacher;
  if (vm.count("far-from")) {
    if (vm.count("from")) {
      std::cerr << "tavla race-sides: --far-from starts a new net; it cannot go with --from\n";
      return 2;
    }
    auto loaded = eval::RaceSidesNet::load(vm["far-from"].as<std::string>());
    if (!loaded) {
      std::cerr << "tavla race-sides: " << loaded.error() << "\n";
      return 1;
    }
    teacher.emplace(std::move(*loaded));
  }
  std::optional<eval::RaceSidesNet> net;
  if (vm.count("from")) {
    auto loaded = eval::RaceSidesNet::load(vm["from"].as<std::string>());
    if (!loaded) {
      std::cerr << "tavla race-sides: " << loaded.error() << "\n";
      return 1;
    }
    net.emplace(std::move(*loaded));
  } else {
    net.emplace(hidden, vm["seed"].as<uint64_t>());
  }
  if (vm.count("show")) {
    auto b = engine::board_from_position_id(vm["show"].as<std::string>());
    if (!b) {
      std::cerr << "tavla race-sides: " << b.error() << "\n";
      return 1;
    }
    // The database's rule carried above its points, where that takes at most a few million
    // positions (bearoff/one_sided_extension.h): exact for the one-sided method.
    auto extension = bearoff::OneSidedExtension::create(*db, {16, 5000000, size_t{1} << 24});
    for (int s : {engine::Board::kOnRoll, engine::Board::kOpponent}) {
      const auto& side = b->sides[s];
      eval::SideRolls r;
      net->evaluate(side, r);
      std::vector<float> h(net->hidden());
      net->hidden_layer(side, h.data());
      const auto look = train::lookahead_side_rolls(*net, *db, side);
      const auto traj = train::trajectory_side_rolls(*net, *db, side, 8, 1);
      std::printf(
          "%s: net off %.4f gammon %.4f (heads %.4f %.4f); lookahead off %.4f gammon %.4f; "
          "trajectories off %.4f gammon %.4f",
          s == engine::Board::kOnRoll ? "on roll " : "opponent", eval::expected_rolls(r.off),
          eval::expected_rolls(r.gammon), net->mean_off(h.data()), net->mean_gammon(h.data()),
          eval::expected_rolls(look.off), eval::expected_rolls(look.gammon),
          eval::expected_rolls(traj.off), eval::expected_rolls(traj.gammon));
      if (db->covers(side)) {
        const auto e = train::exact_side_rolls(*db, side);
        std::printf("; database off %.4f gammon %.4f", eval::expected_rolls(e.off),
                    eval::expected_rolls(e.gammon));
      } else if (vm.count("show-exact") && extension && (*extension)->reaches(side)) {
        if (const auto raw = (*extension)->raw(side)) {
          double off = 0, gam = 0;
          for (int k = 0; k < bearoff::kMaxRolls; ++k)
            off += k * raw->bear_off[k] / 65535.0, gam += k * raw->save_gammon[k] / 65535.0;
          std::printf("; extended database off %.4f gammon %.4f", off, gam);
        }
      }
      std::printf("\n");
    }
    return 0;
  }
  std::string error;
  const auto races = read_races(vm["positions"].as<std::vector<std::string>>(), error);
  if (!error.empty()) {
    std::cerr << "tavla race-sides: " << error << "\n";
    return 1;
  }
  if (races.empty()) {
    std::cerr << "tavla race-sides: the --positions files hold no race\n";
    return 1;
  }
  const uint64_t seed = vm["seed"].as<uint64_t>();
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  std::fprintf(stderr, "%zu races; walking their sides home\n", races.size());
  auto sides = train::sample_sides(races, *db, {greedy, seed, walks});
  std::mt19937_64 rng(seed + 1);
  std::shuffle(sides.begin(), sides.end(), rng);
  std::vector<engine::SideCounts> near, far;
  for (const auto& s : sides) (db->covers(s) ? near : far).push_back(s);
  const size_t sampled_near = near.size(), sampled_far = far.size();
  near.resize(std::min<size_t>(near.size(), vm["max-near"].as<int>()));
  far.resize(std::min<size_t>(far.size(), vm["max-far"].as<int>()));
  // Every 50th side is kept out of the fits to check them.
  std::vector<train::SideExample> near_train, near_check;
  for (size_t i = 0; i < near.size(); ++i)
    (i % 50 == 7 ? near_check : near_train)
        .push_back({near[i], train::exact_side_rolls(*db, near[i])});
  std::vector<engine::SideCounts> far_train, far_check;
  for (size_t i = 0; i < far.size(); ++i) (i % 50 == 7 ? far_check : far_train).push_back(far[i]);
  std::fprintf(stderr, "%zu sides (%zu in the database, %zu beyond); using %zu + %zu (%.0f s)\n",
               sides.size(), sampled_near, sampled_far, near.size(), far.size(), elapsed());

  const std::string out = vm["out"].as<std::string>();
  const float rate0 = vm["rate"].as<float>(), rate1 = vm["final-rate"].as<float>();
  auto rate_of = [&](int round) {
    return rounds > 0 ? rate0 * std::pow(rate1 / rate0, round / float(rounds)) : rate0;
  };
  auto report = [&](const char* what, int round, int epoch, const train::SideFitReport& r,
                    const train::SideFitReport& far_r) {
    std::fprintf(stderr,
                 "%s %d epoch %d: train loss %.5f; check (database) loss %.5f, mean rolls off "
                 "%.4f, gammon %.4f; check (beyond) mean rolls off %.4f, gammon %.4f (%.0f s)\n",
                 what, round, epoch + 1, r.train_loss, r.check_loss, r.check_mean_error,
                 r.check_gammon_error, far_r.check_mean_error, far_r.check_gammon_error, elapsed());
  };
  std::vector<train::SideExample> far_check_labels;
  if (!vm.count("from")) {
    std::vector<train::SideExample> first = near_train;
    if (teacher) {
      auto taught = [&](const std::vector<engine::SideCounts>& sides,
                        std::vector<train::SideExample>& into) {
        for (const auto& side : sides) {
          train::SideExample e{side, {}};
          teacher->evaluate(side, e.target);
          into.push_back(e);
        }
      };
      taught(far_train, first);
      taught(far_check, far_check_labels);
    }
    train::SideFitSettings fs{epochs, rate0, rate0, 64, seed + 2};
    train::fit_sides(*net, first, near_check, fs, [&](int e, const train::SideFitReport& r) {
      report("round", 0, e, r, train::check_sides(*net, far_check_labels));
    });
    if (auto e = net->save(out)) {
      std::cerr << "tavla race-sides: " << *e << "\n";
      return 1;
    }
  }
  // The sweep: the sides beyond the database in order of their pips above its points, a chunk at
  // a time, each labelled by lookahead through the sides before it (fitted after every chunk),
  // so that one pass carries the database's values outwards as far as the sides reach. Rounds of
  // value iteration alone move them about one roll per round.
  if (const int chunks = vm["sweep"].as<int>(); chunks > 0 && !far_train.empty()) {
    auto beyond = [&](const engine::SideCounts& side) {
      int d = 0;
      for (int i = db->points(); i < engine::kPoints; ++i) d += side[i] * (i + 1 - db->points());
      return d;
    };
    std::stable_sort(far_train.begin(), far_train.end(),
                     [&](const auto& a, const auto& b) { return beyond(a) < beyond(b); });
    std::vector<train::SideExample> all = near_train;
    const size_t per = (far_train.size() + chunks - 1) / chunks;
    for (int c = 0; c < chunks; ++c) {
      const size_t lo = c * per, hi = std::min(far_train.size(), lo + per);
      if (lo >= hi) break;
      const std::vector<engine::SideCounts> part(far_train.begin() + lo, far_train.begin() + hi);
      const auto labels = train::side_labels(*net, *db, part, trials, seed + 7, threads, nullptr);
      all.insert(all.end(), labels.begin(), labels.end());
      train::SideFitSettings fs{vm["sweep-epochs"].as<int>(), rate0, rate0, 64, seed + 100 + c};
      const auto r = train::fit_sides(*net, all, near_check, fs, nullptr);
      std::fprintf(stderr,
                   "sweep %d/%d: sides up to %d pips above the database; check (database) mean "
                   "rolls off %.4f, gammon %.4f (%.0f s)\n",
                   c + 1, chunks, beyond(far_train[hi - 1]), r.check_mean_error,
                   r.check_gammon_error, elapsed());
    }
    if (auto e = net->save(out)) {
      std::cerr << "tavla race-sides: " << *e << "\n";
      return 1;
    }
  }
  std::vector<double> previous_means;
  for (int round = 1; round <= rounds; ++round) {
    auto progress = [&](size_t done) {
      std::fprintf(stderr, "\rround %d: lookahead labels %zu/%zu", round, done, far_train.size());
    };
    auto far_labels = train::side_labels(*net, *db, far_train, trials, seed + 7, threads, progress);
    far_check_labels = train::side_labels(*net, *db, far_check, trials, seed + 7, threads, nullptr);
    std::vector<double> means(far_labels.size());
    double moved = 0;
    for (size_t i = 0; i < far_labels.size(); ++i) {
      means[i] = eval::expected_rolls(far_labels[i].target.off);
      if (!previous_means.empty()) moved += std::abs(means[i] - previous_means[i]);
    }
    std::fprintf(
        stderr,
        "\rround %d: %zu lookahead labels; their mean rolls moved %.4f on average (%.0f s)\n",
        round, far_labels.size(), previous_means.empty() ? 0.0 : moved / far_labels.size(),
        elapsed());
    previous_means = std::move(means);
    std::vector<train::SideExample> all = near_train;
    all.insert(all.end(), far_labels.begin(), far_labels.end());
    const float rate = rate_of(round);
    train::SideFitSettings fs{epochs, rate, rate, 64, seed + 2 + round};
    train::fit_sides(*net, all, near_check, fs, [&](int e, const train::SideFitReport& r) {
      report("round", round, e, r, train::check_sides(*net, far_check_labels));
    });
    if (auto e = net->save(out)) {
      std::cerr << "tavla race-sides: " << *e << "\n";
      return 1;
    }
  }
  std::fprintf(stderr, "wrote %s (%.0f s)\n", out.c_str(), elapsed());
  return 0;
}

}  // namespace tavla::cli
