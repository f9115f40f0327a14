// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/inputs.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <iterator>

#include "eval/board_summary.h"
#include "eval/escapes.h"
#include "eval/shot_inputs.h"

#if defined(__AVX2__)
#include <immintrin.h>
#define TAVLA_EVAL_AVX2 1
#endif

namespace tavla::eval {

using engine::Board;
using engine::SideCounts;

namespace {

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
