// SPDX-License-Identifier: GPL-3.0-or-later
// Base64 with the standard alphabet (A-Z a-z 0-9 + /), as used by gnubg's position and match IDs.
// Bits are packed big-endian within each 6-bit character, 4 characters per 3 bytes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace tavla::engine {

// Value 0..63 of a Base64 character, or -1 for a character outside the alphabet.
int base64_value(char c);

// Encodes `bytes` into exactly `chars` characters (gnubg writes no '=' padding; the last
// character may carry only some of the bits).
std::string base64_encode(std::span<const uint8_t> bytes, int chars);

// Decodes `text` (trailing '=' padding tolerated and ignored) into out.size() bytes. The text must
// have exactly `chars` significant characters. Errors read "<label> '<text>': ...".
Result<bool> base64_decode(std::string_view text, int chars, std::span<uint8_t> out,
                           std::string_view label);

}  // namespace tavla::engine
