// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/game_flow.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <memory>

#include "engine/movegen.h"

namespace tavla::engine {

namespace {

constexpr int kMaxMatchCube = kMaxMatchLength;  // gnubg's MAXSCORE bounds the cube in matches

std::array<int, 2> larger_first(std::array<int, 2> d) {
  return {std::max(d[0], d[1]), std::min(d[0], d[1])};
}

}  // namespace

int game_status(const Board& board) {
  for (int winner = 0; winner < 2; ++winner) {
    if (board.checkers_on_board(winner) != 0) continue;
    const SideCounts& loser = board.sides[1 - winner];
    if (board.checkers_on_board(1 - winner) != kCheckersPerSide) return 1;
    // A loser's chequer on the bar or in the winner's home board (loser's indices 18..23).
    for (int i = 18; i < kSlots; ++i)
      if (loser[i]) return 3;
    return 2;
  }
  return 0;
}

const char* refusal_name(Refusal r) {
  static constexpr const char* kNames[] = {"none",
                                           "no game",
                                           "match over",
                                           "double pending",
                                           "resignation pending",
                                           "already rolled",
                                           "not rolled",
                                           "crawford",
                                           "cube disabled",
                                           "not on roll",
                                           "double after roll",
                                           "not cube owner",
                                           "cube at maximum",
                                           "dead cube",
                                           "no double offered",
                                           "beavers in match",
                                           "beavers disabled",
                                           "too many beavers",
                                           "no resignation",
                                           "resignation declined"};
  static_assert(std::size(kNames) == static_cast<size_t>(Refusal::kResignationDeclined) + 1);
  return kNames[static_cast<int>(r)];
}

MatchState GameFlow::initial_state() {
  MatchState ms;
  ms.on_roll = ms.turn = -1;
  ms.game_state = GameState::kNone;
  return ms;
}

bool GameFlow::match_over() const {
  return !ms_.is_money() && (ms_.score[0] >= ms_.match_length || ms_.score[1] >= ms_.match_length);
}

void GameFlow::new_match(int length) {
  games_.clear();
  ms_ = initial_state();
  ms_.match_length = length;
  ms_.jacoby = rules_.jacoby;
  ms_.cube_use = rules_.cube_use;
  ms_.beavers = rules_.beavers;
  variant_ = rules_.variant;
  board_ = starting_position(variant_);
  games_played_ = 0;
  beavers_used_ = 0;
  resignation_declined_ = 0;
  crawford_state_ = -1;
  game_finished_ = false;
}

Refusal GameFlow::check_new_game() const {
  return match_over() ? Refusal::kMatchOver : Refusal::kNone;
}

GameInfo GameFlow::make_game_info() const {
  GameInfo g;
  g.index = games_played_;
  g.match_length = ms_.match_length;
  g.score = ms_.score;
  g.crawford_rule = rules_.auto_crawford && ms_.match_length > 1;
  g.crawford_game = ms_.crawford;
  g.jacoby = ms_.jacoby && ms_.is_money();
  g.cube_use = ms_.cube_use;
  return g;
}

void GameFlow::apply_game_info(const GameInfo& g) {
  board_ = starting_position(variant_);
  ms_.match_length = g.match_length;
  ms_.score = g.score;
  games_played_ = g.index;
  ms_.game_state = GameState::kNone;
  ms_.on_roll = ms_.turn = -1;
  ms_.cube_owner = kCubeCentred;
  ms_.dice = {0, 0};
  beavers_used_ = 0;
  ms_.doubled = false;
  ms_.cube = 1 << g.auto_doubles;
  ms_.crawford = g.crawford_game;
  ms_.post_crawford = !ms_.crawford && (ms_.score[0] == ms_.match_length - 1 ||
                                        ms_.score[1] == ms_.match_length - 1);
  ms_.cube_use = g.cube_use;
  ms_.jacoby = g.jacoby;
}

bool GameFlow::start_game(const std::function<std::optional<std::array<int, 2>>()>& roll,
                          const std::function<void(const OpeningRoll&)>& report) {
  // A game in progress is abandoned (gnubg asks first; the shell does).
  if (playing() && !games_.empty()) games_.pop_back();
  const MatchState saved_ms = ms_;
  const Board saved_board = board_;
  const int saved_games = games_played_;
  game_finished_ = false;

  if (crawford_state_ >= 0) {
    ms_.crawford = crawford_state_ & 1;
    ms_.post_crawford = (crawford_state_ & 2) != 0;
  } else if (!ms_.is_money() && rules_.auto_crawford) {
    int hi = std::max(ms_.score[0], ms_.score[1]), lo = std::min(ms_.score[0], ms_.score[1]);
    ms_.post_crawford = ms_.post_crawford || (ms_.crawford && hi < ms_.match_length);
    ms_.crawford = !ms_.post_crawford && !ms_.crawford && hi == ms_.match_length - 1 &&
                   lo < ms_.match_length - 1;
  }
  games_.push_back({make_game_info(), {}});
  apply_game_info(games_.back().info);
  resignation_declined_ = 0;
  ms_.resigned = 0;

  for (;;) {
    std::optional<std::array<int, 2>> dice = roll();
    if (!dice) {
      games_.pop_back();
      ms_ = saved_ms;
      board_ = saved_board;
      games_played_ = saved_games;
      return false;
    }
    OpeningRoll r{*dice, 0};
    if ((*dice)[0] == (*dice)[1]) {
      if (ms_.is_money() && ms_.cube < (1 << rules_.auto_doubles) && ms_.cube_use &&
          ms_.cube < kMaxCube) {
        ++games_.back().info.auto_doubles;
        ms_.cube <<= 1;
        r.cube_after = ms_.cube;
      }
      report(r);
      continue;
    }
    report(r);
    MoveRecord rec;
    rec.kind = RecordKind::kSetDice;
    rec.dice = larger_first(*dice);
    rec.player = (*dice)[1] > (*dice)[0] ? 1 : 0;
    add_record(rec);
    return true;
  }
}

std::optional<GameOver> GameFlow::finish_game() {
  if (!game_finished_ || games_.empty()) return std::nullopt;
  game_finished_ = false;
  const GameInfo& info = games_.back().info;
  GameOver over;
  over.winner = info.winner;
  over.points = info.points;
  if (ms_.jacoby && ms_.cube_owner == kCubeCentred && ms_.is_money())
    over.result = 1;  // gammons do not count on a centred cube under the Jacoby rule
  else if (ms_.game_state == GameState::kDropped)
    over.result = 1;
  else if (ms_.game_state == GameState::kResigned)
    over.result = std::max(ms_.resigned, 1);
  else
    over.result = std::max(game_points(board_, variant_), 1);

  if (!ms_.is_money() && rules_.auto_crawford) {
    const int w = over.winner, len = ms_.match_length;
    ms_.post_crawford = ms_.post_crawford || (ms_.crawford && ms_.score[w] < len);
    ms_.crawford = !ms_.post_crawford && !ms_.crawford && ms_.score[w] == len - 1 &&
                   ms_.score[1 - w] != len - 1;
  }
  crawford_state_ = (ms_.crawford ? 1 : 0) | (ms_.post_crawford ? 2 : 0);
  over.match_over = !ms_.is_money() && ms_.score[over.winner] >= ms_.match_length;
  return over;
}

// ---- records -----------------------------------------------------------------------------------

void GameFlow::add_record(MoveRecord rec) {
  assert(!games_.empty());
  std::vector<MoveRecord>& list = games_.back().records;
  // A roll that is played replaces the record of the roll.
  if (rec.kind == RecordKind::kMove && !list.empty() && list.back().kind == RecordKind::kSetDice &&
      list.back().player == rec.player)
    list.pop_back();
  // Consecutive edits of the same kind by the same player collapse into the last one.
  if (rec.kind >= RecordKind::kSetBoard && !list.empty() && list.back().kind == rec.kind &&
      list.back().player == rec.player)
    list.pop_back();
  // gnubg's FixMatchState: a move or double by the player not on turn means a record is missing.
  if ((rec.kind == RecordKind::kMove || rec.kind == RecordKind::kDouble) &&
      ms_.turn != rec.player) {
    board_.swap_sides();
    ms_.on_roll = ms_.turn = rec.player;
  }
  list.push_back(rec);
  apply(list.back());
}

void GameFlow::game_over(int winner, int points, bool resigned) {
  GameInfo& info = games_.back().info;
  info.winner = winner;
  info.points = points;
  info.resigned = resigned;
  ms_.score[winner] += points;
  ++games_played_;
  game_finished_ = true;
}

void GameFlow::play_steps(const Move& move, int player) {
  // gnubg's PlayMove: tolerant of steps from empty points (ignored), hits put every chequer of
  // the destination on the bar.
  if (ms_.on_roll != -1 && player != ms_.on_roll) board_.swap_sides();
  SideCounts& me = board_.on_roll();
  SideCounts& opp = board_.opponent();
  for (int i = 0; i < Move::kMaxSteps; ++i) {
    int from = move.from(i), to = move.to(i);
    if (from < 0) break;
    if (!me[from]) continue;
    --me[from];
    if (to >= 0) ++me[to];
    if (to >= 0 && to <= 23) {
      opp[kBar] += opp[23 - to];
      opp[23 - to] = 0;
    }
  }
  ms_.on_roll = ms_.turn = 1 - player;
  board_.swap_sides();
}

void GameFlow::apply(const MoveRecord& r) {
  ms_.game_state = GameState::kPlaying;
  ms_.resigned = 0;
  resignation_declined_ = 0;
  switch (r.kind) {
    case RecordKind::kDouble:
      if (ms_.on_roll < 0) ms_.on_roll = r.player;
      if (ms_.cube >= kMaxCube) break;
      if (ms_.doubled) {  // beaver or raccoon: the cube goes up and changes hands
        ++beavers_used_;
        ms_.cube <<= 1;
        ms_.cube_owner = 1 - ms_.on_roll;
      } else {
        ms_.doubled = true;
      }
      ms_.turn = 1 - r.player;
      break;
    case RecordKind::kTake:
      if (!ms_.doubled) break;
      ms_.cube <<= 1;
      beavers_used_ = 0;
      ms_.doubled = false;
      ms_.cube_owner = 1 - ms_.on_roll;
      ms_.turn = ms_.on_roll;
      break;
    case RecordKind::kDrop:
      if (!ms_.doubled) break;
      ms_.doubled = false;
      beavers_used_ = 0;
      ms_.game_state = GameState::kDropped;
      game_over(1 - r.player, ms_.cube, false);
      break;
    case RecordKind::kMove: {
      ms_.doubled = false;
      play_steps(r.move, r.player);
      ms_.dice = {0, 0};
      if (int n = game_points(board_, variant_)) {
        if (ms_.jacoby && ms_.cube_owner == kCubeCentred && ms_.is_money()) n = 1;
        ms_.game_state = GameState::kOver;
        game_over(r.player, ms_.cube * n, false);
      }
      break;
    }
    case RecordKind::kResign:
      ms_.game_state = GameState::kResigned;
      ms_.resigned = r.resigned;
      game_over(1 - r.player, ms_.cube * r.resigned, true);
      break;
    case RecordKind::kSetBoard:
      // The record's player is on roll (gnubg: the player on roll when the board was set, or the
      // PL[] of the node that set it in a match file).
      board_ = r.board;
      if (ms_.on_roll != r.player) ms_.turn = ms_.on_roll = r.player;
      if (ms_.on_roll == 1) board_.swap_sides();
      break;
    case RecordKind::kSetDice:
      ms_.dice = r.dice;
      if (ms_.on_roll != r.player) board_.swap_sides();
      ms_.turn = ms_.on_roll = r.player;
      ms_.doubled = false;
      break;
    case RecordKind::kSetCubeValue:
      if (ms_.on_roll < 0) ms_.on_roll = 0;
      ms_.cube = r.cube;
      ms_.doubled = false;
      ms_.turn = ms_.on_roll;
      break;
    case RecordKind::kSetCubeOwner:
      if (ms_.on_roll < 0) ms_.on_roll = 0;
      ms_.cube_owner = r.cube_owner;
      ms_.doubled = false;
      ms_.turn = ms_.on_roll;
      break;
  }
}

// ---- actions -----------------------------------------------------------------------------------

Refusal GameFlow::check_roll() const {
  if (!playing()) return Refusal::kNoGame;
  if (ms_.doubled) return Refusal::kDoublePending;
  if (ms_.resigned) return Refusal::kResignationPending;
  if (ms_.dice_rolled()) return Refusal::kAlreadyRolled;
  return Refusal::kNone;
}

bool GameFlow::roll(std::array<int, 2> dice) {
  MoveRecord rec;
  rec.kind = RecordKind::kSetDice;
  rec.player = ms_.turn;
  rec.dice = larger_first(dice);
  add_record(rec);
  auto moves = std::make_unique<MoveList>();
  return generate_moves(board_, dice[0], dice[1], *moves) > 0;
}

void GameFlow::set_rolled_dice(std::array<int, 2> dice) {
  ms_.dice = dice;
}

void GameFlow::show_roll(int player, std::array<int, 2> dice) {
  if (ms_.turn >= 0 && ms_.turn != player) board_.swap_sides();
  ms_.game_state = GameState::kPlaying;
  ms_.turn = ms_.on_roll = player;
  ms_.dice = dice;
}

Refusal GameFlow::check_move() const {
  if (!playing()) return Refusal::kNoGame;
  if (!ms_.dice_rolled()) return Refusal::kNotRolled;
  if (ms_.resigned) return Refusal::kResignationPending;
  if (ms_.doubled) return Refusal::kDoublePending;
  return Refusal::kNone;
}

void GameFlow::move(const Move& m) {
  MoveRecord rec;
  rec.kind = RecordKind::kMove;
  rec.player = ms_.turn;
  rec.dice = larger_first(ms_.dice);
  rec.move = m;
  add_record(rec);
}

Refusal GameFlow::check_double() const {
  if (!playing()) return Refusal::kNoGame;
  if (ms_.crawford) return Refusal::kCrawford;
  if (!ms_.cube_use) return Refusal::kCubeDisabled;
  if (ms_.doubled) return Refusal::kDoublePending;  // the caller treats it as a redouble
  if (ms_.turn != ms_.on_roll) return Refusal::kNotOnRoll;
  if (ms_.dice_rolled()) return Refusal::kDoubleAfterRoll;
  if (ms_.cube_owner >= 0 && ms_.cube_owner != ms_.turn) return Refusal::kNotCubeOwner;
  if (ms_.cube >= (ms_.is_money() ? kMaxCube : kMaxMatchCube)) return Refusal::kCubeAtMaximum;
  if (!ms_.is_money() && ms_.cube >= ms_.away(ms_.turn)) return Refusal::kDeadCube;
  return Refusal::kNone;
}

void GameFlow::double_cube() {
  MoveRecord rec;
  rec.kind = RecordKind::kDouble;
  rec.player = ms_.turn;
  add_record(rec);
}

Refusal GameFlow::check_take() const {
  if (!playing() || !ms_.doubled) return Refusal::kNoDoubleOffered;
  return Refusal::kNone;
}

void GameFlow::take() {
  MoveRecord rec;
  rec.kind = RecordKind::kTake;
  rec.player = ms_.turn;
  add_record(rec);
}

void GameFlow::drop() {
  MoveRecord rec;
  rec.kind = RecordKind::kDrop;
  rec.player = ms_.turn;
  add_record(rec);
}

Refusal GameFlow::check_redouble(int* max_beavers) const {
  if (max_beavers) *max_beavers = rules_.beavers;
  if (!ms_.is_money()) return Refusal::kBeaversInMatch;
  if (!rules_.beavers) return Refusal::kBeaversDisabled;
  if (beavers_used_ >= rules_.beavers) return Refusal::kTooManyBeavers;
  if (!playing() || !ms_.doubled) return Refusal::kNoDoubleOffered;
  if (ms_.cube >= (kMaxCube >> 1)) return Refusal::kCubeAtMaximum;
  return Refusal::kNone;
}

void GameFlow::redouble() {
  ms_.cube_owner = 1 - ms_.on_roll;
  double_cube();
}

Refusal GameFlow::check_resign(int level) const {
  if (!playing()) return Refusal::kNoGame;
  if (level <= resignation_declined_) return Refusal::kResignationDeclined;
  return Refusal::kNone;
}

void GameFlow::resign(int level) {
  ms_.resigned = level;
  ms_.turn = 1 - ms_.turn;
}

Refusal GameFlow::check_answer_resignation() const {
  if (!playing()) return Refusal::kNoGame;
  if (!ms_.resigned) return Refusal::kNoResignation;
  return Refusal::kNone;
}

void GameFlow::agree() {
  MoveRecord rec;
  rec.kind = RecordKind::kResign;
  rec.player = 1 - ms_.turn;
  rec.resigned = ms_.resigned;
  add_record(rec);
}

void GameFlow::decline() {
  resignation_declined_ = ms_.resigned;
  ms_.resigned = 0;
  ms_.turn = 1 - ms_.turn;
}

// ---- editing -----------------------------------------------------------------------------------

void GameFlow::set_board(const Board& seen_from_on_roll) {
  MoveRecord rec;
  rec.kind = RecordKind::kSetBoard;
  rec.player = ms_.on_roll < 0 ? 0 : ms_.on_roll;
  rec.board = seen_from_on_roll;
  if (ms_.on_roll == 1) rec.board.swap_sides();  // stored with player 0 in sides[1]
  add_record(rec);
}

void GameFlow::set_dice(std::array<int, 2> dice) {
  MoveRecord rec;
  rec.kind = RecordKind::kSetDice;
  rec.player = ms_.on_roll < 0 ? 0 : ms_.on_roll;
  rec.dice = dice;
  add_record(rec);
}

void GameFlow::set_turn(int player) {
  if (ms_.turn != player) board_.swap_sides();
  ms_.turn = ms_.on_roll = player;
  ms_.doubled = false;
  ms_.dice = {0, 0};
}

void GameFlow::clear_turn() {
  if (!games_.empty()) {
    std::vector<MoveRecord>& records = games_.back().records;
    while (!records.empty() && records.back().kind == RecordKind::kSetDice) records.pop_back();
  }
  ms_.dice = {0, 0};
}

void GameFlow::set_cube_value(int cube) {
  MoveRecord rec;
  rec.kind = RecordKind::kSetCubeValue;
  rec.player = ms_.on_roll < 0 ? 0 : ms_.on_roll;
  rec.cube = cube;
  add_record(rec);
}

void GameFlow::set_cube_owner(int owner) {
  MoveRecord rec;
  rec.kind = RecordKind::kSetCubeOwner;
  rec.player = ms_.on_roll < 0 ? 0 : ms_.on_roll;
  rec.cube_owner = owner;
  add_record(rec);
}

void GameFlow::set_cube_use(bool use) {
  rules_.cube_use = use;
  if (playing() && !use) {
    ms_.cube = 1;
    ms_.cube_owner = kCubeCentred;
    ms_.doubled = false;
  }
  ms_.cube_use = use;
}

void GameFlow::set_score(int score0, int score1, bool crawford, bool post_crawford) {
  ms_.doubled = false;
  ms_.score = {score0, score1};
  const int len = ms_.match_length;
  if (len) {
    if (score0 != len - 1 && score1 != len - 1) {
      ms_.crawford = ms_.post_crawford = false;
    } else if ((score0 == len - 1 && score1 == len - 1) || post_crawford) {
      ms_.crawford = false;
      ms_.post_crawford = len > 1;
    } else {
      if (score0 >= len || score1 >= len)
        ms_.crawford = false;
      else if (crawford || !score0 || !score1)
        ms_.crawford = true;
      ms_.post_crawford = !ms_.crawford;
    }
  }
  if (ms_.game_state != GameState::kOver && ms_.game_state != GameState::kResigned &&
      ms_.game_state != GameState::kDropped && !games_.empty()) {
    games_.back().info.score = ms_.score;
    games_.back().info.crawford_game = ms_.crawford;
  }
}

void GameFlow::set_crawford(bool crawford) {
  ms_.crawford = crawford;
  ms_.post_crawford = !crawford;
  if (crawford) ms_.doubled = false;
  if (!games_.empty()) games_.back().info.crawford_game = ms_.crawford;
}

void GameFlow::start_position(const MatchState& target) {
  games_.clear();
  games_played_ = 0;
  crawford_state_ = -1;
  game_finished_ = false;
  ms_.match_length = target.match_length;
  ms_.score = target.score;
  const bool one_away = !target.is_money() && (target.score[0] == target.match_length - 1 ||
                                               target.score[1] == target.match_length - 1);
  const bool crawford = target.crawford && target.match_length != 1;
  ms_.crawford = crawford && one_away;
  ms_.post_crawford = !crawford && one_away;
  ms_.cube_use = rules_.cube_use;
  ms_.jacoby = target.jacoby;

  games_.push_back({make_game_info(), {}});
  apply_game_info(games_.back().info);
  ms_.game_state = target.game_state;
  ms_.on_roll = target.on_roll;
  ms_.turn = target.turn;
  ms_.resigned = target.resigned;
  ms_.doubled = target.doubled;
  ms_.jacoby = target.jacoby;
}

// ---- loading -----------------------------------------------------------------------------------

void GameFlow::load(const std::vector<GameRecord>& games) {
  new_match(games.empty() ? 0 : games.front().info.match_length);
  for (const GameRecord& g : games) {
    append_game(g.info);
    for (const MoveRecord& r : g.records) add_record(r);
    // A game that ended by resignation stores only its result: replay the resignation.
    if (g.info.resigned && g.info.winner >= 0 && ms_.game_state == GameState::kPlaying) {
      MoveRecord rec;
      rec.kind = RecordKind::kResign;
      rec.player = 1 - g.info.winner;
      rec.resigned = std::clamp(g.info.points / std::max(ms_.cube, 1), 1, 3);
      add_record(rec);
    }
    game_finished_ = false;
  }
  // The next game's Crawford flags follow from these flags and the score (start_game).
}

void GameFlow::append_game(const GameInfo& g) {
  board_ = starting_position(variant_);
  ms_.dice = {0, 0};
  ms_.resigned = 0;
  ms_.doubled = false;
  ms_.cube = 1;
  ms_.on_roll = ms_.turn = ms_.cube_owner = -1;
  ms_.game_state = GameState::kNone;
  GameInfo info = g;
  info.winner = -1;
  info.points = 0;
  info.resigned = false;
  games_.push_back({info, {}});
  apply_game_info(info);
  resignation_declined_ = 0;
  game_finished_ = false;
}

}  // namespace tavla::engine
