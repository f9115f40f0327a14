// SPDX-License-Identifier: GPL-3.0-or-later
// Cancelling a search (the shell's Ctrl-C): with the cancel flag set, evaluate, rank_moves and
// cube_evaluations stop at their next check and report cancelled(); the work done is counted with
// the cache's lookups (no timing); results computed after a cancellation are identical to a fresh
// search's, so nothing half-computed was cached.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "engine/position_id.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/search.h"
#include "gnubg_data.h"
#include "search_expect.h"

namespace tavla::eval {
namespace {

using test::expect_same;

// The opening position (a contact position), money play, cube centred.
engine::Board contact_board() {
  auto b = engine::board_from_position_id("4HPwATDgc/ABMA");
  EXPECT_TRUE(b.ok());
  return *b;
}

CubeInfo money() { return money_cube_info(1, engine::kCubeCentred, 0, false, false); }

Search make_search() {
  const auto* data = test::gnubg_data().data;
  return Search(data->nets, data->bearoff.get());
}

TEST(SearchCancel, FlagSetBeforeStopsAtOnce) {
  REQUIRE_GNUBG_DATA();
  Search s = make_search();
  std::atomic<bool> flag{true};
  s.set_cancel_flag(&flag);
  const EvalContext two_ply = level_setup(Level::kWorldClass).context;

  s.evaluate(contact_board(), money(), two_ply);
  EXPECT_TRUE(s.cancelled());
  s.cube_evaluations(contact_board(), money(), two_ply);
  EXPECT_TRUE(s.cancelled());
  s.rank_moves(contact_board(), 3, 1, money(), level_setup(Level::kWorldClass));
  EXPECT_TRUE(s.cancelled());
  // Stopped before searching: at most the entry node's own cache probe per call (a 2-ply
  // evaluation makes thousands).
  EXPECT_LE(s.cache_lookups(), 3u);

  // Cleared: the same search answers as a fresh one.
  flag = false;
  const Evaluation e = s.evaluate(contact_board(), money(), two_ply);
  EXPECT_FALSE(s.cancelled());
  // It searched: the 21 children of the root were probed (their own children, one ply from the
  // leaves, take the chosen play's evaluation without probing).
  EXPECT_GE(s.cache_lookups(), 3u + 21u);
  Search fresh = make_search();
  expect_same(e, fresh.evaluate(contact_board(), money(), two_ply));
}

TEST(SearchCancel, WithoutFlagNeverCancelled) {
  REQUIRE_GNUBG_DATA();
  Search s = make_search();
  const auto moves = s.rank_moves(contact_board(), 3, 1, money(), level_setup(Level::kExpert));
  EXPECT_FALSE(s.cancelled());
  EXPECT_FALSE(moves.empty());
}

TEST(SearchCancel, FlagSetWhileSearchingStopsAndLeavesCacheSound) {
  REQUIRE_GNUBG_DATA();
  Search s = make_search();
  std::atomic<bool> flag{false};
  s.set_cancel_flag(&flag);
  EvalContext deep = level_setup(Level::kWorldClass).context;
  deep.plies = 4;  // far longer than the moment the other thread waits
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    flag = true;
  });
  s.evaluate(contact_board(), money(), deep);
  setter.join();
  EXPECT_TRUE(s.cancelled());

  // Whatever was cached before the flag was seen is complete: 3-ply results on the same search
  // (reusing those entries) equal a fresh search's.
  flag = false;
  EvalContext three = deep;
  three.plies = 3;
  const Evaluation after = s.evaluate(contact_board(), money(), three);
  EXPECT_FALSE(s.cancelled());
  Search fresh = make_search();
  expect_same(after, fresh.evaluate(contact_board(), money(), three));
}

}  // namespace
}  // namespace tavla::eval
