#include "shell/cube_decision.h"

#include <cmath>

namespace tavla::shell {

using D = CubeDecision;

namespace {

bool optional_gap(float a, float b) { return std::fabs(a - b) <= 1.0e-5f; }
bool can_win_gammon(const eval::Probabilities& p) { return p.win_gammon() > 0.0f; }

}  // namespace

CubeDecision find_best_cube_decision(std::array<float, 4>& e, const eval::Probabilities& probs,
                                     const eval::CubeInfo& ci) {
  const bool centred = ci.centred();
  if (!eval::may_double(ci)) {
    e[kOptimal] = e[kNoDouble];
    // Match play tells a dead cube from one the player does not own.
    if (!ci.is_money() && (centred || ci.owned_by_roller()))
      return centred ? D::kNoDoubleDeadCube : D::kNoRedoubleDeadCube;
    return D::kNotAvailable;
  }
  const float nd = e[kNoDouble], dt = e[kTake], dp = e[kDrop];
  const bool beaver_zone = ci.is_money() && ci.beavers && dt >= -2.0f && dt <= 0.0f;
  if (dt >= nd && dp >= nd) {
    if (dp > dt) {  // double, take
      const bool opt = optional_gap(dt, nd);
      e[kOptimal] = dt;
      if (beaver_zone) {
        if (dt * 2.0f < nd) return D::kNoDoubleBeaver;
        return opt ? D::kOptionalDoubleBeaver : D::kDoubleBeaver;
      }
      if (opt) return centred ? D::kOptionalDoubleTake : D::kOptionalRedoubleTake;
      return centred ? D::kDoubleTake : D::kRedoubleTake;
    }
    // double, pass; optional when nothing is lost by playing on for a gammon
    e[kOptimal] = dp;
    if (optional_gap(nd, dp) && can_win_gammon(probs) &&
        (!ci.is_money() || !centred || !ci.jacoby))
      return centred ? D::kOptionalDoublePass : D::kOptionalRedoublePass;
    return centred ? D::kDoublePass : D::kRedoublePass;
  }
  e[kOptimal] = nd;
  if (nd > dt) {
    if (dt > dp) {  // too good, pass
      if (can_win_gammon(probs)) return centred ? D::kTooGoodPass : D::kTooGoodRePass;
      return centred ? D::kDoublePass : D::kRedoublePass;
    }
    if (nd > dp) {  // too good, take
      if (can_win_gammon(probs)) return centred ? D::kTooGoodTake : D::kTooGoodReTake;
      return centred ? D::kNoDoubleTake : D::kNoRedoubleTake;
    }
    // no double, take (or beaver)
    if (beaver_zone) return centred ? D::kNoDoubleBeaver : D::kNoRedoubleBeaver;
    return centred ? D::kNoDoubleTake : D::kNoRedoubleTake;
  }
  // DT >= ND > DP: too good, pass
  if (can_win_gammon(probs)) return centred ? D::kTooGoodPass : D::kTooGoodRePass;
  return centred ? D::kDoublePass : D::kRedoublePass;
}

std::string_view cube_recommendation(CubeDecision d) {
  switch (d) {
    case D::kDoubleTake: return "Double, take";
    case D::kDoublePass: return "Double, pass";
    case D::kNoDoubleTake: return "No double, take";
    case D::kTooGoodTake: return "Too good to double, take";
    case D::kTooGoodPass: return "Too good to double, pass";
    case D::kDoubleBeaver: return "Double, beaver";
    case D::kNoDoubleBeaver: return "No double, beaver";
    case D::kRedoubleTake: return "Redouble, take";
    case D::kRedoublePass: return "Redouble, pass";
    case D::kNoRedoubleTake: return "No redouble, take";
    case D::kTooGoodReTake: return "Too good to redouble, take";
    case D::kTooGoodRePass: return "Too good to redouble, pass";
    case D::kNoRedoubleBeaver: return "No redouble, beaver";
    case D::kNoDoubleDeadCube: return "Never double, take (dead cube)";
    case D::kNoRedoubleDeadCube: return "Never redouble, take (dead cube)";
    case D::kOptionalDoubleBeaver: return "Optional double, beaver";
    case D::kOptionalDoubleTake: return "Optional double, take";
    case D::kOptionalRedoubleTake: return "Optional redouble, take";
    case D::kOptionalDoublePass: return "Optional double, pass";
    case D::kOptionalRedoublePass: return "Optional redouble, pass";
    case D::kNotAvailable: break;
  }
  return "Unknown cube decision";
}

std::array<int, 3> cube_decision_ordering(const CubeAnalysis& a, const eval::CubeInfo&) {
  switch (a.decision) {
    case D::kDoubleTake:
    case D::kDoubleBeaver:
    case D::kRedoubleTake:
      return {kTake, kDrop, kNoDouble};
    case D::kDoublePass:
    case D::kRedoublePass:
      return {kDrop, kTake, kNoDouble};
    case D::kTooGoodPass:
    case D::kTooGoodRePass:
    case D::kOptionalDoublePass:
    case D::kOptionalRedoublePass:
      return {kNoDouble, kTake, kDrop};
    default:
      return {kNoDouble, kDrop, kTake};
  }
}

float cube_decision_percent(CubeDecision d, const std::array<float, 4>& e) {
  switch (d) {
    case D::kNoDoubleTake:
    case D::kNoDoubleBeaver:
    case D::kNoRedoubleTake:
    case D::kNoRedoubleBeaver:
      return (e[kNoDouble] - e[kTake]) / (e[kDrop] - e[kTake]);
    case D::kTooGoodPass:
    case D::kTooGoodRePass:
      if (e[kNoDouble] > e[kTake]) return -1.0f;
      return (e[kNoDouble] - e[kDrop]) / (e[kTake] - e[kDrop]);
    default:
      return -1.0f;
  }
}

}  // namespace tavla::shell
