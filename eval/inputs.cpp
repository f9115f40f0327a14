#include "eval/inputs.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <iterator>

#include "eval/board_summary.h"
#include "eval/escapes.h"

#if defined(__AVX2__)
#include <immintrin.h>
#define TAVLA_EVAL_AVX2 1
#endif

namespace tavla::eval {

using engine::Board;
using engine::SideCounts;

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

// Bits lo..hi (inclusive); empty when hi < lo.
constexpr uint32_t bits(int lo, int hi) {
  return hi < lo ? 0u : static_cast<uint32_t>((uint64_t{1} << (hi + 1)) - (uint64_t{1} << lo));
}

inline int msb(uint32_t x) {
  return 31 - std::countl_zero(x);
}

// Per-side bit masks (bit i = index i of that side) computed once per board, and the same for the
// points seen from the other side (bit p = the side's index 23 - p, p = 0..23).
struct SideInfo {
  const SideCounts* counts;
  uint32_t occupied, blots, made, exactly_two;
  uint32_t blots_mirrored, made_mirrored;
  int back;   // rearmost occupied index (24 = bar), -1 when the side has no chequers
  int total;  // chequers on the board
  int pips;   // sum of index x chequers (gnubg's moment input uses it)
};

SideInfo side_info(const SideCounts& s, const SideSummary& m) {
  SideInfo info{&s, m.occupied, m.blots, m.made(), m.exactly_two, 0, 0, m.back(), m.total, m.pips};
  info.blots_mirrored = mirror24(info.blots);
  info.made_mirrored = mirror24(info.made);
  return info;
}

SideInfo side_info(const SideCounts& s) {
  SideSummary m;
  for (int i = 0; i < engine::kSlots; ++i) {
    const int c = s[i];
    m.occupied |= static_cast<uint32_t>(c > 0) << i;
    m.blots |= static_cast<uint32_t>(c == 1) << i;
    m.exactly_two |= static_cast<uint32_t>(c == 2) << i;
    m.total += c;
    m.pips += i * c;
  }
  return side_info(s, m);
}

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

inline uint32_t shl(uint32_t x, int n) {
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

// The shot statistics: PIPLOSS, P1, P2 of `us` hitting `them`.
void encode_shots(const SideInfo& usi, const SideInfo& themi, float* out) {
  const SideCounts& us = *usi.counts;
  const SideCounts& them = *themi.counts;
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

// Points encoding of lib/inputs.c: (c == 1, c == 2, c >= 3, (c - 3) / 2).
inline void write_point(int c, float* out) {
  out[0] = c == 1 ? 1.0f : 0.0f;
  out[1] = c == 2 ? 1.0f : 0.0f;
  out[2] = c >= 3 ? 1.0f : 0.0f;
  out[3] = c > 3 ? static_cast<float>(c - 3) / 2.0f : 0.0f;
}

inline void write_bar(int c, float* out) {
  out[0] = c >= 1 ? 1.0f : 0.0f;
  out[1] = c >= 2 ? 1.0f : 0.0f;
  out[2] = c >= 3 ? 1.0f : 0.0f;
  out[3] = c > 3 ? static_cast<float>(c - 3) / 2.0f : 0.0f;
}

inline int checkers_off(const SideCounts& s) {
  int n = engine::kCheckersPerSide;
  for (int c : s) n -= c;
  return n;
}

// The chequers-off inputs of the contact and crashed nets for n chequers off.
void write_off_contact(int n, float* out) {
  assert(n <= 8 && "a contact (not crashed) position has at most 8 chequers off");
  if (n <= 2) {
    out[0] = n ? static_cast<float>(n) * (1.0f / 3.0f) : 0.0f;
    out[1] = out[2] = 0.0f;
  } else if (n <= 5) {
    out[0] = 1.0f;
    out[1] = static_cast<float>(n - 3) * (1.0f / 3.0f);
    out[2] = 0.0f;
  } else {
    out[0] = out[1] = 1.0f;
    out[2] = static_cast<float>(n - 6) * (1.0f / 3.0f);
  }
}

void write_off_crashed(int n, float* out) {
  if (n <= 5) {
    out[0] = n ? static_cast<float>(n) * (1.0f / 5.0f) : 0.0f;
    out[1] = out[2] = 0.0f;
  } else if (n <= 10) {
    out[0] = 1.0f;
    out[1] = static_cast<float>(n - 5) * (1.0f / 5.0f);
    out[2] = 0.0f;
  } else {
    out[0] = out[1] = 1.0f;
    out[2] = static_cast<float>(n - 10) * (1.0f / 5.0f);
  }
}

}  // namespace

void encode_point(int c, float out[4]) {
  write_point(c, out);
}
void encode_bar(int c, float out[4]) {
  write_bar(c, out);
}

void encode_base(const Board& board, float* out) {
  for (int side = 0; side < 2; ++side) {
    float* o = out + side * engine::kSlots * kSlotInputs;
    const SideCounts& s = board.sides[side];
    for (int i = 0; i < engine::kPoints; ++i) write_point(s[i], o + kSlotInputs * i);
    write_bar(s[engine::kBar], o + kSlotInputs * engine::kBar);
  }
}

void encode_race(const Board& board, float* out) {
  for (int side = 0; side < 2; ++side) {
    const SideCounts& s = board.sides[side];
    float* o = out + side * kHalfRaceInputs;
    assert(s[23] == 0 && s[24] == 0 && "race positions have nobody on index 23 or the bar");
    int off = engine::kCheckersPerSide;
    for (int i = 0; i < 23; ++i) {
      off -= s[i];
      write_point(s[i], o + 4 * i);
    }
    for (int k = 0; k < 14; ++k) o[kRaceOffInput + k] = off == k + 1 ? 1.0f : 0.0f;
    // Crossovers still to make: 1 per chequer in the outer board, 2 in the opponent's outer
    // board, 3 in the opponent's home board.
    int cross = 0;
    for (int q = 1; q < 4; ++q)
      for (int i = 6 * q; i < 6 * q + 6; ++i) cross += q * s[i];
    o[kRaceCrossInput] = static_cast<float>(cross) * (1.0f / 10.0f);
  }
}

void encode_off_contact(const SideCounts& side, float* out) {
  write_off_contact(checkers_off(side), out);
}

void encode_off_crashed(const SideCounts& side, float* out) {
  write_off_crashed(checkers_off(side), out);
}

namespace {

void encode_half_impl(const SideInfo& usi, const SideInfo& themi, float* out) {
  const SideCounts& us = *usi.counts;
  const SideCounts& them = *themi.counts;
  const int opp_back = themi.back;  // their rearmost chequer, their index
  assert(opp_back >= 0 && usi.back >= 0);
  const int k0 = 23 - opp_back;  // the same chequer in our coordinates (-1 = their bar)

  {
    // Pips to break contact: every chequer behind their rear chequer must pass it, sum of
    // (i + 1 - k0) us[i] over i > k0. Pips already past it: sum of (i + 1) us[i] over i < k0,
    // which is what remains of the whole sum of (i + 1) us[i] (= pips + total).
    int behind_pips = 0, behind = 0;
    for (uint32_t m = usi.occupied & bits(k0 + 1, 24); m; m &= m - 1) {
      const int i = std::countr_zero(m);
      behind_pips += i * us[i];
      behind += us[i];
    }
    const int np = behind_pips + (1 - k0) * behind;
    const int at = k0 >= 0 ? (k0 + 1) * us[k0] : 0;
    const int p = usi.pips + usi.total - (behind_pips + behind) - at;
    out[kBreakContact] = static_cast<float>(np) * (1.0f / (15 + 152.0f));
    out[kFreePip] = static_cast<float>(p) * (1.0f / 100.0f);
  }
  {  // timing: pips we can play before we must break our points
    // Every chequer on indices 6..24 (pips and count of the whole side less the home board),
    // except that a point behind m keeps two (the spares of a point, or a blot that must move
    // anyway).
    int home_pips = 0, home = 0;
    for (int i = 0; i < 6; ++i) {
      home_pips += i * us[i];
      home += us[i];
    }
    int t = usi.pips - home_pips, no = usi.total - home;
    const int m = k0 >= 11 ? k0 : 11;
    for (uint32_t kept = usi.made & bits(m + 1, 23); kept; kept &= kept - 1) {
      t -= 2 * std::countr_zero(kept);
      no -= 2;
    }
    for (int i = 5; i >= 0; --i) {
      if (us[i] > 2) {
        t += i * (us[i] - 2);
        no += us[i] - 2;
      } else if (us[i] < 2) {  // chequers that will fill the hole
        const int nm = 2 - us[i];
        if (no >= nm) {
          t -= i * nm;
          no -= nm;
        }
      }
    }
    out[kTiming] = static_cast<float>(t) * (1.0f / 100.0f);
  }

  const int back = usi.back;
  out[kBackChequer] = static_cast<float>(back) * (1.0f / 24.0f);
  // The rearmost point (from index 23 when the back chequer is on the bar).
  const uint32_t anchors_below = usi.made & bits(0, back == 24 ? 23 : back);
  const int anchor = anchors_below ? msb(anchors_below) : -1;
  out[kBackAnchor] = static_cast<float>(anchor) * (1.0f / 24.0f);
  {
    // The lowest point in their home board up to the back anchor, else the highest point in
    // their outer board.
    int n = 0;
    if (const uint32_t home = usi.made & bits(18, anchor))
      n = 24 - std::countr_zero(home);
    else if (const uint32_t outer = usi.made & bits(12, 17))
      n = 24 - msb(outer);
    out[kForwardAnchor] = n == 0 ? 2.0f : static_cast<float>(n) * (1.0f / 6.0f);
  }

  encode_shots(usi, themi, out);

  const uint32_t our_points = usi.made;
  const uint32_t their_points = themi.made;
  auto our_escapes = [&](int n) { return kEscapes[escape_mask_of_made(our_points, n)]; };
  out[kBackEscapes] = static_cast<float>(our_escapes(opp_back)) * (1.0f / 36.0f);
  out[kBackREscapes] =
      static_cast<float>(kEscapesPastNearest[escape_mask_of_made(our_points, opp_back)]) *
      (1.0f / 36.0f);
  {
    int n = 36, i = 15;
    for (; i < 24 - k0; ++i) n = std::min<int>(n, our_escapes(i));
    out[kAContain] = static_cast<float>(36 - n) * (1.0f / 36.0f);
    out[kAContain2] = out[kAContain] * out[kAContain];
    if (k0 < 0) {  // they are on the bar: the bar itself does not count for kContain
      i = 15;
      n = 36;
    }
    for (; i < 24; ++i) n = std::min<int>(n, our_escapes(i));
    out[kContain] = static_cast<float>(36 - n) * (1.0f / 36.0f);
    out[kContain2] = out[kContain] * out[kContain];
  }
  {
    int n = 0;
    for (uint32_t m = usi.occupied & bits(6, 24); m; m &= m - 1) {
      const int i = std::countr_zero(m);
      n += (i - 5) * us[i] * kEscapes[escape_mask_of_made(their_points, i)];
    }
    out[kMobility] = static_cast<float>(n) * (1.0f / 3600.0f);
  }
  {  // second moment about the (rounded up) mean, chequers beyond the mean only
    const int mean = (usi.pips + usi.total - 1) / usi.total;
    int j = 0, k = 0;
    for (uint32_t m = usi.occupied & bits(mean + 1, 24); m; m &= m - 1) {
      const int i = std::countr_zero(m);
      j += us[i];
      k += us[i] * (i - mean) * (i - mean);
    }
    if (j) k = (k + j - 1) / j;
    out[kMoment2] = static_cast<float>(k) * (1.0f / 400.0f);
  }
  if (us[24] > 0) {  // pips lost when rolls fail to enter
    int loss = 0;
    const bool two = us[24] > 1;
    for (int i = 0; i < 6; ++i) {
      if (them[i] > 1) {
        loss += 4 * (i + 1);  // the double of this number fails
        for (int j = i + 1; j < 6; ++j) {
          if (them[j] > 1)
            loss += 2 * (i + j + 2);
          else if (two)
            loss += 2 * (i + 1);
        }
      } else if (two) {
        for (int j = i + 1; j < 6; ++j)
          if (them[j] > 1) loss += 2 * (j + 1);
      }
    }
    out[kEnter] = static_cast<float>(loss) * (1.0f / (36.0f * (49.0f / 6.0f)));
  } else {
    out[kEnter] = 0.0f;
  }
  {
    const int n = std::popcount(their_points & 0x3fu);
    out[kEnter2] = static_cast<float>(36 - (n - 6) * (n - 6)) * (1.0f / 36.0f);
  }
  {
    // Backbone: the first (rearmost) point of indices 23..1 is `pa`, never updated; every
    // further point adds the connectivity of its distance to pa (11 up to 6 pips, then
    // 6, 5, 4, 3, 2 for 7..11 pips, 0 beyond), weighted by pa's chequers.
    const uint32_t points = our_points & bits(1, 23);
    int w = 0, tot = 0;
    if (points) {
      const int pa = msb(points);
      const uint32_t rest = points & ~(1u << pa);
      const int near = std::popcount(rest & bits(pa - 6 < 0 ? 0 : pa - 6, pa - 1));
      int c = 11 * near;
      for (int d = 7; d <= 11 && d <= pa; ++d)
        c += (13 - d) * static_cast<int>((rest >> (pa - d)) & 1);
      w = c * us[pa];
      tot = std::popcount(rest) * us[pa];
    }
    // gnubg: 1 - w / (11 tot), which its -ffast-math build evaluates as 1 - (w x (1/11)) / tot.
    out[kBackbone] =
        tot ? 1.0f - static_cast<float>(w) * (1.0f / 11.0f) / static_cast<float>(tot) : 0.0f;
  }
  {
    const int anchors = std::popcount(our_points & bits(18, 23));
    out[kBackG] = out[kBackG1] = 0.0f;
    if (anchors >= 1) {
      int tot = 0;
      for (int i = 18; i < 25; ++i) tot += us[i];
      if (anchors > 1)
        out[kBackG] = static_cast<float>(tot - 3) / 4.0f;
      else
        out[kBackG1] = static_cast<float>(tot) / 8.0f;
    }
  }
}

}  // namespace

void encode_half(const SideCounts& us, const SideCounts& them, float* out) {
  encode_half_impl(side_info(us), side_info(them), out);
}

namespace {

// Blocks A (side on roll against the opponent) and B (the other way round) of a contact or
// crashed board: out[0..49].
void encode_blocks(PositionClass c, const Board& board, const std::array<SideSummary, 2>& sum,
                   float* out) {
  const SideCounts& us = board.sides[Board::kOnRoll];
  const SideCounts& them = board.sides[Board::kOpponent];
  const SideInfo ui = side_info(us, sum[Board::kOnRoll]);
  const SideInfo ti = side_info(them, sum[Board::kOpponent]);
  float* a = out;
  float* b = out + kHalfInputs;
  if (c == PositionClass::kContact) {
    write_off_contact(engine::kCheckersPerSide - ti.total, a);  // crossed over, see inputs.h
    write_off_contact(engine::kCheckersPerSide - ui.total, b);
  } else {
    write_off_crashed(engine::kCheckersPerSide - ui.total, a);
    write_off_crashed(engine::kCheckersPerSide - ti.total, b);
  }
  encode_half_impl(ui, ti, a);
  encode_half_impl(ti, ui, b);
}

}  // namespace

void encode_contact(const Board& board, float* out) {
  encode_base(board, out);
  encode_blocks(PositionClass::kContact, board, summarize(board), out + kBaseInputs);
}

void encode_crashed(const Board& board, float* out) {
  encode_base(board, out);
  encode_blocks(PositionClass::kCrashed, board, summarize(board), out + kBaseInputs);
}

int input_count(PositionClass c) {
  switch (c) {
    case PositionClass::kRace:
      return kRaceInputs;
    case PositionClass::kCrashed:
    case PositionClass::kContact:
      return kContactInputs;
    default:
      return 0;
  }
}

void encode_inputs(PositionClass c, const Board& board, float* out) {
  switch (c) {
    case PositionClass::kRace:
      encode_race(board, out);
      return;
    case PositionClass::kCrashed:
      encode_crashed(board, out);
      return;
    case PositionClass::kContact:
      encode_contact(board, out);
      return;
    default:
      assert(false && "no net for this class");
  }
}

namespace {

inline void push(SparseInputs& s, int index, float value) {
  s.index[s.count] = static_cast<uint16_t>(index);
  s.value[s.count] = value;
  ++s.count;
}

// The nonzero inputs of point i holding c chequers: c = 1, 2 and 3 set inputs 0, 1, 2; more
// than 3 set input 2 and input 3 = (c - 3) / 2. Both candidate entries are stored at once, as an
// index pair (low half first, relative to the side's first input) and a value pair, and n of
// them are kept.
struct PointCode {
  uint32_t indices;  // two uint16 indices
  uint32_t n;
  uint64_t values;  // two floats
};
constexpr uint64_t pack_floats(float lo, float hi) {
  return static_cast<uint64_t>(std::bit_cast<uint32_t>(lo)) |
         static_cast<uint64_t>(std::bit_cast<uint32_t>(hi)) << 32;
}
// [i][c]: point index i (0..23), chequer count c.
constexpr std::array<std::array<PointCode, 16>, 24> kPointCodes = [] {
  std::array<std::array<PointCode, 16>, 24> t{};
  for (int i = 0; i < 24; ++i)
    for (int c = 1; c < 16; ++c) {
      const uint32_t base = static_cast<uint32_t>(kSlotInputs * i);
      t[i][c].n = c > 3 ? 2 : 1;
      t[i][c].indices = (base + static_cast<uint32_t>(c < 3 ? c - 1 : 2)) | (base + 3) << 16;
      t[i][c].values = pack_floats(1.0f, static_cast<float>(c - 3) / 2.0f);
    }
  return t;
}();

// The nonzero inputs of the bar holding c chequers (cumulative encoding): inputs 0..2 are 1 for
// the first three chequers, input 3 = (c - 3) / 2 beyond. All four candidates are stored at once.
struct BarCode {
  uint64_t offsets;  // four uint16 offsets: 0, 1, 2, 3
  int32_t n;
  float values[4];
};
constexpr std::array<BarCode, 16> kBarCodes = [] {
  std::array<BarCode, 16> t{};
  for (int c = 0; c < 16; ++c) {
    t[c].offsets = 0x0003000200010000ull;
    t[c].n = c < 4 ? c : 4;
    t[c].values[0] = t[c].values[1] = t[c].values[2] = 1.0f;
    t[c].values[3] = static_cast<float>(c - 3) / 2.0f;
  }
  return t;
}();

// Nonzero point inputs of one side, in index order: the occupied slots among `points` (bits of
// point indices) use the point encoding, then (if with_bar) the bar uses the cumulative one.
// Every occupied slot writes two entries (the bar four) and keeps n of them, so there is no
// branch per slot; SparseInputs has room for the extra writes past the end.
inline void push_side(SparseInputs& s, const SideCounts& side, int first, uint32_t points,
                      bool with_bar) {
  size_t k = static_cast<size_t>(s.count);
  const uint32_t first_pair = static_cast<uint32_t>(first) * 0x10001u;
  for (; points; points &= points - 1) {
    const int i = std::countr_zero(points);
    const PointCode& code = kPointCodes[i][side[i]];
    const uint32_t index = first_pair + code.indices;
    std::memcpy(s.index + k, &index, sizeof index);
    std::memcpy(s.value + k, &code.values, sizeof code.values);
    k += code.n;
  }
  if (with_bar) {
    const BarCode& code = kBarCodes[side[engine::kBar]];
    const uint64_t base =
        static_cast<uint64_t>(first + kSlotInputs * engine::kBar) * 0x0001000100010001ull;
    const uint64_t index = base + code.offsets;
    std::memcpy(s.index + k, &index, sizeof index);
    std::memcpy(s.value + k, code.values, sizeof code.values);
    k += static_cast<size_t>(code.n);
  }
  s.count = static_cast<int>(k);
}

#if defined(TAVLA_EVAL_AVX2)
// Byte m of entry b: the lane of the m-th set bit of b (the shuffle that packs the lanes of a
// movemask to the front, in order).
constexpr std::array<uint64_t, 256> kCompress = [] {
  std::array<uint64_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int m = 0;
    for (int lane = 0; lane < 8; ++lane)
      if (b >> lane & 1) t[b] |= static_cast<uint64_t>(lane) << (8 * m++);
  }
  return t;
}();
#endif

// Appends the nonzero values among values[0..n) as inputs first.. in order. The AVX2 path reads
// values in groups of 8: values must hold n rounded up to 8, the tail zero.
inline void push_dense(SparseInputs& s, const float* values, int first, int n) {
  int k = s.count;
#if defined(TAVLA_EVAL_AVX2)
  const __m256 zero = _mm256_setzero_ps();
  for (int i = 0; i < n; i += 8) {
    const __m256 v = _mm256_loadu_ps(values + i);
    const unsigned m = static_cast<unsigned>(_mm256_movemask_ps(_mm256_cmp_ps(v, zero, _CMP_NEQ_UQ)));
    const __m256i lanes = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<int64_t>(kCompress[m])));
    _mm256_storeu_ps(s.value + k, _mm256_permutevar8x32_ps(v, lanes));
    const __m256i index = _mm256_add_epi32(lanes, _mm256_set1_epi32(first + i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(s.index + k),
                     _mm_packus_epi32(_mm256_castsi256_si128(index),
                                      _mm256_extracti128_si256(index, 1)));
    k += std::popcount(m);
  }
#else
  for (int i = 0; i < n; ++i) {  // write every value, keep the nonzero ones (no branch per input)
    s.index[k] = static_cast<uint16_t>(first + i);
    s.value[k] = values[i];
    k += values[i] != 0.0f;
  }
#endif
  s.count = k;
}

}  // namespace

namespace {

void encode_base_sparse(const Board& board, const std::array<SideSummary, 2>& sum,
                        SparseInputs& out) {
  out.count = 0;
  for (int side = 0; side < 2; ++side)
    push_side(out, board.sides[side], side * engine::kSlots * kSlotInputs,
              sum[side].occupied & 0xffffffu, true);
}

}  // namespace

void encode_base_sparse(const Board& board, SparseInputs& out) {
  encode_base_sparse(board, summarize(board), out);
}

void encode_sparse(PositionClass c, const Board& board, SparseInputs& out) {
  const std::array<SideSummary, 2> sum = summarize(board);
  if (c == PositionClass::kRace) {
    out.count = 0;
    for (int side = 0; side < 2; ++side) {
      const SideCounts& s = board.sides[side];
      const int first = side * kHalfRaceInputs;
      push_side(out, s, first, sum[side].occupied & 0x7fffffu, false);
      const int off = engine::kCheckersPerSide - sum[side].total;
      if (off >= 1 && off <= 14) push(out, first + kRaceOffInput + off - 1, 1.0f);
      int cross = 0;
      for (int q = 1; q < 4; ++q)
        for (int i = 6 * q; i < 6 * q + 6; ++i) cross += q * s[i];
      if (cross) push(out, first + kRaceCrossInput, static_cast<float>(cross) * (1.0f / 10.0f));
    }
    return;
  }
  encode_base_sparse(board, sum, out);
  float extra[(2 * kHalfInputs + 7) / 8 * 8];  // rounded up for push_dense, the tail zero
  std::fill(extra + 2 * kHalfInputs, std::end(extra), 0.0f);
  encode_blocks(c, board, sum, extra);
  push_dense(out, extra, kBaseInputs, 2 * kHalfInputs);
}

void encode_block_sparse(PositionClass c, const Board& board, SparseInputs& out) {
  assert(c == PositionClass::kContact || c == PositionClass::kCrashed);
  out.count = 0;
  float extra[(2 * kHalfInputs + 7) / 8 * 8];  // rounded up for push_dense, the tail zero
  std::fill(extra + 2 * kHalfInputs, std::end(extra), 0.0f);
  encode_blocks(c, board, summarize(board), extra);
  push_dense(out, extra, kBaseInputs, 2 * kHalfInputs);
}

}  // namespace tavla::eval
