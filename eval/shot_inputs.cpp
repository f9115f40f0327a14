// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/shot_inputs.h"

#include <algorithm>
#include <array>

#include "eval/inputs.h"

#if defined(__AVX2__)
#include <immintrin.h>
#define TAVLA_EVAL_AVX2 1
#endif

namespace tavla::eval {

namespace {

// ---------------------------------------------------------------------------------------------
// Shot tables for kPipLoss / kP1 / kP2 (the data of gnubg's aIntermediate and aaRoll).
//
// A "way" is one way of hitting with one roll: the pips it covers, how many die faces it uses
// and the intermediate landing points (distances from the blot back towards the hitter) that
// must be open: all of them, or (for a non-double using both dice) either of the two.

struct HitWay {
  bool all;         // all intermediate points required (else either of two)
  int8_t inter[3];  // intermediate offsets, 0-terminated
  int8_t faces;     // die faces used (1 = direct shot)
  int8_t pips;      // distance covered
};

constexpr HitWay kWays[39] = {
    {true, {0, 0, 0}, 1, 1},   {true, {0, 0, 0}, 1, 2},    {true, {1, 0, 0}, 2, 2},
    {true, {0, 0, 0}, 1, 3},   {false, {1, 2, 0}, 2, 3},   {true, {1, 2, 0}, 3, 3},
    {true, {0, 0, 0}, 1, 4},   {false, {1, 3, 0}, 2, 4},   {true, {2, 0, 0}, 2, 4},
    {true, {1, 2, 3}, 4, 4},   {true, {0, 0, 0}, 1, 5},    {false, {1, 4, 0}, 2, 5},
    {false, {2, 3, 0}, 2, 5},  {true, {0, 0, 0}, 1, 6},    {false, {1, 5, 0}, 2, 6},
    {false, {2, 4, 0}, 2, 6},  {true, {3, 0, 0}, 2, 6},    {true, {2, 4, 0}, 3, 6},
    {false, {1, 6, 0}, 2, 7},  {false, {2, 5, 0}, 2, 7},   {false, {3, 4, 0}, 2, 7},
    {false, {2, 6, 0}, 2, 8},  {false, {3, 5, 0}, 2, 8},   {true, {4, 0, 0}, 2, 8},
    {true, {2, 4, 6}, 4, 8},   {false, {3, 6, 0}, 2, 9},   {false, {4, 5, 0}, 2, 9},
    {true, {3, 6, 0}, 3, 9},   {false, {4, 6, 0}, 2, 10},  {true, {5, 0, 0}, 2, 10},
    {false, {5, 6, 0}, 2, 11}, {true, {6, 0, 0}, 2, 12},   {true, {4, 8, 0}, 3, 12},
    {true, {3, 6, 9}, 4, 12},  {true, {5, 10, 0}, 3, 15},  {true, {4, 8, 12}, 4, 16},
    {true, {6, 12, 0}, 3, 18}, {true, {5, 10, 15}, 4, 20}, {true, {6, 12, 18}, 4, 24},
};

// Ways of each roll, in gnubg's roll order: 11 22 33 44 55 66 (weight 1), then 21 31 32 41 42 43
// 51 52 53 54 61 62 63 64 65 (weight 2). Doubles have four ways, the others three (-1).
constexpr int kDoubleRolls = 6;
constexpr int kRolls = 21;
constexpr int8_t kWaysByRoll[kRolls][4] = {
    {0, 2, 5, 9},     {1, 8, 17, 24},  {3, 16, 27, 33}, {6, 23, 32, 35}, {10, 29, 34, 37},
    {13, 31, 36, 38}, {0, 1, 4, -1},   {0, 3, 7, -1},   {1, 3, 12, -1},  {0, 6, 11, -1},
    {1, 6, 15, -1},   {3, 6, 20, -1},  {0, 10, 14, -1}, {1, 10, 19, -1}, {3, 10, 22, -1},
    {6, 10, 26, -1},  {0, 13, 18, -1}, {1, 13, 21, -1}, {3, 13, 25, -1}, {6, 13, 28, -1},
    {10, 13, 30, -1},
};

// The 39 ways laid out in 48 lanes (6 vectors of 8) so that the rolls combine lane by lane:
// lanes 0..5 the direct ways of faces 1..6 (also the first way of the doubles 11..66), lanes
// 8..22 the combined way of the non-doubles 21..65 (one each), lanes 24 + 8 (s - 1) + r the way
// s = 1..3 of double r. The other lanes are padding that never hits.
constexpr int kLanes = 48;
constexpr int kCombinedLane = 8;
constexpr int kDoubleLane[4] = {0, 24, 32, 40};
struct LaneLayout {
  int8_t way[kLanes];              // -1: padding
  int8_t lane[kRolls][4];          // lane of each way of each roll (-1 after a non-double's third)
  alignas(32) int32_t first[16];   // lane of the first (direct) way of non-double 6 + i
  alignas(32) int32_t second[16];  // lane of its second (direct) way
};
constexpr LaneLayout kLayout = [] {
  LaneLayout t{};
  for (int l = 0; l < kLanes; ++l) t.way[l] = -1;
  int8_t lane_of_way[39] = {};
  for (int r = 0; r < kDoubleRolls; ++r)
    for (int s = 0; s < 4; ++s) {
      t.way[kDoubleLane[s] + r] = kWaysByRoll[r][s];
      lane_of_way[kWaysByRoll[r][s]] = static_cast<int8_t>(kDoubleLane[s] + r);
    }
  for (int r = kDoubleRolls; r < kRolls; ++r) {
    t.way[kCombinedLane + r - kDoubleRolls] = kWaysByRoll[r][2];
    lane_of_way[kWaysByRoll[r][2]] = static_cast<int8_t>(kCombinedLane + r - kDoubleRolls);
  }
  for (int r = 0; r < kRolls; ++r)
    for (int s = 0; s < 4; ++s)
      t.lane[r][s] = kWaysByRoll[r][s] < 0 ? -1 : lane_of_way[kWaysByRoll[r][s]];
  for (int i = 0; i < 16; ++i) {
    const int r = kDoubleRolls + i;
    t.first[i] = r < kRolls ? t.lane[r][0] : 6;  // lane 6: padding
    t.second[i] = r < kRolls ? t.lane[r][1] : 6;
  }
  return t;
}();

// What the ways tell about one position, lane by lane: hit has bit j set when our chequer on
// index j hits a blot j - d away with the lane's way; k is the most advanced such hitter (-1 if
// none), pips = k - d + 1 the pips gnubg counts as lost (0 if none), more whether another hitter
// could use the way too, on_way whether an indirect shot from k passes over a blot (and hits it
// as well); `any`: some way hits.
struct WayHits {
  alignas(32) uint32_t hit[kLanes];
  alignas(32) int32_t k[kLanes];
  alignas(32) int32_t pips[kLanes];
  alignas(32) int32_t more[kLanes];    // 0 or 1
  alignas(32) int32_t on_way[kLanes];  // 0 or 1
  bool any;
};

// The ways as shifts, lane by lane. A hitter on j lands on j - d + x on the way (x from the
// blot), which is bit j of (made << (d - x)); a blot on the way of a hitter on k is bit k of
// (blots << x). Unused shifts are 32 (nothing survives them).
struct WayLanes {
  alignas(32) int32_t d[kLanes];
  alignas(32) int32_t all[kLanes];     // -1: every intermediate point must be open
  alignas(32) int32_t either[kLanes];  // -1: one of two must be open
  alignas(32) int32_t block[3][kLanes];
  alignas(32) int32_t on[3][kLanes];
};
constexpr WayLanes kWayLanesTable = [] {
  WayLanes t{};
  for (int l = 0; l < kLanes; ++l) {
    for (int k = 0; k < 3; ++k) t.block[k][l] = t.on[k][l] = 32;
    if (kLayout.way[l] < 0) {
      t.d[l] = 32;  // padding: blots << 32 is empty
      continue;
    }
    const HitWay& way = kWays[kLayout.way[l]];
    t.d[l] = way.pips;
    if (way.faces == 1) continue;
    t.all[l] = way.all ? -1 : 0;
    t.either[l] = way.all ? 0 : -1;
    for (int k = 0; k < 3; ++k)
      if (way.inter[k] > 0) {
        t.block[k][l] = way.pips - way.inter[k];
        t.on[k][l] = way.inter[k];
      }
  }
  return t;
}();

// Used by the portable path only (the AVX2 one shifts in vector registers).
[[maybe_unused]] inline uint32_t shl(uint32_t x, int n) {
  return n >= 32 ? 0u : x << n;
}

void compute_way_hits(uint32_t hitters, uint32_t blots, uint32_t made, uint32_t all_blots,
                      WayHits& out) {
  const WayLanes& t = kWayLanesTable;
#if defined(TAVLA_EVAL_AVX2)
  const __m256i vh = _mm256_set1_epi32(static_cast<int>(hitters));
  const __m256i vb = _mm256_set1_epi32(static_cast<int>(blots));
  const __m256i vm = _mm256_set1_epi32(static_cast<int>(made));
  const __m256i va = _mm256_set1_epi32(static_cast<int>(all_blots));
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i low25 = _mm256_set1_epi32(0x1ffffff);
  __m256i any = zero;
  for (int v = 0; v < kLanes; v += 8) {
    auto ld = [v](const int32_t* a) {
      return _mm256_load_si256(reinterpret_cast<const __m256i*>(a + v));
    };
    const __m256i d = ld(t.d);
    const __m256i m0 = _mm256_sllv_epi32(vm, ld(t.block[0]));
    const __m256i m1 = _mm256_sllv_epi32(vm, ld(t.block[1]));
    const __m256i m2 = _mm256_sllv_epi32(vm, ld(t.block[2]));
    const __m256i blocked =
        _mm256_or_si256(_mm256_and_si256(ld(t.all), _mm256_or_si256(_mm256_or_si256(m0, m1), m2)),
                        _mm256_and_si256(ld(t.either), _mm256_and_si256(m0, m1)));
    const __m256i h = _mm256_andnot_si256(
        blocked, _mm256_and_si256(_mm256_and_si256(vh, _mm256_sllv_epi32(vb, d)), low25));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.hit + v), h);
    any = _mm256_or_si256(any, h);
    const __m256i none = _mm256_cmpeq_epi32(h, zero);
    // Most significant bit: the exponent of h as a float, less one where rounding went up.
    __m256i k = _mm256_sub_epi32(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(h)), 23),
                                 _mm256_set1_epi32(127));
    k = _mm256_add_epi32(k, _mm256_cmpgt_epi32(_mm256_sllv_epi32(one, k), h));
    const __m256i pips = _mm256_add_epi32(_mm256_sub_epi32(k, d), one);
    const __m256i more = _mm256_andnot_si256(
        _mm256_cmpeq_epi32(_mm256_and_si256(h, _mm256_sub_epi32(h, one)), zero), one);
    const __m256i on = _mm256_or_si256(
        _mm256_or_si256(_mm256_sllv_epi32(va, ld(t.on[0])), _mm256_sllv_epi32(va, ld(t.on[1]))),
        _mm256_sllv_epi32(va, ld(t.on[2])));
    const __m256i on_way = _mm256_and_si256(_mm256_srlv_epi32(on, k), one);  // 0 when h is 0
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.k + v), _mm256_or_si256(k, none));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.pips + v), _mm256_andnot_si256(none, pips));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.more + v), more);
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.on_way + v), on_way);
  }
  out.any = !_mm256_testz_si256(any, any);
#else
  // Scalar twin: the same lanes one at a time.
  out.any = false;
  for (int w = 0; w < kLanes; ++w) {
    const uint32_t m0 = shl(made, t.block[0][w]), m1 = shl(made, t.block[1][w]),
                   m2 = shl(made, t.block[2][w]);
    const uint32_t blocked = (static_cast<uint32_t>(t.all[w]) & (m0 | m1 | m2)) |
                             (static_cast<uint32_t>(t.either[w]) & (m0 & m1));
    const uint32_t h = hitters & shl(blots, t.d[w]) & ~blocked & 0x1ffffffu;
    out.hit[w] = h;
    out.any |= h != 0;
    const int k = h ? msb(h) : -1;
    out.k[w] = k;
    out.pips[w] = h ? k - t.d[w] + 1 : 0;
    out.more[w] = (h & (h - 1)) != 0;
    const uint32_t on =
        shl(all_blots, t.on[0][w]) | shl(all_blots, t.on[1][w]) | shl(all_blots, t.on[2][w]);
    out.on_way[w] = h ? (on >> k) & 1 : 0;
  }
#endif
}

// Shot statistics when we are not on the bar: the sums over the rolls (weighted 1 for doubles,
// 2 for the others) of the pips lost and of the rolls that hit one and two chequers.
//
// A roll hits one chequer when any of its ways hits, and two when
//  - a double: its direct way has a second hitter, or an indirect way passes over a blot;
//  - another roll: its combined way passes over a blot, or both direct ways hit and they need
//    not the same single hitter (a hitter with a spare, `made`, can hit twice).
// (gnubg counts chequers one way after another; these are the cases where its count passes
// one.) The pips lost are the largest of the ways'.
struct ShotSums {
  int pips, one, two;
};

ShotSums roll_sums(const WayHits& wh, uint32_t made) {
  ShotSums s{0, 0, 0};
#if defined(TAVLA_EVAL_AVX2)
  const __m256i zero = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi32(1);
  auto ld = [](const auto* a, int lane) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(a + lane));
  };
  auto count = [](__m256i m) {
    return std::popcount(static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m))));
  };
  auto hsum = [](__m256i v) {
    __m128i x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0x4e));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0xb1));
    return _mm_cvtsi128_si32(x);
  };
  auto hits = [&](int lane) { return _mm256_cmpgt_epi32(ld(wh.hit, lane), zero); };
  auto set = [&](const int32_t* a, int lane) { return _mm256_cmpeq_epi32(ld(a, lane), one); };

  // Doubles: lanes 0..5 of the four way vectors.
  const __m256i h0 = hits(0);
  s.pips = hsum(_mm256_max_epi32(_mm256_max_epi32(ld(wh.pips, 0), ld(wh.pips, 24)),
                                 _mm256_max_epi32(ld(wh.pips, 32), ld(wh.pips, 40))));
  s.one =
      count(_mm256_or_si256(_mm256_or_si256(h0, hits(24)), _mm256_or_si256(hits(32), hits(40))));
  s.two = count(_mm256_or_si256(_mm256_or_si256(set(wh.more, 0), set(wh.on_way, 24)),
                                _mm256_or_si256(set(wh.on_way, 32), set(wh.on_way, 40))));
  // The others: their direct ways are lanes 0..5 picked by roll, their combined ways lanes 8..23.
  const __m256i p0 = ld(wh.pips, 0), k0 = ld(wh.k, 0);
  const __m256i vmade = _mm256_set1_epi32(static_cast<int>(made));
  __m256i pips = zero;
  int one_n = 0, two_n = 0;
  for (int i = 0; i < 16; i += 8) {
    const __m256i fa = ld(kLayout.first, i), fb = ld(kLayout.second, i);
    const int lane = kCombinedLane + i;
    pips = _mm256_add_epi32(pips,
                            _mm256_max_epi32(_mm256_max_epi32(_mm256_permutevar8x32_epi32(p0, fa),
                                                              _mm256_permutevar8x32_epi32(p0, fb)),
                                             ld(wh.pips, lane)));
    const __m256i ha = _mm256_permutevar8x32_epi32(h0, fa);
    const __m256i hb = _mm256_permutevar8x32_epi32(h0, fb);
    one_n += count(_mm256_or_si256(_mm256_or_si256(ha, hb), hits(lane)));
    const __m256i ka = _mm256_permutevar8x32_epi32(k0, fa);
    const __m256i kb = _mm256_permutevar8x32_epi32(k0, fb);
    // kb is -1 (a shift past every bit) only where b does not hit.
    const __m256i spare =
        _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_srlv_epi32(vmade, kb), one), one);
    const __m256i same_single = _mm256_andnot_si256(spare, _mm256_cmpeq_epi32(ka, kb));
    two_n += count(_mm256_or_si256(set(wh.on_way, lane),
                                   _mm256_andnot_si256(same_single, _mm256_and_si256(ha, hb))));
  }
  s.pips += 2 * hsum(pips);
  s.one += 2 * one_n;
  s.two += 2 * two_n;
#else
  for (int r = 0; r < kDoubleRolls; ++r) {
    const int8_t* l = kLayout.lane[r];
    s.pips +=
        std::max(std::max(wh.pips[l[0]], wh.pips[l[1]]), std::max(wh.pips[l[2]], wh.pips[l[3]]));
    s.one += (wh.hit[l[0]] | wh.hit[l[1]] | wh.hit[l[2]] | wh.hit[l[3]]) != 0;
    s.two += wh.more[l[0]] | wh.on_way[l[1]] | wh.on_way[l[2]] | wh.on_way[l[3]];
  }
  for (int r = kDoubleRolls; r < kRolls; ++r) {
    const int8_t* l = kLayout.lane[r];
    const int a = l[0], b = l[1], c = l[2];
    s.pips += 2 * std::max(std::max(wh.pips[a], wh.pips[b]), wh.pips[c]);
    s.one += 2 * ((wh.hit[a] | wh.hit[b] | wh.hit[c]) != 0);
    const int ka = wh.k[a], kb = wh.k[b];  // -1 when the way does not hit
    const bool both = (ka | kb) >= 0;
    const bool apart = (ka != kb) | (kb >= 0 && ((made >> kb) & 1));
    s.two += 2 * static_cast<int>(wh.on_way[c] | (both & apart));
  }
#endif
  return s;
}

}  // namespace

void encode_shots(const SideInfo& usi, const SideInfo& themi, float* out) {
  const engine::SideCounts& us = *usi.counts;
  const engine::SideCounts& them = *themi.counts;
  // 1.07 counts a home point as "board" with a single chequer (HEAD requires two).
  const int board_points = std::popcount(usi.occupied & 0x3fu);

  // Bit-parallel over our indices j (hitters) and p (their chequers, seen by us: p = 23 - i):
  // our possible hitters are every occupied index except home points of exactly two (never
  // broken to hit); their blots count, those on our ace and deuce points (p = 0, 1) only with a
  // strong board; intermediate landing points must not be their made points.
  const uint32_t hitters = usi.occupied & ~(usi.exactly_two & 0x3fu);
  const uint32_t blots = board_points > 2 ? themi.blots_mirrored : themi.blots_mirrored & ~3u;
  WayHits wh;
  compute_way_hits(hitters, blots, themi.made_mirrored, themi.blots_mirrored, wh);
  const uint32_t* hit = wh.hit;

  int pips_total = 0, one = 0, two = 0;
  if (wh.any && !us[24]) {
    const ShotSums s = roll_sums(wh, usi.made);
    pips_total = s.pips;
    one = s.one;
    two = s.two;
  } else if (wh.any) {
    for (int r = 0; r < kRolls; ++r) {
      int chequers = 0, pips = 0;
      const int8_t* ways = kWaysByRoll[r];
      const int8_t* lanes = kLayout.lane[r];
      if (us[24] == 1) {
        bool entered = false;  // the other die was needed to enter
        for (int j = 0; j < 4 && ways[j] >= 0; ++j) {
          const uint32_t h = hit[lanes[j]];
          if (!h) continue;
          const HitWay& w = kWays[ways[j]];
          if (w.faces == 1) {
            // gnubg walks the hitters down from the bar: the one on the bar hits, then the
            // most advanced one on indices 1..23 if the roll's other way (j = 0 <-> 1) enters
            // and no earlier way of the roll needed it to enter; the walk stops there.
            if (h & (1u << 24)) {
              ++chequers;
              if (25 - w.pips > pips) pips = 25 - w.pips;
            }
            const uint32_t board = h & bits(1, 23);
            if (board && !entered && them[kWays[ways[1 - j]].pips - 1] <= 1) {
              entered = true;
              ++chequers;
              const int k = msb(board);
              if (k - w.pips + 1 > pips) pips = k - w.pips + 1;
            }
          } else {
            if (!(h & (1u << 24))) continue;  // indirect shots only straight from the bar
            if (!chequers) chequers = 1;
            if (25 - w.pips > pips) pips = 25 - w.pips;
            for (int k = 0; k < 3 && w.inter[k] > 0; ++k)
              if (them[w.inter[k] + 1] == 1) {  // sic: gnubg's index
                ++chequers;
                break;
              }
          }
        }
      } else {
        // Two or more on the bar: direct shots from the bar with the first two ways only.
        for (int j = 0; j < 2; ++j) {
          const uint32_t h = hit[lanes[j]];
          const HitWay& w = kWays[ways[j]];
          if (!(h & (1u << 24)) || w.faces != 1) continue;
          ++chequers;
          if (25 - w.pips > pips) pips = 25 - w.pips;
        }
      }
      const int weight = r < kDoubleRolls ? 1 : 2;
      pips_total += weight * pips;
      if (chequers > 0) one += weight;
      if (chequers > 1) two += weight;
    }
  }
  out[kPipLoss] = static_cast<float>(pips_total) * (1.0f / (12.0f * 36.0f));
  out[kP1] = static_cast<float>(one) * (1.0f / 36.0f);
  out[kP2] = static_cast<float>(two) * (1.0f / 36.0f);
}


}  // namespace tavla::eval
