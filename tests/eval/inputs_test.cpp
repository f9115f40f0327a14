// SPDX-License-Identifier: GPL-3.0-or-later
// The input encodings, one test per heuristic input with values worked out by hand from the rules
// in gnubg-notes.md §3 (the differential test checks them all against gnubg's outputs).
#include "eval/inputs.h"

#include <gtest/gtest.h>

#include <array>

#include "eval/escapes.h"
#include "test_support.h"

namespace tavla::eval {
namespace {

using testing::board;
using testing::side;

std::array<float, kHalfInputs> half(const engine::SideCounts& us, const engine::SideCounts& them) {
  std::array<float, kHalfInputs> out{};
  encode_half(us, them, out.data());
  return out;
}

TEST(BaseInputs, PointAndBarEncodings) {
  const float point[7][4] = {{0, 0, 0, 0},   {1, 0, 0, 0}, {0, 1, 0, 0},  {0, 0, 1, 0},
                             {0, 0, 1, 0.5}, {0, 0, 1, 1}, {0, 0, 1, 1.5}};
  const float bar[5][4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 1, 0.5}};
  for (int c = 0; c < 7; ++c) {
    float out[4];
    encode_point(c, out);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(out[k], point[c][k]) << c << " " << k;
  }
  for (int c = 0; c < 5; ++c) {
    float out[4];
    encode_bar(c, out);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(out[k], bar[c][k]) << c << " " << k;
  }
}

TEST(BaseInputs, SideNotOnRollComesFirst) {
  const auto b = board(side({{5, 2}, {24, 3}, {0, 10}}), side({{23, 4}, {7, 11}}));
  float in[kBaseInputs];
  encode_base(b, in);
  EXPECT_EQ(in[4 * 5 + 1], 1.0f);  // opponent: 2 on its index 5
  EXPECT_EQ(in[96], 1.0f);         // opponent's bar, 3 chequers: 1 1 1 0
  EXPECT_EQ(in[98], 1.0f);
  EXPECT_EQ(in[99], 0.0f);
  EXPECT_EQ(in[100 + 4 * 23 + 2], 1.0f);  // side on roll: 4 on its index 23
  EXPECT_EQ(in[100 + 4 * 23 + 3], 0.5f);
  EXPECT_EQ(in[100 + 4 * 7 + 3], 4.0f);  // 11 chequers: (11 - 3) / 2
}

TEST(RaceInputs, PointsMenOffAndCrossovers) {
  // Opponent: 3 on index 2, 2 on index 8 (10 off). On roll: 1 on 20, 14 on 0 (none off).
  const auto b = board(side({{2, 3}, {8, 2}}), side({{20, 1}, {0, 14}}));
  float in[kRaceInputs];
  encode_race(b, in);
  EXPECT_EQ(in[4 * 2 + 2], 1.0f);
  EXPECT_EQ(in[4 * 8 + 1], 1.0f);
  for (int k = 0; k < 14; ++k) EXPECT_EQ(in[kRaceOffInput + k], k == 9 ? 1.0f : 0.0f) << k;
  EXPECT_FLOAT_EQ(in[kRaceCrossInput], 0.2f);  // 2 chequers in the outer board: 1 crossover each
  const float* us = in + kHalfRaceInputs;
  EXPECT_EQ(us[4 * 20 + 0], 1.0f);
  EXPECT_EQ(us[4 * 0 + 3], 5.5f);
  for (int k = 0; k < 14; ++k) EXPECT_EQ(us[kRaceOffInput + k], 0.0f);
  EXPECT_FLOAT_EQ(us[kRaceCrossInput], 0.3f);  // index 20: 3 crossovers
}

TEST(HalfInputs, OffContactNet) {
  auto off = [](int n) {
    engine::SideCounts s = side({{0, 15 - n}});
    std::array<float, 3> o{};
    encode_off_contact(s, o.data());
    return o;
  };
  EXPECT_EQ(off(0), (std::array<float, 3>{0, 0, 0}));
  EXPECT_FLOAT_EQ(off(2)[0], 2.0f / 3);
  EXPECT_EQ(off(4)[0], 1.0f);
  EXPECT_FLOAT_EQ(off(4)[1], 1.0f / 3);
  EXPECT_EQ(off(7)[1], 1.0f);
  EXPECT_FLOAT_EQ(off(7)[2], 1.0f / 3);
}

TEST(HalfInputs, OffCrashedNet) {
  auto off = [](int n) {
    engine::SideCounts s = side({{0, 15 - n}});
    std::array<float, 3> o{};
    encode_off_crashed(s, o.data());
    return o;
  };
  EXPECT_FLOAT_EQ(off(3)[0], 0.6f);
  EXPECT_EQ(off(3)[1], 0.0f);
  EXPECT_EQ(off(7)[0], 1.0f);
  EXPECT_FLOAT_EQ(off(7)[1], 0.4f);
  EXPECT_EQ(off(12)[1], 1.0f);
  EXPECT_FLOAT_EQ(off(12)[2], 0.4f);
}

TEST(HalfInputs, ContactBlocksAreCrossedOverForOff) {
  // The contact net's block A carries the opponent's borne-off chequers, the crashed net's the
  // side on roll's.
  const auto b = board(side({{1, 11}, {20, 2}}), side({{0, 13}, {23, 1}}));  // 2 off, 1 off
  float contact[kContactInputs], crashed[kContactInputs];
  encode_contact(b, contact);
  encode_crashed(b, crashed);
  EXPECT_FLOAT_EQ(contact[kBaseInputs + kOff1], 2.0f / 3);
  EXPECT_FLOAT_EQ(contact[kBaseInputs + kHalfInputs + kOff1], 1.0f / 3);
  EXPECT_FLOAT_EQ(crashed[kBaseInputs + kOff1], 1.0f / 5);
  EXPECT_FLOAT_EQ(crashed[kBaseInputs + kHalfInputs + kOff1], 2.0f / 5);
  // The other inputs of block A describe the side on roll in both nets.
  const auto a = half(b.sides[1], b.sides[0]);
  for (int k = kBreakContact; k < kHalfInputs; ++k) {
    EXPECT_EQ(contact[kBaseInputs + k], a[k]) << k;
    EXPECT_EQ(crashed[kBaseInputs + k], a[k]) << k;
  }
}

TEST(HalfInputs, BreakContact) {
  // Their rear chequer on their index 20 = our index 3. Pips to pass it: (i + 1 - 3) per chequer.
  const auto a = half(side({{23, 2}, {12, 3}, {5, 10}}), side({{20, 1}, {0, 14}}));
  EXPECT_FLOAT_EQ(a[kBreakContact], (30 + 30 + 42) / 167.0f);
}

TEST(HalfInputs, FreePip) {
  // Our chequer on index 1 is past their rear chequer (our index 3): 2 pips.
  const auto a = half(side({{23, 2}, {12, 3}, {5, 9}, {1, 1}}), side({{20, 1}, {0, 14}}));
  EXPECT_FLOAT_EQ(a[kFreePip], 0.02f);
}

TEST(HalfInputs, BackChequer) {
  EXPECT_FLOAT_EQ(half(side({{23, 1}, {0, 14}}), side({{10, 15}}))[kBackChequer], 23.0f / 24);
  EXPECT_FLOAT_EQ(half(side({{24, 1}, {0, 14}}), side({{10, 15}}))[kBackChequer], 1.0f);
}

TEST(HalfInputs, BackAnchor) {
  EXPECT_FLOAT_EQ(half(side({{23, 1}, {20, 2}, {5, 12}}), side({{10, 15}}))[kBackAnchor],
                  20.0f / 24);
  // From the bar the search starts on index 23.
  EXPECT_FLOAT_EQ(half(side({{24, 1}, {23, 2}, {0, 12}}), side({{10, 15}}))[kBackAnchor],
                  23.0f / 24);
  engine::SideCounts blots{};
  for (int i = 0; i < 15; ++i) blots[i] = 1;
  EXPECT_FLOAT_EQ(half(blots, side({{20, 15}}))[kBackAnchor], -1.0f / 24);
}

TEST(HalfInputs, ForwardAnchor) {
  // Anchors on 20 and 19: the most forward one in their home board is 19 (24 - 19 = 5).
  EXPECT_FLOAT_EQ(half(side({{20, 2}, {19, 2}, {0, 11}}), side({{10, 15}}))[kForwardAnchor],
                  5.0f / 6);
  // No anchor in their home board: the outer board, here index 14.
  EXPECT_FLOAT_EQ(half(side({{21, 1}, {14, 2}, {0, 12}}), side({{10, 15}}))[kForwardAnchor],
                  10.0f / 6);
  EXPECT_EQ(half(side({{0, 15}}), side({{10, 15}}))[kForwardAnchor], 2.0f);
}

TEST(HalfInputs, ShotsOneBlotThreeAway) {
  // One hitter on our 10, their blot on our 7: the 14 rolls that hit 3 away, each losing them
  // "8 pips" (gnubg's measure: hitter index - distance + 1).
  const auto a = half(side({{10, 1}, {0, 14}}), side({{16, 1}, {0, 14}}));
  EXPECT_FLOAT_EQ(a[kP1], 14.0f / 36);
  EXPECT_EQ(a[kP2], 0.0f);
  EXPECT_FLOAT_EQ(a[kPipLoss], 8.0f * 14 / 432);
}

TEST(HalfInputs, ShotsTwoBlots) {
  // Hitter on our 13; blots on our 10 (3 away) and 7 (6 away). Worked out roll by roll: 28/36
  // rolls hit; only 33 hits both (its 6-pip way stops on the blot 3 away); pips 266.
  const auto a = half(side({{13, 1}, {0, 14}}), side({{13, 1}, {16, 1}, {0, 13}}));
  EXPECT_FLOAT_EQ(a[kP1], 28.0f / 36);
  EXPECT_FLOAT_EQ(a[kP2], 1.0f / 36);
  EXPECT_FLOAT_EQ(a[kPipLoss], 266.0f / 432);
}

TEST(HalfInputs, ShotsFromTheBar) {
  // One chequer on the bar, their blot 3 away from it (their index 2). 21 also counts a second
  // hit through gnubg's intermediate-point quirk (it looks at their index x + 1).
  const auto a = half(side({{24, 1}, {0, 14}}), side({{2, 1}, {0, 14}}));
  EXPECT_FLOAT_EQ(a[kP1], 13.0f / 36);
  EXPECT_FLOAT_EQ(a[kP2], 2.0f / 36);
  EXPECT_FLOAT_EQ(a[kPipLoss], 22.0f * 13 / 432);
}

TEST(HalfInputs, ShotsOnlyWithAStrongBoardOnTheAceAndDeucePoints) {
  // Their blot on our deuce point (their index 22) counts only with 3+ home points "made"
  // (1.07: one chequer is enough to count a point).
  const auto weak = half(side({{8, 1}, {6, 14}}), side({{22, 1}, {10, 14}}));
  EXPECT_EQ(weak[kP1], 0.0f);
  const auto strong =
      half(side({{8, 1}, {5, 1}, {4, 1}, {3, 1}, {6, 11}}), side({{22, 1}, {10, 14}}));
  EXPECT_GT(strong[kP1], 0.0f);
}

TEST(HalfInputs, BackEscapes) {
  // Their rear chequer on their index 23 (our 0); our points 6 and 7 pips in front of it.
  const auto a = half(side({{6, 2}, {7, 2}, {18, 11}}), side({{23, 1}, {0, 14}}));
  EXPECT_FLOAT_EQ(a[kBackEscapes], 24.0f / 36);  // all but totals 6, 7 and 66
}

TEST(HalfInputs, BackREscapes) {
  const auto a = half(side({{6, 2}, {7, 2}, {18, 11}}), side({{23, 1}, {0, 14}}));
  EXPECT_FLOAT_EQ(a[kBackREscapes], 14.0f / 36);  // of those, the ones jumping past 7: 8 to 11
}

TEST(HalfInputs, AContainAndContain) {
  // A closed home board (0..5) and them on the bar: nothing escapes from the bar, so the contain
  // input including the bar is 1; from our ace point (their 23) only the 6s escape (11 rolls).
  const auto a = half(side({{0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {18, 3}}),
                      side({{24, 1}, {10, 14}}));
  EXPECT_EQ(a[kAContain], 1.0f);
  EXPECT_EQ(a[kAContain2], 1.0f);
  EXPECT_FLOAT_EQ(a[kContain], 25.0f / 36);
  EXPECT_FLOAT_EQ(a[kContain2], (25.0f / 36) * (25.0f / 36));
  // A full prime in front of their rear chequer (their 23 = our 0): nothing escapes.
  const auto p = half(side({{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {18, 3}}),
                      side({{23, 1}, {0, 14}}));
  EXPECT_EQ(p[kAContain], 1.0f);
  EXPECT_EQ(p[kContain], 1.0f);
  EXPECT_EQ(p[kBackEscapes], 0.0f);
}

TEST(HalfInputs, Mobility) {
  // One chequer on our 10 with nothing in front: (10 - 5) x 36 / 3600.
  EXPECT_FLOAT_EQ(half(side({{10, 1}, {0, 14}}), side({{0, 15}}))[kMobility], 0.05f);
}

TEST(HalfInputs, Moment2) {
  // Chequers on 0, 0, 10, 10: mean rounded up 5; beyond it 2 x 25 / 2 = 25.
  EXPECT_FLOAT_EQ(half(side({{0, 2}, {10, 2}}), side({{0, 2}}))[kMoment2], 25.0f / 400);
}

TEST(HalfInputs, Enter) {
  // Their points on their 0 and 1 (our entry points for 1 and 2).
  const auto them = side({{0, 2}, {1, 2}, {20, 11}});
  EXPECT_FLOAT_EQ(half(side({{24, 1}, {12, 14}}), them)[kEnter], 18.0f / 294);
  EXPECT_FLOAT_EQ(half(side({{24, 2}, {12, 13}}), them)[kEnter], 42.0f / 294);
  EXPECT_EQ(half(side({{12, 15}}), them)[kEnter], 0.0f);
}

TEST(HalfInputs, Enter2) {
  const auto them = side({{0, 2}, {1, 2}, {20, 11}});
  EXPECT_FLOAT_EQ(half(side({{12, 15}}), them)[kEnter2], 20.0f / 36);  // 2 closed: 36 - 16
  EXPECT_EQ(half(side({{12, 15}}), side({{20, 15}}))[kEnter2], 0.0f);
}

TEST(HalfInputs, Timing) {
  // Their rear chequer on our 1: 2 on our 8 give 16 pips, filling the 6-point hole costs 10.
  EXPECT_FLOAT_EQ(half(side({{8, 2}, {0, 13}}), side({{22, 1}, {10, 14}}))[kTiming], 0.06f);
  // Their rear chequer on our 18: the spare on our 20 counts, so does the blot on 16 and the
  // point on 8; the holes on 5 and 4 are filled.
  EXPECT_FLOAT_EQ(half(side({{20, 3}, {16, 1}, {8, 2}, {0, 9}}), side({{5, 1}, {2, 14}}))[kTiming],
                  0.34f);
}

TEST(HalfInputs, Backbone) {
  // Points 20 (first, never updated), 15 (5 away: 11) and 9 (11 away: 2), each weighted by the
  // 2 chequers on 20.
  EXPECT_FLOAT_EQ(half(side({{20, 2}, {15, 3}, {9, 2}, {0, 8}}), side({{10, 15}}))[kBackbone],
                  1.0f - 26.0f / 44);
  EXPECT_EQ(half(side({{20, 2}, {0, 13}}), side({{10, 15}}))[kBackbone], 0.0f);
}

TEST(HalfInputs, BackGame) {
  const auto two = half(side({{18, 2}, {20, 2}, {22, 1}, {24, 1}, {0, 9}}), side({{10, 15}}));
  EXPECT_FLOAT_EQ(two[kBackG], 0.75f);
  EXPECT_EQ(two[kBackG1], 0.0f);
  const auto one = half(side({{19, 3}, {21, 1}, {0, 11}}), side({{10, 15}}));
  EXPECT_EQ(one[kBackG], 0.0f);
  EXPECT_FLOAT_EQ(one[kBackG1], 0.5f);
}

TEST(Escapes, TablesMatchCountingTheDice) {
  for (int mask = 0; mask < 4096; ++mask) {
    auto blocked = [&](int pips) { return pips <= 12 && (mask & (1 << (pips - 1))); };
    int nearest = 0;
    while (nearest < 12 && !(mask & (1 << nearest))) ++nearest;
    int all = 0, past = 0;
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= 6; ++d2) {
        // Doubles need d and 2d open; others the total and at least one die.
        const bool escapes = !blocked(d1 + d2) && (!blocked(d1) || !blocked(d2));
        all += escapes;
        past += escapes && mask && d1 + d2 > nearest + 1;
      }
    ASSERT_EQ(kEscapes[mask], all) << mask;
    ASSERT_EQ(kEscapesPastNearest[mask], past) << mask;
  }
}

TEST(SparseInputs, SameAsDense) {
  const engine::Board boards[] = {
      board(side({{5, 5}, {7, 3}, {12, 5}, {23, 2}}), side({{5, 5}, {7, 3}, {12, 5}, {23, 2}})),
      board(side({{24, 4}, {0, 3}, {2, 2}, {16, 6}}), side({{20, 1}, {3, 7}, {11, 7}})),
      board(side({{1, 4}, {4, 6}}), side({{0, 2}, {8, 9}})),  // race
  };
  for (const auto& b : boards)
    for (PositionClass c :
         {PositionClass::kContact, PositionClass::kCrashed, PositionClass::kRace}) {
      if ((c == PositionClass::kRace) != (classify(b) == PositionClass::kRace)) continue;
      float dense[kMaxInputs];
      encode_inputs(c, b, dense);
      SparseInputs sparse;
      encode_sparse(c, b, sparse);
      int k = 0;
      for (int i = 0; i < input_count(c); ++i) {
        if (dense[i] == 0.0f) continue;
        ASSERT_LT(k, sparse.count);
        EXPECT_EQ(sparse.index[k], i);
        EXPECT_EQ(sparse.value[k], dense[i]);
        ++k;
      }
      EXPECT_EQ(k, sparse.count);
    }
}

}  // namespace
}  // namespace tavla::eval
