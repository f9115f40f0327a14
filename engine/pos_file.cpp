// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/pos_file.h"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/board.h"
#include "engine/match_state.h"

namespace tavla::engine {

namespace {

// Reads the file's fields in order; an error names the field and its byte offset.
class Reader {
 public:
  Reader(std::string_view bytes, std::string_view name) : b_(bytes), name_(name) {}

  bool word(int& v, const char* field) {
    if (at_ + 2 > b_.size()) return fail(field, "the file ends in it");
    v = static_cast<uint8_t>(b_[at_]) | (static_cast<uint8_t>(b_[at_ + 1]) << 8);
    if (v >= 0x8000) v -= 0x10000;  // two's complement, as gnubg's ReadInt16
    at_ += 2;
    return true;
  }
  bool text(std::string& s, const char* field) {
    if (at_ >= b_.size()) return fail(field, "the file ends in it");
    const size_t n = static_cast<uint8_t>(b_[at_]);
    if (at_ + 1 + n > b_.size()) return fail(field, "the file ends in it");
    s.assign(b_.substr(at_ + 1, n));
    at_ += 1 + n;
    return true;
  }
  // Fails at the field just read (its offset).
  Error bad(const char* field, const std::string& why, size_t width = 2) const {
    return Error{std::string(name_) + ": byte " + std::to_string(at_ - width) + " (" + field +
                 "): " + why};
  }
  const std::string& error() const { return error_; }
  size_t at() const { return at_; }

 private:
  bool fail(const char* field, const char* why) {
    error_ = std::string(name_) + ": byte " + std::to_string(at_) + " (" + field + "): " + why;
    return false;
  }
  std::string_view b_;
  std::string_view name_;
  size_t at_ = 0;
  std::string error_;
};

}  // namespace

Result<MatchRecord> read_pos(std::string_view bytes, std::string_view name, bool* unrecognised) {
  if (unrecognised) *unrecognised = false;
  Reader r(bytes, name);
  int version = 0;
  if (!r.word(version, "version")) return Error{r.error()};
  if (version < 124 || version > 126) {
    if (unrecognised) *unrecognised = true;
    return r.bad("version", "not a Jellyfish .pos file (versions 124 to 126)");
  }
  int unused = 0, cube_use = 0, jacoby = 0, beavers = 0;  // version 124: no cube (gnubg)
  if (version == 126 && (!r.word(unused, "caution") || !r.word(unused, "unused")))
    return Error{r.error()};
  if (version >= 125 && (!r.word(cube_use, "cube use") || !r.word(jacoby, "Jacoby rule") ||
                         !r.word(beavers, "beavers")))
    return Error{r.error()};
  int cube = 0, owner = 0, on_roll = 0, game_or_match = 0, opponent = 0, length = 0;
  std::array<int, 2> score{};
  if (!r.word(cube, "cube value")) return Error{r.error()};
  if (cube < 1 || cube > kMaxCube || (cube & (cube - 1)))
    return r.bad("cube value", std::to_string(cube) + " is not a power of 2 from 1 to 4096");
  if (!r.word(owner, "cube owner")) return Error{r.error()};
  if (owner < 0 || owner > 2)
    return r.bad("cube owner", std::to_string(owner) + " is not 0 (centred), 1 or 2");
  if (!r.word(on_roll, "player on roll")) return Error{r.error()};
  if (on_roll < 0 || on_roll > 4)
    return r.bad("player on roll", std::to_string(on_roll) + " is not 0 to 4");
  if (!r.word(unused, "moves left") || !r.word(unused, "moves right") ||
      !r.word(unused, "unused") || !r.word(game_or_match, "game or match") ||
      !r.word(opponent, "opponent") || !r.word(unused, "level") ||
      !r.word(length, "match length"))
    return Error{r.error()};
  if (game_or_match == 3) length = 0;  // a single game: gnubg ignores the length
  if (length < 0 || length > kMaxMatchLength)
    return r.bad("match length", std::to_string(length) + " is not 0 to 64");
  if (!r.word(score[0], "score 1") || !r.word(score[1], "score 2")) return Error{r.error()};
  for (int p = 0; p < 2; ++p)
    if (score[p] < 0 || (length && score[p] >= length))
      return r.bad(p ? "score 2" : "score 1",
                   std::to_string(score[p]) +
                       (length ? " is not below the match length " + std::to_string(length)
                               : std::string(" is negative")),
                   p ? 2 : 4);
  MatchRecord m;
  if (!r.text(m.info.names[0], "name 1") || !r.text(m.info.names[1], "name 2"))
    return Error{r.error()};
  if (opponent == 2) m.info.names[0] = "Jellyfish";  // Jellyfish played the first player
  int swap_dice = 0, crawford = 0, jf_last = 0;
  std::string last_move;
  if (!r.word(swap_dice, "swap dice") || !r.word(crawford, "Crawford") ||
      !r.word(jf_last, "Jellyfish played last") || !r.text(last_move, "last move"))
    return Error{r.error()};
  std::array<int, 2> dice{};
  if (!r.word(dice[0], "die 1") || !r.word(dice[1], "die 2")) return Error{r.error()};
  dice[0] = std::abs(dice[0]);
  if (dice[0] && (dice[0] > 6 || dice[1] < 1 || dice[1] > 6))
    return r.bad("dice", std::to_string(dice[0]) + " and " + std::to_string(dice[1]) +
                             " are not two dice from 1 to 6", 4);
  std::array<int, 26> now{};
  const size_t board_at = r.at();
  for (int i = 0; i < 26; ++i) {
    int old = 0;
    if (!r.word(now[i], "board") || !r.word(old, "board")) return Error{r.error()};
    now[i] -= 20;  // stored plus 20
  }

  // ParseJF: the first player's chequers (negative) on row idx, seen from his side, where the
  // file's point i + 1 is his point i and [25] his bar; the second's on the other row, his point
  // i at the file's 24 - i and [0] his bar. Then the rows are swapped: row 1 (on roll) holds the
  // player on roll.
  const int idx = on_roll == 1 || on_roll == 3 ? 0 : 1;
  const int turn = on_roll == 0 ? -1 : idx;  // gnubg's fTurn; -1: the starting position
  int rows[2][kSlots] = {};
  for (int i = 0; i < kSlots; ++i) {
    rows[idx][i] = now[i + 1] < 0 ? -now[i + 1] : 0;
    rows[1 - idx][i] = now[24 - i] > 0 ? now[24 - i] : 0;
  }
  for (int player = 0; player < 2; ++player) {  // rows[idx]: the first player, gnubg's player 0
    int n = 0;
    for (int c : rows[player == 0 ? idx : 1 - idx]) n += c;
    if (n > kCheckersPerSide || n == 0)
      return Error{std::string(name) + ": byte " + std::to_string(board_at) + " (board): " +
                   m.info.names[player] + " has " + std::to_string(n) +
                   " chequers on the board (1 to 15 allowed)"};
  }
  Board board;
  for (int i = 0; i < kSlots; ++i) {
    board.sides[0][i] = static_cast<uint8_t>(rows[1][i]);  // SwapSides
    board.sides[1][i] = static_cast<uint8_t>(rows[0][i]);
  }
  // ImportJF: the board record holds player 0's view (on roll), so a position with the second
  // player (or, gnubg's quirk, nobody: the starting position) on roll is turned round.
  if (turn != 0) board.swap_sides();

  GameRecord g;
  g.info.index = 0;
  g.info.match_length = length;
  g.info.score = score;
  g.info.crawford_rule = true;
  g.info.crawford_game = length && crawford == 2;
  g.info.jacoby = jacoby != 0;
  g.info.cube_use = cube_use != 0;
  // gnubg sets its player on move to fTurn before the records (the starting position's -1
  // becomes player 0 at the board record); tavla's records say it in their player.
  const int mover = turn < 0 ? 0 : turn;
  if (dice[0]) {
    MoveRecord d;
    d.kind = RecordKind::kSetDice;
    d.player = mover;
    d.dice = {dice[0], dice[1]};
    g.records.push_back(d);
  }
  MoveRecord set;
  set.kind = RecordKind::kSetBoard;
  set.player = mover;
  set.board = board;
  g.records.push_back(set);
  MoveRecord value;
  value.kind = RecordKind::kSetCubeValue;
  value.player = mover;
  value.cube = cube;
  g.records.push_back(value);
  MoveRecord own;
  own.kind = RecordKind::kSetCubeOwner;
  own.player = mover;
  own.cube_owner = owner - 1;  // kCubeCentred is -1
  g.records.push_back(own);
  m.games.push_back(std::move(g));
  return m;
}

}  // namespace tavla::engine
