// SPDX-License-Identifier: GPL-3.0-or-later
// Google Benchmarks of the engine core: ID coding and move generation over a fixed set of
// positions (those of the perft fixtures plus positions reached from the start).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/match_id.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position_id.h"

using namespace tavla::engine;

namespace {

// A fixed, reproducible set of game positions: random plays from the start, 2000 positions.
const std::vector<Board>& positions() {
  static const std::vector<Board> kPositions = [] {
    std::vector<Board> out;
    std::mt19937 rng(20261121);
    static MoveList list;
    while (out.size() < 2000) {
      Board b = Board::starting_position();
      for (int ply = 0; ply < 60 && out.size() < 2000; ++ply) {
        int d1 = 1 + rng() % 6, d2 = 1 + rng() % 6;
        int n = generate_moves(b, d1, d2, list);
        if (n) b = list[rng() % n].after;
        b.swap_sides();
        if (b.checkers_on_board(0) == 0 || b.checkers_on_board(1) == 0) break;
        out.push_back(b);
      }
    }
    return out;
  }();
  return kPositions;
}

void BM_PositionIdEncode(benchmark::State& state) {
  const auto& ps = positions();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(position_id(ps[i++ % ps.size()]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PositionIdEncode);

void BM_PositionIdDecode(benchmark::State& state) {
  std::vector<std::string> ids;
  for (const Board& b : positions()) ids.push_back(position_id(b));
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(board_from_position_id(ids[i++ % ids.size()]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PositionIdDecode);

void BM_MatchIdRoundTrip(benchmark::State& state) {
  MatchState ms;
  ms.match_length = 7;
  ms.score = {3, 5};
  ms.dice = {6, 2};
  for (auto _ : state) {
    benchmark::DoNotOptimize(match_state_from_id(match_id(ms)));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MatchIdRoundTrip);

// All 21 rolls of every position: items = positions x rolls, moves counted separately.
void BM_GenerateMoves(benchmark::State& state) {
  const auto& ps = positions();
  static MoveList list;
  int64_t moves = 0, generated = 0;
  size_t i = 0;
  for (auto _ : state) {
    const Board& b = ps[i++ % ps.size()];
    for (Roll r : all_rolls()) moves += generate_moves(b, r.d1, r.d2, list);
    generated += 21;
  }
  state.SetItemsProcessed(generated);
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GenerateMoves);

void BM_PerftStart2(benchmark::State& state) {
  uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(Board::starting_position(), 2);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftStart2)->Unit(benchmark::kMillisecond);

}  // namespace
