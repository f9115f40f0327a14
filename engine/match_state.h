// SPDX-License-Identifier: GPL-3.0-or-later
// Everything about a game in progress except the chequers: gnubg's matchstate, as its match ID,
// XGID and match files carry it. Players are numbered as in gnubg's match ID: 0 and 1 (gnubg's
// "O" and "X"). The board that goes with a match state is seen from player `on_roll`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tavla::engine {

enum class GameState : uint8_t { kNone = 0, kPlaying = 1, kOver = 2, kResigned = 3, kDropped = 4 };

inline constexpr int kCubeCentred = -1;
inline constexpr int kMaxMatchLength = 64;  // gnubg's MAXSCORE
inline constexpr int kMaxCube = 4096;       // gnubg's MAX_CUBE

struct MatchState {
  int match_length = 0;              // 0 = money session
  std::array<int, 2> score{0, 0};    // points won (session points in money play)
  int cube = 1;                      // cube value, a power of two
  int cube_owner = kCubeCentred;     // kCubeCentred, 0 or 1
  bool crawford = false;             // this game is the Crawford game
  bool post_crawford = false;        // a game after the Crawford game
  bool jacoby = true;                // Jacoby rule in force (money play)
  int beavers = 3;                   // beavers allowed in money play (0 = none); not in the match ID
  bool cube_use = true;              // the cube is in play at all; not in the match ID
  int on_roll = 1;                   // gnubg's fMove: whose dice and position
  int turn = 1;                      // gnubg's fTurn: who must act now (differs after a double)
  std::array<int, 2> dice{0, 0};     // 0 0 = not rolled; in the order rolled (a match ID
                                     // stores the larger first, so decoding gives that order)
  bool doubled = false;              // a double has been offered and awaits an answer
  int resigned = 0;                  // 0 none, 1 single game, 2 gammon, 3 backgammon
  GameState game_state = GameState::kPlaying;

  bool is_money() const { return match_length == 0; }
  bool dice_rolled() const { return dice[0] != 0; }
  // Points player p still needs to win the match (match play only).
  int away(int player) const { return match_length - score[player]; }

  friend bool operator==(const MatchState&, const MatchState&) = default;
};

// Contradictions in a match state: a cube that is not a power of two, a score beyond the match
// length, Crawford flags that do not fit the score, and so on. nullopt when consistent.
std::optional<std::string> match_state_error(const MatchState& ms);

// Whether a game at these scores (match play) is a post-Crawford game when it is not the Crawford
// game itself: gnubg derives the flag this way when it reads a match ID.
bool derive_post_crawford(const MatchState& ms);

}  // namespace tavla::engine
