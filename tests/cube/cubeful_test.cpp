// SPDX-License-Identifier: GPL-3.0-or-later
// Unit tests of the cube code: cube information, cube access, Janowski's formulas at known points,
// match conversion limits and the decision rules on hand-made equities.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/cube_decision.h"
#include "eval/cube_info.h"
#include "eval/cubeful.h"

namespace tavla::eval {
namespace {

Probabilities gammonless(float win) {
  return {{win, 0.0f, 0.0f, 0.0f, 0.0f}};
}

TEST(CubeInfo, FromMatchState) {
  engine::MatchState ms;
  ms.match_length = 7;
  ms.score = {3, 6};
  ms.cube = 2;
  ms.cube_owner = 0;
  ms.on_roll = 0;
  auto ci = cube_info(ms);
  ASSERT_TRUE(ci.ok()) << ci.error();
  EXPECT_EQ(ci->cube, 2);
  EXPECT_EQ(ci->owner, 0);
  EXPECT_TRUE(ci->post_crawford());
  EXPECT_FALSE(ci->jacoby);  // never in match play
  EXPECT_EQ(ci->met, &MatchEquityTable::kazaross_xg2());

  engine::MatchState money;
  money.jacoby = true;
  money.beavers = 3;
  auto m = cube_info(money);
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->jacoby && m->beavers);
  EXPECT_EQ(m->gammon_price, (std::array<float, 4>{0, 0, 0, 0}));  // Jacoby, centred cube
  money.cube_owner = 1;
  money.cube = 2;
  EXPECT_EQ(cube_info(money)->gammon_price, (std::array<float, 4>{1, 1, 1, 1}));

  ms.score = {7, 0};
  EXPECT_FALSE(cube_info(ms).ok());
  ms.score = {0, 0};
  ms.cube = 3;
  EXPECT_NE(cube_info(ms).error().find("power of two"), std::string::npos);
}

TEST(CubeInfo, CubeAccess) {
  const MatchEquityTable& met = MatchEquityTable::kazaross_xg2();
  EXPECT_TRUE(may_double(money_cube_info(1, -1, 0, true, true)));
  EXPECT_TRUE(may_double(money_cube_info(2, 0, 0, true, true)));
  EXPECT_FALSE(may_double(money_cube_info(2, 1, 0, true, true)));
  // Crawford game: nobody doubles.
  EXPECT_FALSE(may_double(match_cube_info(1, -1, 1, 5, {4, 2}, true, met)));
  // Post-Crawford: the trailer may, the 1-away leader may not.
  EXPECT_TRUE(may_double(match_cube_info(1, -1, 1, 5, {4, 2}, false, met)));
  EXPECT_FALSE(may_double(match_cube_info(1, -1, 0, 5, {4, 2}, false, met)));
  // Dead for the doubler: his score + cube reaches the length.
  EXPECT_FALSE(may_double(match_cube_info(2, 0, 0, 5, {3, 0}, false, met)));
  EXPECT_TRUE(may_double(match_cube_info(2, 0, 0, 5, {2, 0}, false, met)));
  // Double/pass value: +1 money, MWC after winning the cube in a match.
  EXPECT_EQ(double_pass_value(money_cube_info(4, 0, 0, false, false)), 1.0f);
  EXPECT_FLOAT_EQ(double_pass_value(match_cube_info(1, -1, 0, 7, {0, 0}, false, met)),
                  met.pre_crawford(6, 7));
}

TEST(CubeInfo, MwcEquityConversionsAreInverse) {
  const CubeInfo ci = match_cube_info(2, -1, 1, 9, {3, 5}, false, MatchEquityTable::kazaross_xg2());
  for (float eq : {-2.0f, -1.0f, -0.3f, 0.0f, 0.7f, 1.0f, 2.5f})
    EXPECT_NEAR(mwc_to_equity(equity_to_mwc(eq, ci), ci), eq, 1e-5f);
  EXPECT_FLOAT_EQ(equity_to_mwc(1.0f, ci), mwc_if_win(ci));
  EXPECT_FLOAT_EQ(equity_to_mwc(-1.0f, ci), mwc_if_lose(ci));
}

TEST(CubeEfficiency, ByClass) {
  engine::Board b{};
  b.sides[engine::Board::kOnRoll][5] = 10;  // 60 pips: 0.55 + 0.075, inside [0.6, 0.7]
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kRace), 0.625f);
  b.sides[engine::Board::kOnRoll][23] = 5;  // 180 pips: clamped to 0.7
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kRace), 0.7f);
  b = engine::Board{};
  b.sides[engine::Board::kOnRoll][0] = 2;  // 2 pips: clamped to 0.6
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kRace), 0.6f);
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kContact), 0.68f);
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kCrashed), 0.68f);
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kBearoff1), 0.6f);
  EXPECT_FLOAT_EQ(cube_efficiency(b, PositionClass::kOver), 0.0f);
}

TEST(Janowski, GammonFreeKnownPoints) {
  // W = L = 1: take point 0.2 and cash point 0.8 with a live cube (x = 1).
  const CubeInfo centred = money_cube_info(1, -1, 0, false, false);
  EXPECT_NEAR(money_cubeful_equity(gammonless(0.2f), centred, 1.0f), -1.0f, 1e-6f);
  EXPECT_NEAR(money_cubeful_equity(gammonless(0.8f), centred, 1.0f), 1.0f, 1e-6f);
  EXPECT_NEAR(money_cubeful_equity(gammonless(0.5f), centred, 1.0f), 0.0f, 1e-6f);
  // Dead cube (x = 0): the cubeless equity.
  EXPECT_NEAR(money_cubeful_equity(gammonless(0.7f), centred, 0.0f), 0.4f, 1e-6f);
  // Owned cube: cash point 0.8, linear from (0, -1); unavailable: take point 0.2 up to (1, 1).
  const CubeInfo owned = money_cube_info(2, 0, 0, false, false);
  EXPECT_NEAR(money_cubeful_equity(gammonless(0.4f), owned, 1.0f), -1.0f + 2.0f * 0.4f / 0.8f,
              1e-6f);
  const CubeInfo theirs = money_cube_info(2, 1, 0, false, false);
  EXPECT_NEAR(money_cubeful_equity(gammonless(0.6f), theirs, 1.0f), -1.0f + 2.0f * 0.4f / 0.8f,
              1e-6f);
  // Certain results: the cube is dead whatever x.
  EXPECT_EQ(money_cubeful_equity(gammonless(1.0f), centred, 0.7f), 1.0f);
  EXPECT_EQ(money_cubeful_equity(gammonless(0.0f), centred, 0.7f), -1.0f);
}

TEST(Janowski, JacobyFlattensTheCentredCube) {
  const Probabilities p = {{0.9f, 0.4f, 0.0f, 0.0f, 0.0f}};  // well past the cash point
  const CubeInfo jacoby = money_cube_info(1, -1, 0, true, false);
  // Live part +1 (we cash), dead part without gammons: 2 * 0.9 - 1.
  EXPECT_NEAR(money_cubeful_equity(p, jacoby, 0.68f), 0.68f + 0.32f * 0.8f, 1e-6f);
}

TEST(MatchConversion, DeadCubesAreCubeless) {
  const MatchEquityTable& met = MatchEquityTable::kazaross_xg2();
  const Probabilities p = {{0.6f, 0.2f, 0.01f, 0.1f, 0.005f}};
  for (const CubeInfo& ci : {match_cube_info(1, -1, 0, 5, {4, 2}, true, met),     // Crawford
                             match_cube_info(1, -1, 1, 5, {3, 3}, false, met),    // 2-away 2-away
                             match_cube_info(4, 0, 0, 5, {1, 2}, false, met)}) {  // dead cube
    EXPECT_FALSE(match_cube_is_live(ci));
    EXPECT_FLOAT_EQ(match_cubeful_mwc(p, ci, 0.68f), equity_to_mwc(cubeless_utility(p, ci), ci));
  }
  const CubeInfo live = match_cube_info(1, -1, 0, 7, {0, 0}, false, met);
  EXPECT_TRUE(match_cube_is_live(live));
  // At x = 0 the conversion is the cubeless MWC.
  EXPECT_FLOAT_EQ(match_cubeful_mwc(p, live, 0.0f), equity_to_mwc(cubeless_utility(p, live), live));
  // Cash points are winning chances.
  const auto cp = live_cash_points(p, live);
  EXPECT_GT(cp[0], 0.5f);
  EXPECT_LT(cp[0], 1.0f);
  EXPECT_GT(cp[1], 0.5f);
  EXPECT_LT(cp[1], 1.0f);
}

TEST(CubeDecisionRules, HandMadeEquities) {
  const CubeInfo money = money_cube_info(1, -1, 0, true, false);
  const CubeInfo money_beaver = money_cube_info(1, -1, 0, true, true);
  const CubeInfo owned = money_cube_info(2, 0, 0, true, false);
  auto decide = [](float nd, float dt, float dp, const CubeInfo& ci, bool gammon = true) {
    return best_cube_decision({nd, dt, dp}, gammon, ci);
  };
  EXPECT_EQ(decide(0.5f, 0.8f, 1.0f, money).decision, CubeDecision::kDoubleTake);
  EXPECT_EQ(decide(0.5f, 0.8f, 1.0f, money).optimal, 0.8f);
  EXPECT_EQ(decide(0.5f, 0.8f, 1.0f, owned).decision, CubeDecision::kRedoubleTake);
  EXPECT_EQ(decide(0.8f, 1.2f, 1.0f, money).decision, CubeDecision::kDoublePass);
  EXPECT_EQ(decide(0.8f, 1.2f, 1.0f, money).optimal, 1.0f);
  EXPECT_EQ(decide(0.3f, 0.2f, 1.0f, money).decision, CubeDecision::kNoDoubleTake);
  EXPECT_EQ(decide(1.2f, 1.4f, 1.0f, money).decision, CubeDecision::kTooGoodPass);
  EXPECT_EQ(decide(1.2f, 1.4f, 1.0f, money, false).decision, CubeDecision::kDoublePass);
  EXPECT_EQ(decide(1.2f, 0.9f, 1.0f, owned).decision, CubeDecision::kTooGoodRedoubleTake);
  EXPECT_EQ(decide(1.2f, 0.9f, 1.0f, owned, false).decision, CubeDecision::kNoRedoubleTake);
  EXPECT_EQ(decide(1.2f, 1.1f, 1.0f, owned).decision, CubeDecision::kTooGoodRedoublePass);
  // Beavers: double/take equity in [-2, 0].
  EXPECT_EQ(decide(-0.5f, -0.2f, 1.0f, money_beaver).decision, CubeDecision::kDoubleBeaver);
  EXPECT_EQ(decide(-0.3f, -0.2f, 1.0f, money_beaver).decision, CubeDecision::kNoDoubleBeaver);
  EXPECT_EQ(decide(-0.1f, -0.2f, 1.0f, money_beaver).decision, CubeDecision::kNoDoubleBeaver);
  EXPECT_EQ(decide(-0.1f, -0.2f, 1.0f, money).decision, CubeDecision::kNoDoubleTake);
  // Optional: within 1e-5.
  EXPECT_EQ(decide(0.5f, 0.500005f, 1.0f, money).decision, CubeDecision::kOptionalDoubleTake);
  EXPECT_EQ(decide(1.0f, 1.3f, 1.000001f, owned).decision, CubeDecision::kOptionalRedoublePass);
  // ... but not a double/pass under Jacoby with a centred cube.
  EXPECT_EQ(decide(1.0f, 1.3f, 1.000001f, money).decision, CubeDecision::kDoublePass);
  // No access.
  EXPECT_EQ(decide(0.5f, 0.8f, 1.0f, money_cube_info(2, 1, 0, true, false)).decision,
            CubeDecision::kNotAvailable);
  const CubeInfo crawford =
      match_cube_info(1, -1, 0, 5, {4, 2}, true, MatchEquityTable::kazaross_xg2());
  EXPECT_EQ(decide(0.5f, 0.8f, 1.0f, crawford).decision, CubeDecision::kNoDoubleDeadCube);
}

TEST(CubeDecisionRules, OptimalCubefulValue) {
  const CubeInfo money = money_cube_info(1, -1, 0, false, false);
  EXPECT_EQ(optimal_cubeful_value(money, 0.3f, 0.2f), 0.4f);  // double, take: 2 x 0.2
  EXPECT_EQ(optimal_cubeful_value(money, 0.3f, 0.1f), 0.3f);  // no double
  EXPECT_EQ(optimal_cubeful_value(money, 0.9f, 0.7f), 1.0f);  // double, pass
  EXPECT_EQ(optimal_cubeful_value(money_cube_info(2, 1, 0, false, false), 0.3f, 0.2f), 0.3f);
  const CubeInfo match =
      match_cube_info(1, -1, 0, 7, {0, 0}, false, MatchEquityTable::kazaross_xg2());
  const float dp = double_pass_value(match);
  EXPECT_EQ(optimal_cubeful_value(match, dp - 0.1f, dp - 0.05f), dp - 0.05f);  // MWC, not doubled
  EXPECT_EQ(optimal_cubeful_value(match, dp - 0.1f, dp + 0.05f), dp);
}

TEST(CubeDecisionRules, TextsAndResponses) {
  EXPECT_EQ(cube_decision_text(CubeDecision::kTooGoodRedoublePass), "Too good to redouble, pass");
  EXPECT_EQ(cube_decision_text(CubeDecision::kNoDoubleDeadCube), "Never double, take (dead cube)");
  EXPECT_EQ(cube_decision_text(CubeDecision::kOptionalDoubleBeaver), "Optional double, beaver");
  EXPECT_EQ(cube_decision_text(CubeDecision::kNotAvailable), "Unknown cube decision");
  EXPECT_FALSE(cube_action_order(CubeDecision::kNotAvailable).has_value());
  EXPECT_TRUE(doubler_doubles(CubeDecision::kDoubleBeaver, false, 0.5f));
  EXPECT_FALSE(doubler_doubles(CubeDecision::kOptionalDoubleTake, false, 0.5f));
  EXPECT_TRUE(doubler_doubles(CubeDecision::kOptionalDoubleTake, true, 0.5f));
  EXPECT_FALSE(doubler_doubles(CubeDecision::kTooGoodPass, true, 0.9f));
  EXPECT_EQ(taker_response(CubeDecision::kTooGoodPass, true), TakeAction::kPass);
  EXPECT_EQ(taker_response(CubeDecision::kNoDoubleBeaver, true), TakeAction::kBeaver);
  EXPECT_EQ(taker_response(CubeDecision::kDoubleBeaver, false), TakeAction::kTake);
  EXPECT_EQ(taker_response(CubeDecision::kNoDoubleDeadCube, true), TakeAction::kTake);
}

TEST(DeadCubeDoublePoint, Money) {
  const Probabilities p = gammonless(0.6f);
  EXPECT_FLOAT_EQ(dead_cube_double_point(p, money_cube_info(1, -1, 0, false, false)), 0.5f);
  EXPECT_FLOAT_EQ(dead_cube_double_point(p, money_cube_info(1, -1, 0, true, false)), 0.5f);
  EXPECT_FLOAT_EQ(dead_cube_double_point(p, money_cube_info(1, -1, 0, true, true)), 0.75f / 1.5f);
}

// The MWCs precomputed per score (eval/score_mwcs.h) are copies of the MET's look-ups: every
// entry equals mwc_after / gammon_prices bit for bit, and every cubeful conversion gives exactly
// what it gives when it walks the MET itself (a CubeInfo without the table).
TEST(ScoreMwcs, SameNumbersAsTheMetLookups) {
  const MatchEquityTable& met = MatchEquityTable::kazaross_xg2();
  const Probabilities p = {{0.62f, 0.21f, 0.012f, 0.11f, 0.004f}};
  int checked = 0;
  for (int length : {1, 3, 5, 7, 11, 25})
    for (int s0 = 0; s0 < length; s0 += (length > 7 ? 3 : 1))
      for (int s1 = 0; s1 < length; s1 += (length > 7 ? 4 : 1))
        for (bool crawford : {false, true}) {
          if (crawford && s0 != length - 1 && s1 != length - 1) continue;
          const std::array<int, 2> score = {s0, s1};
          const ScoreMwcs& t = met.score_mwcs(score, length, crawford);
          EXPECT_EQ(&t, &met.score_mwcs(score, length, crawford));  // computed once, kept
          for (int level = 0; level < kScoreMwcLevels; ++level) {
            const int cube = 1 << level;
            EXPECT_EQ(t.gammon_prices[level], met.gammon_prices(score, length, cube));
            for (int player = 0; player < 2; ++player)
              for (size_t m = 0; m < kOutcomeMultiples.size(); ++m) {
                const int points = kOutcomeMultiples[m] * cube;
                EXPECT_EQ(t.outcome[level][player].win[m],
                          met.mwc_after(score, length, player, points, player, crawford));
                EXPECT_EQ(t.outcome[level][player].lose[m],
                          met.mwc_after(score, length, player, points, 1 - player, crawford));
              }
          }
          for (int cube : {1, 2, 4, 8, 16, 32, 64})
            for (int owner : {-1, 0, 1})
              for (int on_roll : {0, 1}) {
                const CubeInfo fast =
                    match_cube_info(cube, owner, on_roll, length, score, crawford, met);
                CubeInfo slow = fast;
                slow.score_mwcs = nullptr;  // every value from the MET, as before the tables
                ASSERT_NE(fast.score_mwcs, nullptr);
                EXPECT_EQ(match_cubeful_mwc(p, fast, 0.68f), match_cubeful_mwc(p, slow, 0.68f));
                EXPECT_EQ(live_cash_points(p, fast), live_cash_points(p, slow));
                // NaN (0 / 0) where the cube is dead for both: NaN in both.
                const float dp_fast = dead_cube_double_point(p, fast);
                const float dp_slow = dead_cube_double_point(p, slow);
                EXPECT_TRUE(dp_fast == dp_slow || (std::isnan(dp_fast) && std::isnan(dp_slow)));
                EXPECT_EQ(mwc_to_equity(0.37f, fast), mwc_to_equity(0.37f, slow));
                const CubeInfo doubled = after_double_take(fast);
                const CubeInfo made =
                    match_cube_info(2 * cube, 1 - on_roll, on_roll, length, score, crawford, met);
                EXPECT_EQ(doubled.cube, made.cube);
                EXPECT_EQ(doubled.owner, made.owner);
                EXPECT_EQ(doubled.gammon_price, made.gammon_price);
                EXPECT_EQ(match_cubeful_mwc(p, doubled, 0.68f), match_cubeful_mwc(p, made, 0.68f));
                ++checked;
              }
        }
  EXPECT_GT(checked, 1000);
}

// A CubeInfo whose score is edited by hand does not use the table of its old score.
TEST(ScoreMwcs, EditedScoreFallsBackToTheMet) {
  const MatchEquityTable& met = MatchEquityTable::kazaross_xg2();
  CubeInfo edited = match_cube_info(1, -1, 0, 7, {0, 0}, false, met);
  edited.score = {4, 2};
  edited.gammon_price = met.gammon_prices(edited.score, 7, 1);
  const CubeInfo made = match_cube_info(1, -1, 0, 7, {4, 2}, false, met);
  EXPECT_NE(edited.score_mwcs, made.score_mwcs);
  EXPECT_EQ(mwc_if_win(edited), mwc_if_win(made));
  EXPECT_EQ(mwc_if_lose(edited), mwc_if_lose(made));
  const Probabilities p = {{0.55f, 0.15f, 0.01f, 0.12f, 0.005f}};
  EXPECT_EQ(match_cubeful_mwc(p, edited, 0.68f), match_cubeful_mwc(p, made, 0.68f));
  EXPECT_EQ(after_double_take(edited).gammon_price, after_double_take(made).gammon_price);
}

// A copy of a table (here: the inverted table) has its own precomputed values.
TEST(ScoreMwcs, CopiesOfATableKeepTheirOwn) {
  const MatchEquityTable& met = MatchEquityTable::kazaross_xg2();
  const MatchEquityTable inv = met.inverted();
  const std::array<int, 2> score = {2, 5};
  const ScoreMwcs& a = met.score_mwcs(score, 7, false);
  const ScoreMwcs& b = inv.score_mwcs(score, 7, false);
  EXPECT_NE(&a, &b);
  EXPECT_EQ(b.outcome[0][0].win[0], inv.mwc_after(score, 7, 0, 1, 0, false));
  EXPECT_NE(a.outcome[0][0].win[0], b.outcome[0][0].win[0]);
}

}  // namespace
}  // namespace tavla::eval
