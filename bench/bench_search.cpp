// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks of n-ply search and rollouts, the workloads of the speed comparison with gnubg 1.07
// (reference/gnubg-perf.md): the cube evaluation of the middle-game position yLPwACPQ28gBIQ at
// 0..3 plies as gnubg's `eval` (fresh caches per iteration), and cubeless 0-ply rollouts of the
// same position with and without variance reduction (trials per second as items/s).
// Uses gnubg's weights (/usr/lib/gnubg/gnubg.wd) when installed, else tavla's default weights,
// and the bearoff databases when they are installed.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <optional>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "engine/position_id.h"
#include "eval/cube_info.h"
#include "eval/parallel_search.h"
#include "eval/search.h"
#include "rollout/rollout.h"

namespace {

using namespace tavla;

constexpr const char* kMiddleGame = "yLPwACPQ28gBIQ";

// gnubg's own weights when installed (the comparison is with gnubg), else the default search.
std::shared_ptr<const eval::NetSet> nets() {
  static const std::shared_ptr<const eval::NetSet> n = [] {
    const std::filesystem::path gnubg = "/usr/lib/gnubg/gnubg.wd";
    auto r = eval::NetSet::find(std::filesystem::exists(gnubg)
                                    ? std::optional<std::filesystem::path>(gnubg)
                                    : std::nullopt);
    return r ? *r : nullptr;
  }();
  return n;
}

const eval::BearoffProvider* bearoff() {
  static const auto dbs = bearoff::open_default_databases(false);
  static const std::optional<bearoff::DatabaseBearoffProvider> provider =
      dbs ? std::optional<bearoff::DatabaseBearoffProvider>(std::in_place, *dbs) : std::nullopt;
  return provider ? &*provider : nullptr;
}

engine::Board middle_game() {
  return *engine::board_from_position_id(kMiddleGame);
}

#define NEED_NETS(state)                                                    \
  if (!nets()) {                                                            \
    state.SkipWithError("no weights (install gnubg or set TAVLA_WEIGHTS)"); \
    return;                                                                 \
  }

// gnubg's `eval` at N plies (cubeful, prune): the cube evaluations at 0, 1, .., N plies, one
// search and cache for all of them. Argument 0: N, argument 1: threads.
void BM_EvalPlies(benchmark::State& state) {
  NEED_NETS(state);
  const int plies = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  const engine::Board board = middle_game();
  const eval::CubeInfo ci = eval::money_cube_info(1, engine::kCubeCentred, 0, true, true);
  for (auto _ : state) {
    eval::ParallelSearch search(nets(), threads, bearoff());
    for (int p = 0; p <= plies; ++p) {
      const eval::EvalContext ec{p, true, true, true, 0.0f};
      benchmark::DoNotOptimize(search.cube_evaluations(board, ci, ec));
    }
  }
}
BENCHMARK(BM_EvalPlies)->Args({2, 1})->Args({3, 1})->Args({3, 2})->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Cubeless 0-ply rollout of the middle game (gnubg-perf.md §3). Arguments: variance reduction,
// threads, trials.
void BM_Rollout(benchmark::State& state) {
  NEED_NETS(state);
  rollout::RolloutSettings st;
  st.variance_reduction = state.range(0) != 0;
  st.threads = static_cast<int>(state.range(1));
  const int trials = static_cast<int>(state.range(2));
  st.seed = 1;
  st.cubeful = false;
  for (int p = 0; p < 2; ++p) {
    st.chequer[p].context.plies = 0;
    st.cube[p].plies = 0;
  }
  st.chequer_late = st.chequer;
  st.cube_late = st.cube;
  const eval::CubeInfo ci = eval::money_cube_info(1, engine::kCubeCentred, 0, true, true);
  for (auto _ : state) {
    rollout::Rollout ro(nets(), bearoff(), st, {{middle_game(), ci, false, false, 1}});
    ro.run(trials);
    benchmark::DoNotOptimize(ro.stats());
  }
  state.SetItemsProcessed(state.iterations() * trials);
}
BENCHMARK(BM_Rollout)
    ->Args({0, 1, 1296})
    ->Args({0, 2, 1296})
    ->Args({1, 1, 72})
    ->Args({1, 2, 72})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
