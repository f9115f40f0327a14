// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/match_analysis_sgf.h"

#include "text/sgf_rollout_read.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <cmath>
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

std::string g10(float x) {
  return fixed("%.10g", static_cast<double>(x));
}

// gnubg's WriteEvalContext: "ver 3 <plies>[C] <deterministic> <noise> <prune>".
std::string eval_context(const eval::EvalContext& ec) {
  return "ver " + std::to_string(kSgfVersion) + " " + context_text(ec, ec.plies);
}

// gnubg's WriteMoveFilters: the filters of a chequer setting at its own depth.
std::string move_filters(const eval::EvalSetup& es) {
  std::string s;
  for (int i = 0; i < es.context.plies && i < eval::kMaxFilterPlies; ++i) {
    const eval::MoveFilter& f = es.filters[es.context.plies - 1][i];
    s += std::to_string(f.accept) + " " + std::to_string(f.extra) + " " +
         fixed("%.5f", static_cast<double>(f.threshold)) + " ";
  }
  return s;
}

// gnubg's WriteRolloutContext (its spacing kept: gnubg reads the words back by keyword). tavla
// rolls out with gnubg's Mersenne Twister only.
std::string rollout_context(const rollout::RolloutSettings& rc) {
  std::string s =
      "RC " + std::to_string(rc.cubeful ? 1 : 0) + " " +
      std::to_string(rc.variance_reduction ? 1 : 0) + " " + std::to_string(rc.initial ? 1 : 0) +
      " " + std::to_string(rc.rotate ? 1 : 0) + " " + std::to_string(rc.late_evaluations ? 1 : 0) +
      " " + std::to_string(rc.truncate ? 1 : 0) + " " + std::to_string(rc.truncate_plies) + " " +
      std::to_string(rc.truncate_bearoff2 ? 1 : 0) + " " +
      std::to_string(rc.truncate_bearoff_os ? 1 : 0) + " " + std::to_string(rc.late_turn) +
      " \"Mersenne Twister\" " + std::to_string(rc.seed) + " ";
  for (int i = 0; i < 2; ++i) {
    s += " cube" + std::to_string(i) + " " + eval_context(rc.cube[i]) + " ";
    s += " cheq" + std::to_string(i) + " " + eval_context(rc.chequer[i].context);
    if (rc.chequer[i].context.plies)
      s += " filt" + std::to_string(i) + " " + move_filters(rc.chequer[i]);
  }
  for (int i = 0; i < 2; ++i) {
    s += " latecube" + std::to_string(i) + " " + eval_context(rc.cube_late[i]) + " ";
    s += " latecheq" + std::to_string(i) + " " + eval_context(rc.chequer_late[i].context);
    if (rc.chequer_late[i].context.plies)
      s += " latefilt" + std::to_string(i) + " " + move_filters(rc.chequer_late[i]);
  }
  // tavla has one truncation setting: gnubg's cube and chequer ones are equal by default.
  s += " cubetrunc " + eval_context(rc.truncation);
  s += " cheqtrunc " + eval_context(rc.truncation);
  return s;
}

std::string outputs(const rollout::Outputs& o) {
  std::string s;
  for (float x : o) s += g10(x) + " ";
  return s;
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
// then every play with its evaluation or rollout; MR[]: the plays marked for a rollout (1-based).
std::string move_analysis(const DecisionAnalysis& d, const eval::EvalContext& ec,
                          const std::vector<SgfMoveRollout>* rollouts,
                          const std::vector<int>* marked) {
  const size_t played = d.played >= 0 ? static_cast<size_t>(d.played) : d.moves.size();
  std::string s = "A[" + std::to_string(played) + "]";
  for (const eval::ScoredMove& m : d.moves) {
    s += "[" + engine::sgf_move_letters(d.player, m.move.move) + " ";
    const SgfMoveRollout* r = nullptr;
    if (rollouts)
      for (const SgfMoveRollout& x : *rollouts)
        if (x.move == m.move.move) r = &x;
    if (r) {
      s += sgf_move_rollout(*r, m.score);
    } else if (m.plies >= 0) {
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
  s += "MR[";
  if (marked)
    for (int i : *marked)
      if (i >= 0 && static_cast<size_t>(i) < d.moves.size()) s += std::to_string(i + 1) + " ";
  return s + "]";
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

// gnubg's WriteRolloutAnalysis for a play: its score (the ranking's) and cubeless equity.
std::string sgf_move_rollout(const SgfMoveRollout& r, float score) {
  return "X ver " + std::to_string(kSgfVersion) + " Score " + g10(score) + " " + g10(r.score2 ? *r.score2 : r.mean[5]) +
         " Trials " + std::to_string(r.games) + " Output " + outputs(r.mean) + "StdDev " +
         outputs(r.std_error) + "SK 0 " + rollout_context(r.settings);
}

// gnubg's WriteRolloutAnalysis for a cube decision: no double, then double, take.
std::string sgf_cube_rollout(const SgfCubeRollout& r) {
  return "X ver " + std::to_string(kSgfVersion) + " Eq Trials " + std::to_string(r.games) +
         " NoDouble Output " + outputs(r.mean[0]) + "StdDev " + outputs(r.std_error[0]) +
         "DoubleTake Output " + outputs(r.mean[1]) + "StdDev " + outputs(r.std_error[1]) + "SK 0 " +
         rollout_context(r.settings);
}

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
                                        const analysis::MatchAnalysisSettings& settings,
                                        const std::map<int, SgfRecordRollouts>* rollouts) {
  engine::SgfGameExtras x;
  const analysis::Statistics& st = game.statistics;
  if (st.moves || st.cube || st.dice) x.root = sgf_statistics(st);
  for (const DecisionAnalysis& d : game.decisions) {
    if (x.records.size() <= static_cast<size_t>(d.record)) x.records.resize(d.record + 1);
    std::string& s = x.records[d.record];
    const SgfRecordRollouts* rolled = nullptr;
    if (rollouts)
      if (auto it = rollouts->find(d.record); it != rollouts->end()) rolled = &it->second;
    const auto cube_property = [&] {
      return (rolled && rolled->cube ? "DA[" + sgf_cube_rollout(*rolled->cube) + "]"
                                     : double_analysis(*d.cube_outputs, settings.cube.context)) +
             (rolled && rolled->cube_marked ? "CR[]" : "");
    };
    switch (d.kind) {
      case RecordKind::kMove:
        if (d.cube_outputs) s += cube_property();
        if (!d.moves.empty())
          s += move_analysis(d, settings.chequer.context, rolled ? &rolled->moves : nullptr,
                             rolled ? &rolled->marked : nullptr);
        s += luck(d);
        s += skill(d.play_skill, false);
        s += skill(d.cube_skill, true);
        break;
      case RecordKind::kDouble:
      case RecordKind::kTake:
      case RecordKind::kDrop:
        if (d.cube_outputs) s += cube_property();
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

namespace {

// Whitespace-separated words of a property value.
std::vector<std::string> words(const std::string& v) {
  std::istringstream in(v);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// A number written by gnubg (%f, C locale); nullopt if `w` is not one.
std::optional<float> number(const std::string& w) {
  if (w.empty()) return std::nullopt;
  char* end = nullptr;
  const double x = std::strtod(w.c_str(), &end);
  if (end != w.c_str() + w.size() || !std::isfinite(x)) return std::nullopt;
  return static_cast<float>(x);
}

// The evaluation context after "E ver N": "<plies>[C] <deterministic> <noise> <prune>"
// (`reduced`: version 2 of a double analysis and every move analysis have the old "reduced"
// flag after the plies). Returns the plies, or -1; `at` moves past it.
int read_context(const std::vector<std::string>& w, size_t& at, bool reduced) {
  const size_t n = reduced ? 5 : 4;
  if (at + n > w.size()) return -1;
  std::string plies = w[at];
  if (!plies.empty() && plies.back() == 'C') plies.pop_back();
  const auto p = number(plies);
  if (!p || *p < 0 || *p > 7 || *p != static_cast<int>(*p)) return -1;
  for (size_t i = at + 1; i < at + n; ++i)
    if (!number(w[i])) return -1;
  at += n;
  return static_cast<int>(*p);
}

// "E ver N": the version (2 or 3), or 0 when absent or unsupported; `at` after it.
int read_version(const std::vector<std::string>& w, size_t& at) {
  if (at + 2 < w.size() && w[at] == "E" && w[at + 1] == "ver") {
    const auto v = number(w[at + 2]);
    if (!v || (*v != 2 && *v != 3)) return 0;
    at += 3;
    return static_cast<int>(*v);
  }
  return 0;
}

// A rollout's means for a cube state as the evaluations DA[E ...] would give.
eval::Evaluation rollout_evaluation(const rollout::Outputs& o) {
  eval::Evaluation e;
  for (int j = 0; j < eval::Probabilities::kCount; ++j) e.probs[j] = o[j];
  e.cubeless_equity = o[rollout::kCubelessEquity];
  e.cubeful_equity = o[rollout::kCubefulEquity];
  return e;
}

// DA[...]: kind 'E' read into `out`; 'X' (a rollout) into `out` and `rolled`; 'R' (gnubg's
// older rollouts, which gnubg 1.07 no longer writes): true with `out` untouched (not read);
// false: bad, `why` says why when the rollout does not parse.
bool read_double_analysis(const std::string& v, std::optional<std::array<eval::Evaluation, 2>>& out,
                          std::optional<SgfCubeRollout>& rolled, std::string& why) {
  if (!v.empty() && v[0] == 'R') return true;
  if (!v.empty() && v[0] == 'X') {
    auto r = read_sgf_cube_rollout(v);
    if (!r) {
      why = r.error();
      return false;
    }
    out = std::array<eval::Evaluation, 2>{rollout_evaluation(r->mean[0]),
                                          rollout_evaluation(r->mean[1])};
    rolled = *r;
    return true;
  }
  const auto w = words(v);
  size_t at = 0;
  const int ver = read_version(w, at);
  if (!ver || read_context(w, at, ver == 2) < 0 || w.size() != at + 14) return false;
  std::array<eval::Evaluation, 2> rows;
  for (int i = 0; i < 2; ++i) {
    float x[7];
    for (int j = 0; j < 7; ++j) {
      const auto f = number(w[at + 7 * i + j]);
      if (!f) return false;
      x[j] = *f;
    }
    for (int j = 0; j < eval::Probabilities::kCount; ++j) rows[i].probs[j] = x[j];
    rows[i].cubeless_equity = x[5];
    rows[i].cubeful_equity = x[6];
  }
  out = rows;
  return true;
}

// A[index][play eval]...: false: bad (`why` says why a rollout does not parse); `rollout`: some
// play was rolled out in gnubg's older form "R" (not read); "X" rollouts go to `rolled`.
bool read_move_analysis(const engine::SgfProperty& p, int player, analysis::StoredDecision& d,
                        bool& rollout, std::vector<SgfMoveRollout>& rolled, std::string& why) {
  if (p.values.size() < 2) return false;
  const auto index = number(p.values[0]);
  if (!index || *index < 0 || *index != static_cast<int>(*index)) return false;
  std::vector<eval::ScoredMove> moves;
  for (size_t k = 1; k < p.values.size(); ++k) {
    const std::string& v = p.values[k];
    const size_t space = v.find(' ');
    auto m = engine::sgf_move_from_letters(player, v.substr(0, space));
    if (!m) return false;
    eval::ScoredMove sm;
    sm.move.move = *m;
    const std::string rest = space == std::string::npos ? "" : v.substr(space + 1);
    if (!rest.empty() && rest[0] == 'R') {
      rollout = true;
    } else if (!rest.empty() && rest[0] == 'X') {
      auto r = read_sgf_move_rollout(rest);
      if (!r) {
        why = "play " + std::to_string(k) + " (" + v.substr(0, space) + "): " + r.error();
        return false;
      }
      // Ranked by the rollout's score, as gnubg's list holds it; the depth is no evaluation's.
      for (int j = 0; j < eval::Probabilities::kCount; ++j) sm.probs[j] = r->mean[j];
      sm.score = sm.cubeful_equity = *r->score;
      sm.score2 = *r->score2;
      sm.cubeless_equity = r->mean[rollout::kCubelessEquity];
      rolled.push_back(*r);
      rolled.back().move = *m;
    } else if (!rest.empty()) {
      const auto w = words(rest);
      size_t at = 0;
      const int ver = read_version(w, at);
      if (!ver || at + 6 > w.size()) return false;
      for (int j = 0; j < 6; ++j) {
        const auto f = number(w[at + j]);
        if (!f) return false;
        if (j < eval::Probabilities::kCount) sm.probs[j] = *f; else sm.score = *f;
      }
      at += 6;
      sm.plies = read_context(w, at, true);
      if (sm.plies < 0 || at != w.size()) return false;
    }
    moves.push_back(sm);
  }
  d.moves = std::move(moves);
  // gnubg writes the list's size when the play made is not in it.
  d.played = static_cast<size_t>(*index) < d.moves->size() ? static_cast<int>(*index) : -1;
  return true;
}

std::optional<Skill> skill_mark(const engine::SgfProperty& p) {
  if (p.name[0] == 'D') return Skill::kDoubtful;
  return p.values.front() == "2" ? Skill::kVeryBad : Skill::kBad;
}

}  // namespace

bool has_stored_analysis(const std::vector<engine::SgfGameProperties>& props) {
  for (const auto& g : props) {
    if (!g.root.empty()) return true;
    for (const auto& r : g.records)
      if (!r.empty()) return true;
  }
  return false;
}

engine::Result<std::vector<analysis::StoredGameAnalysis>> stored_analysis(
    const engine::MatchRecord& match, const std::vector<engine::SgfGameProperties>& props,
    std::string_view name, std::vector<std::map<int, SgfRecordRollouts>>* rollouts,
    std::vector<std::string>* unread) {
  std::vector<analysis::StoredGameAnalysis> out;
  if (rollouts) rollouts->clear();
  for (size_t g = 0; g < match.games.size() && g < props.size(); ++g) {
    const auto& records = match.games[g].records;
    analysis::StoredGameAnalysis game(records.size());
    std::map<int, SgfRecordRollouts> rolled_game;
    for (size_t k = 0; k < records.size() && k < props[g].records.size(); ++k) {
      const engine::MoveRecord& r = records[k];
      analysis::StoredDecision& d = game[k];
      bool rollout = false, old_rollout = false;
      SgfRecordRollouts rolled;
      std::string why;
      const engine::SgfProperty* marks = nullptr;  // MR[], read once the plays are
      // gnubg's luck mark is named for the side it favours: GB good for Black (player 1).
      std::optional<LuckMark> for_black;
      for (const engine::SgfProperty& p : props[g].records[k]) {
        bool ok = true;
        const std::string& v = p.values.front();
        if (p.name == "DA") {
          ok = read_double_analysis(v, d.cube_outputs, rolled.cube, why);
          if (!v.empty() && v[0] == 'R') old_rollout = true;
        } else if (p.name == "A") {
          ok = r.kind == RecordKind::kMove &&
               read_move_analysis(p, r.player, d, rollout, rolled.moves, why);
        } else if (p.name == "LU") {
          const auto f = number(v);
          ok = f.has_value();
          if (f) d.luck = *f;
        } else if (p.name == "GB" || p.name == "GW") {
          const bool very = v == "2";
          ok = v == "1" || v == "2";
          for_black = p.name == "GB" ? (very ? LuckMark::kVeryGood : LuckMark::kGood)
                                     : (very ? LuckMark::kVeryBad : LuckMark::kBad);
        } else if (p.name == "BM" || p.name == "BC") {
          ok = v == "1" || v == "2";
          (p.name == "BM" ? d.play_skill : d.cube_skill) = skill_mark(p);
        } else if (p.name == "MR") {
          marks = &p;
        } else if (p.name == "CR") {
          rolled.cube_marked = true;
        } else if (p.name == "DO" || p.name == "DC") {
          (p.name == "DO" ? d.play_skill : d.cube_skill) = skill_mark(p);
        }
        if (!ok && !why.empty())
          return engine::Error{std::string(name) + ": game " + std::to_string(g + 1) +
                               ", action " + std::to_string(k + 1) + ": bad rollout in " + p.name +
                               "[]: " + why};
        if (!ok) {
          std::string shown = v.substr(0, 60) + (v.size() > 60 ? "..." : "");
          return engine::Error{std::string(name) + ": game " + std::to_string(g + 1) +
                               ", action " + std::to_string(k + 1) + ": bad " + p.name + "[" +
                               shown + "] (analysis property gnubg cannot read)"};
        }
      }
      if ((rollout || old_rollout) && unread)
        unread->push_back("game " + std::to_string(g + 1) + ", action " + std::to_string(k + 1));
      // Plays rolled out in gnubg's older form are not read: the play counts as not analysed.
      if (rollout) {
        d.moves.reset();
        rolled.moves.clear();
      }
      // gnubg's RestoreMarkedMoves: 1-based numbers of plays of A[].
      if (marks && d.moves) {
        const std::string& v = marks->values.front();
        std::istringstream in(v);
        for (std::string w; in >> w;) {
          const auto n = number(w);
          if (!n || *n < 1 || *n > static_cast<float>(d.moves->size()) ||
              *n != static_cast<int>(*n))
            return engine::Error{std::string(name) + ": game " + std::to_string(g + 1) +
                                 ", action " + std::to_string(k + 1) + ": bad MR[" +
                                 v.substr(0, 40) + "] (" + w.substr(0, 20) +
                                 " is not the number of a play of A[])"};
          const int i = static_cast<int>(*n) - 1;
          if (std::find(rolled.marked.begin(), rolled.marked.end(), i) == rolled.marked.end())
            rolled.marked.push_back(i);
        }
        std::sort(rolled.marked.begin(), rolled.marked.end());
      }
      if (!rolled.empty()) rolled_game[static_cast<int>(k)] = std::move(rolled);
      if (for_black) {
        const int m = static_cast<int>(*for_black);
        d.luck_mark = r.player == 1 ? *for_black : static_cast<LuckMark>(4 - m);
      }
      // gnubg keeps BM/DO of an answer to a double as its cube mark.
      if (r.kind != RecordKind::kMove && d.play_skill) d.cube_skill = d.play_skill;
    }
    out.push_back(std::move(game));
    if (rollouts) rollouts->push_back(std::move(rolled_game));
  }
  return out;
}

std::string match_analysis_sgf(const engine::MatchRecord& match, const analysis::MatchAnalysis& m,
                               std::string_view application) {
  std::vector<engine::SgfGameExtras> extras;
  for (const analysis::GameAnalysis& g : m.games) extras.push_back(sgf_game_analysis(g, m.settings));
  return engine::write_sgf(match, application, &extras);
}

}  // namespace tavla::text
