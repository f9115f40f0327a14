// SPDX-License-Identifier: GPL-3.0-or-later
#include "rollout_test_support.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/gnubg_id.h"

namespace tavla::rollout::testing {

Position position(const std::string& id) {
  auto game = engine::game_from_text(id);
  if (!game) throw std::runtime_error("bad position " + id + ": " + game.error());
  engine::MatchState ms = game->match;
  ms.dice = {0, 0};
  auto ci = eval::cube_info(ms);
  if (!ci) throw std::runtime_error("no cube situation for " + id + ": " + ci.error());
  return {game->board, *ci};
}

RolloutSettings zero_ply_settings(bool cubeful, bool variance_reduction, bool chequer_cubeful,
                                  bool initial, uint32_t seed, int threads) {
  RolloutSettings st;
  st.seed = seed;
  st.cubeful = cubeful;
  st.variance_reduction = variance_reduction;
  st.initial = initial;
  st.rotate = !initial;  // gnubg switches quasi-random dice off for initial positions
  st.truncate = false;
  st.truncate_bearoff2 = false;
  st.truncate_bearoff_os = false;
  for (int p = 0; p < 2; ++p) {
    st.chequer[p].context = {0, chequer_cubeful, true, true, 0.0f};
    st.cube[p] = {0, true, true, true, 0.0f};
  }
  st.chequer_late = st.chequer;
  st.cube_late = st.cube;
  st.threads = threads;
  return st;
}

Alternative position_alternative(const Position& p) {
  return {p.board, p.cube, /*cube_decision_at_start=*/false, /*invert=*/false, p.cube.cube};
}

std::vector<GnubgRollout> gnubg_rollouts() {
  const std::string file = std::string(TAVLA_FIXTURES) + "/rollout/gnubg_rollouts.txt";
  std::ifstream in(file);
  if (!in) throw std::runtime_error("missing fixture " + file);
  std::vector<GnubgRollout> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    GnubgRollout r;
    std::string kind, units;
    int cubeful, vr, chequer_cubeful, initial;
    ss >> r.name >> kind >> r.id >> r.seed >> r.trials >> cubeful >> vr >> chequer_cubeful >>
        initial >> units;
    r.replay = kind == "replay";
    r.cubeful = cubeful, r.variance_reduction = vr, r.chequer_cubeful = chequer_cubeful;
    r.initial = initial;
    r.match = units == "match";
    for (auto* values : {&r.mean, &r.std_error})
      for (auto& v : *values) {
        std::string word;
        ss >> word;
        if (word != "-") v = std::stod(word);
      }
    if (!ss || (kind != "replay" && kind != "reference") || (units != "money" && units != "match"))
      throw std::runtime_error("bad line in " + file + ": " + line);
    out.push_back(r);
  }
  return out;
}

void PrintTo(const GnubgRollout& r, std::ostream* os) {
  *os << r.name << (r.replay ? " (replay)" : " (reference)");
}

AlternativeStats in_fixture_units(const AlternativeStats& s, const eval::CubeInfo& ci) {
  AlternativeStats u = s;
  if (!ci.is_money()) {
    u.mean[kCubelessEquity] = eval::equity_to_mwc(s.mean[kCubelessEquity], ci);
    u.std_error[kCubelessEquity] =
        0.5f * s.std_error[kCubelessEquity] * (eval::mwc_if_win(ci) - eval::mwc_if_lose(ci));
  }
  return u;
}

}  // namespace tavla::rollout::testing
