// SPDX-License-Identifier: GPL-3.0-or-later
// The leaf cache (eval/leaf_cache.h) gives back exactly what was stored under a board and nothing
// under another, and a lookahead whose leaves it serves gives bit for bit a fresh search's
// numbers.
#include <gtest/gtest.h>

#include <vector>

#include "engine/movegen.h"
#include "engine/position_id.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/leaf_cache.h"
#include "eval/match_equity.h"
#include "eval/search.h"
#include "gnubg_data.h"

namespace tavla::eval {
namespace {

engine::Board board_of(const char* id) {
  auto b = engine::board_from_position_id(id);
  EXPECT_TRUE(b.ok()) << id;
  return b.ok() ? *b : engine::Board{};
}

TEST(LeafCache, GivesBackWhatWasStoredUnderTheSameBoardOnly) {
  LeafCache cache(4);  // 16 entries: collisions are certain
  const engine::Board a = board_of("4HPwATDgc/ABMA");
  const engine::Board b = board_of("yLPwACPQ28gBIQ");
  const BoardKey ka = board_key(a), kb = board_key(b);
  Probabilities pa, pb, got;
  for (int i = 0; i < Probabilities::kCount; ++i) {
    pa[i] = 0.1f * static_cast<float>(i + 1);
    pb[i] = 0.05f * static_cast<float>(i + 2);
  }
  EXPECT_FALSE(cache.lookup(cache.slot(ka), ka, got));  // empty: no memory yet
  cache.store(cache.slot(ka), ka, pa);
  ASSERT_TRUE(cache.lookup(cache.slot(ka), ka, got));
  EXPECT_EQ(got.p, pa.p);
  EXPECT_FALSE(cache.lookup(cache.slot(kb), kb, got));
  // Another board in a's slot replaces it: a then misses, never returns b's numbers.
  cache.store(cache.slot(ka), kb, pb);
  EXPECT_FALSE(cache.lookup(cache.slot(ka), ka, got));
  cache.store(cache.slot(kb), kb, pb);
  ASSERT_TRUE(cache.lookup(cache.slot(kb), kb, got));
  EXPECT_EQ(got.p, pb.p);
  cache.clear();
  EXPECT_FALSE(cache.lookup(cache.slot(kb), kb, got));
}

TEST(LeafCache, LookaheadsServedFromItGiveTheSameNumbers) {
  REQUIRE_GNUBG_DATA();
  const auto* data = test::gnubg_data().data;
  const CubeInfo ci = match_cube_info(1, engine::kCubeCentred, 1, 7, {2, 4}, false,
                                      MatchEquityTable::kazaross_xg2());
  const EvalContext cubeful{1, true, true, true, 0.0f};
  const EvalContext cubeless{1, false, true, true, 0.0f};
  for (const char* id : {"4HPwATDgc/ABMA", "yLPwACPQ28gBIQ", "sNvBAQDYZsEBAA"}) {
    const engine::Board board = board_of(id);
    // `warm` evaluates the board cubeful first: its cubeless 1-ply evaluation (another cache
    // context, so not an EvalCache hit) then meets every leaf in the leaf cache.
    Search warm(data->nets, data->bearoff.get());
    Search fresh(data->nets, data->bearoff.get());
    const Evaluation first = warm.evaluate(board, ci, cubeful, 1);
    const uint64_t before = warm.leaf_cache_hits();
    const Evaluation cached = warm.evaluate(board, ci, cubeless, 1);
    EXPECT_GT(warm.leaf_cache_hits(), before + 20) << id;
    const Evaluation want = fresh.evaluate(board, ci, cubeless, 1);
    EXPECT_EQ(cached.probs.p, want.probs.p) << id;
    EXPECT_EQ(cached.cubeless_equity, want.cubeless_equity) << id;
    // The cubeful evaluation itself equals a fresh search's (whose cache starts empty).
    Search fresh2(data->nets, data->bearoff.get());
    const Evaluation want_cubeful = fresh2.evaluate(board, ci, cubeful, 1);
    EXPECT_EQ(first.probs.p, want_cubeful.probs.p) << id;
    EXPECT_EQ(first.cubeful_equity, want_cubeful.cubeful_equity) << id;
  }
}

TEST(LeafCache, ZeroPlyScoresEqualTheEvaluators) {
  REQUIRE_GNUBG_DATA();
  const auto* data = test::gnubg_data().data;
  Search search(data->nets, data->bearoff.get());
  Evaluator direct(data->nets, data->bearoff.get());
  const CubeInfo ci = match_cube_info(1, engine::kCubeCentred, 1, 7, {2, 4}, false,
                                      MatchEquityTable::kazaross_xg2());
  const EvalContext ec{0, true, false, true, 0.0f};
  int compared = 0;
  engine::MoveList list;
  for (const char* id : {"4HPwATDgc/ABMA", "yLPwACPQ28gBIQ", "sNvBAQDYZsEBAA"}) {
    const engine::Board board = board_of(id);
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= d1; ++d2) {
        const int n = engine::generate_moves(board, d1, d2, list);
        std::vector<ScoredMove> moves;
        for (int i = 0; i < n; ++i) moves.push_back(unscored(list[i]));
        search.score_moves(board, moves, ci, ec, 0);
        for (int i = 0; i < n; ++i) {
          const Probabilities want = direct.evaluate(list[i].after.swapped()).inverted();
          EXPECT_EQ(moves[i].probs.p, want.p) << id << " " << d1 << d2 << " play " << i;
          ++compared;
        }
      }
  }
  EXPECT_GT(compared, 500);
  EXPECT_EQ(search.leaf_cache_hits(), 0u);  // top-level 0-ply scoring does not use the cache
}

}  // namespace
}  // namespace tavla::eval
