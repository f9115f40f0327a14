// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/match_statistics.h"

#include <cmath>

namespace tavla::analysis {

namespace {

// gnubg's arThrsRating: an error rate below entry i earns rating i (the highest such i).
constexpr std::array<float, 8> kRatingThreshold{1e38f, 0.035f, 0.026f, 0.018f,
                                                0.012f, 0.008f, 0.005f, 0.002f};

// The sample variance of the per-game results after adding a game's result `added` to the sum
// `sum` of `games` games (gnubg's UpdateVariance, float as gnubg).
void update_variance(float& variance, float sum, float added, int games) {
  if (games <= 1) {
    variance = 0.0f;
    return;
  }
  const float mu_new = sum / static_cast<float>(games);
  const float mu_old = (sum - added) / static_cast<float>(games - 1);
  const float delta = mu_new - mu_old;
  variance = variance * (1.0f - 1.0f / static_cast<float>(games - 1)) +
             static_cast<float>(games) * delta * delta;
}

Pair per(const Pair& total, int n) {
  if (n == 0) return {0.0f, 0.0f};
  return {total[0] / static_cast<float>(n), total[1] / static_cast<float>(n)};
}

Pair negated(const Pair& p) { return {-p[0], -p[1]}; }

}  // namespace

Skill skill_of(float r, const MarkThresholds& t) {
  if (r < -t.skill[0]) return Skill::kVeryBad;
  if (r < -t.skill[1]) return Skill::kBad;
  if (r < -t.skill[2]) return Skill::kDoubtful;
  return Skill::kNone;
}

LuckMark luck_mark_of(float r, const MarkThresholds& t) {
  if (r > t.luck[4]) return LuckMark::kVeryGood;
  if (r > t.luck[3]) return LuckMark::kGood;
  if (r < -t.luck[0]) return LuckMark::kVeryBad;
  if (r < -t.luck[1]) return LuckMark::kBad;
  return LuckMark::kNone;
}

std::string_view skill_name(Skill s) {
  static constexpr std::array<std::string_view, 4> kNames{"very bad", "bad", "doubtful", "none"};
  return kNames[static_cast<int>(s)];
}

std::string_view luck_mark_name(LuckMark l) {
  static constexpr std::array<std::string_view, 5> kNames{"very unlucky", "unlucky", "none",
                                                          "lucky", "very lucky"};
  return kNames[static_cast<int>(l)];
}

Rating rating_of(float error) {
  for (int i = static_cast<int>(Rating::kSupernatural); i >= 0; --i)
    if (error < kRatingThreshold[i]) return static_cast<Rating>(i);
  return Rating::kUndefined;
}

std::string_view rating_name(Rating r) {
  static constexpr std::array<std::string_view, 9> kNames{
      "Awful!", "Beginner", "Casual player", "Intermediate", "Advanced",
      "Expert", "World class", "Supernatural", "N/A"};
  return kNames[static_cast<int>(r)];
}

std::string_view luck_rating_name(float luck_per_move, const MarkThresholds& t) {
  static constexpr std::array<std::string_view, 5> kNames{
      "Go to bed", "Bad dice, man!", "None", "Good dice, man!", "Go to Las Vegas"};
  return kNames[static_cast<int>(luck_mark_of(luck_per_move * 10.0f, t))];
}

void Statistics::add_game(const Statistics& g) {
  ++games;
  moves |= g.moves;
  dice |= g.dice;
  cube |= g.cube;
  for (int i = 0; i < 2; ++i) {
    unforced_moves[i] += g.unforced_moves[i];
    total_moves[i] += g.total_moves[i];
    total_cube[i] += g.total_cube[i];
    close_cube[i] += g.close_cube[i];
    doubles[i] += g.doubles[i];
    takes[i] += g.takes[i];
    passes[i] += g.passes[i];
    for (int j = 0; j < 4; ++j) marked_moves[i][j] += g.marked_moves[i][j];
    for (int j = 0; j < 5; ++j) luck_marks[i][j] += g.luck_marks[i][j];
    missed_double_below_cp[i] += g.missed_double_below_cp[i];
    missed_double_above_cp[i] += g.missed_double_above_cp[i];
    wrong_double_below_dp[i] += g.wrong_double_below_dp[i];
    wrong_double_above_tg[i] += g.wrong_double_above_tg[i];
    wrong_takes[i] += g.wrong_takes[i];
    wrong_passes[i] += g.wrong_passes[i];
    for (int j = 0; j < 2; ++j) {
      error_chequer[i][j] += g.error_chequer[i][j];
      error_missed_double_below_cp[i][j] += g.error_missed_double_below_cp[i][j];
      error_missed_double_above_cp[i][j] += g.error_missed_double_above_cp[i][j];
      error_wrong_double_below_dp[i][j] += g.error_wrong_double_below_dp[i][j];
      error_wrong_double_above_tg[i][j] += g.error_wrong_double_above_tg[i][j];
      error_wrong_take[i][j] += g.error_wrong_take[i][j];
      error_wrong_pass[i][j] += g.error_wrong_pass[i][j];
      luck[i][j] += g.luck[i][j];
    }
  }
  if (g.actual_result[0] >= 0.0f || g.actual_result[1] >= 0.0f) {
    for (int i = 0; i < 2; ++i) {
      actual_result[i] += g.actual_result[i];
      luck_adjusted_result[i] += g.luck_adjusted_result[i];
      update_variance(variance_actual[i], actual_result[i], g.actual_result[i], games);
      update_variance(variance_luck_adjusted[i], luck_adjusted_result[i],
                      g.luck_adjusted_result[i], games);
    }
  }
}

PlayerFigures player_figures(const Statistics& s, int i, int match_length, float rating_offset) {
  // gnubg's getMWCFromError, then formatGS.
  PlayerFigures f;
  const Pair chequer_total = s.error_chequer[i];
  const Pair chequer_rate = per(chequer_total, s.unforced_moves[i]);
  Pair cube_total{};
  for (int j = 0; j < 2; ++j)
    cube_total[j] = s.error_missed_double_below_cp[i][j] + s.error_missed_double_above_cp[i][j] +
                    s.error_wrong_double_below_dp[i][j] + s.error_wrong_double_above_tg[i][j] +
                    s.error_wrong_take[i][j] + s.error_wrong_pass[i][j];
  const Pair cube_rate = per(cube_total, s.close_cube[i]);
  const Pair overall_total{chequer_total[0] + cube_total[0], chequer_total[1] + cube_total[1]};
  const Pair overall_rate = per(overall_total, s.unforced_moves[i] + s.close_cube[i]);

  f.chequer_error_total = negated(chequer_total);
  f.chequer_error_rate = negated(chequer_rate);
  if (s.unforced_moves[i]) f.chequer_rating = rating_of(chequer_rate[0]);
  f.luck_total = s.luck[i];
  if (s.total_moves[i]) f.luck_rate = per(s.luck[i], s.total_moves[i]);
  f.cube_error_total = negated(cube_total);
  f.cube_error_rate = negated(cube_rate);
  if (s.close_cube[i]) f.cube_rating = rating_of(cube_rate[0]);
  f.overall_error_total = negated(overall_total);
  f.overall_error_rate = negated(overall_rate);
  const int n = s.total_moves[0] + s.total_moves[1];
  if (n > 0) f.snowie_error_rate = -overall_total[0] / static_cast<float>(n);
  if (s.close_cube[i] + s.unforced_moves[i]) f.overall_rating = rating_of(overall_rate[0]);
  if (match_length) {
    const float len = static_cast<float>(match_length);
    const float chequer_loss = chequer_rate[0] * (8798.0f + 25526.0f / len);
    const float cube_loss = cube_rate[0] * (863.0f - 519.0f / len);
    if (s.close_cube[i] + s.unforced_moves[i])
      f.fibs_rating = rating_offset - (chequer_loss + cube_loss);
    if (s.unforced_moves[i]) f.chequer_rating_loss = chequer_loss;
    if (s.close_cube[i]) f.cube_rating_loss = cube_loss;
  }
  return f;
}

std::optional<float> luck_based_fibs_rating_diff(const Statistics& s, int match_length) {
  const float r = 0.5f + s.actual_result[0] - s.luck[0][1] + s.luck[1][1];
  if (!(r > 0.0f && r < 1.0f)) return std::nullopt;
  const float x = -2000.0f / std::sqrt(static_cast<float>(match_length)) *
                  std::log10(1.0f / r - 1.0f);
  return x < -2100.0f ? -2100.0f : x;
}

bool has_result(const Statistics& s) {
  return s.actual_result[0] > 0.0f || s.actual_result[1] > 0.0f;
}

}  // namespace tavla::analysis
