// SPDX-License-Identifier: GPL-3.0-or-later
// The rules and flow of play: a match, session or single game as a state machine over gnubg's
// match state and move records. It checks every action against the rules (whose turn, cube
// access, Crawford, beavers, resignations), applies it, scores finished games (cube, gammons,
// backgammons, the Jacoby rule), tracks Crawford and post-Crawford games and the end of the
// match, and keeps the record that match files store.
//
// It never prints: refusals are values (Refusal) and results are structs; the shell turns them
// into gnubg's messages. Who plays a side (human or engine) is not its concern either.
//
// The semantics are gnubg 1.07's (play.c): an action appends a record and the record is applied
// to the match state, so that replaying the records of a loaded match reproduces the same state.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/game_record.h"
#include "engine/match_state.h"
#include "engine/move.h"
#include "engine/variant.h"
#include "engine/xgid.h"

namespace tavla::engine {

// Settings that shape new games (gnubg's globals of the same meaning).
struct FlowRules {
  bool jacoby = true;         // new money sessions use the Jacoby rule
  int beavers = 3;            // beavers (and raccoons) allowed in money play; 0 = none
  bool cube_use = true;       // the doubling cube is used
  bool auto_crawford = true;  // the Crawford game is derived from the score
  int auto_doubles = 0;       // money play: opening doublets double the cube up to 2^n
  Variant variant = Variant::kStandard;  // gnubg's `set variation`: taken by the next new match
};

// Why an action was refused; the shell words each one as gnubg does.
enum class Refusal {
  kNone,
  kNoGame,              // no game in progress
  kMatchOver,           // the match is already over
  kDoublePending,       // a double awaits an answer
  kResignationPending,  // a resignation awaits an answer
  kAlreadyRolled,
  kNotRolled,  // must roll before moving
  kCrawford,   // doubling forbidden in the Crawford game
  kCubeDisabled,
  kNotOnRoll,  // only the player on roll may double
  kDoubleAfterRoll,
  kNotCubeOwner,
  kCubeAtMaximum,
  kDeadCube,         // match play: the cube already wins the match
  kNoDoubleOffered,  // take/drop/redouble without a double
  kBeaversInMatch,
  kBeaversDisabled,
  kTooManyBeavers,
  kNoResignation,        // agree/decline without a resignation
  kResignationDeclined,  // one at least as large was declined already
};

// How a finished game ended, for the "wins a gammon and 2 points" message.
struct GameOver {
  int winner = 0;
  int result = 1;  // 1 single game, 2 gammon, 3 backgammon (as counted, e.g. 1 under Jacoby)
  int points = 0;
  bool match_over = false;
};

class GameFlow {
 public:
  explicit GameFlow(FlowRules rules = {}) : rules_(rules) {}

  FlowRules& rules() { return rules_; }
  const FlowRules& rules() const { return rules_; }

  // ---- the state -------------------------------------------------------------------------------
  // match().on_roll is -1 (and game_state kNone) before the first roll of a game.
  const MatchState& match() const { return ms_; }
  Variant variant() const { return variant_; }  // of the current match
  const Board& board() const { return board_; }  // seen from match().on_roll
  Game game() const { return {board_, ms_}; }
  bool playing() const { return ms_.game_state == GameState::kPlaying; }
  bool has_game() const { return !games_.empty(); }
  int games_played() const { return games_played_; }
  int beavers_used() const { return beavers_used_; }
  int resignation_declined() const { return resignation_declined_; }
  bool match_over() const;
  const std::vector<GameRecord>& games() const { return games_; }
  // gnubg's PopGame of the oldest game (`set record off' in a money session: only the game in
  // play is recorded). The score and the count of games played are kept.
  void drop_first_game() {
    if (!games_.empty()) games_.erase(games_.begin());
  }

  // ---- matches and games -----------------------------------------------------------------------
  // Discards everything and prepares a new match of `length` points (0 = money session).
  void new_match(int length);

  // Starts the next game: records its start and rolls for the first move until the dice differ.
  // `roll` returns one opening roll (die of player 0, die of player 1), or nullopt to abandon the
  // game (interrupted); `report` hears of each roll as it is made (all but the last are doublets,
  // which may double the cube: automatic doubles). Returns false when abandoned.
  struct OpeningRoll {
    std::array<int, 2> dice;  // player 0's die, player 1's die
    int cube_after = 0;       // > 0: this doublet turned the cube to that value
  };
  bool start_game(const std::function<std::optional<std::array<int, 2>>()>& roll,
                  const std::function<void(const OpeningRoll&)>& report);
  Refusal check_new_game() const;  // kMatchOver when the match is decided

  // After an action ended the game: scores it (done when the record was applied), updates the
  // Crawford flags for the next game and reports the result. Call once per finished game.
  std::optional<GameOver> finish_game();

  // ---- actions of the player whose turn it is --------------------------------------------------
  Refusal check_roll() const;
  // Records the roll (dice in the order rolled). Returns whether any move is possible; when none
  // is, the caller records the empty move with move(Move{}) (gnubg prints "cannot move" first).
  bool roll(std::array<int, 2> dice);
  // The engine's roll (gnubg's ComputerTurn): the dice are shown in the order rolled and recorded
  // only with the move that plays them.
  void set_rolled_dice(std::array<int, 2> dice);
  Refusal check_move() const;
  // Plays a legal move of the current dice; `move` must come from the legal move list (a move
  // without steps when none is possible).
  void move(const Move& move);
  Refusal check_double() const;
  void double_cube();
  Refusal check_take() const;  // also for drop
  void take();
  void drop();
  Refusal check_redouble(int* max_beavers = nullptr) const;  // beaver (or raccoon)
  void redouble();
  Refusal check_resign(int level) const;
  void resign(int level);  // offers a resignation (1..3); the opponent must answer
  Refusal check_answer_resignation() const;
  void agree();    // accepts the resignation: game over
  void decline();  // declines it: the resigning player continues

  // ---- editing (gnubg's set commands; a game must be in progress) ------------------------------
  void set_board(const Board& seen_from_on_roll);
  void set_dice(std::array<int, 2> dice);  // for the player on roll
  void set_turn(int player);
  // gnubg's CommandClearTurn without a double pending: the dice rolled or set for the player on
  // roll are taken back (the current game's trailing dice records dropped), who is on roll again
  // before rolling.
  void clear_turn();
  void set_cube_value(int cube);
  void set_cube_owner(int owner);  // kCubeCentred, 0 or 1
  void set_cube_use(bool use);     // off resets the cube to 1, centred
  // `set score`: the flags as gnubg derives them from the score (crawford/post_crawford are the
  // user's explicit requests).
  void set_score(int score0, int score1, bool crawford, bool post_crawford);
  void set_match_length(int length) { ms_.match_length = length; }
  void set_crawford(bool crawford);  // also sets post-Crawford to the opposite
  void set_jacoby(bool jacoby) { ms_.jacoby = jacoby; }
  void set_post_crawford(bool post_crawford) { set_crawford(!post_crawford); }
  // gnubg's SetMatchID: a new match whose single game has the score, rules, game state, player on
  // roll and to act of `target`, from the starting position, cube 1 centred, no dice. The caller
  // then sets dice, cube and board (set_dice, set_cube_owner, set_cube_value, set_board).
  void start_position(const MatchState& target);

  // ---- loading ---------------------------------------------------------------------------------
  // Replaces the match by the given games (as read from a match file) and replays their records.
  void load(const std::vector<GameRecord>& games);
  // Starts the next game of a match being read from a file: `info` as the file states it (score,
  // Crawford game, rules; no result), the starting position, no opening roll yet. The game's
  // actions follow through the usual calls (set_turn and roll for the opening roll). A game in
  // progress stays in the match.
  void append_game(const GameInfo& info);

  // Applies the next record of a game started with append_game, as load does: callers that
  // replay a match record by record (the match analysis) see the state before each record.
  void replay(const MoveRecord& record) { add_record(record); }

  // Reviewing (gnubg's CommandNextRoll): shows the roll of `player`'s next move before it is
  // played: the game is in play with `player` on roll and `dice` rolled. Makes no record.
  void show_roll(int player, std::array<int, 2> dice);

  // The record of the game in progress (or the last game), for saving.
  const GameRecord* current_game() const { return games_.empty() ? nullptr : &games_.back(); }

 private:
  void add_record(MoveRecord record);  // gnubg's AddMoveRecord (with its elisions)
  void apply(const MoveRecord& record);
  void apply_game_info(const GameInfo& info);
  void game_over(int winner, int points, bool resigned);
  void play_steps(const Move& move, int player);
  GameInfo make_game_info() const;

  FlowRules rules_;
  MatchState ms_ = initial_state();
  Board board_ = Board::starting_position();
  Variant variant_ = Variant::kStandard;  // the match's game (rules_.variant at new_match)
  std::vector<GameRecord> games_;
  int games_played_ = 0;
  int beavers_used_ = 0;
  int resignation_declined_ = 0;
  int crawford_state_ = -1;  // -1 derive from the score, else bit 0 Crawford, bit 1 post-Crawford
  bool game_finished_ = false;  // a finished game awaits finish_game()

  static MatchState initial_state();
};

// The result of a finished board: 0 while both sides have chequers left, else 1 (single game),
// 2 (gammon) or 3 (backgammon) for the side that has none left. gnubg's GameStatus.
int game_status(const Board& board);

// A short name of a refusal for tests and logs (the shell has gnubg's wording).
const char* refusal_name(Refusal r);

}  // namespace tavla::engine
