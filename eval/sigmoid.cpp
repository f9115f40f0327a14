// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/sigmoid.h"

#include <bit>
#include <cstdint>

#include "eval/reciprocal_table.h"

#if defined(__SSE__)
#include <immintrin.h>
#endif

namespace tavla::eval {

float table_reciprocal(float d) {
  // d = 2^e (1 + i / 4096 + ...): exponent 126 - e, mantissa from the table (reciprocal_table.h).
  const uint32_t bits = std::bit_cast<uint32_t>(d);
  const uint32_t exponent = 253 - (bits >> 23);  // 126 - e with e = biased exponent - 127
  const uint32_t mantissa = uint32_t{detail::kZenReciprocal[(bits >> 11) & 0xfff]} << 11;
  return std::bit_cast<float>((exponent << 23) | mantissa);
}

float hardware_reciprocal(float d) {
#if defined(__SSE__)
  return _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(d)));
#else
  return 1.0f / d;
#endif
}

}  // namespace tavla::eval
