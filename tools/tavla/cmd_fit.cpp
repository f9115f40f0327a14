// SPDX-License-Identifier: GPL-3.0-or-later
// tavla fit: fits nets to labelled positions kept on disk (tools/train/fit.h, label_file.h).
#include <array>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "eval/net_set.h"
#include "eval/race_sides_net.h"
#include "eval/weights.h"
#include "tavla/commands.h"
#include "train/calibration.h"
#include "train/fit.h"
#include "train/pruning_replies.h"
#include "train/label_file.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

// Writes the fitted nets (.weights: text, else binary); the command's exit status.
int write_fitted(const eval::Weights& weights, const std::filesystem::path& out) {
  auto err = out.extension() == ".weights" ? eval::write_weights_text(weights, out)
                                           : eval::write_weights_binary(weights, out);
  if (err) {
    std::cerr << "tavla fit: " << *err << "\n";
    return 1;
  }
  return 0;
}

// Whether --class names a class (race, crashed, contact) or all; says what is wrong if not.
bool known_class(const std::string& cls) {
  if (cls == "all" || cls == "race" || cls == "crashed" || cls == "contact") return true;
  std::cerr << "tavla fit: --class must be race, crashed, contact or all, not '" << cls << "'\n";
  return false;
}

// One epoch's line on stderr; with a --check set, its figures too.
void print_epoch(const train::FitEpoch& e, bool checking) {
  std::fprintf(stderr, "epoch %d: training loss %.5f, held-out KL %.6f, held-out equity error %.5f",
               e.epoch, e.train_loss, e.holdout_excess, e.holdout_equity_error);
  if (e.epoch > 0) std::fprintf(stderr, " (step %.3g)", e.rate);
  if (checking)
    std::fprintf(stderr, "; check KL %.6f, check equity error %.5f", e.check_excess,
                 e.check_equity_error);
  std::fprintf(stderr, "\n");
}

// tavla fit --calibrate GAMES: see the usage text.
int calibrate(const po::variables_map& vm) {
  const int games = vm["calibrate"].as<int>();
  if (games < 1 || games > 10000000) {
    std::cerr << "tavla fit: --calibrate takes 1..10000000 games, got " << games << "\n";
    return 2;
  }
  if (!vm.count("from")) {
    std::cerr << "tavla fit: --calibrate needs --from (tavla fit --help)\n";
    return 2;
  }
  const std::string cls = vm["class"].as<std::string>();
  if (!known_class(cls)) return 2;
  std::array<bool, train::kNetClasses> classes{};
  for (int c = 0; c < train::kNetClasses; ++c)
    classes[c] = cls == "all" || cls == eval::position_class_name(train::net_class(c));
  auto w = eval::read_weights(vm["from"].as<std::string>());
  if (!w) {
    std::cerr << "tavla fit: " << w.error() << "\n";
    return 1;
  }
  auto nets = eval::NetSet::create(*w);
  if (!nets) {
    std::cerr << "tavla fit: " << nets.error() << "\n";
    return 1;
  }
  auto dbs = bearoff::open_default_databases(
      true, [](const std::string& what) { std::fprintf(stderr, "building %s\n", what.c_str()); });
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);
  eval::Evaluator ev(*nets, provider ? &*provider : nullptr);
  std::fprintf(stderr, "playing %d games\n", games);
  const auto examples = train::outcome_examples(ev, games, vm["seed"].as<uint64_t>());
  const auto cal = train::measure_calibration(ev, examples);
  static const char* const kOutputs[5] = {"win", "win gammon", "win bg", "lose gammon", "lose bg"};
  std::printf("%-8s %9s  %-12s %9s %9s %9s %10s %8s %8s\n", "class", "positions", "output",
              "predicted", "outcome", "bias", "logit fix", "scale", "offset");
  for (int c = 0; c < train::kNetClasses; ++c)
    for (int k = 0; k < 5; ++k)
      std::printf("%-8s %9d  %-12s %9.4f %9.4f %+9.4f %+10.4f %8.4f %+8.4f\n",
                  k ? "" : std::string(eval::position_class_name(train::net_class(c))).c_str(),
                  cal[c].positions, kOutputs[k], cal[c].predicted[k], cal[c].outcome[k],
                  cal[c].predicted[k] - cal[c].outcome[k], cal[c].shift[k], cal[c].scale[k],
                  cal[c].offset[k]);
  std::printf("\nwinning chances by prediction (positions, mean predicted, mean outcome)\n");
  for (int c = 0; c < train::kNetClasses; ++c) {
    std::printf("%-8s", std::string(eval::position_class_name(train::net_class(c))).c_str());
    for (const auto& b : cal[c].win_bins)
      if (b.positions) std::printf(" %d:%.3f/%.3f", b.positions, b.predicted, b.outcome);
    std::printf("\n");
  }
  if (!vm.count("out")) return 0;
  eval::Weights out = std::move(w).value();
  const std::string platt = vm["platt"].as<std::string>();
  if (platt == "none") {
    train::apply_output_shifts(out, cal, classes);
  } else if (platt == "win" || platt == "all") {
    train::apply_output_scales(
        out, cal, classes, {true, platt == "all", platt == "all", platt == "all", platt == "all"});
  } else {
    std::cerr << "tavla fit: --platt must be none, win or all, not '" << platt << "'\n";
    return 2;
  }
  return write_fitted(out, vm["out"].as<std::string>());
}

void print_pruning_loss(const char* when, const std::array<train::PruningLoss, train::kNetClasses>& l) {
  std::fprintf(stderr, "pruning loss %s (held-out roots; mEMG per pruned roll, rolls missed):", when);
  for (int c = 0; c < train::kNetClasses; ++c)
    std::fprintf(stderr, " %s %.3f (%.1f%% of %.0f)",
                 std::string(eval::position_class_name(train::net_class(c))).c_str(),
                 1000 * l[static_cast<size_t>(c)].mean_loss, 100 * l[static_cast<size_t>(c)].missed,
                 l[static_cast<size_t>(c)].rolls);
  std::fprintf(stderr, "\n");
}

// tavla fit --pruning-replies: see the usage text.
int fit_pruning(const po::variables_map& vm, train::FitSettings s, const std::string& cls) {
  s.pruning_only = true;
  std::vector<engine::Board> roots, held;
  for (const auto& file : vm["data"].as<std::vector<std::string>>()) {
    auto read = train::read_labels(file);
    if (!read) {
      std::cerr << "tavla fit: " << read.error() << "\n";
      return 1;
    }
    for (const auto& e : *read) {
      const size_t i = roots.size() + held.size();
      (s.holdout_every > 0 && i % static_cast<size_t>(s.holdout_every) == 0 ? held : roots)
          .push_back(e.board);
    }
  }
  const std::filesystem::path from = vm["from"].as<std::string>();
  auto w = eval::read_weights(from);
  if (!w) {
    std::cerr << "tavla fit: " << w.error() << "\n";
    return 1;
  }
  // with its race sides and stragglers nets, which value replies when pruning nets are fitted
  auto nets = eval::NetSet::create_with_sidecars(*w, from);
  if (!nets) {
    std::cerr << "tavla fit: " << nets.error() << "\n";
    return 1;
  }
  auto dbs = bearoff::open_default_databases(
      true, [](const std::string& what) { std::fprintf(stderr, "building %s\n", what.c_str()); });
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);
  const eval::BearoffProvider* bearoff = provider ? &*provider : nullptr;
  eval::Evaluator ev(*nets, bearoff);
  std::optional<eval::PositionClass> want;
  if (cls == "race") want = eval::PositionClass::kRace;
  if (cls == "crashed") want = eval::PositionClass::kCrashed;
  if (cls == "contact") want = eval::PositionClass::kContact;
  const std::vector<train::Example> data = train::pruning_examples(ev, roots, want);
  if (data.empty()) {
    std::cerr << "tavla fit: no pruned replies of class " << cls << " from the data's positions\n";
    return 1;
  }
  std::fprintf(stderr, "fitting the pruning nets to %zu replies (%s) of %zu positions\n",
               data.size(), cls.c_str(), roots.size());
  if (!held.empty()) print_pruning_loss("before", train::pruning_loss(ev, held));
  eval::Weights weights = std::move(w).value();
  const auto epochs = train::fit_nets(weights, data, s,
                                      [](const train::FitEpoch& e) { print_epoch(e, false); });
  for (const auto& e : epochs)
    if (e.best)
      std::fprintf(stderr, "kept epoch %d (held-out KL %.6f, equity error %.5f)\n", e.epoch,
                   e.holdout_excess, e.holdout_equity_error);
  if (auto bad = eval::validate(weights)) {
    std::cerr << "tavla fit: the fitted nets are not usable: " << *bad << "\n";
    return 1;
  }
  if (!held.empty()) {
    auto fitted = eval::NetSet::create_with_sidecars(weights, from);  // as `nets` was made
    if (!fitted) {
      std::cerr << "tavla fit: " << fitted.error() << "\n";
      return 1;
    }
    eval::Evaluator after(*fitted, bearoff);
    print_pruning_loss("after", train::pruning_loss(after, held));
  }
  const std::filesystem::path out = vm["out"].as<std::string>();
  return write_fitted(weights, out);
}

}  // namespace

int cmd_fit(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla fit --data FILE [--data FILE ...] --from WEIGHTS --out WEIGHTS [options]\n"
      "       tavla fit --calibrate GAMES --from WEIGHTS [--out WEIGHTS] [--class C --seed S]\n\n"
      "Fits the nets of the positions' classes (race, crashed, contact; each with its pruning\n"
      "net) to labels kept on disk (tavla train --save-labels): epochs of stochastic gradient\n"
      "over the set, every Nth position held out. Prints each epoch's training loss and the\n"
      "held-out divergence (nats per position, 0 = the labels exactly) and equity error (mean\n"
      "|cubeless money equity - the label's|, points per game) and writes the nets of the\n"
      "epoch with the lowest divergence; the other nets are copied from --from.\n\n"
      "With --pruning-replies only the pruning nets are fitted, and not to the labels: every\n"
      "position of the data (of any class; labels unused) is a root, and every play of every\n"
      "roll of it that a search would pre-select with a pruning net becomes an example,\n"
      "labelled with --from's main nets (race sides net and databases included): what the\n"
      "pruning nets should rank like. --class then picks the replies' class. Every --holdout'th\n"
      "root is kept aside to report, before and after, what the pre-selection loses by the main\n"
      "nets' own values (train/pruning_replies.h).\n\noptions");
  opts.add_options()("help,h", "show this help")("data", po::value<std::vector<std::string>>(),
                                                 "a label file (several allowed)")(
      "check", po::value<std::vector<std::string>>(),
      "a label file measured after every epoch and never trained on (several allowed); with\n"
      "one, the kept epoch is the one with the lowest check divergence")(
      "class", po::value<std::string>()->default_value("all"),
      "fit only this class's positions: race, crashed, contact or all")(
      "from", po::value<std::string>(), "the nets to start from (gnubg's weights formats)")(
      "out", po::value<std::string>(),
      "where to write the fitted nets (.weights: text, else binary)")(
      "epochs", po::value<int>()->default_value(20), "passes over the training positions")(
      "rate", po::value<float>()->default_value(0.01f), "step size of the output layer")(
      "rate-hidden", po::value<float>()->default_value(100.0f),
      "the hidden layer's step as a multiple of the output layer's (as tavla train)")(
      "holdout", po::value<int>()->default_value(10),
      "hold out every Nth position to measure the fit (0: none; then the last epoch is kept)")(
      "seed", po::value<uint64_t>()->default_value(1), "seed of the shuffles (--calibrate: dice)")(
      "adam",
      "descend with Adam instead of plain stochastic gradient: --rate is then Adam's\n"
      "step size (e.g. 0.0003) and --rate-hidden is not used")(
      "batch", po::value<int>()->default_value(1),
      "with --adam: examples per step (mini-batches; 1: a step per example)")(
      "rate-final", po::value<float>()->default_value(0.0f),
      "when > 0: the step size falls linearly from --rate (first epoch) to this (last epoch)")(
      "fresh-hidden", po::value<int>()->default_value(0),
      "when > 0: the main nets of the fitted classes start from small random weights with\n"
      "this many hidden units (fresh or wider nets) instead of from --from")(
      "loss", po::value<std::string>()->default_value("cross-entropy"),
      "what the steps descend: cross-entropy, or squared (gnubg's: every output's error\n"
      "weighs alike, as in an equity; the kept epoch is then the one with the lowest equity\n"
      "error)")(
      "platt", po::value<std::string>()->default_value("none"),
      "--calibrate --out: instead of shifting every output's logit, map the logits of the win "
      "output (win) or of every output (all) by their maximum-likelihood scale and offset")(
      "pruning-replies",
      "fit only the pruning nets, to the main nets' values of the plays they pre-select "
      "among (see above)")(
      "calibrate", po::value<int>(),
      "measure (and with --out fit) the outputs' calibration on "
      "this many self-play games");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "tavla fit: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  if (vm.count("calibrate")) return calibrate(vm);
  if (!vm.count("data") || !vm.count("from") || !vm.count("out")) {
    std::cerr << "tavla fit: --data, --from and --out are required (tavla fit --help)\n";
    return 2;
  }
  train::FitSettings s;
  s.epochs = vm["epochs"].as<int>();
  s.rate = vm["rate"].as<float>();
  s.rate_hidden_scale = vm["rate-hidden"].as<float>();
  s.holdout_every = vm["holdout"].as<int>();
  s.seed = vm["seed"].as<uint64_t>();
  s.adam = vm.count("adam") > 0;
  s.batch = vm["batch"].as<int>();
  s.rate_final = vm["rate-final"].as<float>();
  s.fresh_hidden = vm["fresh-hidden"].as<int>();
  if (!(s.rate_final >= 0 && s.rate_final < 10)) {
    std::cerr << "tavla fit: --rate-final must be in [0, 10), not " << s.rate_final << "\n";
    return 2;
  }
  if (s.fresh_hidden < 0 || s.fresh_hidden > 1024) {
    std::cerr << "tavla fit: --fresh-hidden must be 0 to 1024, not " << s.fresh_hidden << "\n";
    return 2;
  }
  if (const std::string loss = vm["loss"].as<std::string>(); loss == "squared") {
    s.loss = train::Loss::kSquared;
  } else if (loss != "cross-entropy") {
    std::cerr << "tavla fit: --loss must be cross-entropy or squared, not '" << loss << "'\n";
    return 2;
  }
  if (s.batch < 1 || s.batch > 100000) {
    std::cerr << "tavla fit: --batch must be 1 to 100000, not " << s.batch << "\n";
    return 2;
  }
  if (s.epochs < 0 || s.epochs > 100000 || !(s.rate > 0 && s.rate < 10) ||
      !(s.rate_hidden_scale > 0 && s.rate_hidden_scale <= 1000) || s.holdout_every < 0 ||
      s.holdout_every == 1) {
    std::cerr << "tavla fit: --epochs 0..100000, --rate in (0, 10), --rate-hidden in (0, 1000], "
                 "--holdout 0 or 2 and more\n";
    return 2;
  }
  const std::string cls = vm["class"].as<std::string>();
  if (!known_class(cls)) return 2;
  if (vm.count("pruning-replies")) {
    if (vm.count("check")) {
      std::cerr << "tavla fit: --pruning-replies takes no --check (its check is the held-out "
                   "roots' pruning loss)\n";
      return 2;
    }
    return fit_pruning(vm, s, cls);
  }

  std::vector<train::Example> data, check;
  for (const char* option : {"data", "check"}) {
    if (!vm.count(option)) continue;
    for (const auto& file : vm[option].as<std::vector<std::string>>()) {
      auto read = train::read_labels(file);
      if (!read) {
        std::cerr << "tavla fit: " << read.error() << "\n";
        return 1;
      }
      for (const auto& e : *read) {
        const bool want = cls == "all" || (cls == "race" && e.cls == eval::PositionClass::kRace) ||
                          (cls == "crashed" && e.cls == eval::PositionClass::kCrashed) ||
                          (cls == "contact" && e.cls == eval::PositionClass::kContact);
        if (want) (option[0] == 'd' ? data : check).push_back(e);
      }
    }
  }
  if (data.empty()) {
    std::cerr << "tavla fit: no positions of class " << cls << " in the data\n";
    return 1;
  }
  auto w = eval::read_weights(vm["from"].as<std::string>());
  if (!w) {
    std::cerr << "tavla fit: " << w.error() << "\n";
    return 1;
  }
  std::fprintf(stderr, "fitting %zu positions (%s), holding out every %d\n", data.size(),
               cls.c_str(), s.holdout_every);
  eval::Weights weights = std::move(w).value();
  const bool checking = !check.empty();
  if (checking) std::fprintf(stderr, "checking on %zu positions\n", check.size());
  auto epochs = train::fit_nets(
      weights, data, s, [checking](const train::FitEpoch& e) { print_epoch(e, checking); },
      &check);
  for (const auto& e : epochs)
    if (e.best)
      std::fprintf(stderr, "kept epoch %d (%s KL %.6f, equity error %.5f)\n", e.epoch,
                   checking ? "check" : "held-out", checking ? e.check_excess : e.holdout_excess,
                   checking ? e.check_equity_error : e.holdout_equity_error);
  if (auto bad = eval::validate(weights)) {
    std::cerr << "tavla fit: the fitted nets are not usable: " << *bad << "\n";
    return 1;
  }
  const std::filesystem::path out = vm["out"].as<std::string>();
  return write_fitted(weights, out);
}

}  // namespace tavla::cli
