// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/net_kernels.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>

#include "eval/board_summary.h"
#include "eval/reciprocal_table.h"

#if defined(__AVX2__)
#include <immintrin.h>
#define TAVLA_EVAL_AVX2 1
#endif

namespace tavla::eval::kernels {

namespace {

// The reciprocal table's mantissas already in place (bits 11..22), held as the bits of floats for
// the vector lookup (only loaded and blended, never used in arithmetic).
constexpr std::array<float, 4096> kTable32 = [] {
  std::array<float, 4096> t{};
  for (int i = 0; i < 4096; ++i)
    t[i] = std::bit_cast<float>(uint32_t{detail::kZenReciprocal[i]} << 11);
  return t;
}();

// A dot product summed as gnubg's SSE code sums it: four partial sums (term j into sum j % 4),
// each in order, then (s0 + s1) + (s2 + s3). The approximate sigmoid has small jumps at every
// tenth of its argument, so a different summation order can move an output by up to 1e-3.
float dot_in_four_lanes(const float* a, const float* b, int n) {
  float s[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int j = 0; j < n; ++j) s[j % 4] += a[j] * b[j];
  return (s[0] + s[1]) + (s[2] + s[3]);
}

}  // namespace

void forward_reference(const Net& net, const float* inputs, float* outputs, Reciprocal mode) {
  const int hp = net.padded_hidden();
  float sums[kMaxHidden];
  float h[kMaxHidden];
  std::copy_n(net.hidden_bias(), hp, sums);
  for (int i = 0; i < net.inputs(); ++i) {
    const float x = inputs[i];
    if (x == 0.0f) continue;
    const float* row = net.hidden_row(i);
    // Multiply, then add (two roundings, no fused multiply-add), input by input: gnubg's order.
    for (int j = 0; j < hp; ++j) sums[j] += row[j] * x;
  }
  for (int j = 0; j < hp; ++j) h[j] = logistic_hidden(net.beta_hidden() * sums[j], mode);
  for (int k = 0; k < net.outputs(); ++k)
    outputs[k] = logistic_output(
        net.beta_output() * (dot_in_four_lanes(h, net.output_row(k), hp) + net.output_bias(k)));
}

namespace {

// One pass over the sparse inputs for B blocks of 8 hidden units, accumulators in registers.
template <int B>
void first_layer_pass(const float* start, const float* rows, int stride, const uint16_t* index,
                      const float* value, int n, float* out) {
#if defined(TAVLA_EVAL_AVX2)
  __m256 acc[B];
  for (int b = 0; b < B; ++b) acc[b] = _mm256_load_ps(start + 8 * b);
  for (int t = 0; t < n; ++t) {
    const float* row = rows + static_cast<size_t>(index[t]) * stride;
    const __m256 v = _mm256_set1_ps(value[t]);
    // Multiply and add separately (no FMA): gnubg rounds twice, and so must we to get its sums.
    for (int b = 0; b < B; ++b)
      acc[b] = _mm256_add_ps(acc[b], _mm256_mul_ps(v, _mm256_load_ps(row + 8 * b)));
  }
  for (int b = 0; b < B; ++b) _mm256_store_ps(out + 8 * b, acc[b]);
#else
  // Scalar twin: the same arithmetic, left to the compiler's vectoriser.
  float acc[8 * B];
  std::copy_n(start, 8 * B, acc);
  for (int t = 0; t < n; ++t) {
    const float* row = rows + static_cast<size_t>(index[t]) * stride;
    const float v = value[t];
    for (int l = 0; l < 8 * B; ++l) acc[l] += v * row[l];
  }
  std::copy_n(acc, 8 * B, out);
#endif
}

// Runs the passes over all padded hidden units, 64 at a time (8 vector registers).
void accumulate(const Net& net, const float* start, const uint16_t* index, const float* value,
                int n, float* out) {
  const int hp = net.padded_hidden();
  const float* rows = net.hidden_row(0);
  for (int off = 0; off < hp; off += 64) {
    const int blocks = std::min(8, (hp - off) / 8);
    const float* s = start + off;
    const float* r = rows + off;
    float* o = out + off;
    switch (blocks) {
      case 8:
        first_layer_pass<8>(s, r, hp, index, value, n, o);
        break;
      case 7:
        first_layer_pass<7>(s, r, hp, index, value, n, o);
        break;
      case 6:
        first_layer_pass<6>(s, r, hp, index, value, n, o);
        break;
      case 5:
        first_layer_pass<5>(s, r, hp, index, value, n, o);
        break;
      case 4:
        first_layer_pass<4>(s, r, hp, index, value, n, o);
        break;
      case 3:
        first_layer_pass<3>(s, r, hp, index, value, n, o);
        break;
      case 2:
        first_layer_pass<2>(s, r, hp, index, value, n, o);
        break;
      default:
        first_layer_pass<1>(s, r, hp, index, value, n, o);
        break;
    }
  }
}

}  // namespace

void first_layer(const Net& net, const SparseInputs& in, float* sums) {
  accumulate(net, net.hidden_bias(), in.index, in.value, in.count, sums);
}

namespace {

#if defined(TAVLA_EVAL_AVX2)
// One pass like first_layer_pass<B>, over the terms of encode_base_sparse taken straight from the
// board in its order (each side's points upwards, then its bar), then over the sparse list. A
// value of 1 is added without the multiply: 1 x w is w exactly. kStride, when not 0, is the
// row stride known at compile time (a net done in one pass).
template <int B, int kStride = 0>
void board_pass(const float* start, const float* rows, int row_stride,
                const engine::Board& board, const std::array<SideSummary, 2>& sum,
                const uint16_t* index, const float* value, int n, float* out) {
  const int stride = kStride ? kStride : row_stride;
  __m256 acc[B];
  for (int b = 0; b < B; ++b) acc[b] = _mm256_load_ps(start + 8 * b);
  const auto add = [&](const float* row) {
    for (int b = 0; b < B; ++b) acc[b] = _mm256_add_ps(acc[b], _mm256_load_ps(row + 8 * b));
  };
  const auto add_times = [&](float x, const float* row) {
    const __m256 v = _mm256_set1_ps(x);
    for (int b = 0; b < B; ++b)
      acc[b] = _mm256_add_ps(acc[b], _mm256_mul_ps(v, _mm256_load_ps(row + 8 * b)));
  };
  const size_t slot = static_cast<size_t>(stride) * kSlotInputs;
  for (int side = 0; side < 2; ++side) {
    const engine::SideCounts& counts = board.sides[side];
    const float* side_rows = rows + slot * engine::kSlots * side;
    for (uint32_t points = sum[side].occupied & 0xffffffu; points; points &= points - 1) {
      const int i = std::countr_zero(points);
      const int c = counts[i];
      const float* row = side_rows + slot * i;
      add(row + static_cast<size_t>(stride) * (c < 3 ? c - 1 : 2));
      if (c > 3) add_times(static_cast<float>(c - 3) / 2.0f, row + 3 * stride);
    }
    const int c = counts[engine::kBar];
    const float* row = side_rows + slot * engine::kBar;
    for (int j = 0; j < 3 && j < c; ++j) add(row + stride * j);
    if (c > 3) add_times(static_cast<float>(c - 3) / 2.0f, row + 3 * stride);
  }
  for (int t = 0; t < n; ++t) add_times(value[t], rows + static_cast<size_t>(index[t]) * stride);
  for (int b = 0; b < B; ++b) _mm256_store_ps(out + 8 * b, acc[b]);
}

// The passes of accumulate, each over the board's base terms and then the list.
void accumulate_board(const Net& net, const engine::Board& board, const uint16_t* index,
                      const float* value, int n, float* out) {
  const std::array<SideSummary, 2> sum = summarize(board);
  const int hp = net.padded_hidden();
  if (hp == 8) {  // the small pruning nets
    board_pass<1, 8>(net.hidden_bias(), net.hidden_row(0), hp, board, sum, index, value, n, out);
    return;
  }
  if (hp == 16) {
    board_pass<2, 16>(net.hidden_bias(), net.hidden_row(0), hp, board, sum, index, value, n, out);
    return;
  }
  for (int off = 0; off < hp; off += 64) {
    const float* s = net.hidden_bias() + off;
    const float* r = net.hidden_row(0) + off;
    float* o = out + off;
    switch (std::min(8, (hp - off) / 8)) {
      case 8:
        board_pass<8>(s, r, hp, board, sum, index, value, n, o);
        break;
      case 7:
        board_pass<7>(s, r, hp, board, sum, index, value, n, o);
        break;
      case 6:
        board_pass<6>(s, r, hp, board, sum, index, value, n, o);
        break;
      case 5:
        board_pass<5>(s, r, hp, board, sum, index, value, n, o);
        break;
      case 4:
        board_pass<4>(s, r, hp, board, sum, index, value, n, o);
        break;
      case 3:
        board_pass<3>(s, r, hp, board, sum, index, value, n, o);
        break;
      case 2:
        board_pass<2>(s, r, hp, board, sum, index, value, n, o);
        break;
      default:
        board_pass<1>(s, r, hp, board, sum, index, value, n, o);
        break;
    }
  }
}
#endif

}  // namespace

void first_layer_board(const Net& net, PositionClass c, const engine::Board& board,
                       SparseInputs& scratch, float* sums) {
  assert(c == PositionClass::kContact || c == PositionClass::kCrashed);
#if defined(TAVLA_EVAL_AVX2)
  encode_block_sparse(c, board, scratch);
  accumulate_board(net, board, scratch.index, scratch.value, scratch.count, sums);
#else
  encode_sparse(c, board, scratch);
  first_layer(net, scratch, sums);
#endif
}

void first_layer_base(const Net& net, const engine::Board& board, SparseInputs& scratch,
                      float* sums) {
#if defined(TAVLA_EVAL_AVX2)
  accumulate_board(net, board, nullptr, nullptr, 0, sums);
  (void)scratch;
#else
  encode_base_sparse(board, scratch);
  first_layer(net, scratch, sums);
#endif
}

namespace {

// Whether this processor's rcpps is the table (AMD Zen): then kTable may use the instruction and
// save a gather. Decided once by comparing all 4096 table entries.
bool hardware_is_the_table() {
  static const bool same = [] {
    for (uint32_t i = 0; i < 4096; ++i) {
      const float x = std::bit_cast<float>(0x3f800000u | (i << 11));
      if (hardware_reciprocal(x) != table_reciprocal(x)) return false;
    }
    return true;
  }();
  return same;
}

#if defined(TAVLA_EVAL_AVX2)
// table[idx[0..7]] for a table of 32-bit entries, without vpgatherdd: the indices leave the vector
// as four 64-bit pairs (vmovq / vpextrq), and each entry is a broadcast load (a load-port uop
// only) merged by immediate blends (any ALU port). On this project's Intel Xeon (model 85) the
// gather is slow (perhaps the Gather Data Sampling microcode; it is microcoded on AMD Zen 3 too)
// and a vector built with vinsertps queues on the one shuffle port. Measured there, 8 entries of
// the reciprocal table: gather ~9 ns, vinsertps ~8 ns, this ~6 ns; of the exp table: vinsertps
// ~5 ns, this ~3.4 ns.
inline __m256 lookup8(const float* table, __m256i idx) {
  const __m128i lo = _mm256_castsi256_si128(idx);
  const __m128i hi = _mm256_extracti128_si256(idx, 1);
  const uint64_t q0 = static_cast<uint64_t>(_mm_cvtsi128_si64(lo));
  const uint64_t q1 = static_cast<uint64_t>(_mm_extract_epi64(lo, 1));
  const uint64_t q2 = static_cast<uint64_t>(_mm_cvtsi128_si64(hi));
  const uint64_t q3 = static_cast<uint64_t>(_mm_extract_epi64(hi, 1));
  const auto at = [table](uint64_t i) { return _mm256_broadcast_ss(table + i); };
  const __m256 a = _mm256_blend_ps(at(q0 & 0xffffffffu), at(q0 >> 32), 0x02);
  const __m256 b = _mm256_blend_ps(at(q1 & 0xffffffffu), at(q1 >> 32), 0x08);
  const __m256 c = _mm256_blend_ps(at(q2 & 0xffffffffu), at(q2 >> 32), 0x20);
  const __m256 d = _mm256_blend_ps(at(q3 & 0xffffffffu), at(q3 >> 32), 0x80);
  return _mm256_blend_ps(_mm256_blend_ps(a, b, 0x0c), _mm256_blend_ps(c, d, 0xc0), 0xf0);
}
#endif

}  // namespace

void hidden_activation(const float* sums, float* h, int count, float beta_hidden, Reciprocal mode) {
  assert(count % 8 == 0);
  if (mode == Reciprocal::kTable && hardware_is_the_table()) mode = Reciprocal::kHardware;
#if defined(TAVLA_EVAL_AVX2)
  const __m256 beta = _mm256_set1_ps(beta_hidden);
  const __m256 ten = _mm256_set1_ps(10.0f);
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 zero = _mm256_setzero_ps();
  const __m256 abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256i mask12 = _mm256_set1_epi32(0xfff);
  const __m256i bias = _mm256_set1_epi32(253);
  for (int i = 0; i < count; i += 8) {
    const __m256 y = _mm256_mul_ps(_mm256_load_ps(sums + i), beta);
    const __m256 negative = _mm256_cmp_ps(y, zero, _CMP_LT_OS);
    const __m256 t = _mm256_mul_ps(_mm256_min_ps(_mm256_and_ps(y, abs_mask), ten), ten);
    const __m256i k = _mm256_cvttps_epi32(t);
    const __m256 e = lookup8(kSigmoidExpTable.data(), k);  // 0 <= k <= 100
    const __m256 frac = _mm256_add_ps(_mm256_sub_ps(t, _mm256_cvtepi32_ps(k)), ten);
    // Multiply and add separately (no FMA): gnubg's SSE2 build rounds twice.
    const __m256 d = _mm256_add_ps(_mm256_mul_ps(frac, e), one);
    __m256 c;
    if (mode == Reciprocal::kTable) {
      // Exponent 126 - e, mantissa from the table indexed by the top 12 mantissa bits of d.
      const __m256i bits = _mm256_castps_si256(d);
      const __m256i index = _mm256_and_si256(_mm256_srli_epi32(bits, 11), mask12);
      const __m256i mantissa = _mm256_castps_si256(lookup8(kTable32.data(), index));
      const __m256i exponent = _mm256_sub_epi32(bias, _mm256_srli_epi32(bits, 23));
      c = _mm256_castsi256_ps(_mm256_or_si256(_mm256_slli_epi32(exponent, 23), mantissa));
    } else if (mode == Reciprocal::kHardware) {
      c = _mm256_rcp_ps(d);
    } else {
      c = _mm256_div_ps(one, d);
    }
    _mm256_store_ps(h + i, _mm256_blendv_ps(_mm256_sub_ps(one, c), c, negative));
  }
#else
  for (int i = 0; i < count; ++i) h[i] = logistic_hidden(beta_hidden * sums[i], mode);
#endif
}

namespace {

#if defined(TAVLA_EVAL_AVX2)
// The output sums of R hidden vectors h + r x hp, z[r] = lanes [s0 s1 s2 s3 s4 s5 s4 s5] (s_k the
// sum of output k, 0 past the net's outputs): one 256-bit accumulator per pair of outputs and row
// (a compile-time count, so they stay in registers); its halves are the four SSE lanes of each.
// Each accumulator is a chain of dependent additions in gnubg's order; R rows side by side give
// the processor independent chains to overlap (the same sums, bit for bit). The four lanes of a
// half are summed as (l0 + l1) + (l2 + l3), gnubg's order, by two horizontal additions.
template <int P, int R>
void output_sums(const Net& net, const float* h, int hp, __m256 (&z)[R]) {
  __m256 acc[R][3];
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < 3; ++p) acc[r][p] = _mm256_setzero_ps();
  for (int m = 0; m < hp / 4; ++m) {
    __m256 hv[R];
    for (int r = 0; r < R; ++r)
      hv[r] = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(h + r * hp + 4 * m));
    for (int p = 0; p < P; ++p) {
      const __m256 w = _mm256_load_ps(net.paired_output_weights(p) + 8 * m);
      for (int r = 0; r < R; ++r) acc[r][p] = _mm256_add_ps(acc[r][p], _mm256_mul_ps(hv[r], w));
    }
  }
  // hadd(a, b) = [a0+a1 a2+a3 b0+b1 b2+b3 | a4+a5 a6+a7 b4+b5 b6+b7]: the second round gives
  // [s0 s2 s4 s4 | s1 s3 s5 s5], put in order by one permutation.
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  for (int r = 0; r < R; ++r) {
    const __m256 ab = _mm256_hadd_ps(acc[r][0], acc[r][1]);
    const __m256 cc = _mm256_hadd_ps(acc[r][2], acc[r][2]);
    z[r] = _mm256_permutevar8x32_ps(_mm256_hadd_ps(ab, cc), order);
  }
}

template <int R>
void output_sums_rows(const Net& net, const float* h, int hp, __m256 (&z)[R]) {
  switch (net.output_pairs()) {
    case 3:
      output_sums<3, R>(net, h, hp, z);
      break;
    case 2:
      output_sums<2, R>(net, h, hp, z);
      break;
    default:
      output_sums<1, R>(net, h, hp, z);
      break;
  }
}

// gnubg_sigmoid of eight floats, lane by lane the scalar function's arithmetic (the exact
// division included), without its branches on the sign, which the outputs' signs make
// unpredictable.
inline __m256 sigmoid8(__m256 x) {
  const __m256 zero = _mm256_setzero_ps();
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 ten = _mm256_set1_ps(10.0f);
  const __m256 ax = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x);
  const __m256 non_negative = _mm256_cmp_ps(x, zero, _CMP_GE_OQ);
  const __m256 in_range = _mm256_cmp_ps(ax, ten, _CMP_LT_OQ);
  // t = 10 x for x >= 0, -10 x below: both are 10 |x| exactly. Out of range, index 0 (unused).
  const __m256 t = _mm256_and_ps(_mm256_mul_ps(ten, ax), in_range);
  const __m256i k = _mm256_cvttps_epi32(t);
  const __m256 e = lookup8(kSigmoidExpTable.data(), k);
  const __m256 ten_less_k = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_set1_epi32(10), k));
  const __m256 r =
      _mm256_div_ps(one, _mm256_add_ps(one, _mm256_mul_ps(e, _mm256_add_ps(ten_less_k, t))));
  const __m256 inside = _mm256_blendv_ps(_mm256_sub_ps(one, r), r, non_negative);
  const __m256 outside =
      _mm256_blendv_ps(_mm256_set1_ps(19930.370438230298f / kSigmoidFloorDenominator),
                       _mm256_set1_ps(1.0f / kSigmoidFloorDenominator), non_negative);
  return _mm256_blendv_ps(outside, inside, in_range);
}
#endif

}  // namespace

void output_layer(const Net& net, const float* h, int rows, float* out) {
  const int hp = net.padded_hidden();
  const int no = net.outputs();
  const float beta = net.beta_output();
#if defined(TAVLA_EVAL_AVX2)
  assert(net.output_pairs() <= (kNetOutputs + 1) / 2);
  constexpr int kRows = 2;  // rows per pass
#else
  constexpr int kRows = 1;
#endif
#if defined(TAVLA_EVAL_AVX2)
  // logistic_output(beta x (z + bias)) = gnubg_sigmoid(-(beta x (z + bias))), eight lanes at once.
  alignas(32) float bias_lanes[8] = {};
  for (int k = 0; k < no; ++k) bias_lanes[k] = net.output_bias(k);
  const __m256 bias = _mm256_load_ps(bias_lanes);
  const __m256 vbeta = _mm256_set1_ps(beta);
  const __m256 sign = _mm256_set1_ps(-0.0f);
  const auto finish_row = [&](__m256 z, float* o) {
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes,
                    sigmoid8(_mm256_xor_ps(_mm256_mul_ps(vbeta, _mm256_add_ps(z, bias)), sign)));
    // A fixed count for the usual five outputs: copy_n of a run-time count calls memcpy.
    if (no == kNetOutputs)
      std::copy_n(lanes, kNetOutputs, o);
    else
      std::copy_n(lanes, no, o);
  };
#endif
  for (int r = 0; r < rows; r += kRows) {
    const int now = std::min(kRows, rows - r);
#if defined(TAVLA_EVAL_AVX2)
    if (now == 2) {
      __m256 z[2];
      output_sums_rows<2>(net, h + r * hp, hp, z);
      finish_row(z[0], out + r * no);
      finish_row(z[1], out + (r + 1) * no);
    } else {
      __m256 z[1];
      output_sums_rows<1>(net, h + r * hp, hp, z);
      finish_row(z[0], out + r * no);
    }
#else
    float z[kNetOutputs];
    for (int k = 0; k < no; ++k) z[k] = dot_in_four_lanes(h + r * hp, net.output_row(k), hp);
    for (int k = 0; k < no; ++k)
      out[r * no + k] = logistic_output(beta * (z[k] + net.output_bias(k)));
    (void)now;
#endif
  }
}

}  // namespace tavla::eval::kernels
