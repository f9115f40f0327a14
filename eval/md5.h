// SPDX-License-Identifier: GPL-3.0-or-later
// MD5 (RFC 1321) of a byte buffer. Used where gnubg derives values from an MD5 digest
// (deterministic evaluation noise) and by tests that compare files with published md5 sums.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace tavla::eval {

using Md5Digest = std::array<uint8_t, 16>;

Md5Digest md5(std::span<const uint8_t> data);
std::string md5_hex(std::span<const uint8_t> data);

}  // namespace tavla::eval
