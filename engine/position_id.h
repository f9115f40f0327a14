// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's position ID: an 80-bit key, Base64-encoded in 14 characters.
//
// Key layout: for the side not on roll (row 0) and then the side on roll (row 1), for indices
// 0..24 of that side (ace point .. bar), as many 1-bits as chequers followed by one 0-bit; the
// bits are packed least-significant first into 10 bytes and the rest padded with zeros.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/result.h"

namespace tavla::engine {

inline constexpr int kPositionIdLength = 14;
using PositionKey = std::array<uint8_t, 10>;

PositionKey position_key(const Board& board);
std::string position_id(const Board& board);

// Decodes a position ID (14 characters; '=' padding tolerated). Rejects characters outside the
// alphabet, keys that do not describe exactly two sides of 25 slots, more than 15 chequers a
// side, points held by both sides, and both sides on the bar against closed boards.
Result<Board> board_from_position_id(std::string_view id);

// gnubg's older 20-character form of the key: each byte written as two letters 'A'..'P'
// (high nibble first). Accepted on input only.
Result<Board> board_from_nibble_id(std::string_view id);

}  // namespace tavla::engine
