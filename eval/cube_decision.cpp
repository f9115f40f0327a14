// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/cube_decision.h"

#include <cmath>

namespace tavla::eval {

namespace {

using D = CubeDecision;

// Equities this close make a double optional (gnubg's isOptional).
constexpr float kOptionalEpsilon = 1.0e-5f;
bool optional_tie(float a, float b) {
  return std::fabs(a - b) <= kOptionalEpsilon;
}

// The double/take range in which a beaver is right in money play.
bool beaver_range(const CubeEquities& e, const CubeInfo& ci) {
  return ci.is_money() && ci.beavers && e.double_take >= -2.0f && e.double_take <= 0.0f;
}

}  // namespace

CubeStateValues cube_state_values_0ply(const Probabilities& p, const CubeInfo& ci, float x,
                                       const ExactMoneyEquities* exact) {
  CubeStateValues v;
  v.no_double = cubeful_value(p, ci, x, exact);
  v.double_take = cubeful_value(p, after_double_take(ci), x, exact);
  if (ci.is_money()) v.double_take *= 2.0f;  // per unit of the current cube
  return v;
}

float optimal_cubeful_value(const CubeInfo& ci, float no_double, float double_take) {
  if (!may_double(ci)) return no_double;
  const float dt = ci.is_money() ? 2.0f * double_take : double_take;
  const float dp = double_pass_value(ci);
  if (dt >= no_double && dp >= no_double) return dt >= dp ? dp : dt;
  return no_double;
}

CubeAnalysis analyse_cube(const Probabilities& p, const CubeStateValues& v, const CubeInfo& ci) {
  CubeEquities e{v.no_double, v.double_take, double_pass_value(ci)};
  if (!ci.is_money()) {
    e.no_double = mwc_to_equity(e.no_double, ci);
    e.double_take = mwc_to_equity(e.double_take, ci);
    e.double_pass = mwc_to_equity(e.double_pass, ci);
  }
  return best_cube_decision(e, p[Probabilities::kWinGammon] > 0.0f, ci);
}

CubeAnalysis analyse_cube_0ply(const Probabilities& p, const CubeInfo& ci, float x,
                               const ExactMoneyEquities* exact) {
  // gnubg decides with the probabilities of its cubeful evaluation (the database's for exact
  // positions): they say whether a gammon can be won.
  const Probabilities& q = exact ? exact->probabilities() : p;
  return analyse_cube(q, cube_state_values_0ply(p, ci, x, exact), ci);
}

CubeAnalysis best_cube_decision(const CubeEquities& e, bool can_win_gammon, const CubeInfo& ci) {
  CubeAnalysis a;
  a.equities = e;
  const bool centred = ci.centred();
  const float nd = e.no_double, dt = e.double_take, dp = e.double_pass;

  if (!may_double(ci)) {
    a.optimal = nd;
    // Match play tells a dead cube from one the opponent holds.
    if (!ci.is_money() && (centred || ci.owner == ci.on_roll))
      a.decision = centred ? D::kNoDoubleDeadCube : D::kNoRedoubleDeadCube;
    else
      a.decision = D::kNotAvailable;
    return a;
  }

  if (dt >= nd && dp >= nd) {
    if (dp > dt) {
      // Double, take (or beaver).
      a.optimal = dt;
      const bool optional = optional_tie(dt, nd);
      if (beaver_range(e, ci)) {
        if (dt * 2.0f < nd)
          a.decision = D::kNoDoubleBeaver;  // the beaver costs more than doubling gains
        else
          a.decision = optional ? D::kOptionalDoubleBeaver : D::kDoubleBeaver;
      } else if (optional) {
        a.decision = centred ? D::kOptionalDoubleTake : D::kOptionalRedoubleTake;
      } else {
        a.decision = centred ? D::kDoubleTake : D::kRedoubleTake;
      }
      return a;
    }
    // Double, pass; optional when playing on is worth as much, a gammon is possible, and it is
    // match play or the Jacoby rule does not kill the gammons.
    a.optimal = dp;
    const bool optional =
        optional_tie(nd, dp) && can_win_gammon && (!ci.is_money() || !centred || !ci.jacoby);
    if (optional)
      a.decision = centred ? D::kOptionalDoublePass : D::kOptionalRedoublePass;
    else
      a.decision = centred ? D::kDoublePass : D::kRedoublePass;
    return a;
  }

  a.optimal = nd;
  if (nd > dt) {
    if (dt > dp) {
      // Too good, pass -- unless no gammon is possible, then it is a plain double/pass.
      if (can_win_gammon)
        a.decision = centred ? D::kTooGoodPass : D::kTooGoodRedoublePass;
      else
        a.decision = centred ? D::kDoublePass : D::kRedoublePass;
    } else if (nd > dp) {
      // Too good, take.
      if (can_win_gammon)
        a.decision = centred ? D::kTooGoodTake : D::kTooGoodRedoubleTake;
      else
        a.decision = centred ? D::kNoDoubleTake : D::kNoRedoubleTake;
    } else if (beaver_range(e, ci)) {
      a.decision = centred ? D::kNoDoubleBeaver : D::kNoRedoubleBeaver;
    } else {
      a.decision = centred ? D::kNoDoubleTake : D::kNoRedoubleTake;
    }
    return a;
  }
  // DT >= ND > DP: too good, pass.
  if (can_win_gammon)
    a.decision = centred ? D::kTooGoodPass : D::kTooGoodRedoublePass;
  else
    a.decision = centred ? D::kDoublePass : D::kRedoublePass;
  return a;
}

std::string_view cube_decision_text(CubeDecision d) {
  switch (d) {
    case D::kDoubleTake:
      return "Double, take";
    case D::kDoublePass:
      return "Double, pass";
    case D::kNoDoubleTake:
      return "No double, take";
    case D::kTooGoodTake:
      return "Too good to double, take";
    case D::kTooGoodPass:
      return "Too good to double, pass";
    case D::kDoubleBeaver:
      return "Double, beaver";
    case D::kNoDoubleBeaver:
      return "No double, beaver";
    case D::kRedoubleTake:
      return "Redouble, take";
    case D::kRedoublePass:
      return "Redouble, pass";
    case D::kNoRedoubleTake:
      return "No redouble, take";
    case D::kTooGoodRedoubleTake:
      return "Too good to redouble, take";
    case D::kTooGoodRedoublePass:
      return "Too good to redouble, pass";
    case D::kNoRedoubleBeaver:
      return "No redouble, beaver";
    case D::kNoDoubleDeadCube:
      return "Never double, take (dead cube)";
    case D::kNoRedoubleDeadCube:
      return "Never redouble, take (dead cube)";
    case D::kOptionalDoubleBeaver:
      return "Optional double, beaver";
    case D::kOptionalDoubleTake:
      return "Optional double, take";
    case D::kOptionalRedoubleTake:
      return "Optional redouble, take";
    case D::kOptionalDoublePass:
      return "Optional double, pass";
    case D::kOptionalRedoublePass:
      return "Optional redouble, pass";
    case D::kNotAvailable:
      break;
  }
  return "Unknown cube decision";
}

std::string_view cube_action_text(CubeAction a) {
  switch (a) {
    case CubeAction::kNoDouble:
      return "No double";
    case CubeAction::kDoubleTake:
      return "Double, take";
    case CubeAction::kDoublePass:
      return "Double, pass";
  }
  return "";
}

std::optional<std::array<CubeAction, 3>> cube_action_order(CubeDecision d) {
  using A = CubeAction;
  switch (d) {
    case D::kDoubleTake:
    case D::kDoubleBeaver:
    case D::kRedoubleTake:
      return std::array{A::kDoubleTake, A::kDoublePass, A::kNoDouble};
    case D::kDoublePass:
    case D::kRedoublePass:
      return std::array{A::kDoublePass, A::kDoubleTake, A::kNoDouble};
    case D::kNoDoubleTake:
    case D::kNoDoubleBeaver:
    case D::kTooGoodTake:
    case D::kNoRedoubleTake:
    case D::kNoRedoubleBeaver:
    case D::kTooGoodRedoubleTake:
    case D::kNoDoubleDeadCube:
    case D::kNoRedoubleDeadCube:
    case D::kOptionalDoubleBeaver:
    case D::kOptionalDoubleTake:
    case D::kOptionalRedoubleTake:
      return std::array{A::kNoDouble, A::kDoublePass, A::kDoubleTake};
    case D::kTooGoodPass:
    case D::kTooGoodRedoublePass:
    case D::kOptionalDoublePass:
    case D::kOptionalRedoublePass:
      return std::array{A::kNoDouble, A::kDoubleTake, A::kDoublePass};
    case D::kNotAvailable:
      break;
  }
  return std::nullopt;
}

float cube_action_equity(const CubeEquities& e, CubeAction a) {
  switch (a) {
    case CubeAction::kNoDouble:
      return e.no_double;
    case CubeAction::kDoubleTake:
      return e.double_take;
    case CubeAction::kDoublePass:
      return e.double_pass;
  }
  return e.no_double;
}

std::optional<float> cube_decision_percent(CubeDecision d, const CubeEquities& e) {
  switch (d) {
    case D::kNoDoubleTake:
    case D::kNoDoubleBeaver:
    case D::kNoRedoubleTake:
    case D::kNoRedoubleBeaver:
      return (e.no_double - e.double_take) / (e.double_pass - e.double_take);
    case D::kTooGoodPass:
    case D::kTooGoodRedoublePass:
      // gnubg: "never correct to double" when no double beats double/take as well.
      if (e.no_double > e.double_take) return std::nullopt;
      return (e.no_double - e.double_pass) / (e.double_take - e.double_pass);
    default:
      return std::nullopt;
  }
}

bool doubler_doubles(CubeDecision d, bool zero_ply, float win_probability) {
  switch (d) {
    case D::kDoubleTake:
    case D::kRedoubleTake:
    case D::kDoublePass:
    case D::kRedoublePass:
    case D::kDoubleBeaver:
      return true;
    case D::kOptionalDoubleBeaver:
    case D::kOptionalDoubleTake:
    case D::kOptionalRedoubleTake:
    case D::kOptionalDoublePass:
    case D::kOptionalRedoublePass:
      return zero_ply && win_probability > 0.001f;
    default:
      return false;
  }
}

TakeAction taker_response(CubeDecision d, bool beaver_allowed) {
  switch (d) {
    case D::kDoublePass:
    case D::kTooGoodPass:
    case D::kRedoublePass:
    case D::kTooGoodRedoublePass:
    case D::kOptionalDoublePass:
    case D::kOptionalRedoublePass:
      return TakeAction::kPass;
    case D::kDoubleBeaver:
    case D::kNoDoubleBeaver:
    case D::kNoRedoubleBeaver:
    case D::kOptionalDoubleBeaver:
      return beaver_allowed ? TakeAction::kBeaver : TakeAction::kTake;
    default:
      return TakeAction::kTake;
  }
}

}  // namespace tavla::eval
