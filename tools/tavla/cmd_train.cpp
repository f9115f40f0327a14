// SPDX-License-Identifier: GPL-3.0-or-later
// tavla train: trains tavla's own nets by self-play (TD(lambda) rounds, then supervised rounds on
// tavla's own n-ply labels), checkpointing into a directory after every round. See
// tools/train/trainer.h for the method and weights/README.md for how the shipped nets were made.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "bearoff/extended_race_provider.h"
#include "bearoff/one_sided_extension.h"
#include "eval/net_set.h"
#include "eval/race_sides_net.h"
#include "eval/weights.h"
#include "mpi/world.h"
#include "tavla/commands.h"
#include "tavla/train_ranks.h"
#include "train/label_file.h"
#include "train/trainer.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

std::atomic<int> interrupts{0};

void on_interrupt(int) {
  // First Ctrl-C: stop after the current round (its checkpoint is written). Second: now.
  if (interrupts.fetch_add(1) >= 1) std::_Exit(130);
}

// The comment atop a new label file: how its labels were made (`st` after the first round that
// labelled).
std::string labels_header(const train::TrainState& st) {
  const train::TrainSettings& s = st.settings;
  std::string h =
      "# tavla train labels (tools/train/label_file.h): CLASS POSID and the five\n"
      "# cubeless probabilities for the side on roll. Made by ";
  if (s.label_returns && s.play.returns_lambda < 1.0f)
    h += "luck-free returns of 0-ply self-play games (variance reduction), later turns'\n# "
         "corrections decayed by " +
         std::to_string(s.play.returns_lambda) + " a turn,";
  else if (s.label_returns)
    h += "luck-free returns of 0-ply self-play games (variance reduction),";
  else if (s.label_rollout_trials > 0)
    h += std::to_string(s.label_rollout_trials) +
         "-trial rollouts of 0-ply play, truncated after " +
         std::to_string(s.label_truncate_plies) + " half-moves" +
         (s.label_rollout_vr ? ", variance reduction" : "") + ",";
  else if (s.label_odd_even && s.label_plies > 0)
    h += "means of " + std::to_string(s.label_plies) + "-ply and " +
         std::to_string(s.label_plies - 1) + "-ply evaluations";
  else
    h += std::to_string(s.label_plies) + "-ply evaluations";
  h += " with the nets being trained, from round " + std::to_string(st.round) + ".\n";
  return h;
}

void print_round(const train::RoundReport& r, const train::TrainState& st, bool tty) {
  if (tty) std::fprintf(stderr, "\r\033[K");
  std::fprintf(stderr,
               "round %d: %d games, %llu examples, %.1f s (%.1f games/s); loss contact %.4f "
               "(%llu) race %.4f (%llu) crashed %.4f (%llu); unseen KL %.4f %.4f %.4f; "
               "total %llu games, %.0f s\n",
               r.round, r.games, static_cast<unsigned long long>(r.examples), r.seconds,
               r.games / std::max(r.seconds, 1e-9), r.loss_contact,
               static_cast<unsigned long long>(r.count_contact), r.loss_race,
               static_cast<unsigned long long>(r.count_race), r.loss_crashed,
               static_cast<unsigned long long>(r.count_crashed), r.excess_contact, r.excess_race,
               r.excess_crashed, static_cast<unsigned long long>(st.games), st.seconds);
}

}  // namespace

int cmd_train(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla train --dir DIR [options]\n\n"
      "Trains tavla's nets (contact, race, crashed and their pruning nets; gnubg's inputs and\n"
      "weights format) by self-play. Work goes in rounds: G games on T threads, then stochastic\n"
      "gradient steps on the round's positions; DIR/nets.wd and DIR/state.txt are rewritten\n"
      "after every round. Run again with the same DIR to resume: the run continues exactly as\n"
      "if it had not stopped. Ctrl-C stops after the current round (twice: at once).\n\n"
      "Started by mpirun or srun (mpirun -np N tavla train ...), each round's games and their\n"
      "labels are shared by the ranks (and their threads); rank 0 trains, writes DIR and the\n"
      "labels, and the results are those of one process, bit for bit.\n\n"
      "Round kinds: 'td' (targets: the games' TD(lambda) returns; a new run starts from random\n"
      "weights) and 'supervised' (targets: tavla's own n-ply evaluations of a sample of the\n"
      "positions, with the current nets). Targets never come from other programs' nets.\n\n"
      "options");
  opts.add_options()("help,h", "show this help")(
      "dir", po::value<std::string>(), "checkpoint directory (created; resumed if it holds one)")(
      "rounds", po::value<int>(), "train until this many rounds are done in all")(
      "minutes", po::value<double>(), "stop after the round that passes this many minutes")(
      "kind", po::value<std::string>(), "round kind: td (default for a new run) or supervised")(
      "from", po::value<std::string>(),
      "start a new run from these weights instead of random ones")(
      "race-sides", po::value<std::string>(),
      "new run: value races beyond the bearoff databases, in play and in labels, by this race\n"
      "sides net (tavla race-sides), as the evaluator does with tavla.race-sides beside\n"
      "tavla.wd; 'none' for the race net (default: the net beside --from's weights, if any).\n"
      "Kept in DIR as nets.race-sides (beside nets.wd), used on resuming, never trained")(
      "seed", po::value<uint64_t>(), "seed of a new run (default 1)")(
      "threads", po::value<int>(), "threads playing games (default: all cores)")(
      "games-per-round", po::value<int>(), "games per round (default 200)")(
      "rate", po::value<float>(), "initial step size (default 0.1)")(
      "rate-floor", po::value<float>(), "smallest step size (default 0.01)")(
      "rate-halflife", po::value<int>(),
      "rounds over which the step size falls by sqrt(2) (default 200)")(
      "rate-hidden", po::value<float>(),
      "the hidden layer's step size as a multiple of the output layer's (default 100:\n"
      "undoes gnubg's hidden beta of 0.1, which slows that layer by 1/0.1^2)")(
      "lambda", po::value<float>(), "TD(lambda) trace decay (default 0.7)")(
      "exploration", po::value<float>(), "probability of a random play (default 0.02)")(
      "label-plies", po::value<int>(), "supervised rounds: plies of the labels (default 1)")(
      "label-odd-even", po::value<bool>(),
      "supervised rounds: each label the mean of the --label-plies and the one-ply-shallower\n"
      "evaluations (true/false, default false; --label-plies >= 1): cancels the odd-even ply\n"
      "effect that labels of one parity hand on from net to net (weights/README.md)")(
      "label-fraction", po::value<float>(),
      "supervised rounds: share of positions labelled (default 0.25; also sets the race and\n"
      "crashed shares unless the next two options say otherwise)")(
      "label-fraction-race", po::value<float>(),
      "supervised rounds: share of race positions labelled (default: as --label-fraction)")(
      "label-fraction-crashed", po::value<float>(),
      "supervised rounds: share of crashed positions labelled (default: as --label-fraction)")(
      "epochs", po::value<int>(), "supervised rounds: passes over the labels (default 2)")(
      "label-alternatives", po::value<int>(),
      "supervised rounds: also label the positions after the best N plays of a random roll\n"
      "from each labelled position, as it is labelled (with --label-rollout: one rollout of\n"
      "them all, the same dice for each; a position --label-database values: those of its\n"
      "alternatives it values too, with their database values) (default 0)")(
      "label-rollout", po::value<int>(),
      "supervised rounds: truncated-rollout labels of this many trials instead of n-ply\n"
      "ones (0-ply cubeless play; 0 = n-ply labels, the default)")(
      "label-truncate", po::value<int>(),
      "supervised rounds: half-moves of each label rollout trial (default 7)")(
      "label-rollout-vr", po::value<bool>(),
      "supervised rounds: variance reduction in label rollouts (default false)")(
      "label-returns", po::value<bool>(),
      "supervised rounds: label with luck-free returns instead (the game's outcome less\n"
      "the luck of every roll from the position on, luck as variance reduction measures\n"
      "it: a one-trial rollout with variance reduction along the game itself, about a\n"
      "1-ply evaluation's cost per position; default false)")(
      "returns-lambda", po::value<float>(),
      "with --label-returns: each later turn's correction counts this many times less\n"
      "(0: the 1-ply means, 1: the luck-free returns, the default; between: less noise,\n"
      "less depth; tools/train/self_play.h)")(
      "hidden", po::value<int>(),
      "new run: hidden units of the three main nets (default 128); with --from, nets with fewer\n"
      "are widened (new units start with zero output weights: same evaluations)")(
      "export", po::value<std::string>(),
      "at the end, also write the nets to this file (.weights: gnubg's text format, else binary)")(
      "label-database", po::value<std::string>(),
      "supervised rounds: a larger one-sided bearoff database (makebearoff -o 12 -f FILE) used\n"
      "for labels only: every race position of the games that it covers, and the default\n"
      "databases do not, is labelled with its value, whatever the label fractions, and the\n"
      "other labels' searches and rollouts end in it where it covers them; play still uses\n"
      "the default databases (one process only, not under mpirun)")(
      "label-database-reach", po::value<int>(),
      "with --label-database: also races whose chequers are all on points 1..N (N above the\n"
      "database's points, at most 24) carry one-sided values, the database's rule applied\n"
      "above its points (bearoff/one_sided_extension.h); races too costly to value so\n"
      "(more than --label-database-budget new positions) are labelled as the others")(
      "label-database-budget", po::value<int>()->default_value(200000),
      "with --label-database-reach: positions one value may compute")(
      "save-labels", po::value<std::string>(),
      "supervised rounds: also append every labelled position to this file (tavla fit reads it;\n"
      "format in tools/train/label_file.h)")("quiet,q", "no progress display");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "tavla train: " << e.what() << "\n(tavla train --help for the options)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  if (!vm.count("dir")) {
    std::cerr << "tavla train: --dir DIR is required (tavla train --help)\n";
    return 2;
  }
  // Under mpirun every rank got the same options; the others only play the games rank 0 hands
  // out, with their own threads (--threads, else all their cores).
  const mpi::World world;
  if (world.rank() != 0) {
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (vm.count("threads")) threads = std::clamp(vm["threads"].as<int>(), 1, 256);
    return serve_games(world, threads);
  }
  // Rank 0: every way out tells the other ranks to stop (they wait for the next round).
  struct StopRanks {
    const mpi::World& world;
    ~StopRanks() { stop_ranks(world); }
  } stop_ranks_on_exit{world};
  const std::filesystem::path dir = vm["dir"].as<std::string>();
  const std::string labels_file =
      vm.count("save-labels") ? vm["save-labels"].as<std::string>() : "";

  eval::Weights weights;
  train::TrainState st;
  const bool resumed = std::filesystem::exists(dir / "state.txt");
  if (resumed) {
    if (vm.count("from") || vm.count("seed") || vm.count("hidden") || vm.count("race-sides")) {
      std::cerr << "tavla train: " << dir.string()
                << " holds a checkpoint: --from, --seed, --hidden and --race-sides only start "
                   "new runs\n";
      return 2;
    }
    auto ck = train::load_checkpoint(dir);
    if (!ck) {
      std::cerr << "tavla train: cannot resume: " << ck.error() << "\n";
      return 1;
    }
    weights = std::move(ck.value().first);
    st = ck.value().second;
    std::fprintf(stderr, "resuming %s after round %d (%llu games)\n", dir.string().c_str(),
                 st.round, static_cast<unsigned long long>(st.games));
  } else {
    if (vm.count("seed")) st.settings.seed = vm["seed"].as<uint64_t>();
    if (vm.count("hidden")) {
      const int h = vm["hidden"].as<int>();
      if (h < 1 || h > eval::kMaxHidden) {
        std::cerr << "tavla train: --hidden must be 1.." << eval::kMaxHidden << "\n";
        return 2;
      }
      st.settings.hidden_contact = st.settings.hidden_race = st.settings.hidden_crashed = h;
    }
    if (vm.count("from")) {
      auto w = eval::read_weights(vm["from"].as<std::string>());
      if (!w) {
        std::cerr << "tavla train: " << w.error() << "\n";
        return 1;
      }
      weights =
          vm.count("hidden") ? train::widen_weights(w.value(), st.settings) : std::move(w.value());
    } else {
      weights = train::random_weights(st.settings);
    }
  }
  // The race sides net: chosen when the run starts, kept in the run's directory beside its nets
  // (where NetSet::load looks for it), so that a resumed run uses the same one.
  std::shared_ptr<const eval::RaceSidesNet> race_sides;
  {
    const std::filesystem::path kept = dir / "nets.race-sides";
    std::optional<std::filesystem::path> source;
    if (resumed) {
      source = eval::NetSet::race_sides_file(dir / "nets.wd");
    } else if (vm.count("race-sides")) {
      if (vm["race-sides"].as<std::string>() != "none") source = vm["race-sides"].as<std::string>();
    } else if (vm.count("from")) {
      source = eval::NetSet::race_sides_file(vm["from"].as<std::string>());
    }
    if (source) {
      auto net = eval::RaceSidesNet::load(*source);
      if (!net) {
        std::cerr << "tavla train: " << net.error() << "\n";
        return 1;
      }
      race_sides = std::make_shared<const eval::RaceSidesNet>(std::move(net).value());
    }
    if (!resumed) {
      std::error_code ec;
      std::filesystem::create_directories(dir, ec);
      std::optional<std::string> err;
      if (ec)
        err = "cannot create " + dir.string() + ": " + ec.message();
      else if (race_sides)
        err = race_sides->save(kept);
      else if (std::filesystem::remove(kept, ec); ec)
        err = "cannot remove " + kept.string() + ": " + ec.message();
      if (err) {
        std::cerr << "tavla train: " << *err << "\n";
        return 1;
      }
    }
    if (race_sides && !vm.count("quiet"))
      std::fprintf(stderr, "races beyond the databases: the race sides net %s\n",
                   kept.string().c_str());
  }
  train::TrainSettings& s = st.settings;
  s.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  try {
    if (vm.count("kind")) {
      const std::string k = vm["kind"].as<std::string>();
      if (k == "td")
        s.kind = train::RoundKind::kTd;
      else if (k == "supervised")
        s.kind = train::RoundKind::kSupervised;
      else
        throw std::invalid_argument("--kind must be td or supervised, not '" + k + "'");
    }
    auto set = [&](const char* name, auto& field, auto lo, auto hi) {
      if (!vm.count(name)) return;
      using T = std::remove_reference_t<decltype(field)>;
      const T v = vm[name].as<T>();
      if (!(v >= lo && v <= hi))
        throw std::invalid_argument(std::string("--") + name + " must be between " +
                                    std::to_string(lo) + " and " + std::to_string(hi));
      field = v;
    };
    set("threads", s.threads, 1, 256);
    set("games-per-round", s.games_per_round, 1, 1000000);
    set("rate", s.rate, 1e-6f, 10.0f);
    set("rate-floor", s.rate_floor, 0.0f, 10.0f);
    set("rate-halflife", s.rate_halflife, 1, 1000000000);
    set("rate-hidden", s.rate_hidden_scale, 1e-3f, 1e3f);
    set("lambda", s.play.lambda, 0.0f, 1.0f);
    set("exploration", s.play.exploration, 0.0f, 1.0f);
    set("returns-lambda", s.play.returns_lambda, 0.0f, 1.0f);
    set("label-plies", s.label_plies, 0, 3);
    if (vm.count("label-odd-even")) s.label_odd_even = vm["label-odd-even"].as<bool>();
    if (s.label_odd_even && s.label_plies < 1)
      throw std::invalid_argument("--label-odd-even needs --label-plies 1 or more");
    if (vm.count("label-fraction"))
      s.label_fraction_race = s.label_fraction_crashed = vm["label-fraction"].as<float>();
    set("label-fraction", s.label_fraction, 0.0f, 1.0f);
    set("label-fraction-race", s.label_fraction_race, 0.0f, 1.0f);
    set("label-fraction-crashed", s.label_fraction_crashed, 0.0f, 1.0f);
    set("epochs", s.epochs, 1, 1000);
    set("label-alternatives", s.label_alternatives, 0, 100);
    set("label-rollout", s.label_rollout_trials, 0, 1000000);
    set("label-truncate", s.label_truncate_plies, 1, 1000);
    if (vm.count("label-rollout-vr")) s.label_rollout_vr = vm["label-rollout-vr"].as<bool>();
    if (vm.count("label-returns")) s.label_returns = vm["label-returns"].as<bool>();
    if (vm.count("returns-lambda") && !s.label_returns)
      throw std::invalid_argument("--returns-lambda needs --label-returns true");
  } catch (const std::exception& e) {
    std::cerr << "tavla train: " << e.what() << "\n";
    return 2;
  }
  if (auto bad = eval::validate(weights)) {
    std::cerr << "tavla train: the starting nets are not usable: " << *bad << "\n";
    return 1;
  }

  auto dbs = bearoff::open_default_databases(
      true, [](const std::string& what) { std::fprintf(stderr, "building %s\n", what.c_str()); });
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs)
    provider.emplace(*dbs);
  else
    std::fprintf(stderr, "tavla train: no bearoff databases (%s); races are learnt by the net\n",
                 dbs.error().c_str());

  // The labels' database: the default ones (so that it answers only where they do not) and the
  // larger one-sided file.
  std::optional<bearoff::BearoffDatabases> label_dbs;
  std::unique_ptr<bearoff::OneSidedExtension> label_extension;
  std::unique_ptr<eval::BearoffProvider> label_provider;
  if (vm.count("label-database-reach") && !vm.count("label-database")) {
    std::cerr << "tavla train: --label-database-reach needs --label-database\n";
    return 2;
  }
  if (vm.count("label-database")) {
    const std::filesystem::path file = vm["label-database"].as<std::string>();
    if (world.distributed()) {
      std::cerr << "tavla train: --label-database works in one process only (not under mpirun)\n";
      return 2;
    }
    if (st.settings.kind != train::RoundKind::kSupervised) {
      std::cerr << "tavla train: --label-database needs supervised rounds (--kind supervised)\n";
      return 2;
    }
    auto db = bearoff::OneSidedDatabase::open(file);
    if (!db) {
      std::cerr << "tavla train: --label-database: " << db.error() << "\n";
      return 1;
    }
    // A second opening of the default files (memory maps: cheap), the larger file added.
    auto defaults = bearoff::open_default_databases(false);
    label_dbs.emplace(defaults ? std::move(defaults).value() : bearoff::BearoffDatabases{});
    if (auto err = label_dbs->set_large_one_sided(std::move(db).value())) {
      std::cerr << "tavla train: --label-database: " << err->message << "\n";
      return 1;
    }
    if (vm.count("label-database-reach")) {
      const bearoff::OneSidedDatabase& large = *label_dbs->large_one_sided();
      bearoff::OneSidedExtensionSettings es;
      es.max_points = vm["label-database-reach"].as<int>();
      const int budget = vm["label-database-budget"].as<int>();
      if (es.max_points <= large.points() || es.max_points > engine::kPoints) {
        std::cerr << "tavla train: --label-database-reach must be above the database's "
                  << large.points() << " points and at most 24, not " << es.max_points << "\n";
        return 2;
      }
      if (budget < 1) {
        std::cerr << "tavla train: --label-database-budget must be at least 1\n";
        return 2;
      }
      es.node_budget = static_cast<size_t>(budget);
      auto ext = bearoff::OneSidedExtension::create(large, es);
      if (!ext) {
        std::cerr << "tavla train: --label-database-reach: " << ext.error() << "\n";
        return 1;
      }
      label_extension = std::move(ext).value();
      label_provider =
          std::make_unique<bearoff::ExtendedRaceProvider>(*label_dbs, *label_extension);
    } else {
      label_provider = std::make_unique<bearoff::DatabaseBearoffProvider>(*label_dbs);
    }
  }

  const int target_rounds = vm.count("rounds") ? vm["rounds"].as<int>() : st.round + 1;
  const double minutes = vm.count("minutes") ? vm["minutes"].as<double>() : 1e18;
  const bool tty = !vm.count("quiet") && isatty(STDERR_FILENO);
  std::signal(SIGINT, on_interrupt);
  ShareCount shared;
  const train::GamePlayer player =
      world.distributed() ? shared_game_player(world, provider ? &*provider : nullptr, race_sides,
                                               std::max(1, s.threads), shared)
                          : train::GamePlayer();
  if (world.distributed()) {
    std::fprintf(stderr, "tavla train: %d ranks share the games of each round\n", world.size());
    mpi::set_stop_note("tavla train: " + dir.string() +
                       " holds the checkpoint of the last finished round: the same command "
                       "resumes from it");
  }
  const auto t0 = std::chrono::steady_clock::now();
  while (st.round < target_rounds && interrupts.load() == 0) {
    const int round = st.round + 1;
    std::vector<train::Example> labelled;
    train::RoundReport rep;
    try {
      rep = train::train_round(
          weights, st, provider ? &*provider : nullptr,
          [&](int done) {
            if (!tty) return;
            const int width = 30, fill = done * width / std::max(1, s.games_per_round);
            std::fprintf(stderr, "\r\033[Kround %d/%d [%.*s%.*s] %d/%d games", round, target_rounds,
                         fill, "##############################", width - fill,
                         "..............................", done, s.games_per_round);
            std::fflush(stderr);
          },
          labels_file.empty() ? nullptr : &labelled, player, label_provider.get(), race_sides);
    } catch (const std::runtime_error& e) {  // a rank could not play its games
      std::cerr << "\ntavla train: " << e.what() << "\n";
      return 1;
    }
    // Labels first: a crash before the checkpoint repeats the round and its labels (duplicates,
    // harmless to a fit), never loses them. A rank dying meanwhile (SIGTERM from the launcher)
    // is reported once both are written, so a resumed run repeats nothing.
    const mpi::DeferStop writing;
    if (!labels_file.empty()) {
      const train::TrainSettings& ls = st.settings;
      const bool database_only =
          ls.label_fraction == 0 && ls.label_fraction_race == 0 && ls.label_fraction_crashed == 0;
      std::string header = label_provider && database_only
                               ? "# tavla train labels (tools/train/label_file.h): CLASS POSID and "
                                 "the five\n# cubeless probabilities for the side on roll.\n"
                               : labels_header(st);
      if (race_sides)
        header +=
            "# Races beyond the bearoff databases valued by the race sides net kept beside "
            "the nets (nets.race-sides).\n";
      if (label_provider)
        header += "# Race positions of self-play games (the nets being trained, from round " +
                  std::to_string(st.round) + ") covered by " +
                  vm["label-database"].as<std::string>() +
                  " and not by the default databases carry that database's 0-ply value" +
                  (label_extension ? ", and so do races with every chequer on points 1.." +
                                         std::to_string(label_extension->settings().max_points) +
                                         " (one-sided values above the database's points)"
                                   : std::string()) +
                  ".\n";
      if (auto err = train::append_labels(labels_file, labelled, header)) {
        std::cerr << "\ntavla train: " << *err << "\n";
        return 1;
      }
    }
    if (auto err = train::save_checkpoint(dir, weights, st)) {
      std::cerr << "\ntavla train: " << *err << "\n";
      return 1;
    }
    if (!vm.count("quiet")) print_round(rep, st, tty);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (elapsed > minutes * 60) break;
  }
  if (world.distributed()) {
    std::string games;
    for (long long g : shared.games) games += " " + std::to_string(g);
    std::fprintf(stderr,
                 "tavla train: %d ranks; games played by ranks 0..%d:%s; rank 0 received "
                 "%lld answers, %lld bytes\n",
                 world.size(), world.size() - 1, games.c_str(), shared.answers, shared.bytes);
  }
  if (interrupts.load())
    std::fprintf(stderr, "interrupted: checkpoint after round %d in %s\n", st.round,
                 dir.string().c_str());
  if (vm.count("export")) {
    const std::filesystem::path out = vm["export"].as<std::string>();
    auto err = out.extension() == ".weights" ? eval::write_weights_text(weights, out)
                                             : eval::write_weights_binary(weights, out);
    if (err) {
      std::cerr << "tavla train: " << *err << "\n";
      return 1;
    }
  }
  return interrupts.load() ? 130 : 0;
}

}  // namespace tavla::cli
