// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/match_analysis_text.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/move_text.h"
#include "eval/cube_decision.h"

namespace tavla::text {

namespace {

using analysis::Pair;
using analysis::PlayerFigures;
using analysis::Statistics;

std::string printf_string(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

// gnubg's errorRate and errorRateMP: the decimals of an error rate, fewer the larger the factor
// (with the defaults, 3 digits and factor 1000: 1 decimal of milli-equity).
// A factor of 0 gives no decimals (gnubg's integer conversion of -infinity then overflows to a
// negative count on x86, which it raises to 0).
int rate_decimals(const StatisticsFormat& f) {
  if (f.error_rate_factor <= 0.0f) return 0;
  const int n = f.digits - static_cast<int>(std::log10(double{f.error_rate_factor}) - 0.5);
  return n > 0 ? n : 0;
}

struct Row {
  std::string label, a, b;
};

std::string total_text(int n) { return n ? "EMG (MWC)" : "EMG (Points)"; }
std::string rate_text(int n) { return n ? "mEMG (MWC)" : "mEMG (Points)"; }

Row number_row(std::string label, const std::array<int, 2>& v) {
  return {std::move(label), printf_string("%3d", v[0]), printf_string("%3d", v[1])};
}

std::string error_total(const Pair& r, int n, const StatisticsFormat& f) {
  const int w = rate_decimals(f) + 5, p = rate_decimals(f) + 2;
  return n ? printf_string("     %+*.*f (%+7.3f%%)", w, p, r[0], r[1] * 100.0f)
           : printf_string("     %+*.*f (%+7.3f)", w, p, r[0], r[1]);
}

std::string error_rate(const Pair& r, int n, const StatisticsFormat& f) {
  const int w = rate_decimals(f) + 5, p = rate_decimals(f);
  return n ? printf_string("   %+*.*f   (%+7.3f%%)", w, p, f.error_rate_factor * r[0],
                           r[1] * 100.0f)
           : printf_string("   %+*.*f   (%+7.3f)", w, p, f.error_rate_factor * r[0], r[1]);
}

std::string cube_entry(int count, const Pair& r, int n) {
  if (!count) return "  0";
  return n ? printf_string("%3d (%+6.3f (%+7.3f%%))", count, r[0], 100.0f * r[1])
           : printf_string("%3d (%+6.3f (%+7.3f))", count, r[0], r[1]);
}

std::string result_entry(float r, int n) {
  return n ? printf_string("%+7.2f%%", 100.0f * r) : printf_string("%+7.3f", r);
}

std::string rating_entry(const std::optional<analysis::Rating>& r) {
  return r ? std::string(analysis::rating_name(*r)) : "n/a";
}

std::string fibs_entry(const std::optional<float>& r) {
  return r ? printf_string("%6.1f", *r) : "n/a";
}

void section(std::string& out, const char* title, const std::vector<Row>& rows) {
  out += title;
  out += "\n\n";
  for (const Row& r : rows)
    out += printf_string("%-40s %-23s %-23s\n", r.label.c_str(), r.a.c_str(), r.b.c_str());
  out += "\n\n";
}

Pair neg(const Pair& p) { return {-p[0], -p[1]}; }

}  // namespace

std::string format_statistics(const Statistics& s, int n, const std::array<std::string, 2>& names,
                              const analysis::MarkThresholds& t, const StatisticsFormat& format) {
  const int digits = format.digits;
  const std::array<PlayerFigures, 2> f{analysis::player_figures(s, 0, n, format.rating_offset),
                                       analysis::player_figures(s, 1, n, format.rating_offset)};
  std::string out = printf_string("%-40s %-23s %-23s\n", "Player", names[0].c_str(),
                                  names[1].c_str());
  out += "\n";
  if (s.moves) {
    std::vector<Row> rows;
    rows.push_back(number_row("Total moves", s.total_moves));
    rows.push_back(number_row("Unforced moves", s.unforced_moves));
    static constexpr std::array<const char*, 4> kMarks{"Unmarked moves", "Moves marked doubtful",
                                                       "Moves marked bad",
                                                       "Moves marked very bad"};
    for (int k = 0; k < 4; ++k) {
      const int skill = 3 - k;  // none, doubtful, bad, very bad
      rows.push_back(number_row(kMarks[k], {s.marked_moves[0][skill], s.marked_moves[1][skill]}));
    }
    rows.push_back({"Error total " + total_text(n), error_total(f[0].chequer_error_total, n, format),
                    error_total(f[1].chequer_error_total, n, format)});
    rows.push_back({"Error rate " + rate_text(n), error_rate(f[0].chequer_error_rate, n, format),
                    error_rate(f[1].chequer_error_rate, n, format)});
    rows.push_back({"Chequerplay rating", rating_entry(f[0].chequer_rating),
                    rating_entry(f[1].chequer_rating)});
    section(out, "Chequerplay statistics", rows);
  }
  if (s.dice) {
    std::vector<Row> rows;
    static constexpr std::array<const char*, 5> kMarks{
        "Rolls marked very lucky", "Rolls marked lucky", "Rolls unmarked",
        "Rolls marked unlucky", "Rolls marked very unlucky"};
    for (int k = 0; k < 5; ++k)
      rows.push_back(number_row(kMarks[k], {s.luck_marks[0][4 - k], s.luck_marks[1][4 - k]}));
    rows.push_back({"Luck total " + total_text(n), error_total(f[0].luck_total, n, format),
                    error_total(f[1].luck_total, n, format)});
    Row rate{"Luck rate " + rate_text(n), "n/a", "n/a"};
    Row rating{"Luck rating", "n/a", "n/a"};
    for (int i = 0; i < 2; ++i) {
      if (!f[i].luck_rate) continue;
      (i ? rate.b : rate.a) = error_rate(*f[i].luck_rate, n, format);
      (i ? rating.b : rating.a) = analysis::luck_rating_name((*f[i].luck_rate)[0], t);
    }
    rows.push_back(rate);
    rows.push_back(rating);
    section(out, "Luck statistics", rows);
  }
  if (s.cube) {
    std::vector<Row> rows;
    rows.push_back(number_row("Total cube decisions", s.total_cube));
    rows.push_back(number_row("Close or actual cube decisions", s.close_cube));
    rows.push_back(number_row("Doubles", s.doubles));
    rows.push_back(number_row("Takes", s.takes));
    rows.push_back(number_row("Passes", s.passes));
    const std::array<std::pair<const char*, std::pair<const std::array<int, 2>*,
                                                      const std::array<Pair, 2>*>>, 6>
        kErrors{{{"Missed doubles below CP",
                  {&s.missed_double_below_cp, &s.error_missed_double_below_cp}},
                 {"Missed doubles above CP",
                  {&s.missed_double_above_cp, &s.error_missed_double_above_cp}},
                 {"Wrong doubles below DP",
                  {&s.wrong_double_below_dp, &s.error_wrong_double_below_dp}},
                 {"Wrong doubles above TG",
                  {&s.wrong_double_above_tg, &s.error_wrong_double_above_tg}},
                 {"Wrong takes", {&s.wrong_takes, &s.error_wrong_take}},
                 {"Wrong passes", {&s.wrong_passes, &s.error_wrong_pass}}}};
    for (const auto& [label, v] : kErrors)
      rows.push_back({std::string(label) + " (" + total_text(n) + ")",
                      cube_entry((*v.first)[0], neg((*v.second)[0]), n),
                      cube_entry((*v.first)[1], neg((*v.second)[1]), n)});
    rows.push_back({"Error total " + total_text(n), error_total(f[0].cube_error_total, n, format),
                    error_total(f[1].cube_error_total, n, format)});
    rows.push_back({"Error rate " + rate_text(n), error_rate(f[0].cube_error_rate, n, format),
                    error_rate(f[1].cube_error_rate, n, format)});
    rows.push_back({"Cube decision rating", rating_entry(f[0].cube_rating),
                    rating_entry(f[1].cube_rating)});
    section(out, "Cube statistics", rows);
  }
  std::vector<Row> rows;
  if (s.cube || s.moves) {
    rows.push_back({"Error total " + total_text(n), error_total(f[0].overall_error_total, n, format),
                    error_total(f[1].overall_error_total, n, format)});
    rows.push_back({"Error rate " + rate_text(n), error_rate(f[0].overall_error_rate, n, format),
                    error_rate(f[1].overall_error_rate, n, format)});
    Row snowie{"Snowie error rate", "n/a", "n/a"};
    for (int i = 0; i < 2; ++i)
      if (f[i].snowie_error_rate)
        (i ? snowie.b : snowie.a) = error_rate({*f[i].snowie_error_rate, 0.0f}, n, format);
    rows.push_back(snowie);
    rows.push_back({"Overall rating", rating_entry(f[0].overall_rating),
                    rating_entry(f[1].overall_rating)});
  }
  if (s.dice && analysis::has_result(s)) {
    rows.push_back({"Actual result", result_entry(s.actual_result[0], n),
                    result_entry(s.actual_result[1], n)});
    rows.push_back({"Luck adjusted result", result_entry(s.luck_adjusted_result[0], n),
                    result_entry(s.luck_adjusted_result[1], n)});
    if (n) {
      const auto diff = analysis::luck_based_fibs_rating_diff(s, n);
      rows.push_back({"Luck based FIBS rating diff.", diff ? printf_string("%+7.2f", *diff) : "n/a",
                      ""});
    }
  }
  if ((s.cube || s.moves) && n) {
    rows.push_back({"Error based abs. FIBS rating", fibs_entry(f[0].fibs_rating),
                    fibs_entry(f[1].fibs_rating)});
    rows.push_back({"Chequerplay errors rating loss", fibs_entry(f[0].chequer_rating_loss),
                    fibs_entry(f[1].chequer_rating_loss)});
    rows.push_back({"Cube errors rating loss", fibs_entry(f[0].cube_rating_loss),
                    fibs_entry(f[1].cube_rating_loss)});
  }
  if (s.dice && !n && s.games > 1) {
    const float games = static_cast<float>(s.games);
    const std::array<std::pair<const Pair*, const Pair*>, 2> kRows{
        {{&s.actual_result, &s.variance_actual},
         {&s.luck_adjusted_result, &s.variance_luck_adjusted}}};
    static constexpr std::array<const char*, 2> kLabels{"Advantage (actual) in ppg",
                                                        "Advantage (luck adjusted) in ppg"};
    for (int k = 0; k < 2; ++k) {
      const Pair& sum = *kRows[k].first;
      const Pair& var = *kRows[k].second;
      rows.push_back({kLabels[k], printf_string("%+*.*f", digits + 3, digits, sum[0] / games),
                      printf_string("%+*.*f", digits + 3, digits, sum[1] / games)});
      Row ci{"95% confidence interval (ppg)", "", ""};
      for (int j = 0; j < 2; ++j) {
        // gnubg centres the interval on the total, not on the per-game mean.
        const float half = 1.95996f * std::sqrt(var[j] / games);
        (j ? ci.b : ci.a) = printf_string("[%*.*f,%*.*f]", digits + 3, digits, sum[j] - half,
                                          digits + 3, digits, sum[j] + half);
      }
      rows.push_back(ci);
    }
  }
  section(out, "Overall statistics", rows);
  return out;
}

namespace {

std::string mark_suffix(const std::optional<analysis::Skill>& s) {
  if (!s || *s == analysis::Skill::kNone) return "";
  return " (" + std::string(analysis::skill_name(*s)) + ")";
}

}  // namespace

std::string format_match_analysis(const analysis::MatchAnalysis& m) {
  std::string out;
  const auto& names = m.info.names;
  for (size_t g = 0; g < m.games.size(); ++g) {
    const auto& ga = m.games[g];
    out += printf_string("Game %zu: %s %d, %s %d", g + 1, names[0].c_str(), ga.info.score[0],
                         names[1].c_str(), ga.info.score[1]);
    if (ga.info.crawford_game) out += " (Crawford game)";
    out += "\n";
    for (const auto& d : ga.decisions) {
      const std::string& who = names[d.player];
      // Before a roll only a missed double is worth a line.
      if (d.cube && d.kind == engine::RecordKind::kMove && d.cube_error < 0.0f) {
        out += printf_string("%4d %-12s no double   proper: %s, error %+.3f%s\n", d.record,
                             who.c_str(),
                             std::string(eval::cube_decision_text(d.cube->decision)).c_str(),
                             d.cube_error, mark_suffix(d.cube_skill).c_str());
      }
      switch (d.kind) {
        case engine::RecordKind::kMove: {
          std::string line = printf_string("%4d %-12s %d%d %-22s", d.record, who.c_str(),
                                           d.dice[0], d.dice[1],
                                           engine::format_move(d.game.board, d.move).c_str());
          if (!d.moves.empty() && d.moves.size() > 1) {
            line += printf_string(" %+.3f%s", d.play_loss, mark_suffix(d.play_skill).c_str());
            if (d.played != 0)
              line += " best " + engine::format_move(d.game.board, d.moves[0].move.move);
          }
          if (d.luck) {
            line += printf_string("  luck %+.3f", *d.luck);
            if (*d.luck_mark != analysis::LuckMark::kNone)
              line += " (" + std::string(analysis::luck_mark_name(*d.luck_mark)) + ")";
          }
          out += line + "\n";
          break;
        }
        case engine::RecordKind::kDouble:
        case engine::RecordKind::kTake:
        case engine::RecordKind::kDrop: {
          const char* action = d.kind == engine::RecordKind::kDouble ? "doubles"
                               : d.kind == engine::RecordKind::kTake ? "takes"
                                                                     : "passes";
          std::string line = printf_string("%4d %-12s %-10s", d.record, who.c_str(), action);
          if (d.cube)
            line += printf_string(" proper: %s, error %+.3f%s",
                                  std::string(eval::cube_decision_text(d.cube->decision)).c_str(),
                                  d.cube_error, mark_suffix(d.cube_skill).c_str());
          out += line + "\n";
          break;
        }
        case engine::RecordKind::kResign:
          out += printf_string("%4d %-12s resigns\n", d.record, who.c_str());
          break;
        default:
          break;
      }
    }
    out += "\n";
  }
  out += format_statistics(m.statistics, m.match_length, names, m.settings.thresholds);
  return out;
}

}  // namespace tavla::text
