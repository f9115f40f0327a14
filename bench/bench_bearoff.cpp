// SPDX-License-Identifier: GPL-3.0-or-later
// Bearoff databases: index arithmetic, move enumeration, probes of the one- and two-sided
// databases, and generation of small databases. Uses gnubg's installed files when present,
// otherwise generates the same databases into a temporary folder first.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <random>
#include <vector>

#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_index.h"
#include "bearoff/bearoff_moves.h"
#include "bearoff/coverage.h"
#include "bearoff/one_sided_generator.h"
#include "bearoff/two_sided_generator.h"

namespace bo = tavla::bearoff;

namespace {

constexpr const char* kOneSided = "/usr/share/gnubg/gnubg_os0.bd";
constexpr const char* kTwoSided = "/var/lib/gnubg/gnubg_ts0.bd";

// gnubg's files, or freshly generated equivalents.
const bo::BearoffDatabases& databases() {
  static const std::unique_ptr<bo::BearoffDatabases> dbs = [] {
    std::filesystem::path os = kOneSided, ts = kTwoSided;
    if (!std::filesystem::exists(os) || !std::filesystem::exists(ts)) {
      const auto dir = std::filesystem::temp_directory_path() /
                       ("tavla-bench-bearoff-" + std::to_string(::getpid()));
      std::filesystem::create_directories(dir);
      os = dir / "os6.bd";
      ts = dir / "ts66.bd";
      bo::OneSidedSettings o;
      (void)bo::write_one_sided_database(bo::generate_one_sided(o).value(), o, os);
      bo::TwoSidedSettings t;
      (void)bo::write_two_sided_database(bo::generate_two_sided(t).value(), t, ts);
    }
    auto opened = bo::BearoffDatabases::open(os, ts);
    if (!opened) std::abort();
    return std::make_unique<bo::BearoffDatabases>(std::move(opened).value());
  }();
  return *dbs;
}

std::vector<tavla::engine::SideCounts> random_sides(int count, int points, int chequers) {
  std::mt19937 rng(42);
  std::uniform_int_distribution<uint32_t> pick(
      0, static_cast<uint32_t>(bo::position_count(points, chequers) - 1));
  std::vector<tavla::engine::SideCounts> sides;
  for (int i = 0; i < count; ++i) sides.push_back(bo::side_from_index(pick(rng), points, chequers));
  return sides;
}

void BM_BearoffIndex(benchmark::State& state) {
  const auto sides = random_sides(1024, 6, 15);
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(bo::bearoff_index(sides[i++ & 1023], 6));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BearoffIndex);

void BM_PositionFromIndex(benchmark::State& state) {
  uint32_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(bo::side_from_index(i, 6, 15));
    i = (i + 7919) % 54264;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PositionFromIndex);

// All 21 rolls of one position: the distinct resulting positions in gnubg's order.
void BM_Successors21Rolls(benchmark::State& state) {
  const auto sides = random_sides(256, 6, 15);
  std::vector<bo::Chequers> boards;
  for (const auto& s : sides) {
    bo::Chequers c{};
    for (int p = 0; p < 6; ++p) c[p] = s[p];
    boards.push_back(c);
  }
  bo::SuccessorList list;
  size_t i = 0;
  for (auto _ : state) {
    for (const bo::Roll& roll : bo::kRolls) bo::successors(boards[i & 255], 6, roll, list);
    benchmark::DoNotOptimize(list.size);
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Successors21Rolls);

void BM_OneSidedRaw(benchmark::State& state) {
  const bo::OneSidedDatabase& db = *databases().one_sided();
  uint32_t i = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(db.raw(i));
    i = (i + 7919) % db.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OneSidedRaw);

void BM_OneSidedMeanRolls(benchmark::State& state) {
  const bo::OneSidedDatabase& db = *databases().one_sided();
  const auto sides = random_sides(1024, 6, 15);
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db.mean_rolls(sides[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OneSidedMeanRolls);

std::vector<tavla::engine::Board> random_boards(int chequers) {
  const auto a = random_sides(1024, 6, chequers);
  const auto b = random_sides(1025, 6, chequers);
  std::vector<tavla::engine::Board> boards;
  for (int i = 0; i < 1024; ++i) {
    tavla::engine::Board board;
    board.sides[0] = a[i];
    board.sides[1] = b[i + 1];
    if (bo::highest_point(board.sides[0]) < 0) board.sides[0][0] = 1;
    if (bo::highest_point(board.sides[1]) < 0) board.sides[1][0] = 1;
    boards.push_back(board);
  }
  return boards;
}

// Five probabilities for the side on roll from two one-sided entries (gnubg's class BEAROFF1).
void BM_OneSidedEvaluate(benchmark::State& state) {
  const bo::OneSidedDatabase& db = *databases().one_sided();
  const auto boards = random_boards(15);
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db.evaluate(boards[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OneSidedEvaluate);

void BM_TwoSidedEquities(benchmark::State& state) {
  const bo::TwoSidedDatabase& db = *databases().two_sided();
  const auto boards = random_boards(6);
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db.equities(boards[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TwoSidedEquities);

// What the evaluator calls: classify and probe (two-sided first, then one-sided).
void BM_DatabasesProbe(benchmark::State& state) {
  const auto& dbs = databases();
  auto boards = random_boards(6);
  const auto big = random_boards(15);
  boards.insert(boards.end(), big.begin(), big.end());
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(dbs.probe(boards[i++ & 2047]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DatabasesProbe);

void BM_GenerateOneSided(benchmark::State& state) {
  bo::OneSidedSettings s;
  s.points = static_cast<int>(state.range(0));
  s.threads = 1;
  for (auto _ : state) benchmark::DoNotOptimize(bo::generate_one_sided(s).ok());
  state.SetItemsProcessed(state.iterations() * bo::position_count(s.points, 15));
}
BENCHMARK(BM_GenerateOneSided)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond);

void BM_GenerateTwoSided(benchmark::State& state) {
  bo::TwoSidedSettings s;
  s.chequers = static_cast<int>(state.range(0));
  s.threads = 1;
  const uint64_t n = bo::position_count(6, s.chequers);
  for (auto _ : state) benchmark::DoNotOptimize(bo::generate_two_sided(s).ok());
  state.SetItemsProcessed(state.iterations() * n * n);
}
BENCHMARK(BM_GenerateTwoSided)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace
