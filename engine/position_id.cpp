// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/position_id.h"

#include "engine/base64.h"

namespace tavla::engine {

PositionKey position_key(const Board& board) {
  PositionKey key{};
  int bit = 0;
  for (const SideCounts& side : board.sides) {
    for (uint8_t n : side) {
      for (int c = 0; c < n; ++c, ++bit) key[bit / 8] |= static_cast<uint8_t>(1 << (bit % 8));
      ++bit;  // the 0-bit closing this slot
    }
  }
  return key;
}

std::string position_id(const Board& board) {
  return base64_encode(position_key(board), kPositionIdLength);
}

namespace {

Result<Board> board_from_key(const PositionKey& key, std::string_view id) {
  Board board;
  int slot = 0;  // 0..49: row 0 slots then row 1 slots
  for (int bit = 0; bit < 80; ++bit) {
    bool one = (key[bit / 8] >> (bit % 8)) & 1;
    if (slot == 2 * kSlots) {
      if (one)
        return Error{"position ID '" + std::string(id) +
                     "' has chequer bits after the last point of both sides"};
      continue;
    }
    if (one) {
      uint8_t& n = board.sides[slot / kSlots][slot % kSlots];
      if (++n > kCheckersPerSide)
        return Error{"position ID '" + std::string(id) + "' has more than 15 chequers on one point"};
    } else {
      ++slot;
    }
  }
  if (slot < 2 * kSlots)
    return Error{"position ID '" + std::string(id) + "' describes more than 30 chequers"};
  if (auto err = board_error(board)) return Error{"position ID '" + std::string(id) + "': " + *err};
  return board;
}

}  // namespace

Result<Board> board_from_position_id(std::string_view id) {
  PositionKey key{};
  auto decoded = base64_decode(id, kPositionIdLength, key, "position ID");
  if (!decoded) return Error{decoded.error()};
  return board_from_key(key, id);
}

Result<Board> board_from_nibble_id(std::string_view id) {
  if (id.size() != 20)
    return Error{"position key '" + std::string(id) + "' must have 20 characters"};
  PositionKey key{};
  for (int i = 0; i < 20; ++i) {
    char c = id[i];
    if (c < 'A' || c > 'P')
      return Error{"position key '" + std::string(id) + "': character '" + std::string(1, c) +
                   "' is not a letter A..P"};
    key[i / 2] |= static_cast<uint8_t>((c - 'A') << (i % 2 ? 0 : 4));
  }
  return board_from_key(key, id);
}

}  // namespace tavla::engine
