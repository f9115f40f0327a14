// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/match_state.h"

#include <bit>

namespace tavla::engine {

bool derive_post_crawford(const MatchState& ms) {
  if (ms.is_money() || ms.crawford) return false;
  return ms.score[0] == ms.match_length - 1 || ms.score[1] == ms.match_length - 1;
}

std::optional<std::string> match_state_error(const MatchState& ms) {
  auto str = [](int v) { return std::to_string(v); };
  if (ms.cube < 1 || ms.cube > kMaxCube || !std::has_single_bit(static_cast<unsigned>(ms.cube)))
    return "cube value " + str(ms.cube) + " is not a power of two between 1 and 4096";
  if (ms.cube_owner != kCubeCentred && ms.cube_owner != 0 && ms.cube_owner != 1)
    return "cube owner " + str(ms.cube_owner) + " is not centred, 0 or 1";
  if (ms.match_length < 0 || ms.match_length > kMaxMatchLength)
    return "match length " + str(ms.match_length) + " is outside 0..64";
  for (int p = 0; p < 2; ++p) {
    if (ms.score[p] < 0) return "score of player " + str(p) + " is negative";
    // A finished match may end beyond the length (a 4-away player winning an 8-cube); a game in
    // progress may not.
    bool finished = ms.game_state == GameState::kOver || ms.game_state == GameState::kResigned ||
                    ms.game_state == GameState::kDropped;
    if (!ms.is_money() && ms.score[p] > ms.match_length && !finished)
      return "score of player " + str(p) + " (" + str(ms.score[p]) + ") is beyond the match length " +
             str(ms.match_length);
  }
  if (ms.is_money() && (ms.crawford || ms.post_crawford))
    return "a money game cannot be a Crawford or post-Crawford game";
  if (ms.crawford && ms.post_crawford) return "a game cannot be both Crawford and post-Crawford";
  if (!ms.is_money() && ms.score[0] >= ms.match_length && ms.score[1] >= ms.match_length)
    return "both players have reached the match length " + str(ms.match_length);
  bool one_away = !ms.is_money() && (ms.score[0] == ms.match_length - 1 ||
                                     ms.score[1] == ms.match_length - 1);
  if ((ms.crawford || ms.post_crawford) && !one_away)
    return std::string(ms.crawford ? "Crawford" : "post-Crawford") +
           " flag set but neither player is 1-away (score " + str(ms.score[0]) + "-" +
           str(ms.score[1]) + " in a " + str(ms.match_length) + "-point match)";
  if (ms.on_roll != 0 && ms.on_roll != 1) return "player on roll must be 0 or 1";
  if (ms.turn != 0 && ms.turn != 1) return "player to act must be 0 or 1";
  for (int d : ms.dice)
    if (d < 0 || d > 6) return "die value " + str(d) + " is outside 0..6";
  if ((ms.dice[0] == 0) != (ms.dice[1] == 0))
    return "only one die is set (" + str(ms.dice[0]) + " " + str(ms.dice[1]) + ")";
  if (ms.doubled && ms.dice_rolled()) return "a double is offered after the dice were rolled";
  if (ms.resigned < 0 || ms.resigned > 3) return "resignation level " + str(ms.resigned) + " is outside 0..3";
  if (static_cast<int>(ms.game_state) > 4) return "game state is not 0..4";
  return std::nullopt;
}

}  // namespace tavla::engine
