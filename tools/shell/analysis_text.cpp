#include "shell/analysis_text.h"

#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/position_id.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

std::string equity(float r) {
  return strf("%+6.3f", r);
}  // gnubg's OutputEquity

std::string equity_diff(float a, float b) {  // gnubg's OutputEquityDiff (an exact tie is "-0.000")
  return a == b ? strf("-%5.3f", 0.0) : strf("%+6.3f", a - b);
}

std::string percents(const eval::Probabilities& p) {  // gnubg's OutputPercents
  return strf("%5.3f %5.3f %5.3f - %5.3f %5.3f %5.3f", p.win(), p.win_gammon(), p.win_backgammon(),
              1.0f - p.win(), p.lose_gammon(), p.lose_backgammon());
}

// gnubg's aecSettings compared as cmp_evalcontext compares (prune only above 0 ply, determinism
// only with noise).
bool same_context(const eval::EvalContext& a, const eval::EvalContext& b) {
  if (a.plies != b.plies || a.cubeful != b.cubeful || a.noise != b.noise) return false;
  if (a.noise > 0 && a.deterministic != b.deterministic) return false;
  if (a.plies > 0 && a.prune != b.prune) return false;
  return true;
}

}  // namespace

std::string eval_context_text(const eval::EvalContext& ec, bool chequer) {
  std::string s = strf("%u-ply %s", static_cast<unsigned>(ec.plies),
                       (!chequer || ec.cubeful) ? "cubeful" : "cubeless");
  if (ec.prune) s += " prune";
  if (ec.noise > 0.0f) s += strf(", noise %0.3g (%s)", ec.noise, ec.deterministic ? "d" : "nd");
  for (int i = 0; i < eval::kLevelCount; ++i) {
    const auto level = static_cast<eval::Level>(i);
    if (same_context(eval::level_setup(level).context, ec)) {
      s += " [" + std::string(eval::level_name(level)) + "]";
      break;
    }
  }
  return s;
}

std::string move_hints(const std::vector<RankedMove>& moves, const engine::Board& before, int n) {
  std::string out;
  for (int i = 0; i < n && i < static_cast<int>(moves.size()); ++i) {
    const RankedMove& m = moves[i];
    const std::string eval_name = strf("%s %1u-ply", m.context.cubeful ? "Cubeful" : "Cubeless",
                                       static_cast<unsigned>(m.context.plies));
    out += strf(" %4i. ", i + 1);
    out += strf("%-14s   %-28s %s: ", eval_name.c_str(),
                engine::format_move(before, m.move).c_str(), "Eq.");
    out += equity(m.score);
    out += i ? " (" + equity_diff(m.score, moves[0].score) + ")\n" : "\n";
    out += "       " + percents(m.probs) + "\n";
    out += "        " + eval_context_text(m.context, true) + "\n";
  }
  return out;
}

std::string cube_analysis_text(const CubeAnalysis& a, const eval::CubeInfo& ci, bool take) {
  const float sign = take ? -1.0f : 1.0f;  // the taker reads the equities with the other sign
  const eval::Probabilities p = take ? a.probs.inverted() : a.probs;
  const eval::CubeDecision d = a.result.decision;
  std::string s = "\nCube analysis\n";
  s += strf("%u-ply", static_cast<unsigned>(a.context.plies));
  if (!ci.is_money())
    s += " cubeless equity " + equity(sign * a.cubeless_equity) +
         " (Money: " + equity(sign * a.cubeless_money) + ")\n";
  else
    s += " cubeless equity " + equity(sign * a.cubeless_money) + "\n";
  s += "  " + percents(p) + "\n";
  s += "Cubeful equities:\n";
  if (const auto order = eval::cube_action_order(d)) {
    for (int i = 0; i < 3; ++i) {
      const float e = sign * eval::cube_action_equity(a.result.equities, (*order)[i]);
      s += strf("%d. %-20s", i + 1, std::string(eval::cube_action_text((*order)[i])).c_str()) +
           equity(e);
      if (i) s += "  (" + equity_diff(e, sign * a.result.optimal) + ")";
      s += "\n";
    }
  }
  s += "Proper cube action: " + std::string(eval::cube_decision_text(d));
  if (const auto r = eval::cube_decision_percent(d, a.result.equities); r && *r >= 0.0f)
    s += strf(" (%.1f%%)", 100.0f * *r);
  s += "\n";
  return s;
}

std::string eval_text(const engine::Board& board, const std::string& match_id,
                      const std::vector<PositionEvaluation>& rows, const eval::CubeInfo& ci,
                      const CubeAnalysis* cube, std::string_view evaluator_class) {
  std::string s = "Position ID:\t" + engine::position_id(board) + "\n";
  s += "Match ID:\t" + match_id + "\n\n";
  s += "Evaluator: \t" + std::string(evaluator_class) + "\n\n";
  s += strf("\n        %-7s %-7s %-7s %-7s %-7s %-9s %-9s\n", "Win", "W(g)", "W(bg)", "L(g)",
            "L(bg)", "Equity", "Cubeful");
  for (size_t i = 0; i < rows.size(); ++i) {
    const PositionEvaluation& r = rows[i];
    s += i ? strf("%2d %s", static_cast<int>(i), "ply") : std::string("static");
    s += ": ";
    for (int j = 0; j < eval::Probabilities::kCount; ++j)
      s += strf("%-7s ", strf("%5.3f", r.probs[j]).c_str());
    const float eq = ci.is_money() ? eval::cubeless_money_equity(r.probs) : r.cubeless_equity;
    s += strf("%-9s ", equity(eq).c_str());
    const float cf = ci.is_money() ? r.cubeful : eval::mwc_to_equity(r.cubeful, ci);
    s += strf("%-9s ", equity(cf).c_str());
    s += "\n";
  }
  if (cube) s += "\n\n" + cube_analysis_text(*cube, ci, false);
  return s;
}

std::string resign_hint_text(float before, float after, const eval::CubeInfo&) {
  std::string s;
  s += strf("%s : %+6.3f\n", "Equity before resignation", -before);
  s += strf("%s : %+6.3f (%+6.3f)\n\n", "Equity after resignation", -after, before - after);
  s += strf("%s : %s\n\n", "Correct resign decision", (before - after >= 0) ? "Accept" : "Reject");
  return s;
}

std::string evaluation_settings_text(const eval::EvalContext& ec) {
  std::string s = "      Neural net evaluation:\n";
  s += strf("        %d-ply evaluation.\n        %s        %s evaluations.\n", ec.plies,
            ec.prune ? "Using pruning neural nets." : "Not using pruning neural nets.",
            ec.cubeful ? "Cubeful" : "Cubeless");
  if (ec.noise > 0.0f)
    s += strf("        Noise standard deviation %5.3f", ec.noise) +
         (ec.deterministic ? " (deterministic noise).\n\n" : " (pseudo-random noise).\n\n");
  else
    s += "        Noiseless evaluations.\n";
  return s;
}

std::string move_filters_text(const eval::MoveFilters& filters) {
  std::string s;
  for (int i = 0; i < eval::kMaxFilterPlies; ++i) {
    s += strf("      Move filter for %d ply:\n", i + 1);
    for (int j = 0; j <= i; ++j) {
      const eval::MoveFilter& f = filters[i][j];
      s += "        ";
      if (f.accept < 0) {
        s += strf("Skip pruning for %d-ply moves.\n", j);
        continue;
      }
      if (f.accept == 1)
        s += strf("keep the best %d-ply move", j);
      else
        s += strf("keep the first %d %d-ply moves", f.accept, j);
      if (f.extra) s += strf(" and up to %d more moves within equity %0.3g", f.extra, f.threshold);
      s += "\n";
    }
  }
  s += "\n";
  return s;
}

}  // namespace tavla::shell
