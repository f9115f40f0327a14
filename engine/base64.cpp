// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/base64.h"

#include <array>

namespace tavla::engine {

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

std::string base64_encode(std::span<const uint8_t> bytes, int chars) {
  std::string out;
  out.reserve(chars);
  for (int c = 0; c < chars; ++c) {
    // Character c holds bits [6c, 6c + 6) of the big-endian bit stream.
    int value = 0;
    for (int b = 0; b < 6; ++b) {
      int bit = 6 * c + b;
      int byte = bit / 8;
      int v = byte < static_cast<int>(bytes.size()) ? (bytes[byte] >> (7 - bit % 8)) & 1 : 0;
      value = (value << 1) | v;
    }
    out.push_back(kAlphabet[value]);
  }
  return out;
}

Result<bool> base64_decode(std::string_view text, int chars, std::span<uint8_t> out,
                           std::string_view label) {
  const std::string_view original = text;
  auto what = [&] { return std::string(label) + " '" + std::string(original) + "'"; };
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (static_cast<int>(text.size()) != chars)
    return Error{what() + " must have " + std::to_string(chars) +
                 " characters, got " + std::to_string(text.size())};
  std::fill(out.begin(), out.end(), 0);
  for (int c = 0; c < chars; ++c) {
    int v = base64_value(text[c]);
    if (v < 0)
      return Error{what() + ": character '" + std::string(1, text[c]) +
                   "' at position " + std::to_string(c + 1) + " is not in the Base64 alphabet"};
    for (int b = 0; b < 6; ++b) {
      int bit = 6 * c + b;
      int byte = bit / 8;
      if (byte < static_cast<int>(out.size()) && ((v >> (5 - b)) & 1))
        out[byte] |= static_cast<uint8_t>(1 << (7 - bit % 8));
    }
  }
  return true;
}

}  // namespace tavla::engine
