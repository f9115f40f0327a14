// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks of the 0-ply evaluator: input encoding, the first layer (sparse kernels vs a dense
// Eigen product), single evaluations (gnubg's calibrate workload), and batched move scoring.
// Needs gnubg's weights (/usr/lib/gnubg/gnubg.wd or $TAVLA_WEIGHTS).
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "engine/position_id.h"

#include "engine/movegen.h"
#include "eval/evaluator.h"
#include "eval/inputs.h"
#include "eval/net_kernels.h"

namespace {

using namespace tavla;

std::shared_ptr<const eval::NetSet> nets() {
  static const std::shared_ptr<const eval::NetSet> n = [] {
    auto r = eval::NetSet::find(std::nullopt);
    return r ? *r : nullptr;
  }();
  return n;
}

// gnubg's calibrate positions: 15 random chequers a side on the 24 points.
std::vector<engine::Board> contact_boards(int n) {
  std::mt19937 rng(1);
  std::vector<engine::Board> out(n);
  for (auto& b : out)
    for (int c = 0; c < 15; ++c) {
      int k;
      do k = static_cast<int>(rng() % 24);
      while (b.sides[1][23 - k]);
      ++b.sides[0][k];
      do k = static_cast<int>(rng() % 24);
      while (b.sides[0][23 - k]);
      ++b.sides[1][k];
    }
  return out;
}

// Positions from random games (both sides playing a random legal move), before the roll.
std::vector<engine::Board> game_boards(int n) {
  std::mt19937 rng(2);
  std::vector<engine::Board> out;
  engine::MoveList moves;
  engine::Board b = engine::Board::starting_position();
  while (static_cast<int>(out.size()) < n) {
    const int m = engine::generate_moves(b, 1 + rng() % 6, 1 + rng() % 6, moves);
    if (m) b = moves[static_cast<int>(rng() % m)].after;
    b = b.swapped();
    if (b.back_checker(0) < 0 || b.back_checker(1) < 0)
      b = engine::Board::starting_position();
    else
      out.push_back(b);
  }
  return out;
}

#define NEED_NETS(state)                                                    \
  if (!nets()) {                                                            \
    state.SkipWithError("no weights (install gnubg or set TAVLA_WEIGHTS)"); \
    return;                                                                 \
  }

void BM_EncodeContact(benchmark::State& state) {
  const auto boards = contact_boards(1024);
  eval::SparseInputs in;
  size_t i = 0;
  for (auto _ : state) {
    eval::encode_sparse(eval::PositionClass::kContact, boards[i++ & 1023], in);
    benchmark::DoNotOptimize(in.count);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EncodeContact);

void BM_EncodeContactDense(benchmark::State& state) {
  const auto boards = contact_boards(1024);
  float in[eval::kContactInputs];
  size_t i = 0;
  for (auto _ : state) {
    eval::encode_contact(boards[i++ & 1023], in);
    benchmark::DoNotOptimize(in[249]);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EncodeContactDense);

void BM_EncodeRace(benchmark::State& state) {
  std::vector<engine::Board> boards;
  for (const auto& b : game_boards(20000))
    if (eval::classify(b) == eval::PositionClass::kRace) boards.push_back(b);
  if (boards.empty()) return state.SkipWithError("no race positions");
  eval::SparseInputs in;
  size_t i = 0;
  for (auto _ : state) {
    eval::encode_sparse(eval::PositionClass::kRace, boards[i++ % boards.size()], in);
    benchmark::DoNotOptimize(in.count);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EncodeRace);

// The contact net's first layer for one position: the sparse kernel (what the evaluator runs).
void BM_FirstLayerSparse(benchmark::State& state) {
  NEED_NETS(state);
  const auto boards = contact_boards(1024);
  std::vector<eval::SparseInputs> in(1024);
  for (int i = 0; i < 1024; ++i)
    eval::encode_sparse(eval::PositionClass::kContact, boards[i], in[i]);
  const eval::Net& net = nets()->net(eval::NetId::kContact);
  alignas(64) float sums[128];
  size_t i = 0;
  for (auto _ : state) {
    eval::kernels::first_layer(net, in[i++ & 1023], sums);
    benchmark::DoNotOptimize(sums[0]);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FirstLayerSparse);

// The same as a dense matrix product with Eigen, 32 positions at a time: what a straightforward
// batched implementation would do (most inputs are zero, so the sparse kernel wins).
void BM_FirstLayerDenseEigen(benchmark::State& state) {
  NEED_NETS(state);
  const auto boards = contact_boards(1024);
  const eval::Net& net = nets()->net(eval::NetId::kContact);
  using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  RowMajor x(1024, 250), sums(32, 128);
  for (int i = 0; i < 1024; ++i) eval::encode_contact(boards[i], x.row(i).data());
  Eigen::Map<const RowMajor> w(net.hidden_row(0), 250, 128);
  int b = 0;
  for (auto _ : state) {
    sums.noalias() = x.middleRows(b, 32) * w;
    benchmark::DoNotOptimize(sums.data());
    b = (b + 32) & 1023;
  }
  state.SetItemsProcessed(state.iterations() * 32);
}
BENCHMARK(BM_FirstLayerDenseEigen);

// gnubg's calibrate workload: one contact position at a time, inputs included.
void BM_EvaluateSingle(benchmark::State& state) {
  NEED_NETS(state);
  const auto boards = contact_boards(1024);
  eval::Evaluator ev(nets());
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ev.evaluate(boards[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateSingle);

void BM_EvaluateReference(benchmark::State& state) {
  NEED_NETS(state);
  const auto boards = contact_boards(1024);
  size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(eval::evaluate_reference(*nets(), boards[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateReference);

// Batched move scoring: all legal moves of a roll in one evaluate_after_moves call, over
// positions from random games. Items are moves scored.
void BM_ScoreMoves(benchmark::State& state) {
  NEED_NETS(state);
  const auto positions = game_boards(256);
  std::mt19937 rng(3);
  std::vector<std::vector<engine::Board>> rolls;
  engine::MoveList moves;
  for (const auto& p : positions) {
    const int n = engine::generate_moves(p, 1 + rng() % 6, 1 + rng() % 6, moves);
    if (n < 2) continue;
    rolls.emplace_back();
    for (const auto& m : moves) rolls.back().push_back(m.after);
  }
  eval::Evaluator ev(nets());
  std::vector<eval::Probabilities> out(4096);
  size_t i = 0, scored = 0;
  for (auto _ : state) {
    const auto& r = rolls[i++ % rolls.size()];
    ev.evaluate_after_moves(r, std::span(out.data(), r.size()));
    benchmark::DoNotOptimize(out[0]);
    scored += r.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(scored));
}
BENCHMARK(BM_ScoreMoves);

// The same moves scored one evaluate() call at a time, for comparison.
void BM_ScoreMovesOneByOne(benchmark::State& state) {
  NEED_NETS(state);
  const auto positions = game_boards(256);
  std::mt19937 rng(3);
  std::vector<engine::Board> after;
  engine::MoveList moves;
  for (const auto& p : positions) {
    const int n = engine::generate_moves(p, 1 + rng() % 6, 1 + rng() % 6, moves);
    for (int k = 0; k < n; ++k) after.push_back(moves[k].after);
  }
  eval::Evaluator ev(nets());
  size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(ev.evaluate(after[i++ % after.size()].swapped()).inverted());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ScoreMovesOneByOne);

// The C++ batch path the Python module's evaluate_batch is measured against
// (tools/python/bench_batch.py): every position of bench/error_positions.txt (the positions and
// the boards after each of their plays, about 22000), 0-ply evaluations with the bearoff
// databases, the positions split into one contiguous span per thread, each thread one
// Evaluator::evaluate call on its span. BM_EvaluateBatchFromIds decodes the position IDs first
// (on the same threads). Argument: threads. Items are positions evaluated. Times: wall clock and
// the CPU time of the whole process (all threads).
std::vector<std::string> error_set_ids() {
  std::vector<std::string> out;
  std::ifstream in(TAVLA_BENCH_DIR "/error_positions.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.starts_with("reference")) continue;
    std::istringstream words(line);
    std::string id, cls;
    int plays = 0;
    words >> id >> cls >> plays;
    out.push_back(id.substr(0, id.find(':')));
    for (int k = 0; k < plays; ++k) {
      std::string after;
      double equity;
      words >> after >> equity;
      out.push_back(after);
    }
  }
  return out;
}

void evaluate_batch(benchmark::State& state, bool from_ids) {
  NEED_NETS(state);
  const auto ids = error_set_ids();
  std::vector<engine::Board> boards;
  for (const auto& i : ids)
    if (auto b = engine::board_from_position_id(i)) boards.push_back(*b);
  if (boards.empty() || boards.size() != ids.size())
    return state.SkipWithError("no (or bad) bench/error_positions.txt");
  auto dbs = bearoff::open_default_databases(false);
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  if (dbs) provider.emplace(*dbs);
  const int threads = static_cast<int>(state.range(0));
  std::vector<eval::Evaluator> evaluators;
  for (int t = 0; t < threads; ++t) evaluators.emplace_back(nets(), provider ? &*provider : nullptr);
  std::vector<engine::Board> decoded(boards.size());
  std::vector<eval::Probabilities> out(boards.size());
  const size_t n = boards.size();
  for (auto _ : state) {
    std::vector<std::thread> pool;
    auto work = [&](int t) {
      const size_t first = n * t / threads, last = n * (t + 1) / threads;
      const engine::Board* in = boards.data();
      if (from_ids) {
        for (size_t i = first; i < last; ++i) decoded[i] = *engine::board_from_position_id(ids[i]);
        in = decoded.data();
      }
      evaluators[t].evaluate(std::span(in + first, last - first),
                             std::span(out.data() + first, last - first));
    };
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    benchmark::DoNotOptimize(out[n - 1]);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
  state.counters["positions"] = static_cast<double>(n);
}

void BM_EvaluateBatch(benchmark::State& state) { evaluate_batch(state, false); }
BENCHMARK(BM_EvaluateBatch)->Arg(1)->Arg(2)->MeasureProcessCPUTime()->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_EvaluateBatchFromIds(benchmark::State& state) { evaluate_batch(state, true); }
BENCHMARK(BM_EvaluateBatchFromIds)->Arg(1)->Arg(2)->MeasureProcessCPUTime()->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
