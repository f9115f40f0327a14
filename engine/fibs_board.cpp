// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/fibs_board.h"

#include <charconv>
#include <vector>

#include "engine/board.h"

namespace tavla::engine {

namespace {

constexpr int kFields = 53;  // "board" + 52 values
// 0-based field indices.
constexpr int kName = 1, kOpponentName = 2, kMatchLength = 3, kScore = 4, kOpponentScore = 5;
constexpr int kBoard = 6;  // 26 fields: player 0's bar, points 1..24, player 1's bar
constexpr int kTurn = 32, kDice = 33, kCube = 37, kMayDouble = 38, kOpponentMayDouble = 39;
constexpr int kDoubled = 40, kPostCrawford = 51, kNotCrawford = 52;

std::string where(int field) { return "FIBS board field " + std::to_string(field + 1); }

}  // namespace

std::string write_fibs_board(const Board& board, const MatchState& ms,
                             const std::array<std::string, 2>& names, int chequers) {
  // Each player's chequers from that player's own side: [0] player 0's, [1] player 1's.
  const SideCounts& p1 = ms.on_roll == 1 ? board.on_roll() : board.opponent();
  const SideCounts& p0 = ms.on_roll == 1 ? board.opponent() : board.on_roll();
  auto fibs_name = [](std::string n) {
    for (char& c : n)
      if (c == ':') c = '_';
    return n;
  };
  std::string s = "board:" + fibs_name(names[1]) + ":" + fibs_name(names[0]);
  auto field = [&s](int v) { s += ":" + std::to_string(v); };
  field(ms.match_length);
  field(ms.score[1]);
  field(ms.score[0]);
  field(-static_cast<int>(p0[kBar]));
  // Points 1..24 of player 1: its own chequers positive, player 0's (on its point 24 - i) negative.
  for (int i = 0; i < 24; ++i) {
    const int theirs = p0[23 - i];
    field(theirs > 0 ? -theirs : static_cast<int>(p1[i]));
  }
  field(p1[kBar]);
  field(ms.on_roll ? 1 : -1);
  int off0 = chequers, off1 = chequers;
  for (int i = 0; i < 25; ++i) {
    off0 -= p0[i];
    off1 -= p1[i];
  }
  for (int k = 0; k < 2; ++k) {  // the dice twice: the player's and (as gnubg fills them) the
    field(ms.dice[0]);           // opponent's
    field(ms.dice[1]);
  }
  field(ms.cube);
  field(ms.cube_owner != 0);  // player 1 may double
  field(ms.cube_owner != 1);  // player 0 may double
  field(ms.doubled ? (ms.turn ? -1 : 1) : 0);
  s += ":1:-1:0:25";  // colour, direction, home and bar (gnubg's fixed values)
  field(off1);
  field(off0);
  s += ":0:0:0:0";  // on bar flags, can move, forced move, did Crawford (unused)
  field(ms.post_crawford ? 1 : 0);
  field(ms.crawford ? 0 : 1);
  return s;
}

Result<FibsBoard> read_fibs_board(std::string_view line, const FibsRules& rules) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n' || line.back() == ' '))
    line.remove_suffix(1);
  std::vector<std::string_view> f;
  for (size_t start = 0;;) {
    const size_t colon = line.find(':', start);
    f.push_back(line.substr(start, colon == std::string_view::npos ? colon : colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (f[0] != "board")
    return Error{"not a FIBS board line (it must start with 'board:')"};
  if (static_cast<int>(f.size()) != kFields)
    return Error{"a FIBS board line has " + std::to_string(kFields) + " fields, this one has " +
                 std::to_string(f.size())};

  std::array<int, kFields> v{};
  for (int i = kMatchLength; i < kFields; ++i) {
    const char* b = f[i].data();
    const char* e = b + f[i].size();
    auto [p, ec] = std::from_chars(b, e, v[i]);
    if (ec != std::errc() || p != e || b == e)
      return Error{where(i) + ": '" + std::string(f[i]) + "' is not a whole number"};
  }

  FibsBoard out;
  out.names = {std::string(f[kName]), std::string(f[kOpponentName])};
  MatchState& m = out.game.match;
  m.jacoby = rules.jacoby;
  m.beavers = rules.beavers;

  // Player 1 counts positive from its own side; player 0 negative, its point j at field 24 - j.
  std::array<SideCounts, 2> side{};  // by gnubg player
  for (int k = 0; k < 26; ++k) {
    const int n = v[kBoard + k];
    if (n < -kCheckersPerSide || n > kCheckersPerSide)
      return Error{where(kBoard + k) + ": " + std::to_string(n) + " chequers on one point"};
    if (k == 0) {
      if (n > 0) return Error{where(kBoard) + ": player 0's bar must be 0 or negative"};
      side[0][kBar] = static_cast<uint8_t>(-n);
    } else if (k == 25) {
      if (n < 0) return Error{where(kBoard + 25) + ": player 1's bar must be 0 or positive"};
      side[1][kBar] = static_cast<uint8_t>(n);
    } else if (n > 0) {
      side[1][k - 1] = static_cast<uint8_t>(n);
    } else if (n < 0) {
      side[0][24 - k] = static_cast<uint8_t>(-n);
    }
  }

  if (v[kTurn] != 1 && v[kTurn] != -1)
    return Error{where(kTurn) + ": the turn must be 1 or -1, not " + std::to_string(v[kTurn])};
  m.on_roll = v[kTurn] == 1 ? 1 : 0;
  out.game.board.sides[Board::kOnRoll] = side[m.on_roll];
  out.game.board.sides[Board::kOpponent] = side[1 - m.on_roll];
  if (auto bad = board_error(out.game.board)) return Error{"the board: " + *bad};

  if (v[kMatchLength] < 0)
    return Error{where(kMatchLength) + ": a negative match length"};
  m.match_length = v[kMatchLength];
  m.doubled = v[kDoubled] != 0;
  m.turn = m.doubled ? 1 - m.on_roll : m.on_roll;
  // Names and scores are (fTurn ^ fMove, the other): player 0 first unless a double is pending.
  const int first = m.doubled ? 1 : 0;
  if (v[kScore] < 0 || v[kOpponentScore] < 0) return Error{where(kScore) + ": a negative score"};
  m.score[first] = v[kScore];
  m.score[1 - first] = v[kOpponentScore];
  if (m.doubled) std::swap(out.names[0], out.names[1]);
  if (m.match_length > 0 && (m.score[0] >= m.match_length || m.score[1] >= m.match_length))
    return Error{where(kScore) + ": a score of " + std::to_string(m.score[0]) + "-" +
                 std::to_string(m.score[1]) + " in a " + std::to_string(m.match_length) +
                 "-point match is over"};

  for (int i = 0; i < 2; ++i) {
    const int d = v[kDice + i];
    if (d < 0 || d > 6) return Error{where(kDice + i) + ": a die of " + std::to_string(d)};
  }
  if ((v[kDice] == 0) != (v[kDice + 1] == 0))
    return Error{where(kDice) + ": one die rolled and the other not"};
  if (m.doubled && v[kDice] != 0)
    return Error{where(kDoubled) + ": a double pending after the dice were rolled"};
  m.dice = {v[kDice], v[kDice + 1]};

  const int cube = v[kCube];
  if (cube < 1 || cube > (1 << 15) || (cube & (cube - 1)) != 0)
    return Error{where(kCube) + ": the cube must be a power of two, not " + std::to_string(cube)};
  m.cube = cube;
  const bool p1_may = v[kMayDouble] != 0, p0_may = v[kOpponentMayDouble] != 0;
  if (!p1_may && !p0_may)
    return Error{where(kMayDouble) + ": neither player may double (gnubg never sends this)"};
  m.cube_owner = p1_may && p0_may ? kCubeCentred : (p1_may ? 1 : 0);

  m.post_crawford = m.match_length > 0 && v[kPostCrawford] != 0;
  m.crawford = m.match_length > 0 && v[kNotCrawford] == 0;
  if (m.crawford && m.post_crawford)
    return Error{where(kPostCrawford) + ": both the Crawford game and after it"};
  m.game_state = GameState::kPlaying;
  if (auto bad = match_state_error(m)) return Error{"the match state: " + *bad};
  return out;
}

}  // namespace tavla::engine
