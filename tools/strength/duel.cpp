// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/duel.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "engine/game_flow.h"
#include "eval/cube_decision.h"
#include "eval/search.h"
#include "strength/luck.h"

namespace tavla::strength {

using engine::Board;

namespace {

constexpr double kZ95 = 1.96;  // two-sided 95% normal quantile

Estimate estimate(const std::vector<double>& values) {
  Estimate e;
  const size_t n = values.size();
  if (n == 0) return e;
  double sum = 0;
  for (double v : values) sum += v;
  e.mean = sum / static_cast<double>(n);
  if (n > 1) {
    double ss = 0;
    for (double v : values) ss += (v - e.mean) * (v - e.mean);
    e.std_dev = std::sqrt(ss / static_cast<double>(n - 1));
    e.half_width = kZ95 * e.std_dev / std::sqrt(static_cast<double>(n));
  }
  return e;
}

}  // namespace

DiceSequence::DiceSequence(uint32_t seed, int pair, bool opening) : opening_(opening) {
  std::seed_seq seq{seed, static_cast<uint32_t>(pair), 0x6475656cu /* "duel" */};
  rng_.seed(seq);
}

rollout::Dice DiceSequence::at(int turn) {
  while (static_cast<int>(rolls_.size()) <= turn) {
    rollout::Dice d;
    do {
      d.d1 = rollout::die_from_random(rng_);
      d.d2 = rollout::die_from_random(rng_);
    } while (opening_ && rolls_.empty() && d.d1 == d.d2);  // an opening roll is never a double
    if (d.d1 < d.d2) std::swap(d.d1, d.d2);
    rolls_.push_back(d);
  }
  return rolls_[turn];
}

struct Duel::Worker {
  std::array<std::unique_ptr<eval::Search>, 2> search;  // A's nets (also the reference), B's
};

Duel::Duel(PlayerConfig a, PlayerConfig b, const eval::BearoffProvider* bearoff,
           DuelSettings settings)
    : players_{std::move(a), std::move(b)}, bearoff_(bearoff), settings_(settings) {
  for (int p = 0; p < 2; ++p) {
    const eval::EvalContext& c = players_[p].setup.context;
    plays_reference_[p] =
        c.plies == 0 && c.noise == 0.0f && players_[p].nets.get() == players_[0].nets.get();
  }
  const int n = std::max(1, settings_.threads);
  for (int i = 0; i < n; ++i) {
    auto w = std::make_unique<Worker>();
    for (int p = 0; p < 2; ++p)
      w->search[p] = std::make_unique<eval::Search>(players_[p].nets, bearoff_, size_t{1} << 18);
    workers_.push_back(std::move(w));
  }
}

Duel::~Duel() = default;

GameOutcome Duel::play_game(Worker& w, DiceSequence& dice, bool a_first, const Board& start,
                            bool opening_game) const {
  GameOutcome g;
  Board board = start;
  int mover = a_first ? 0 : 1;  // 0 = A, 1 = B; the board is seen from the mover
  int owner = engine::kCubeCentred;  // 0 = A, 1 = B
  eval::Search& ref = *w.search[0];
  for (int turn = 0; turn < settings_.max_turns; ++turn) {
    const eval::CubeInfo ci = eval::money_cube_info(g.cube, owner, mover, false, false);
    if (settings_.cube && !(opening_game && turn == 0) &&
        wants_to_double(*w.search[mover], players_[mover], board, ci)) {
      if (!takes(*w.search[1 - mover], players_[1 - mover], board, ci)) {
        g.passed = true;
        g.result = mover == 0 ? 1 : -1;
        g.points = g.result * g.cube;
        return g;
      }
      g.cube *= 2;
      owner = 1 - mover;
    }
    const rollout::Dice d = dice.at(turn);
    const bool opening = opening_game && turn == 0;
    Board chosen;
    bool have_choice = false;
    if (settings_.luck_adjustment) {
      const RollTable t = best_plays(ref, board, mover, opening, settings_.luck_plies);
      const float luck = roll_luck(t, opening, d.d1, d.d2);
      (mover == 0 ? g.luck_a : g.luck_b) += luck * static_cast<float>(g.cube);
      if (plays_reference_[mover] && !settings_.cube) {
        chosen = t.best[d.d1 - 1][d.d2 - 1];
        have_choice = true;
      }
    }
    if (!have_choice)
      chosen = settings_.cube
                   ? choose_cubeful_move(*w.search[mover], players_[mover], board, d.d1, d.d2,
                                         eval::money_cube_info(g.cube, owner, mover, false, false))
                   : choose_move(*w.search[mover], players_[mover], board, d.d1, d.d2, mover);
    board = chosen;
    g.turns = turn + 1;
    if (board.checkers_on_board(Board::kOnRoll) == 0) {
      const int status = engine::game_status(board);
      g.result = mover == 0 ? status : -status;
      g.points = g.result * g.cube;
      return g;
    }
    board.swap_sides();
    mover = 1 - mover;
  }
  g.finished = false;
  return g;
}

PairOutcome Duel::play_pair(Worker& w, int index) const {
  PairOutcome p;
  const bool opening = settings_.starts.empty();
  const Board start = opening ? Board::starting_position()
                              : settings_.starts[static_cast<size_t>(index) % settings_.starts.size()];
  DiceSequence dice(settings_.seed, index, opening);
  p.games[0] = play_game(w, dice, true, start, opening);
  p.games[1] = play_game(w, dice, false, start, opening);
  return p;
}

PairOutcome Duel::play_pair(int index) { return play_pair(*workers_[0], index); }

std::vector<PairOutcome> Duel::run(const std::function<void(const DuelProgress&)>& progress,
                                   int progress_ms) {
  const int total = settings_.pairs;
  std::vector<PairOutcome> out(static_cast<size_t>(std::max(total, 0)));
  std::atomic<int> next{0}, done{0};
  std::vector<std::thread> threads;
  for (auto& wp : workers_) {
    Worker* w = wp.get();
    threads.emplace_back([&, w] {
      for (int i; (i = next.fetch_add(1)) < total;) {
        out[i] = play_pair(*w, i);
        done.fetch_add(1);
      }
    });
  }
  // Poll often (the wall time feeds games/s) but report every progress_ms.
  auto last = std::chrono::steady_clock::now();
  if (progress) progress({0, total});
  while (done.load() < total) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const auto now = std::chrono::steady_clock::now();
    if (progress && now - last >= std::chrono::milliseconds(progress_ms)) {
      progress({done.load(), total});
      last = now;
    }
  }
  for (auto& t : threads) t.join();
  if (progress) progress({total, total});
  return out;
}

DuelSummary summarize(std::span<const PairOutcome> pairs) {
  DuelSummary s;
  s.pairs = static_cast<int>(pairs.size());
  s.games = 2 * s.pairs;
  std::vector<double> raw, adjusted, luck;
  double turns = 0;
  for (const PairOutcome& p : pairs) {
    raw.push_back(0.5 * (p.games[0].points + p.games[1].points));
    adjusted.push_back(0.5 * (p.games[0].adjusted() + p.games[1].adjusted()));
    luck.push_back(raw.back() - adjusted.back());
    for (const GameOutcome& g : p.games) {
      s.wins_a += g.result > 0;
      s.gammons_a += g.result >= 2;
      s.backgammons_a += g.result == 3;
      s.gammons_b += g.result <= -2;
      s.backgammons_b += g.result == -3;
      s.passes += g.passed;
      s.mean_cube += g.cube;
      s.unfinished += !g.finished;
      turns += g.turns;
    }
  }
  s.raw = estimate(raw);
  s.adjusted = estimate(adjusted);
  s.luck = estimate(luck);
  if (s.games > 0) {
    const double n = s.games;
    s.wins_a /= n;
    s.gammons_a /= n;
    s.backgammons_a /= n;
    s.gammons_b /= n;
    s.backgammons_b /= n;
    s.passes /= n;
    s.mean_cube /= n;
    s.mean_turns = turns / n;
  }
  return s;
}

}  // namespace tavla::strength
