// SPDX-License-Identifier: GPL-3.0-or-later
// "No allocation per evaluation": after construction and a warm-up, evaluating never touches the
// heap. This program replaces the global operator new to count.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "engine/movegen.h"
#include "eval/evaluator.h"
#include "eval/net_set.h"
#include "eval/position_class.h"
#include "eval/weights.h"
#include "test_support.h"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t n) {
  ++allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace tavla::eval {
namespace {

TEST(NoAllocation, EvaluatingDoesNotAllocate) {
  GNUBG_NETS_OR_SKIP(nets);
  const auto fixtures = testing::position_fixtures();
  std::vector<engine::Board> boards;
  for (const auto& f : fixtures) boards.push_back(f.board);
  std::vector<Probabilities> out(boards.size());
  Evaluator ev(nets, testing::gnubg_bearoff());
  ev.evaluate(boards, out);  // warm-up: one-time tables
  ev.evaluate_after_moves(boards, out);
  ev.evaluate_pruning(boards, out);

  const long before = allocations.load();
  for (const auto& b : boards) (void)ev.evaluate(b);
  ev.evaluate(boards, out);
  ev.evaluate_after_moves(boards, out);
  ev.evaluate_pruning(boards, out);
  EXPECT_EQ(allocations.load() - before, 0);
}

TEST(NoAllocation, RacesValuedBySidesDoNotAllocate) {
  // tavla's own weights with the race sides net beside them (weights/tavla.race-sides).
  auto nets = NetSet::load(default_weight_paths().front());
  ASSERT_TRUE(nets) << nets.error();
  ASSERT_NE((*nets)->race_sides(), nullptr);
  const auto fixtures = testing::position_fixtures();
  std::vector<engine::Board> boards;
  for (const auto& f : fixtures)
    if (classify(f.board, testing::gnubg_bearoff()) == PositionClass::kRace)
      boards.push_back(f.board);
  ASSERT_FALSE(boards.empty());
  std::vector<Probabilities> out(boards.size());
  Evaluator ev(*nets, testing::gnubg_bearoff());
  ev.evaluate(boards, out);
  ev.evaluate_after_moves(boards, out);

  const long before = allocations.load();
  for (const auto& b : boards) (void)ev.evaluate(b);
  ev.evaluate(boards, out);
  ev.evaluate_after_moves(boards, out);
  EXPECT_EQ(allocations.load() - before, 0);
}

}  // namespace
}  // namespace tavla::eval
