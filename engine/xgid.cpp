// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/xgid.h"

#include <bit>
#include <charconv>
#include <vector>

namespace tavla::engine {

namespace {

// XG's maximum-cube field as tavla writes it: log2 of the largest cube, XG's usual 10 (1024).
constexpr int kXgMaxCubeLog = 10;

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// Board with sides[1] = player 1 (XG's bottom player) and sides[0] = player 0.
Result<Board> board_from_xg_chars(std::string_view pos, const std::string& what) {
  Board b;
  for (int i = 0; i < 26; ++i) {
    // Character i is player 0's slot p0 and player 1's slot p1 (-1: not that player's slot).
    int p0 = i == 0 ? kBar : i == 25 ? -1 : 24 - i;
    int p1 = i == 0 ? -1 : i == 25 ? kBar : i - 1;
    char c = pos[i];
    if (c >= 'A' && c <= 'P') {
      if (p1 < 0)
        return Error{what + ": position character 1 is player 0's bar and cannot hold '" +
                     std::string(1, c) + "' (player 1's chequers)"};
      b.sides[1][p1] = static_cast<uint8_t>(c - 'A' + 1);
    } else if (c >= 'a' && c <= 'p') {
      if (p0 < 0)
        return Error{what + ": position character 26 is player 1's bar and cannot hold '" +
                     std::string(1, c) + "' (player 0's chequers)"};
      b.sides[0][p0] = static_cast<uint8_t>(c - 'a' + 1);
    } else if (c != '-') {
      return Error{what + ": position character " + std::to_string(i + 1) + " '" +
                   std::string(1, c) + "' is not '-', A-P or a-p"};
    }
  }
  if (auto err = board_error(b)) return Error{what + ": " + *err};
  return b;
}

}  // namespace

Result<Game> game_from_xgid(std::string_view text) {
  const std::string what = "XGID '" + std::string(text) + "'";
  // As gnubg: whatever precedes the last '=' is a label ("XGID=", "xgid=").
  std::string_view body = text;
  if (size_t eq = body.rfind('='); eq != std::string_view::npos) body.remove_prefix(eq + 1);
  std::vector<std::string_view> f;
  for (size_t start = 0;;) {
    size_t colon = body.find(':', start);
    f.push_back(body.substr(start, colon == std::string_view::npos ? colon : colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (f.size() != 10 && f.size() != 9)
    return Error{what + " must have 10 colon-separated fields (or 9 without maxcube), got " +
                 std::to_string(f.size())};
  if (f[0].size() != 26)
    return Error{what + ": the position field must have 26 characters, got " +
                 std::to_string(f[0].size())};
  auto board = board_from_xg_chars(f[0], what);
  if (!board) return Error{board.error()};

  static constexpr const char* kNames[] = {"position", "cube",  "cube owner", "turn",
                                           "dice",     "score 1", "score 2", "rules",
                                           "match length", "max cube"};
  int v[10] = {};
  for (size_t i = 1; i < f.size(); ++i) {
    if (i == 4) continue;  // dice: parsed below
    if (!parse_int(f[i], v[i]))
      return Error{what + ": " + kNames[i] + " field '" + std::string(f[i]) + "' is not a number"};
  }
  const int cube_log = v[1], owner = v[2], turn = v[3], score1 = v[5], score2 = v[6],
            rules = v[7], length = v[8];
  const bool cube_used = f.size() == 9 || v[9] != 0;

  MatchState ms;
  if (length < 0 || length > kMaxMatchLength)
    return Error{what + ": match length " + std::to_string(length) + " is outside 0..64"};
  ms.match_length = length;
  if (length > 0) {
    if (rules != 0 && rules != 1)
      return Error{what + ": rules field " + std::to_string(rules) + " must be 0 or 1 in match play"};
    // As gnubg: the Crawford flag only counts when somebody is 1-away (it is set by XG-style IDs
    // that mean "Crawford rule in use"), otherwise it is dropped.
    bool one_away = score1 == length - 1 || score2 == length - 1;
    ms.crawford = rules == 1 && one_away && length > 1;
    ms.jacoby = false;
  } else {
    if (rules < 0 || rules > 3)
      return Error{what + ": rules field " + std::to_string(rules) + " must be 0..3 in money play"};
    ms.jacoby = rules & 1;
    ms.beavers = (rules & 2) ? 3 : 0;
  }
  ms.score = {score2, score1};
  if (length > 0 && (score1 >= length || score2 >= length))
    return Error{what + ": a score is not below the match length " + std::to_string(length)};
  if (score1 < 0 || score2 < 0) return Error{what + ": a score is negative"};

  ms.on_roll = turn == 1 ? 1 : 0;
  std::string_view dice = f[4];
  if (dice == "D") {
    // A double is pending: the turn field names the doubler (gnubg's fMove), the other player
    // must take or pass (fTurn). gnubg's `set xgid` reads it so and then drops the pending
    // double when it sets the match ID; the shell follows gnubg there (cmd_set_xgid), but the
    // ID itself says that a double is pending, and analyze and the batch protocol answer it.
    ms.turn = 1 - ms.on_roll;
    ms.doubled = true;
  } else if (dice.size() == 2 && dice[0] >= '0' && dice[0] <= '6' && dice[1] >= '0' && dice[1] <= '6') {
    ms.turn = ms.on_roll;
    ms.dice = {dice[0] - '0', dice[1] - '0'};
  } else {
    return Error{what + ": dice field '" + std::string(dice) + "' is not 00, D or two dice 1-6"};
  }
  if (cube_log < 0 || cube_log > 12)
    return Error{what + ": cube field " + std::to_string(cube_log) + " is outside 0..12"};
  // gnubg refuses to turn the cube in the Crawford game: the value stays 1 (the owner is kept).
  ms.cube = ms.crawford ? 1 : 1 << cube_log;
  // As gnubg: any owner value other than 1 or -1 leaves the cube centred.
  ms.cube_owner = owner == 1 ? 1 : owner == -1 ? 0 : kCubeCentred;
  ms.cube_use = cube_used;
  ms.game_state = GameState::kPlaying;
  ms.post_crawford = derive_post_crawford(ms);
  if (auto err = match_state_error(ms)) return Error{what + ": " + *err};

  Game game{*board, ms};
  if (ms.on_roll == 0) game.board.swap_sides();
  return game;
}

std::string xgid(const Game& game) {
  const MatchState& ms = game.match;
  Board b = game.board;  // make sides[1] = player 1
  if (ms.on_roll == 0) b.swap_sides();
  std::string pos(26, '-');
  for (int i = 0; i < 26; ++i) {
    int p0 = i == 0 ? kBar : i == 25 ? -1 : 24 - i;
    int p1 = i == 0 ? -1 : i == 25 ? kBar : i - 1;
    if (p1 >= 0 && b.sides[1][p1]) pos[i] = static_cast<char>('A' + b.sides[1][p1] - 1);
    if (p0 >= 0 && b.sides[0][p0]) pos[i] = static_cast<char>('a' + b.sides[0][p0] - 1);
  }
  int owner = ms.cube_owner == 1 ? 1 : ms.cube_owner == 0 ? -1 : 0;
  std::string dice = ms.doubled ? "D"
                                : std::to_string(ms.dice[0]) + std::to_string(ms.dice[1]);
  int rules = ms.is_money() ? (ms.jacoby ? 1 : 0) + (ms.beavers ? 2 : 0) : (ms.crawford ? 1 : 0);
  return "XGID=" + pos + ":" + std::to_string(std::countr_zero(static_cast<unsigned>(ms.cube))) +
         ":" + std::to_string(owner) + ":" + (ms.on_roll == 1 ? "1" : "-1") + ":" + dice + ":" +
         std::to_string(ms.score[1]) + ":" + std::to_string(ms.score[0]) + ":" +
         std::to_string(rules) + ":" + std::to_string(ms.match_length) + ":" +
         std::to_string(ms.cube_use ? kXgMaxCubeLog : 0);
}

}  // namespace tavla::engine
