// SPDX-License-Identifier: GPL-3.0-or-later
// The statistics of an analysed game or match as gnubg 1.07 keeps them (its statcontext,
// analysis.c) and the figures `show statistics match` / `game` derives from them (formatgs.c):
// counts of moves, marks and cube decisions, error and luck totals, the actual and luck-adjusted
// results, the ratings. Plain data; the text and JSON forms are in tools/text/.
//
// Units: every total has two columns, [0] "normalised" equity (EMG: the equity the analysis
// compares, money: per unit cube; match: normalised match equity, gnubg's mwc2eq) and [1] the
// cost in points (money: times the cube in play) or match-winning chances (match play). Statistics
// accumulates errors as gnubg does, as equity lost (positive); PlayerFigures holds them as `show
// statistics` prints them (negative). Luck is for the player who rolled, good luck positive.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace tavla::analysis {

// gnubg's skilltype / lucktype, same order.
enum class Skill { kVeryBad = 0, kBad, kDoubtful, kNone };
enum class LuckMark { kVeryBad = 0, kBad, kNone, kGood, kVeryGood };

// gnubg's arSkillLevel and arLuckLevel (`set analysis threshold ...`), indexed by Skill /
// LuckMark, all positive equities. The defaults: a play or cube action losing more than 0.03 /
// 0.06 / 0.12 is doubtful / bad / very bad; a roll worth more than 0.3 / 0.6 (either way) is
// lucky / very lucky (unlucky / very unlucky). skill[kNone] and luck[kNone] are unused (0).
struct MarkThresholds {
  std::array<float, 4> skill{0.12f, 0.06f, 0.03f, 0.0f};
  std::array<float, 5> luck{0.6f, 0.3f, 0.0f, 0.3f, 0.6f};
  friend bool operator==(const MarkThresholds&, const MarkThresholds&) = default;
};

Skill skill_of(float equity_difference,  // the difference is <= 0 for an error
               const MarkThresholds& t = {});
LuckMark luck_mark_of(float luck, const MarkThresholds& t = {});
std::string_view skill_name(Skill s);     // "very bad", "bad", "doubtful", "none"
std::string_view luck_mark_name(LuckMark l);  // "very unlucky" ... "very lucky", "none"

// gnubg's ratingtype: "Awful!" ... "Supernatural", then "n/a".
enum class Rating { kAwful = 0, kBeginner, kCasual, kIntermediate, kAdvanced, kExpert,
                    kWorldClass, kSupernatural, kUndefined };
Rating rating_of(float error_per_decision);  // normalised equity, positive = error (GetRating)
std::string_view rating_name(Rating r);
// gnubg's luck rating from the luck per move (getLuckRating): "Go to bed" ... "Go to Las Vegas".
std::string_view luck_rating_name(float luck_per_move, const MarkThresholds& t = {});

using Pair = std::array<float, 2>;  // [0] normalised equity, [1] points or MWC

// gnubg's statcontext, indexed by player (0, 1).
struct Statistics {
  bool moves = false, cube = false, dice = false;  // what was analysed
  int games = 0;                                   // games added (match statistics)
  std::array<int, 2> total_moves{}, unforced_moves{};
  std::array<std::array<int, 4>, 2> marked_moves{};  // by Skill
  std::array<std::array<int, 5>, 2> luck_marks{};    // by LuckMark
  std::array<int, 2> total_cube{}, close_cube{}, doubles{}, takes{}, passes{};
  std::array<int, 2> missed_double_below_cp{}, missed_double_above_cp{}, wrong_double_below_dp{},
      wrong_double_above_tg{}, wrong_takes{}, wrong_passes{};
  std::array<Pair, 2> error_chequer{}, error_missed_double_below_cp{},
      error_missed_double_above_cp{}, error_wrong_double_below_dp{}, error_wrong_double_above_tg{},
      error_wrong_take{}, error_wrong_pass{}, luck{};
  Pair actual_result{}, luck_adjusted_result{};        // points or MWC, per player
  Pair variance_actual{}, variance_luck_adjusted{};    // over games (money sessions)

  // gnubg's AddStatcontext: this += game (the game's statistics, one more game).
  void add_game(const Statistics& game);
};

// The figures of `show statistics`, per player, as formatgs.c derives them.
struct PlayerFigures {
  // Chequer play
  Pair chequer_error_total{};  // negative
  Pair chequer_error_rate{};   // per unforced move
  std::optional<Rating> chequer_rating;  // nullopt: no unforced move ("n/a")
  // Luck
  Pair luck_total{};
  std::optional<Pair> luck_rate;  // per move; nullopt without moves
  // Cube
  Pair cube_error_total{};
  Pair cube_error_rate{};  // per close or actual cube decision
  std::optional<Rating> cube_rating;
  // Overall
  Pair overall_error_total{};
  Pair overall_error_rate{};  // per unforced move and close cube decision
  std::optional<float> snowie_error_rate;  // normalised error total / all moves of both players
  std::optional<Rating> overall_rating;
  // Match play only: the error-based FIBS ratings (nullopt: "n/a").
  std::optional<float> fibs_rating, chequer_rating_loss, cube_rating_loss;
};

// gnubg's rating offset (rRatingOffset) for the absolute FIBS rating.
inline constexpr float kRatingOffset = 2050.0f;
// `rating_offset': gnubg's `set ratingoffset' (the estimated rating of a player without errors).
PlayerFigures player_figures(const Statistics& s, int player, int match_length,
                             float rating_offset = kRatingOffset);

// "Luck based FIBS rating diff." for player 0 (match play, a result known); nullopt: "n/a".
std::optional<float> luck_based_fibs_rating_diff(const Statistics& s, int match_length);
// Whether `show statistics` prints the results (gnubg: a result > 0 for either player).
bool has_result(const Statistics& s);

}  // namespace tavla::analysis
