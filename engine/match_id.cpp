// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/match_id.h"

#include <array>
#include <bit>
#include <cstdint>

#include "engine/base64.h"

namespace tavla::engine {

namespace {

using Key = std::array<uint8_t, 9>;

void put_bits(Key& key, int pos, int count, unsigned value) {
  for (int i = 0; i < count; ++i)
    if ((value >> i) & 1) key[(pos + i) / 8] |= static_cast<uint8_t>(1 << ((pos + i) % 8));
}

unsigned get_bits(const Key& key, int pos, int count) {
  unsigned v = 0;
  for (int i = 0; i < count; ++i) v |= ((key[(pos + i) / 8] >> ((pos + i) % 8)) & 1u) << i;
  return v;
}

}  // namespace

std::string match_id(const MatchState& ms) {
  Key key{};
  put_bits(key, 0, 4, std::countr_zero(static_cast<unsigned>(ms.cube)));
  put_bits(key, 4, 2, ms.cube_owner == kCubeCentred ? 3u : static_cast<unsigned>(ms.cube_owner));
  put_bits(key, 6, 1, ms.on_roll);
  put_bits(key, 7, 1, ms.crawford);
  put_bits(key, 8, 3, static_cast<unsigned>(ms.game_state));
  put_bits(key, 11, 1, ms.turn);
  put_bits(key, 12, 1, ms.doubled);
  put_bits(key, 13, 2, ms.resigned);
  int hi = std::max(ms.dice[0], ms.dice[1]), lo = std::min(ms.dice[0], ms.dice[1]);
  put_bits(key, 15, 3, hi);
  put_bits(key, 18, 3, lo);
  put_bits(key, 21, 15, ms.match_length);
  put_bits(key, 36, 15, ms.score[0]);
  put_bits(key, 51, 15, ms.score[1]);
  put_bits(key, 66, 1, !ms.jacoby);
  return base64_encode(key, kMatchIdLength);
}

Result<MatchState> match_state_from_id(std::string_view id) {
  Key key{};
  auto decoded = base64_decode(id, kMatchIdLength, key, "match ID");
  if (!decoded) return Error{decoded.error()};
  auto what = [&] { return "match ID '" + std::string(id) + "'"; };

  MatchState ms;
  ms.cube = 1 << get_bits(key, 0, 4);
  unsigned owner = get_bits(key, 4, 2);
  if (owner == 2) return Error{what() + ": cube owner field is 2 (must be 0, 1 or 3 = centred)"};
  ms.cube_owner = owner == 3 ? kCubeCentred : static_cast<int>(owner);
  ms.on_roll = get_bits(key, 6, 1);
  ms.crawford = get_bits(key, 7, 1);
  unsigned gs = get_bits(key, 8, 3);
  if (gs > 4) return Error{what() + ": game state " + std::to_string(gs) + " is not 0..4"};
  ms.game_state = static_cast<GameState>(gs);
  ms.turn = get_bits(key, 11, 1);
  ms.doubled = get_bits(key, 12, 1);
  ms.resigned = get_bits(key, 13, 2);
  ms.dice = {static_cast<int>(get_bits(key, 15, 3)), static_cast<int>(get_bits(key, 18, 3))};
  ms.match_length = get_bits(key, 21, 15);
  ms.score = {static_cast<int>(get_bits(key, 36, 15)), static_cast<int>(get_bits(key, 51, 15))};
  ms.jacoby = !get_bits(key, 66, 1);
  if (get_bits(key, 67, 5)) return Error{what() + ": unused bits 67-71 are not zero"};
  if (ms.cube > kMaxCube) return Error{what() + ": cube value " + std::to_string(ms.cube) + " is above 4096"};
  ms.post_crawford = derive_post_crawford(ms);
  if (auto err = match_state_error(ms)) return Error{what() + ": " + *err};
  return ms;
}

}  // namespace tavla::engine
