// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/trainer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "engine/movegen.h"
#include "eval/cube_info.h"
#include "eval/inputs.h"
#include "eval/net_set.h"
#include "eval/output_rules.h"
#include "eval/search.h"
#include "rollout/rollout.h"
#include "train/net_of.h"
#include "train/train_net.h"

namespace tavla::train {

using eval::NetId;
using eval::PositionClass;

namespace {

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: decorrelates nearby seeds
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::mt19937_64 stream(uint64_t seed, uint64_t kind, uint64_t index) {
  return std::mt19937_64(mix(mix(seed) ^ mix(kind * 0x100000001b3ull + index)));
}

constexpr uint64_t kGameStream = 1, kShuffleStream = 2, kInitStream = 3;

float rate_at(const TrainSettings& s, int round) {
  const float r = s.rate / std::sqrt(1.0f + static_cast<float>(round) / s.rate_halflife);
  return std::max(r, s.rate_floor);
}

rollout::RolloutSettings rollout_label_settings(const TrainSettings& s) {
  rollout::RolloutSettings r;
  r.trials = s.label_rollout_trials;
  r.cubeful = false;
  r.variance_reduction = s.label_rollout_vr;
  r.truncate = true;
  r.truncate_plies = s.label_truncate_plies;
  const eval::EvalContext zero{0, false, false, true, 0.0f};
  for (int p = 0; p < 2; ++p) {
    r.chequer[p] = {zero, eval::predefined_filters(eval::FilterName::kNormal)};
    r.cube[p] = zero;
  }
  r.chequer_late = r.chequer;
  r.cube_late = r.cube;
  r.truncation = zero;
  r.threads = 1;
  return r;
}

}  // namespace

std::vector<eval::Probabilities> rollout_labels(const std::shared_ptr<const eval::NetSet>& nets,
                                                const eval::BearoffProvider* bearoff,
                                                rollout::RolloutSettings settings,
                                                const std::vector<engine::Board>& boards,
                                                uint64_t game, uint64_t index) {
  settings.seed = static_cast<uint32_t>(mix(game * 1000003ull + index));
  std::vector<rollout::Alternative> alts(boards.size());
  for (size_t i = 0; i < boards.size(); ++i) {
    alts[i].board = boards[i];
    alts[i].cube = eval::money_cube_info(1, -1, 0, false, false);
    alts[i].cube_decision_at_start = false;
  }
  std::vector<eval::Probabilities> out(boards.size());
  if (boards.empty()) return out;
  rollout::Rollout r(nets, bearoff, settings, std::move(alts));
  r.run(settings.trials);
  const std::vector<rollout::AlternativeStats> st = r.stats();
  for (size_t i = 0; i < boards.size(); ++i)
    for (int k = 0; k < eval::Probabilities::kCount; ++k) out[i][k] = st[i].mean[k];
  return out;
}

namespace {

// The positions after the `count` best plays (0 ply, cubeless money equity for the mover) of a
// random roll from `board`, each from the side then on roll, where a net values them (not over,
// not exact in a database).
std::vector<std::pair<engine::Board, PositionClass>> alternative_positions(
    eval::Evaluator& ev, const engine::Board& board, int count, std::mt19937_64& rng) {
  thread_local std::unique_ptr<engine::MoveList> list = std::make_unique<engine::MoveList>();
  thread_local std::vector<engine::Board> boards;
  thread_local std::vector<eval::Probabilities> probs;
  std::vector<std::pair<engine::Board, PositionClass>> out;
  std::uniform_int_distribution<int> die(1, 6);
  const int d1 = die(rng), d2 = die(rng);
  const int n = engine::generate_moves(board, d1, d2, *list);
  if (n == 0) return out;
  boards.resize(n);
  probs.resize(n);
  for (int i = 0; i < n; ++i) boards[i] = (*list)[i].after;
  ev.evaluate_after_moves(boards, probs);
  std::vector<std::pair<float, int>> ranked(n);
  for (int i = 0; i < n; ++i) ranked[i] = {-eval::cubeless_money_equity(probs[i]), i};
  const int k = std::min(count, n);
  std::partial_sort(ranked.begin(), ranked.begin() + k, ranked.end());
  for (int r = 0; r < k; ++r) {
    const engine::Board next = boards[ranked[r].second].swapped();
    const PositionClass cls = eval::classify(next, ev.bearoff());
    if (eval::is_net_class(cls)) out.push_back({next, cls});
  }
  return out;
}

}  // namespace

std::vector<Example> play_games(const eval::Weights& w, const TrainState& st,
                                const eval::BearoffProvider* bearoff, uint64_t first, int count,
                                const std::function<void(int)>& progress,
                                const eval::BearoffProvider* label_bearoff,
                                std::shared_ptr<const eval::RaceSidesNet> race_sides) {
  const TrainSettings& s = st.settings;
  auto nets = eval::NetSet::create(w, std::move(race_sides));
  if (!nets) throw std::runtime_error("training produced invalid nets: " + nets.error());
  std::vector<std::vector<Example>> per_game(count);
  std::atomic<int> next{0}, done{0};
  auto worker = [&]() {
    eval::Evaluator ev(*nets, bearoff);
    std::unique_ptr<eval::Search> search;
    std::unique_ptr<eval::Search> database_search;  // 0-ply values from label_bearoff
    // Labels see the labels' database: an n-ply label's leaves and a rollout label's trials
    // end in it where it covers them.
    const eval::BearoffProvider* labels_see = label_bearoff ? label_bearoff : bearoff;
    if (s.kind == RoundKind::kSupervised) {
      search = std::make_unique<eval::Search>(*nets, labels_see, size_t{1} << 16);
      if (label_bearoff)
        database_search = std::make_unique<eval::Search>(*nets, label_bearoff, size_t{1} << 10);
    }
    const eval::EvalContext database_ply{0, false, false, true, 0.0f};
    const eval::CubeInfo ci = eval::money_cube_info(1, -1, 0, false, false);
    const rollout::RolloutSettings rollout_settings = rollout_label_settings(s);
    eval::EvalContext ec;
    ec.plies = s.label_plies;
    ec.cubeful = false;
    eval::EvalContext ec_below = ec;  // the other parity's ply, with label_odd_even
    ec_below.plies = s.label_plies - 1;
    auto label_of = [&](const engine::Board& b) {
      eval::Probabilities p = search->evaluate(b, ci, ec).probs;
      if (s.label_odd_even && s.label_plies > 0) {
        const eval::Probabilities q = search->evaluate(b, ci, ec_below).probs;
        for (int k = 0; k < eval::Probabilities::kCount; ++k) p[k] = 0.5f * (p[k] + q[k]);
      }
      return p;
    };
    auto share_of = [&](PositionClass c) {
      return c == PositionClass::kRace      ? s.label_fraction_race
             : c == PositionClass::kCrashed ? s.label_fraction_crashed
                                            : s.label_fraction;
    };
    const bool returns = s.kind == RoundKind::kSupervised && s.label_returns;
    SelfPlaySettings play = s.play;
    play.luck_free_returns = returns;
    // The classes whose returns are kept: labelled ones, and races the labels' database covers.
    const auto wanted = [&](PositionClass c) {
      return share_of(c) > 0 || (label_bearoff && c == PositionClass::kRace);
    };
    for (int i; (i = next.fetch_add(1)) < count;) {
      std::mt19937_64 rng = stream(s.seed, kGameStream, first + i);
      std::vector<Example>& ex = per_game[i];
      if (returns)
        play_td_game(ev, rng, play, ex, wanted);
      else
        play_td_game(ev, rng, play, ex);
      if (search) {
        std::vector<Example> labelled;
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        for (Example& e : ex) {
          if (database_search && e.cls == PositionClass::kRace &&
              eval::classify(e.board, label_bearoff) == PositionClass::kBearoffOs) {
            e.target = database_search->evaluate(e.board, ci, database_ply).probs;
            labelled.push_back(e);
            // The positions after the other good plays of a random roll, where the database
            // values them too: the differences between them are what a player compares.
            if (s.label_alternatives > 0)
              for (const auto& a : alternative_positions(ev, e.board, s.label_alternatives, rng))
                if (eval::classify(a.first, label_bearoff) == PositionClass::kBearoffOs)
                  labelled.push_back({a.first, a.second,
                                      database_search->evaluate(a.first, ci, database_ply).probs});
            continue;
          }
          if (unit(rng) >= share_of(e.cls)) continue;
          if (returns) {  // the example already holds its luck-free return
            labelled.push_back(e);
            continue;
          }
          const bool rolled = s.label_rollout_trials > 0;
          e.target = rolled ? rollout_labels(*nets, labels_see, rollout_settings, {e.board},
                                             first + i, labelled.size())[0]
                            : label_of(e.board);
          labelled.push_back(e);
          if (s.label_alternatives <= 0) continue;
          const auto alts = alternative_positions(ev, e.board, s.label_alternatives, rng);
          if (rolled) {
            // One rollout of them all: the same dice for every alternative, so the labels'
            // differences, which decide the plays, are not swamped by the trials' luck.
            std::vector<engine::Board> boards;
            for (const auto& a : alts) boards.push_back(a.first);
            const auto p = rollout_labels(*nets, labels_see, rollout_settings, boards, first + i,
                                          labelled.size());
            for (size_t a = 0; a < alts.size(); ++a)
              labelled.push_back({alts[a].first, alts[a].second, p[a]});
          } else {
            for (const auto& a : alts) labelled.push_back({a.first, a.second, label_of(a.first)});
          }
        }
        ex = std::move(labelled);
      }
      done.fetch_add(1);
    }
  };
  const int threads = std::max(1, std::min(s.threads, count));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  if (progress) {
    // The calling thread works too, reporting between games.
    std::thread reporter([&] {
      while (done.load() < count) {
        progress(done.load());
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
      }
    });
    worker();
    reporter.join();
  } else {
    worker();
  }
  for (auto& t : pool) t.join();
  std::vector<Example> all;
  for (auto& g : per_game) all.insert(all.end(), g.begin(), g.end());
  return all;
}

eval::Weights random_weights(const TrainSettings& s) {
  eval::Weights w;
  w.version = "1.00";
  const int hidden[eval::kNetCount] = {s.hidden_contact,       s.hidden_race,
                                       s.hidden_crashed,       s.hidden_prune_contact,
                                       s.hidden_prune_crashed, s.hidden_prune_race};
  for (int i = 0; i < eval::kNetCount; ++i) {
    std::mt19937_64 rng = stream(s.seed, kInitStream, i);
    w.nets[i] = TrainNet::random(eval::kNetInputs[i], hidden[i], rng).w;
  }
  return w;
}

eval::Weights widen_weights(const eval::Weights& w, const TrainSettings& s) {
  eval::Weights out = w;
  const eval::Weights fresh = random_weights(s);
  for (NetId id : {NetId::kContact, NetId::kRace, NetId::kCrashed}) {
    const eval::NetWeights& a = w.net(id);
    const eval::NetWeights& b = fresh.net(id);
    if (b.hidden <= a.hidden) continue;
    eval::NetWeights& o = out.nets[static_cast<int>(id)];
    const int ha = a.hidden, hb = b.hidden;
    o.hidden = hb;
    o.hidden_weights.assign(size_t(a.inputs) * hb, 0.0f);
    for (int i = 0; i < a.inputs; ++i)
      for (int j = 0; j < hb; ++j)
        o.hidden_weights[size_t(i) * hb + j] =
            j < ha ? a.hidden_weights[size_t(i) * ha + j] : b.hidden_weights[size_t(i) * hb + j];
    o.output_weights.assign(size_t(a.outputs) * hb, 0.0f);
    for (int k = 0; k < a.outputs; ++k)
      for (int j = 0; j < ha; ++j)
        o.output_weights[size_t(k) * hb + j] = a.output_weights[size_t(k) * ha + j];
    o.hidden_bias = a.hidden_bias;
    o.hidden_bias.resize(hb, 0.0f);
  }
  return out;
}

RoundReport train_round(eval::Weights& w, TrainState& st, const eval::BearoffProvider* bearoff,
                        const std::function<void(int)>& progress, std::vector<Example>* labelled,
                        const GamePlayer& player, const eval::BearoffProvider* label_bearoff,
                        std::shared_ptr<const eval::RaceSidesNet> race_sides) {
  const auto t0 = std::chrono::steady_clock::now();
  const TrainSettings& s = st.settings;
  RoundReport rep;
  rep.round = st.round + 1;
  std::vector<Example> ex = player ? player(w, st, st.games, s.games_per_round, progress)
                                   : play_games(w, st, bearoff, st.games, s.games_per_round,
                                                progress, label_bearoff, std::move(race_sides));
  rep.games = s.games_per_round;
  if (labelled && s.kind == RoundKind::kSupervised) *labelled = ex;
  std::mt19937_64 rng = stream(s.seed, kShuffleStream, st.round);
  const float rate = rate_at(s, st.round);
  const int epochs = s.kind == RoundKind::kSupervised ? s.epochs : 1;
  std::array<TrainNet, eval::kNetCount> nets;
  for (int i = 0; i < eval::kNetCount; ++i) nets[i].w = std::move(w.nets[i]);
  eval::SparseInputs x;
  double loss[3] = {0, 0, 0}, excess[3] = {0, 0, 0};
  uint64_t n[3] = {0, 0, 0}, n_first[3] = {0, 0, 0};
  for (int e = 0; e < epochs; ++e) {
    std::shuffle(ex.begin(), ex.end(), rng);
    const bool last = e == epochs - 1;
    for (const Example& ex1 : ex) {
      const NetId id = main_net_of(ex1.cls);
      eval::encode_sparse(ex1.cls, ex1.board, x);
      const double l = nets[static_cast<int>(id)].learn(x, ex1.target, rate, s.rate_hidden_scale);
      eval::encode_base_sparse(ex1.board, x);
      nets[static_cast<int>(pruning_net_of(ex1.cls))].learn(x, ex1.target, rate,
                                                            s.rate_hidden_scale);
      const int k = ex1.cls == PositionClass::kRace      ? 1
                    : ex1.cls == PositionClass::kCrashed ? 2
                                                         : 0;
      if (e == 0) {
        excess[k] += l - cross_entropy(ex1.target, ex1.target);
        ++n_first[k];
      }
      if (last) {
        loss[k] += l;
        ++n[k];
      }
    }
  }
  for (int i = 0; i < eval::kNetCount; ++i) w.nets[i] = std::move(nets[i].w);
  rep.examples = ex.size();
  rep.count_contact = n[0];
  rep.count_race = n[1];
  rep.count_crashed = n[2];
  rep.loss_contact = n[0] ? loss[0] / n[0] : 0;
  rep.loss_race = n[1] ? loss[1] / n[1] : 0;
  rep.loss_crashed = n[2] ? loss[2] / n[2] : 0;
  rep.excess_contact = n_first[0] ? excess[0] / n_first[0] : 0;
  rep.excess_race = n_first[1] ? excess[1] / n_first[1] : 0;
  rep.excess_crashed = n_first[2] ? excess[2] / n_first[2] : 0;
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  st.round += 1;
  st.games += rep.games;
  st.examples += rep.examples * epochs;
  st.seconds += rep.seconds;
  st.loss_contact = rep.loss_contact;
  st.loss_race = rep.loss_race;
  st.loss_crashed = rep.loss_crashed;
  return rep;
}

// --- checkpoints ---------------------------------------------------------------------------

namespace {

std::string state_text(const TrainState& st) {
  const TrainSettings& s = st.settings;
  std::ostringstream o;
  o.precision(17);
  o << "# tavla train checkpoint: the settings and progress of the run; nets.wd holds the nets\n"
    << "seed = " << s.seed << "\n"
    << "kind = " << (s.kind == RoundKind::kTd ? "td" : "supervised") << "\n"
    << "games_per_round = " << s.games_per_round << "\n"
    << "rate = " << s.rate << "\nrate_floor = " << s.rate_floor << "\n"
    << "rate_halflife = " << s.rate_halflife << "\n"
    << "rate_hidden_scale = " << s.rate_hidden_scale << "\n"
    << "lambda = " << s.play.lambda << "\nexploration = " << s.play.exploration << "\n"
    << "label_plies = " << s.label_plies << "\nlabel_fraction = " << s.label_fraction << "\n"
    << "label_odd_even = " << s.label_odd_even << "\n"
    << "label_fraction_race = " << s.label_fraction_race << "\n"
    << "label_fraction_crashed = " << s.label_fraction_crashed << "\n"
    << "epochs = " << s.epochs << "\nlabel_alternatives = " << s.label_alternatives << "\n"
    << "label_rollout_trials = " << s.label_rollout_trials << "\n"
    << "label_truncate_plies = " << s.label_truncate_plies << "\n"
    << "label_rollout_vr = " << s.label_rollout_vr << "\n"
    << "label_returns = " << s.label_returns << "\n"
    << "returns_lambda = " << s.play.returns_lambda << "\n"
    << "round = " << st.round << "\ngames = " << st.games << "\nexamples = " << st.examples
    << "\nseconds = " << st.seconds << "\nloss_contact = " << st.loss_contact
    << "\nloss_race = " << st.loss_race << "\nloss_crashed = " << st.loss_crashed << "\n";
  return o.str();
}

std::optional<std::string> write_atomically(const std::filesystem::path& file,
                                            const std::string& content) {
  const std::filesystem::path tmp = file.string() + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) return "cannot write " + tmp.string();
    f << content;
    f.flush();
    if (!f) return "cannot write " + tmp.string();
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) return "cannot replace " + file.string() + ": " + ec.message();
  return std::nullopt;
}

}  // namespace

std::optional<std::string> save_checkpoint(const std::filesystem::path& dir, const eval::Weights& w,
                                           const TrainState& st) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return "cannot create " + dir.string() + ": " + ec.message();
  const std::vector<std::byte> bin = eval::format_weights_binary(w);
  // Weights first, then the state. A crash between the two renames leaves nets one round newer
  // than state.txt: resuming then repeats that round on them (harmless, but that run is no
  // longer bit-reproducible).
  if (auto e = write_atomically(dir / "nets.wd",
                                std::string(reinterpret_cast<const char*>(bin.data()), bin.size())))
    return e;
  return write_atomically(dir / "state.txt", state_text(st));
}

engine::Result<std::pair<eval::Weights, TrainState>> load_checkpoint(
    const std::filesystem::path& dir) {
  auto w = eval::read_weights(dir / "nets.wd");
  if (!w) return engine::Error{w.error()};
  const std::filesystem::path sf = dir / "state.txt";
  std::ifstream f(sf);
  if (!f) return engine::Error{"cannot read " + sf.string()};
  std::map<std::string, std::string> kv;
  std::string line;
  int lineno = 0;
  while (std::getline(f, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    const size_t eq = line.find(" = ");
    if (eq == std::string::npos)
      return engine::Error{sf.string() + ":" + std::to_string(lineno) + ": expected 'key = value'"};
    kv[line.substr(0, eq)] = line.substr(eq + 3);
  }
  TrainState st;
  TrainSettings& s = st.settings;
  std::string bad;
  auto num = [&](const char* key, auto& out) {
    auto it = kv.find(key);
    if (it == kv.end()) {
      if (bad.empty()) bad = std::string("missing '") + key + "'";
      return;
    }
    std::istringstream in(it->second);
    in >> out;
    if (!in || !(in >> std::ws).eof())
      if (bad.empty()) bad = std::string("bad value of '") + key + "': " + it->second;
  };
  num("seed", s.seed);
  std::string kind;
  num("kind", kind);
  if (kind == "td")
    s.kind = RoundKind::kTd;
  else if (kind == "supervised")
    s.kind = RoundKind::kSupervised;
  else if (bad.empty())
    bad = "bad value of 'kind': " + kind;
  num("games_per_round", s.games_per_round);
  num("rate", s.rate);
  num("rate_floor", s.rate_floor);
  num("rate_halflife", s.rate_halflife);
  s.rate_hidden_scale = 1.0f;  // what runs used before the setting was stored
  if (kv.count("rate_hidden_scale")) num("rate_hidden_scale", s.rate_hidden_scale);
  num("lambda", s.play.lambda);
  num("exploration", s.play.exploration);
  num("label_plies", s.label_plies);
  if (kv.count("label_odd_even")) num("label_odd_even", s.label_odd_even);
  num("label_fraction", s.label_fraction);
  // Checkpoints written before these settings existed labelled every class alike.
  s.label_fraction_race = s.label_fraction_crashed = s.label_fraction;
  if (kv.count("label_fraction_race")) num("label_fraction_race", s.label_fraction_race);
  if (kv.count("label_fraction_crashed")) num("label_fraction_crashed", s.label_fraction_crashed);
  num("epochs", s.epochs);
  if (kv.count("label_alternatives")) num("label_alternatives", s.label_alternatives);
  if (kv.count("label_rollout_trials")) num("label_rollout_trials", s.label_rollout_trials);
  if (kv.count("label_truncate_plies")) num("label_truncate_plies", s.label_truncate_plies);
  if (kv.count("label_rollout_vr")) num("label_rollout_vr", s.label_rollout_vr);
  if (kv.count("label_returns")) num("label_returns", s.label_returns);
  if (kv.count("returns_lambda")) num("returns_lambda", s.play.returns_lambda);
  num("round", st.round);
  num("games", st.games);
  num("examples", st.examples);
  num("seconds", st.seconds);
  num("loss_contact", st.loss_contact);
  num("loss_race", st.loss_race);
  num("loss_crashed", st.loss_crashed);
  if (!bad.empty()) return engine::Error{sf.string() + ": " + bad};
  if (s.games_per_round < 1 || s.rate <= 0 || s.rate_halflife < 1 || s.play.lambda < 0 ||
      s.play.lambda > 1 || !(s.play.returns_lambda >= 0 && s.play.returns_lambda <= 1) ||
      s.epochs < 1 || s.label_plies < 0)
    return engine::Error{sf.string() + ": settings out of range"};
  return std::pair<eval::Weights, TrainState>{std::move(*w), st};
}

}  // namespace tavla::train
