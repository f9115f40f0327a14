// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/analysis_text.h"

#include <cmath>

#include <cstdio>

#include "engine/move_text.h"
#include "engine/position_id.h"

namespace tavla::text {

namespace {

std::string printf_string(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

// Decimals of a figure in per cent: gnubg shows percentages with two (win) or one (MWC)
// decimals fewer than fractions.
int pc_decimals(int digits, int fewer) { return digits > fewer ? digits - fewer : 0; }

// gnubg's OutputEquity for an equity (money, or normalised match equity).
std::string output_equity(float r, const eval::CubeInfo& ci, const OutputOptions& out) {
  const int d = out.digits;
  if (ci.is_money() || !out.mwc) return printf_string("%+*.*f", d + 3, d, r);
  if (out.match_pc)
    return printf_string("%*.*f%%", d + 3, pc_decimals(d, 1), 100.0f * eval::equity_to_mwc(r, ci));
  return printf_string("%*.*f", d + 3, d + 1, eval::equity_to_mwc(r, ci));
}

// gnubg's OutputMWC for a cubeful value (money equity or MWC).
std::string output_mwc(float r, const eval::CubeInfo& ci, const OutputOptions& out) {
  const int d = out.digits;
  if (ci.is_money()) return printf_string("%+*.*f", d + 3, d, r);
  if (!out.mwc) return printf_string("%+*.*f", d + 3, d, eval::mwc_to_equity(r, ci));
  if (out.match_pc) return printf_string("%*.*f%%", d + 3, pc_decimals(d, 1), 100.0f * r);
  return printf_string("%+*.*f", d + 3, d + 1, r);
}

// gnubg's OutputPercent: a probability.
std::string output_percent(float r, const OutputOptions& out) {
  const int d = out.digits;
  if (out.win_pc) return printf_string("%*.*f", d + 2, pc_decimals(d, 2), 100.0f * r);
  return printf_string("%*.*f", d + 2, d, r);
}

// gnubg's OutputPercents; `f` false for standard errors: the losing chance's is the winning
// chance's.
std::string output_percents(const eval::Probabilities& p, const OutputOptions& out,
                            bool f = true) {
  return output_percent(p[0], out) + " " + output_percent(p[1], out) + " " +
         output_percent(p[2], out) + " - " + output_percent(f ? 1.0f - p[0] : p[0], out) + " " +
         output_percent(p[3], out) + " " + output_percent(p[4], out);
}

// gnubg's OutputMoneyEquity
std::string money_equity(const eval::Probabilities& p, const OutputOptions& out) {
  return printf_string("%+*.*f", out.digits + 3, out.digits, eval::cubeless_money_equity(p));
}

}  // namespace

std::string output_equity_diff(float r1, float r2, const eval::CubeInfo& ci,
                               const OutputOptions& out) {
  const int d = out.digits;
  if (ci.is_money() || !out.mwc) {
    if (r1 == r2) return printf_string("-%*.*f", d + 2, d, 0.0);
    return printf_string("%+*.*f", d + 3, d, r1 - r2);
  }
  if (out.match_pc) {
    if (r1 == r2) return printf_string(" -%*.*f%%", d + 1, pc_decimals(d, 1), 0.0);
    return printf_string("%+*.*f%%", d + 3, pc_decimals(d, 1),
                         100.0f * eval::equity_to_mwc(r1, ci) - 100.0f * eval::equity_to_mwc(r2, ci));
  }
  // gnubg writes a literal '+' before the signed difference here ("+-0.0189").
  if (r1 == r2) return printf_string("-%*.*f", d + 2, d + 1, 0.0);
  return printf_string("+%*.*f", d + 3, d + 1,
                       eval::equity_to_mwc(r1, ci) - eval::equity_to_mwc(r2, ci));
}

std::string format_eval_context(const eval::EvalContext& ec, bool chequer) {
  std::string s = std::to_string(ec.plies) + "-ply " +
                  ((!chequer || ec.cubeful) ? "cubeful" : "cubeless");
  if (ec.prune) s += " prune";
  if (ec.noise > 0.0f)
    s += printf_string(", noise %0.3g (%s)", ec.noise, ec.deterministic ? "d" : "nd");
  // The first predefined level with the same context (gnubg's cmp_evalcontext: plies, cubeful,
  // noise, determinism when noisy, pruning when above 0 ply).
  for (int i = 0; i < eval::kLevelCount; ++i) {
    auto level = static_cast<eval::Level>(i);
    eval::EvalContext l = eval::level_setup(level).context;
    bool same = l.plies == ec.plies && l.cubeful == ec.cubeful && l.noise == ec.noise &&
                (ec.noise <= 0.0f || l.deterministic == ec.deterministic) &&
                (ec.plies == 0 || l.prune == ec.prune);
    if (same) {
      s += " [" + std::string(eval::level_name(level)) + "]";
      break;
    }
  }
  return s;
}

std::string format_move_hint(const engine::Board& board, const eval::CubeInfo& ci,
                             std::span<const eval::ScoredMove> moves, size_t i,
                             const eval::EvalContext& ec, const OutputOptions& out) {
  const eval::ScoredMove& m = moves[i];
  eval::EvalContext own = ec;
  own.plies = m.plies;
  std::string eval_name = std::string(ec.cubeful ? "Cubeful" : "Cubeless") + " " +
                          std::to_string(m.plies) + "-ply";
  std::string s = i && !out.rank_known ? std::string("   ??  ") : printf_string(" %4zu. ", i + 1);
  s += printf_string("%-14s   %-28s %s: ", eval_name.c_str(),
                     engine::format_move(board, m.move.move).c_str(),
                     (ci.is_money() || !out.mwc) ? "Eq." : "MWC");
  s += output_equity(m.score, ci, out);
  if (i) s += " (" + output_equity_diff(m.score, moves[0].score, ci, out) + ")";
  s += "\n       " + output_percents(m.probs, out) + "\n";
  if (out.parameters) s += "        " + format_eval_context(own, true) + "\n";
  return s;
}

std::string format_eval_table(const engine::Board& board, const std::string& match_id,
                              eval::PositionClass pc, const eval::CubeInfo& ci,
                              std::span<const std::array<eval::Evaluation, 2>> rows,
                              const OutputOptions& out, const std::string& class_text) {
  static constexpr const char* kEvaluator[] = {
      "Over",     "Hypergammon-1", "Hypergammon-2", "Hypergammon-3", "Bearoff2", "Bearoff-TS",
      "Bearoff1", "Bearoff-OS",    "Race",          "Crashed",       "Contact"};
  std::string s = "Position ID:\t" + engine::position_id(board) + "\n";
  if (!match_id.empty()) s += "Match ID:\t" + match_id + "\n";
  s += "\nEvaluator: \t" + std::string(kEvaluator[static_cast<int>(pc)]) + "\n\n" + class_text;
  s += printf_string("\n        %-7s %-7s %-7s %-7s %-7s %-9s %-9s\n", "Win", "W(g)", "W(bg)",
                     "L(g)", "L(bg)", (ci.is_money() || !out.mwc) ? "Equity" : "MWC", "Cubeful");
  for (size_t i = 0; i < rows.size(); ++i) {
    const eval::Evaluation& e = rows[i][0];
    s += i == 0 ? std::string("static") : printf_string("%2zu ply", i);
    s += ": ";
    for (int j = 0; j < 5; ++j) s += printf_string("%-7s ", output_percent(e.probs[j], out).c_str());
    std::string eq = ci.is_money()
                         ? money_equity(e.probs, out)
                         : output_equity(eval::cubeless_utility(e.probs, ci), ci, out);
    s += printf_string("%-9s ", eq.c_str());
    s += printf_string("%-9s ", output_mwc(e.cubeful_equity, ci, out).c_str());
    s += "\n";
  }
  return s;
}

namespace {

// The rest of gnubg's OutputCubeAnalysis after the cubeless equity: "Cubeful equities:", the
// three actions in gnubg's order and the proper cube action; `sign` -1 for the taker's view.
std::string cube_equities_text(const eval::CubeAnalysis& a, const eval::CubeInfo& ci,
                               const OutputOptions& out, float sign) {
  std::string s = "Cubeful equities:\n";
  if (auto order = eval::cube_action_order(a.decision)) {
    for (int i = 0; i < 3; ++i) {
      eval::CubeAction act = (*order)[i];
      float eq = sign * eval::cube_action_equity(a.equities, act);
      s += printf_string("%d. %-20s", i + 1, std::string(eval::cube_action_text(act)).c_str());
      s += output_equity(eq, ci, out);
      if (i) s += "  (" + output_equity_diff(eq, sign * a.optimal, ci, out) + ")";
      s += "\n";
    }
  }
  s += "Proper cube action: " + std::string(eval::cube_decision_text(a.decision));
  if (auto pct = eval::cube_decision_percent(a.decision, a.equities); pct && *pct >= 0.0f)
    s += printf_string(" (%.1f%%)", 100.0f * *pct);
  s += "\n";
  return s;
}

}  // namespace

std::string format_cube_analysis(const std::array<eval::Evaluation, 2>& evals,
                                 const eval::CubeAnalysis& a, const eval::CubeInfo& ci,
                                 const eval::EvalContext& ec, const OutputOptions& out,
                                 bool taker) {
  const float sign = taker ? -1.0f : 1.0f;  // the taker reads the equities with the other sign
  std::string s = "\nCube analysis\n" + std::to_string(ec.plies) + "-ply";
  const eval::Probabilities p = taker ? evals[0].probs.inverted() : evals[0].probs;
  if (!ci.is_money())
    s += std::string(" ") + (out.mwc ? "cubeless MWC" : "cubeless equity") + " " +
         output_equity(sign * evals[0].cubeless_equity, ci, out) + " (Money: " + money_equity(p, out) +
         ")\n";
  else
    s += " cubeless equity " + money_equity(p, out) + "\n";
  s += "  " + output_percents(p, out) + "\n";
  return s + cube_equities_text(a, ci, out, sign);
}

std::string format_cube_rollout_analysis(const std::array<rollout::Outputs, 2>& mean,
                                         const std::array<rollout::Outputs, 2>& std_error,
                                         const eval::CubeAnalysis& a, const eval::CubeInfo& ci,
                                         const std::array<std::string, 2>& labels,
                                         const rollout::RolloutSettings& st, int games_done,
                                         const OutputOptions& out, bool taker) {
  const float sign = taker ? -1.0f : 1.0f;
  std::array<rollout::Outputs, 2> m = mean, se = std_error;
  // The second state's cubeless equity is on its own scale (the doubled cube's gammon prices);
  // gnubg's OutputEquityScale shows it on the first's: money: times the cube ratio (2); match
  // play: through the MWC of the doubled cube (the standard error by the same linear factor).
  const eval::CubeInfo doubled = eval::after_double_take(ci);
  if (ci.is_money()) {
    m[1][rollout::kCubelessEquity] *= 2.0f;
    se[1][rollout::kCubelessEquity] *= 2.0f;
  } else {
    const float scale = (eval::equity_to_mwc(1.0f, doubled) - eval::equity_to_mwc(0.0f, doubled)) /
                        (eval::equity_to_mwc(1.0f, ci) - eval::equity_to_mwc(0.0f, ci));
    m[1][rollout::kCubelessEquity] =
        eval::mwc_to_equity(eval::equity_to_mwc(m[1][rollout::kCubelessEquity], doubled), ci);
    se[1][rollout::kCubelessEquity] *= scale;
  }
  if (taker) {
    // gnubg's InvertEvaluationR and InvertStdDev: the taker's side of both states.
    for (int i = 0; i < 2; ++i) {
      eval::Probabilities p{{m[i][0], m[i][1], m[i][2], m[i][3], m[i][4]}};
      p = p.inverted();
      for (int k = 0; k < 5; ++k) m[i][k] = p[k];
      m[i][rollout::kCubelessEquity] = -m[i][rollout::kCubelessEquity];
      m[i][rollout::kCubefulEquity] =
          ci.is_money() ? -m[i][rollout::kCubefulEquity] : 1.0f - m[i][rollout::kCubefulEquity];
      std::swap(se[i][1], se[i][3]);
      std::swap(se[i][2], se[i][4]);
    }
  }
  const eval::Probabilities p{{m[0][0], m[0][1], m[0][2], m[0][3], m[0][4]}};
  std::string s = "\nCube analysis\nRollout";
  if (!ci.is_money())
    s += std::string(" ") + (out.mwc ? "cubeless MWC" : "cubeless equity") + " " +
         output_equity(m[0][rollout::kCubelessEquity], ci, out) +
         " (Money: " + money_equity(p, out) + ")\n";
  else
    s += " cubeless equity " + money_equity(p, out) + "\n";
  s += "\n";  // gnubg prints the probabilities of evaluations only
  s += cube_equities_text(a, ci, out, sign);
  s += "\nRollout details:\n";
  for (int i = 0; i < 2; ++i) s += format_rollout_result(labels[i], m[i], se[i], ci, out);
  s += format_rollout_context(st, games_done);
  return s;
}

std::string format_resign_hint(const eval::ResignationAnswer& a, const eval::CubeInfo& ci,
                               const OutputOptions& out) {
  // gnubg prints the opponent's (the decider's) equities: the resigner's with the other sign.
  const float before = a.equity_playing_on, after = a.equity_resigned;
  std::string s;
  if (ci.is_money() || !out.mwc) {
    s += printf_string("%s : %+6.3f\n", "Equity before resignation", -before);
    s += printf_string("%s : %+6.3f (%+6.3f)\n\n", "Equity after resignation", -after,
                       before - after);
  } else {
    // The decider's match-winning chances (fixed decimals: gnubg ignores `set output digits').
    const float mwc_before = eval::equity_to_mwc(-before, ci);
    const float mwc_after = eval::equity_to_mwc(-after, ci);
    s += printf_string("%s : %6.2f%%\n", "Equity before resignation", 100.0f * mwc_before);
    s += printf_string("%s : %6.2f%% (%6.2f%%)\n\n", "Equity after resignation",
                       100.0f * mwc_after, 100.0f * (mwc_after - mwc_before));
  }
  s += printf_string("%s : %s\n\n", "Correct resign decision",
                     a.accept ? "Accept" : "Reject");
  return s;
}

std::string format_evaluation_settings(const eval::EvalContext& ec) {
  std::string s = "      Neural net evaluation:\n";
  s += printf_string("        %d-ply evaluation.\n        %s        %s evaluations.\n", ec.plies,
                     ec.prune ? "Using pruning neural nets." : "Not using pruning neural nets.",
                     ec.cubeful ? "Cubeful" : "Cubeless");
  if (ec.noise > 0.0f)
    s += printf_string("        Noise standard deviation %5.3f", ec.noise) +
         (ec.deterministic ? " (deterministic noise).\n\n" : " (pseudo-random noise).\n\n");
  else
    s += "        Noiseless evaluations.\n";
  return s;
}

std::string format_move_filters(const eval::MoveFilters& filters) {
  std::string s;
  for (int i = 0; i < eval::kMaxFilterPlies; ++i) {
    s += printf_string("      Move filter for %d ply:\n", i + 1);
    for (int j = 0; j <= i; ++j) {
      const eval::MoveFilter& f = filters[i][j];
      s += "        ";
      if (f.accept < 0) {
        s += printf_string("Skip pruning for %d-ply moves.\n", j);
        continue;
      }
      if (f.accept == 1)
        s += printf_string("keep the best %d-ply move", j);
      else
        s += printf_string("keep the first %d %d-ply moves", f.accept, j);
      if (f.extra)
        s += printf_string(" and up to %d more moves within equity %0.3g", f.extra, f.threshold);
      s += "\n";
    }
  }
  s += "\n";
  return s;
}

std::string format_rollout_result(const std::string& label, const rollout::Outputs& mean,
                                  const rollout::Outputs& std_error, const eval::CubeInfo& ci,
                                  const OutputOptions& out) {
  // gnubg's OutputRolloutResult: the cubeless equity as OutputEquityScale, the cubeful one as
  // OutputMWC. Money: equities per unit of the basis cube; match play: the cubeless equity is
  // normalised and the cubeful one an MWC, shown as normalised equity unless `out.mwc`, their
  // standard errors scaled as gnubg's se_mwc2eq and se_eq2mwc do (the conversions are linear).
  const int d = out.digits;
  const bool money = ci.is_money();
  const float cl = mean[rollout::kCubelessEquity], cl_se = std_error[rollout::kCubelessEquity];
  const float cf = mean[rollout::kCubefulEquity], cf_se = std_error[rollout::kCubefulEquity];
  std::string cl_text, cl_se_text, cf_text, cf_se_text;
  if (money || !out.mwc) {
    cl_text = printf_string("%+*.*f", d + 3, d, cl);
    cl_se_text = printf_string("% *.*f", d + 2, d, cl_se);
  } else {
    const float mwc = eval::equity_to_mwc(cl, ci);
    const float mwc_se = eval::equity_to_mwc(cl_se, ci) - eval::equity_to_mwc(0.0f, ci);
    cl_text = out.match_pc ? printf_string("%*.*f%%", d + 3, pc_decimals(d, 1), 100.0f * mwc)
                           : printf_string("%*.*f", d + 3, d + 1, mwc);
    cl_se_text = out.match_pc
                     ? printf_string("%*.*f%%", d + 3, pc_decimals(d, 1), 100.0f * mwc_se)
                     : printf_string("%*.*f", d + 3, d + 1, mwc_se);
  }
  if (money) {
    cf_text = printf_string("%+*.*f", d + 3, d, cf);
    cf_se_text = printf_string("% *.*f", d + 2, d, cf_se);
  } else if (!out.mwc) {
    cf_text = printf_string("%+*.*f", d + 3, d, eval::mwc_to_equity(cf, ci));
    cf_se_text = printf_string("% *.*f", d + 3, d,
                               eval::mwc_to_equity(cf_se, ci) - eval::mwc_to_equity(0.0f, ci));
  } else if (out.match_pc) {
    cf_text = printf_string("%*.*f%%", d + 3, pc_decimals(d, 1), 100.0f * cf);
    cf_se_text = printf_string("%*.*f%%", d + 3, pc_decimals(d, 1), 100.0f * cf_se);
  } else {
    cf_text = printf_string("%+*.*f", d + 3, d + 1, cf);
    cf_se_text = printf_string("% *.*f", d + 3, d + 1, cf_se);
  }
  const eval::Probabilities p{{mean[0], mean[1], mean[2], mean[3], mean[4]}};
  const eval::Probabilities p_se{
      {std_error[0], std_error[1], std_error[2], std_error[3], std_error[4]}};
  std::string s = label + ":\n";
  s += "  " + output_percents(p, out) + " CL " + cl_text + " CF " + cf_text + "\n";
  s += " [" + output_percents(p_se, out, false) + " CL " + cl_se_text + " CF " + cf_se_text +
       "]\n";
  return s;
}

namespace {

// gnubg's cmp_evalcontext == 0: plies, cubeful, noise, determinism when noisy, pruning above 0 ply.
bool same_context(const eval::EvalContext& a, const eval::EvalContext& b) {
  return a.plies == b.plies && a.cubeful == b.cubeful && a.noise == b.noise &&
         (a.noise <= 0.0f || a.deterministic == b.deterministic) &&
         (a.plies == 0 || a.prune == b.prune);
}

// gnubg's equal_movefilter of the filters for `plies` (levels 0 .. plies-1; `levels` fewer).
bool same_filters(const eval::MoveFilters& a, const eval::MoveFilters& b, int plies, int levels,
                  float tolerance) {
  const auto& x = a[static_cast<size_t>(plies - 1)];
  const auto& y = b[static_cast<size_t>(plies - 1)];
  for (size_t j = 0; j < static_cast<size_t>(levels); ++j) {
    if (x[j].accept != y[j].accept) return false;
    if (x[j].accept < 0) continue;
    if (x[j].extra != y[j].extra) return false;
    if (tolerance == 0.0f && !x[j].extra) continue;
    if (std::fabs(x[j].threshold - y[j].threshold) > tolerance) return false;
  }
  return true;
}

// gnubg's GetPredefinedChequerplaySetting: the level whose context this is (and above 0 ply whose
// move filters these are, below the last ply), or "".
std::string chequer_level_name(const eval::EvalSetup& es) {
  const int plies = es.context.plies;
  if (plies > eval::kMaxFilterPlies) return "";
  for (int i = 0; i < eval::kLevelCount; ++i) {
    const auto level = static_cast<eval::Level>(i);
    const eval::EvalSetup l = eval::level_setup(level);
    if (!same_context(l.context, es.context)) continue;
    if (plies == 0 || same_filters(l.filters, es.filters, plies, plies - 1, 0.1e-6f))
      return std::string(eval::level_name(level));
  }
  return "";
}

// gnubg's OutputMoveFilterPly.
std::string move_filter_lines(const eval::EvalSetup& es) {
  std::string s;
  const int plies = es.context.plies;
  for (int i = 0; i < plies && i < eval::kMaxFilterPlies; ++i) {
    const eval::MoveFilter& f = es.filters[static_cast<size_t>(plies - 1)][static_cast<size_t>(i)];
    if (f.accept < 0) {
      s += printf_string("Skip pruning for %d-ply moves.\n", i);
      continue;
    }
    s += f.accept == 1 ? printf_string("keep the best %d-ply move", i)
                       : printf_string("keep the first %d %d-ply moves", f.accept, i);
    if (f.extra)
      s += printf_string(" and up to %d more moves within equity %0.3g", f.extra,
                         static_cast<double>(f.threshold));
    s += "\n";
  }
  return s;
}

}  // namespace

// gnubg's OutputEvalContextsForRollout: both players' settings once when they are the same.
std::string rollout_eval_contexts(const std::array<eval::EvalContext, 2>& cube,
                                  const std::array<eval::EvalSetup, 2>& chequer) {
  const int plies = chequer[0].context.plies;
  const bool identical =
      same_context(cube[0], cube[1]) && same_context(chequer[0].context, chequer[1].context) &&
      (plies == 0 || plies > eval::kMaxFilterPlies ||
       same_filters(chequer[0].filters, chequer[1].filters, plies, plies, 0.0f));
  std::string s;
  for (size_t i = 0; i < (identical ? 1u : 2u); ++i) {
    if (!identical) s += printf_string("Player %zu:\n", i);
    if (chequer[i].context.plies) {
      s += "Play: " + chequer_level_name(chequer[i]) + " " +
           format_eval_context(chequer[i].context, true) + "\n";
      s += move_filter_lines(chequer[i]);
    } else {
      s += "Play: " + format_eval_context(chequer[i].context, false) + "\n";
    }
    s += "Cube: " + format_eval_context(cube[i], false) + "\n";
  }
  return s;
}

std::string format_rollout_context(const rollout::RolloutSettings& st, int games_done) {
  std::string s;
  if (st.truncate)
    s += printf_string(st.cubeful ? "Truncated cubeful rollout (depth %d)"
                                  : "Truncated cubeless rollout (depth %d)",
                       st.truncate_plies);
  else
    s += st.cubeful ? "Full cubeful rollout" : "Full cubeless rollout";
  if (st.truncate_bearoff_os && !st.cubeful)
    s += " (truncated at one-sided bearoff)";
  else if (st.truncate_bearoff2 && !st.cubeful)
    s += " (truncated at exact bearoff)";
  s += st.variance_reduction ? " with variance reduction\n" : " without variance reduction\n";
  s += printf_string("%d games", games_done);
  if (st.initial) s += ", rollout as initial position";
  s += st.rotate ? printf_string(
                       ", Mersenne Twister dice gen. with seed %u and quasi-random dice\n", st.seed)
                 : printf_string(", Mersenne Twister dice generator with seed %u\n", st.seed);
  if (st.stop_on_std_error)
    s += printf_string("Stop when std.errs. are small enough: limit %.4f (min. %d games)\n",
                       st.std_error_limit, st.min_trials);
  s += rollout_eval_contexts(st.cube, st.chequer);
  if (st.late_evaluations) {
    s += printf_string("Different evaluations after %d plies:\n", st.late_turn);
    s += rollout_eval_contexts(st.cube_late, st.chequer_late);
  }
  return s;
}

std::string format_move_rollout_hint(const engine::Board& board, const eval::CubeInfo& ci,
                                     std::span<const eval::ScoredMove> moves, size_t i,
                                     const rollout::Outputs& mean,
                                     const rollout::Outputs& std_error,
                                     const rollout::RolloutSettings& st, int games_done,
                                     const OutputOptions& out) {
  const eval::ScoredMove& m = moves[i];
  std::string s = i && !out.rank_known ? std::string("   ??  ") : printf_string(" %4zu. ", i + 1);
  s += printf_string("%-14s   %-28s %s: ", "Rollout",
                     engine::format_move(board, m.move.move).c_str(),
                     (ci.is_money() || !out.mwc) ? "Eq." : "MWC");
  s += output_equity(m.score, ci, out);
  if (i) s += " (" + output_equity_diff(m.score, moves[0].score, ci, out) + ")";
  s += "\n";
  // format_rollout_result's two figure lines ("  ..." and " [...]"), five columns further in.
  const std::string result = format_rollout_result("", mean, std_error, ci, out);
  size_t b = result.find('\n') + 1;
  while (b < result.size()) {
    const size_t e = result.find('\n', b);
    s += "     " + result.substr(b, e - b) + "\n";
    b = e + 1;
  }
  if (out.parameters) {
    const std::string context = format_rollout_context(st, games_done);
    for (size_t c = 0; c < context.size();) {
      const size_t e = context.find('\n', c);
      s += "        " + context.substr(c, e - c) + "\n";
      c = e + 1;
    }
  }
  return s;
}

}  // namespace tavla::text
