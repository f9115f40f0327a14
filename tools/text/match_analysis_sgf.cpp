// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/match_analysis_sgf.h"

#include <cstdio>
#include <type_traits>

namespace tavla::text {

namespace {

using analysis::DecisionAnalysis;
using analysis::LuckMark;
using analysis::Skill;
using engine::RecordKind;

// gnubg's SGF_FORMAT_VER.
constexpr int kSgfVersion = 3;

// printf in the C locale (the programs never change it), as gnubg's g_ascii_formatd.
std::string fixed(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}
std::string f6(float x) { return fixed("%.6f", static_cast<double>(x)); }

// gnubg's WriteEvalContext without "ver": "<plies>[C] <deterministic> <noise> <prune>".
std::string context_text(const eval::EvalContext& ec, int plies) {
  return std::to_string(plies) + (ec.cubeful ? "C" : "") + " " +
         std::to_string(ec.deterministic ? 1 : 0) + " " + f6(ec.noise) + " " +
         std::to_string(ec.prune ? 1 : 0);
}

// gnubg's WriteDoubleAnalysis for an evaluation: both cube states' 7 outputs.
std::string double_analysis(const std::array<eval::Evaluation, 2>& rows,
                            const eval::EvalContext& ec) {
  std::string s = "DA[E ver " + std::to_string(kSgfVersion) + " " + context_text(ec, ec.plies);
  for (const eval::Evaluation& e : rows) {
    for (int j = 0; j < eval::Probabilities::kCount; ++j) s += " " + f6(e.probs[j]);
    // The cubeless equity of both states is the one at the cube in play: gnubg's
    // GeneralCubeDecisionE evaluates "double, take" with a copy of the cube information whose
    // gammon prices are not recomputed for the doubled cube.
    s += " " + f6(rows[0].cubeless_equity) + " " + f6(e.cubeful_equity);
  }
  return s + "]";
}

// gnubg's WriteMoveAnalysis: the index of the play made (the list's size when it is not there),
// then every play with its evaluation; "MR[]": no play marked for a rollout.
std::string move_analysis(const DecisionAnalysis& d, const eval::EvalContext& ec) {
  const size_t played = d.played >= 0 ? static_cast<size_t>(d.played) : d.moves.size();
  std::string s = "A[" + std::to_string(played) + "]";
  for (const eval::ScoredMove& m : d.moves) {
    s += "[" + engine::sgf_move_letters(d.player, m.move.move) + " ";
    if (m.plies >= 0) {
      s += "E ver " + std::to_string(kSgfVersion) + " ";
      for (int j = 0; j < eval::Probabilities::kCount; ++j) s += f6(m.probs[j]) + " ";
      s += f6(m.score) + " ";
      // The 0 is gnubg's former "reduced evaluation" flag, kept in version 3.
      s += std::to_string(m.plies) + (ec.cubeful ? "C" : "") + " 0 " +
           std::to_string(ec.deterministic ? 1 : 0) + " " + f6(ec.noise) + " " +
           std::to_string(ec.prune ? 1 : 0);
    }
    s += "]";
  }
  return s + "MR[]";
}

// gnubg's WriteLuck: the luck for the roller, and the mark named for the side it favours.
std::string luck(const DecisionAnalysis& d) {
  std::string s;
  if (d.luck) s += "LU[" + fixed("%.5f", static_cast<double>(*d.luck)) + "]";
  if (!d.luck_mark) return s;
  const char roller = d.player ? 'B' : 'W', other = d.player ? 'W' : 'B';
  switch (*d.luck_mark) {
    case LuckMark::kVeryBad: return s + "G" + other + "[2]";
    case LuckMark::kBad: return s + "G" + other + "[1]";
    case LuckMark::kGood: return s + "G" + roller + "[1]";
    case LuckMark::kVeryGood: return s + "G" + roller + "[2]";
    case LuckMark::kNone: break;
  }
  return s;
}

// gnubg's WriteSkill (`cube` false: BM/DO) and WriteSkillCube (true: BC/DC).
std::string skill(const std::optional<Skill>& st, bool cube) {
  if (!st) return "";
  switch (*st) {
    case Skill::kVeryBad: return cube ? "BC[2]" : "BM[2]";
    case Skill::kBad: return cube ? "BC[1]" : "BM[1]";
    case Skill::kDoubtful: return cube ? "DC[]" : "DO[]";
    case Skill::kNone: break;
  }
  return "";
}

template <typename T>
std::string pairs(const std::array<T, 2>& a) {
  if constexpr (std::is_same_v<T, int>) {
    return std::to_string(a[0]) + " " + std::to_string(a[1]) + " ";
  } else {
    return f6(a[0][0]) + " " + f6(a[0][1]) + " " + f6(a[1][0]) + " " + f6(a[1][1]) + " ";
  }
}

}  // namespace

// gnubg's WriteStatContext.
std::string sgf_statistics(const analysis::Statistics& st) {
  std::string s = "GS";
  if (st.moves) {
    std::string m = "[M:" + pairs(st.unforced_moves) + pairs(st.total_moves);
    for (int k = 0; k < 4; ++k) m += pairs(std::array<int, 2>{st.marked_moves[0][k], st.marked_moves[1][k]});
    m += pairs(st.error_chequer);
    m.back() = ']';
    s += m;
  }
  if (st.cube) {
    std::string c = "[C:" + pairs(st.total_cube) + pairs(st.doubles) + pairs(st.takes) +
                    pairs(st.passes) + pairs(st.missed_double_below_cp) +
                    pairs(st.missed_double_above_cp) + pairs(st.wrong_double_below_dp) +
                    pairs(st.wrong_double_above_tg) + pairs(st.wrong_takes) +
                    pairs(st.wrong_passes);
    // Per player: the six error totals, each in both units.
    for (int p = 0; p < 2; ++p)
      for (const auto* e : {&st.error_missed_double_below_cp, &st.error_missed_double_above_cp,
                            &st.error_wrong_double_below_dp, &st.error_wrong_double_above_tg,
                            &st.error_wrong_take, &st.error_wrong_pass})
        c += f6((*e)[p][0]) + " " + f6((*e)[p][1]) + " ";
    c.back() = ']';
    s += c;
  }
  if (st.dice) {
    std::string d = "[D:";
    for (int k = 0; k < 5; ++k) d += pairs(std::array<int, 2>{st.luck_marks[0][k], st.luck_marks[1][k]});
    d += pairs(st.luck);
    d.back() = ']';
    s += d;
  }
  return s;
}

engine::SgfGameExtras sgf_game_analysis(const analysis::GameAnalysis& game,
                                        const analysis::MatchAnalysisSettings& settings) {
  engine::SgfGameExtras x;
  const analysis::Statistics& st = game.statistics;
  if (st.moves || st.cube || st.dice) x.root = sgf_statistics(st);
  for (const DecisionAnalysis& d : game.decisions) {
    if (x.records.size() <= static_cast<size_t>(d.record)) x.records.resize(d.record + 1);
    std::string& s = x.records[d.record];
    switch (d.kind) {
      case RecordKind::kMove:
        if (d.cube_outputs) s += double_analysis(*d.cube_outputs, settings.cube.context);
        if (!d.moves.empty()) s += move_analysis(d, settings.chequer.context);
        s += luck(d);
        s += skill(d.play_skill, false);
        s += skill(d.cube_skill, true);
        break;
      case RecordKind::kDouble:
      case RecordKind::kTake:
      case RecordKind::kDrop:
        if (d.cube_outputs) s += double_analysis(*d.cube_outputs, settings.cube.context);
        s += skill(d.cube_skill, false);
        break;
      case RecordKind::kSetDice:
        s += luck(d);
        break;
      default:
        break;
    }
  }
  return x;
}

std::string match_analysis_sgf(const engine::MatchRecord& match, const analysis::MatchAnalysis& m,
                               std::string_view application) {
  std::vector<engine::SgfGameExtras> extras;
  for (const analysis::GameAnalysis& g : m.games) extras.push_back(sgf_game_analysis(g, m.settings));
  return engine::write_sgf(match, application, &extras);
}

}  // namespace tavla::text
