// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's sigmoid approximation. The nets were trained with it, so it must be reproduced: the
// exact logistic function moves outputs by up to 0.04.
//
// e^y for 0 <= y < 10 is approximated by a first-order expansion about the nearest lower tenth:
// with t = 10 y and k = floor(t), e^y ~ E[k] (10 - k + t) where E[k] = e^(k/10) / 10. Beyond 10
// the value is frozen at 10 E[99] (E[100] repeats E[99] so that the clamped vector path can index
// it). The logistic function is then 1 / (1 + that), mirrored for negative arguments.
//
// Two variants exist in gnubg 1.07's SIMD build and both are reproduced here:
//   * output units: the scalar formula with an exact division (logistic_output);
//   * hidden units: the vector formula (clamp, then (t - k) + 10 in that order) whose final
//     division is the approximate reciprocal instruction (rcpps) because gnubg is built with
//     -ffast-math (logistic_hidden; see Reciprocal).
#pragma once

#include <array>

namespace tavla::eval {

namespace detail {
// e^(k/10) / 10 in double: e^0.1 from its Taylor series, raised to the k-th power. The error
// (about 1e-14 relative) is far below a float's half-ulp, so rounding gives the same floats as the
// closed form (a test compares with std::exp and with some of gnubg's printed values).
constexpr std::array<float, 101> make_sigmoid_exp_table() {
  double e01 = 0.0, term = 1.0;
  for (int n = 1; n < 25; ++n) {
    e01 += term;
    term *= 0.1 / n;
  }
  std::array<float, 101> t{};
  double p = 0.1;  // e^0 / 10
  for (int k = 0; k < 100; ++k) {
    t[k] = static_cast<float>(p);
    p *= e01;
  }
  t[100] = t[99];  // the clamped vector path indexes k = 100
  return t;
}
}  // namespace detail

// E[k] = e^(k/10) / 10 for k = 0..99, and E[100] = E[99]. Computed, not copied.
inline constexpr std::array<float, 101> kSigmoidExpTable = detail::make_sigmoid_exp_table();

// 1 / (1 + 10 E[99]), the value of the approximation beyond |y| = 10.
inline constexpr float kSigmoidFloorDenominator = 19931.370438230298f;

// gnubg's sigmoid(x) = 1 / (1 + e^x), scalar form (used for the output units).
inline float gnubg_sigmoid(float x) {
  if (x >= 0.0f) {
    if (x < 10.0f) {
      const float t = 10.0f * x;
      const int k = static_cast<int>(t);
      return 1.0f / (1.0f + kSigmoidExpTable[k] * (static_cast<float>(10 - k) + t));
    }
    return 1.0f / kSigmoidFloorDenominator;
  }
  if (x > -10.0f) {
    const float t = -10.0f * x;
    const int k = static_cast<int>(t);
    return 1.0f - 1.0f / (1.0f + kSigmoidExpTable[k] * (static_cast<float>(10 - k) + t));
  }
  return 19930.370438230298f / kSigmoidFloorDenominator;
}

// The logistic function 1 / (1 + e^-z) of an output unit's activation z (gnubg: sigmoid(-z)).
inline float logistic_output(float z) {
  return gnubg_sigmoid(-z);
}

// How the hidden layer's final division 1 / d is done.
enum class Reciprocal {
  // gnubg's approximate reciprocal as the AMD Zen processors compute it (the fixtures' machine),
  // from a table: the same bits on every machine. The default.
  kTable,
  // This CPU's own rcpps: bit-identical to the gnubg running on this machine (equal to kTable on
  // AMD Zen; Intel processors differ in the last bits, moving outputs by up to about 1e-3).
  kHardware,
  // Correctly rounded division (what a build without -ffast-math would do).
  kExact,
};

// 1 + e^|y| as the vector path computes it (before the reciprocal), y any float.
inline float hidden_denominator(float y) {
  float t = y < 0.0f ? -y : y;
  t = (t < 10.0f ? t : 10.0f) * 10.0f;
  const int k = static_cast<int>(t);
  const float frac = (t - static_cast<float>(k)) + 10.0f;
  return frac * kSigmoidExpTable[k] + 1.0f;
}

// The three reciprocals, for d in [1, 2^20] (hidden_denominator's range).
float table_reciprocal(float d);
float hardware_reciprocal(float d);  // exact division where the instruction does not exist
inline float reciprocal(float d, Reciprocal mode) {
  switch (mode) {
    case Reciprocal::kTable:
      return table_reciprocal(d);
    case Reciprocal::kHardware:
      return hardware_reciprocal(d);
    case Reciprocal::kExact:
      break;
  }
  return 1.0f / d;
}

// The logistic function 1 / (1 + e^-y) of a hidden unit's scaled activation y = beta_h * a.
inline float logistic_hidden(float y, Reciprocal mode) {
  const float c = reciprocal(hidden_denominator(y), mode);
  return y < 0.0f ? c : 1.0f - c;
}

}  // namespace tavla::eval
