// SPDX-License-Identifier: GPL-3.0-or-later
// Differential test of tavla's n-ply search against gnubg 1.07 with gnubg's own weights and
// bearoff databases (fixtures made by tests/gnubg/make_search_fixtures.py; the data files are
// loaded from gnubg's installation, see gnubg_data.h; missing files fail the test under CI=true
// and skip it elsewhere):
//
//   * chequer play at world class (2-ply, pruning nets, Normal move filter): for every legal move
//     of 650 (position, dice, match state) cases, the equity of the moves both evaluate at 2 ply,
//     the 0-ply equity of the moves both drop at 0 ply, which moves reach 2 ply, and the best move;
//   * cube decisions at 0 ply and at world class (2 ply): no double, double/take and double/pass
//     equities and the proper cube action, for 320 positions in money and match play.
//
// Tolerances (the issue's): 2-ply equities within 2e-3, 0-ply within 1e-3. Exceptions are allowed
// only where gnubg's own numbers make the outcome a coin toss at that precision, and are counted:
//   * best move: a different choice is a near tie when gnubg's equity for tavla's choice is
//     within kNearTie of gnubg's best. With per-move errors e1, e2 two moves can swap places only
//     when gnubg's gap is below |e1 - e2|; 2-ply errors are ~1e-6 RMS and ~1e-4 at worst, so
//     kNearTie = 1e-3 is generous and still far below what a choice between moves is worth. In
//     practice the differing choices are exact ties (equal scores: bear-offs that win or lose
//     whatever is played, match scores where only the match result counts), which gnubg's hint
//     orders by its own tie-break (RefreshMoveList) and which are counted apart.
//   * 2-ply move set: the Normal filter keeps up to 8 moves within 0.16 of the best 0-ply score;
//     a move may be in one set and not the other only when its 0-ply score lies within
//     kFilterEdge of that threshold or of the 8th/9th place (0-ply scores agree to ~1e-4). In
//     practice: positions where more than 8 moves score exactly the same.
//   * cube action: a different action is a near tie when one of the comparisons gnubg's action
//     depends on (ND vs DT, ND vs DP, DT vs DP, and in money play with beavers the beaver bounds
//     DT vs 0 and 2 DT vs ND) has a margin below the equity tolerance of that depth.
//
// Summary statistics are printed and recorded as test properties (in the XML output).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "../engine/fixtures.h"
#include "engine/gnubg_id.h"
#include "engine/move_text.h"
#include "engine/position_id.h"
#include "eval/cube_decision.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/search.h"
#include "gnubg_data.h"

namespace tavla::eval {
namespace {

using test::split_ws;

constexpr double kTwoPlyTolerance = 2e-3;   // equities evaluated at 2 ply by both
constexpr double kZeroPlyTolerance = 1e-3;  // equities evaluated at 0 ply by both
constexpr double kNearTie = 1e-3;           // see the file comment
constexpr double kFilterEdge = 1e-3;        // see the file comment

// Accumulates |tavla - gnubg| differences.
struct DiffStats {
  double max = 0, sum_sq = 0;
  long n = 0;
  std::string worst;
  void add(double d, const std::string& where) {
    d = std::fabs(d);
    if (n == 0 || d > max) {
      max = d;
      worst = where;
    }
    sum_sq += d * d;
    ++n;
  }
  double rms() const { return n ? std::sqrt(sum_sq / n) : 0.0; }
  std::string str() const {
    char buf[160];
    std::snprintf(buf, sizeof buf, "n=%ld max=%.3g rms=%.3g", n, max, rms());
    return buf;
  }
};

// The game of a gnubg ID with the beavers setting (not part of the match ID).
engine::Game game_of(const std::string& gid, int beavers) {
  auto game = engine::game_from_text(gid);
  EXPECT_TRUE(game.ok()) << gid << ": " << (game.ok() ? "" : game.error());
  if (!game.ok()) return {};
  engine::Game g = *game;
  g.match.beavers = beavers;
  return g;
}

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.6f", v);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Chequer play
// ---------------------------------------------------------------------------------------------

struct GnubgMove {
  int plies = 0;
  double score = 0;
  std::array<double, 5> probs{};
  std::string after;  // position ID after the move, mover's view
  std::string text;
};

struct MoveCase {
  std::string gid, category;
  int d1 = 0, d2 = 0, beavers = 3;
  std::vector<GnubgMove> moves;
};

std::vector<MoveCase> load_move_cases() {
  std::vector<MoveCase> cases;
  for (const std::string& line : test::fixture_lines("search/moves_2ply.txt")) {
    const auto w = split_ws(line);
    if (w[0] == "C") {
      MoveCase c;
      c.gid = w[1];
      c.d1 = std::stoi(w[2]);
      c.d2 = std::stoi(w[3]);
      c.beavers = std::stoi(w[4]);
      c.moves.reserve(std::stoi(w[5]));
      c.category = w[6];
      cases.push_back(std::move(c));
    } else if (w[0] == "M" && !cases.empty()) {
      GnubgMove m;
      m.plies = std::stoi(w[1]);
      m.score = std::stod(w[2]);
      for (int k = 0; k < 5; ++k) m.probs[k] = std::stod(w[3 + k]);
      m.after = w[8];
      for (size_t k = 9; k < w.size(); ++k) m.text += (k > 9 ? " " : "") + w[k];
      cases.back().moves.push_back(std::move(m));
    } else {
      ADD_FAILURE() << "bad line in moves_2ply.txt: " << line;
    }
  }
  return cases;
}

struct MoveStats {
  DiffStats two_ply, zero_ply, two_ply_probs;
  std::map<std::string, DiffStats> two_ply_by_category;
  int cases = 0, two_ply_cases = 0;  // cases with >= 2 moves at 2 ply in gnubg's list
  int best_agree = 0, best_near_tie = 0, best_exact_tie = 0, best_differ = 0;
  int gnubg_near_ties = 0;  // cases whose top two (gnubg) are within kNearTie
  int set_differences = 0, set_excused = 0;
  int text_mismatches = 0;
  std::vector<std::string> failures;
};

// A move in one 2-ply set and not the other: near the filter's edge by tavla's 0-ply scores?
bool near_filter_edge(const std::vector<double>& sorted0, double s, const MoveFilter& f) {
  const double threshold = sorted0[0] - f.threshold;
  if (std::fabs(s - threshold) <= kFilterEdge) return true;
  const size_t limit = static_cast<size_t>(f.accept + f.extra);
  if (sorted0.size() > limit)
    return std::fabs(s - sorted0[limit - 1]) <= kFilterEdge ||
           std::fabs(s - sorted0[limit]) <= kFilterEdge;
  return false;
}

void compare_move_case(Search& search, const EvalSetup& setup, const MoveCase& c, MoveStats& st) {
  const engine::Game game = game_of(c.gid, c.beavers);
  auto ci = cube_info(game.match);
  ASSERT_TRUE(ci.ok()) << c.gid << ": " << ci.error();
  const std::vector<ScoredMove> ranked = search.rank_moves(game.board, c.d1, c.d2, *ci, setup);
  ++st.cases;
  const std::string where = c.gid + " " + std::to_string(c.d1) + std::to_string(c.d2);
  if (ranked.size() != c.moves.size()) {
    st.failures.push_back(where + ": tavla has " + std::to_string(ranked.size()) +
                          " moves, gnubg " + std::to_string(c.moves.size()));
    return;
  }
  std::unordered_map<std::string, size_t> by_after;
  for (size_t i = 0; i < ranked.size(); ++i)
    by_after[engine::position_id(ranked[i].move.after)] = i;

  // tavla's 0-ply scores of every move, for the filter-edge exceptions.
  std::vector<ScoredMove> all0(ranked);
  EvalContext ec0 = setup.context;
  ec0.plies = 0;
  search.score_moves(game.board, all0, *ci, ec0, 0);
  std::vector<double> sorted0;
  for (const ScoredMove& m : all0) sorted0.push_back(m.score);
  std::sort(sorted0.rbegin(), sorted0.rend());
  const MoveFilter& filter = setup.filters[setup.context.plies - 1][0];

  int gnubg_two_ply = 0;
  for (const GnubgMove& g : c.moves) {
    auto it = by_after.find(g.after);
    if (it == by_after.end()) {
      st.failures.push_back(where + ": gnubg's move " + g.text + " not among tavla's moves");
      return;
    }
    const ScoredMove& t = ranked[it->second];
    if (engine::format_move(game.board, t.move.move) != g.text) ++st.text_mismatches;
    const double d = t.score - g.score;
    const std::string w =
        where + " " + g.text + " (gnubg " + fmt(g.score) + ", tavla " + fmt(t.score) + ")";
    if (g.plies == 2) ++gnubg_two_ply;
    if (g.plies == t.plies) {
      if (g.plies == 2) {
        st.two_ply.add(d, w);
        st.two_ply_by_category[c.category].add(d, w);
        for (int k = 0; k < 5; ++k) st.two_ply_probs.add(t.probs[k] - g.probs[k], w);
        if (std::fabs(d) > kTwoPlyTolerance) st.failures.push_back("2-ply equity: " + w);
      } else {
        st.zero_ply.add(d, w);
        if (std::fabs(d) > kZeroPlyTolerance) st.failures.push_back("0-ply equity: " + w);
      }
    } else {
      ++st.set_differences;
      if (near_filter_edge(sorted0, all0[it->second].score, filter)) {
        ++st.set_excused;
        std::printf(
            "  filter edge: %s: gnubg %d-ply, tavla %d-ply; tavla's 0-ply score %+.6f, "
            "best %+.6f\n",
            w.c_str(), g.plies, t.plies, all0[it->second].score, sorted0[0]);
      } else {
        st.failures.push_back("2-ply set: " + w + " gnubg ply " + std::to_string(g.plies) +
                              ", tavla ply " + std::to_string(t.plies));
      }
    }
  }

  // The best move.
  if (gnubg_two_ply >= 2) ++st.two_ply_cases;
  if (c.moves.size() >= 2 && c.moves[0].score - c.moves[1].score <= kNearTie) ++st.gnubg_near_ties;
  const std::string tavla_best = engine::position_id(ranked[0].move.after);
  if (tavla_best == c.moves[0].after) {
    ++st.best_agree;
    return;
  }
  double gnubg_score_of_tavla_best = 0;
  for (const GnubgMove& g : c.moves)
    if (g.after == tavla_best) gnubg_score_of_tavla_best = g.score;
  const double gap = c.moves[0].score - gnubg_score_of_tavla_best;
  const std::string msg = where + ": gnubg plays " + c.moves[0].text + " (" +
                          fmt(c.moves[0].score) + "), tavla " +
                          engine::format_move(game.board, ranked[0].move.move) + " (gnubg " +
                          fmt(gnubg_score_of_tavla_best) + ", tavla " + fmt(ranked[0].score) + ")";
  if (gap == 0) {
    // Equal scores: gnubg's hint then prefers the move that bears off more chequers or leaves
    // the rearmost chequer lower (RefreshMoveList); either move is as good.
    ++st.best_exact_tie;
  } else if (gap <= kNearTie) {
    ++st.best_near_tie;
    std::printf("  near tie: %s\n", msg.c_str());
  } else {
    ++st.best_differ;
    st.failures.push_back("best move: " + msg);
  }
}

TEST(SearchVsGnubg, WorldClassMoves) {
  REQUIRE_GNUBG_DATA();
  const auto& data = *test::gnubg_data().data;
  const std::vector<MoveCase> cases = load_move_cases();
  ASSERT_GE(cases.size(), 600u);
  Search search(data.nets, data.bearoff.get());
  const EvalSetup setup = level_setup(Level::kWorldClass);
  ASSERT_EQ(setup.context.plies, 2);

  MoveStats st;
  const auto t0 = std::chrono::steady_clock::now();
  for (const MoveCase& c : cases) compare_move_case(search, setup, c, st);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::printf("world-class moves vs gnubg 1.07: %d cases (%d with >= 2 moves at 2 ply), %.1f s\n",
              st.cases, st.two_ply_cases, secs);
  std::printf("  2-ply equity   %s (worst: %s)\n", st.two_ply.str().c_str(),
              st.two_ply.worst.c_str());
  for (const auto& [cat, s] : st.two_ply_by_category)
    std::printf("    %-8s %s\n", cat.c_str(), s.str().c_str());
  std::printf("  2-ply probs    %s (worst: %s)\n", st.two_ply_probs.str().c_str(),
              st.two_ply_probs.worst.c_str());
  std::printf("  0-ply equity   %s (worst: %s)\n", st.zero_ply.str().c_str(),
              st.zero_ply.worst.c_str());
  std::printf(
      "  best move: %d same, %d exact ties (gnubg's scores equal), %d near ties (gnubg "
      "gap <= %g), %d different; gnubg's top two within %g in %d cases\n",
      st.best_agree, st.best_exact_tie, st.best_near_tie, kNearTie, st.best_differ, kNearTie,
      st.gnubg_near_ties);
  std::printf("  2-ply move sets: %d moves differ in depth, %d of them at the filter's edge\n",
              st.set_differences, st.set_excused);
  std::printf("  move text mismatches: %d\n", st.text_mismatches);
  ::testing::Test::RecordProperty("cases", st.cases);
  ::testing::Test::RecordProperty("two_ply_max_diff", std::to_string(st.two_ply.max));
  ::testing::Test::RecordProperty("two_ply_rms_diff", std::to_string(st.two_ply.rms()));
  ::testing::Test::RecordProperty("zero_ply_max_diff", std::to_string(st.zero_ply.max));
  ::testing::Test::RecordProperty("best_move_same", st.best_agree);
  ::testing::Test::RecordProperty("best_move_exact_tie", st.best_exact_tie);
  ::testing::Test::RecordProperty("best_move_near_tie", st.best_near_tie);
  ::testing::Test::RecordProperty("best_move_different", st.best_differ);
  ::testing::Test::RecordProperty("two_ply_set_differences", st.set_differences);

  for (const std::string& f : st.failures) ADD_FAILURE() << f;
  EXPECT_EQ(st.text_mismatches, 0);
  EXPECT_GE(st.best_agree, 500);
  EXPECT_GE(st.two_ply_cases, 500);
}

// ---------------------------------------------------------------------------------------------
// Cube decisions
// ---------------------------------------------------------------------------------------------

struct CubeRow {
  std::string gid;
  int beavers = 3, plies = 0;
  std::array<double, 5> probs{};
  double optimal = 0, nd = 0, dt = 0, dp = 0;
  int decision = 0;
  std::string text;
};

std::vector<CubeRow> load_cube_rows() {
  std::vector<CubeRow> rows;
  for (const std::string& line : test::fixture_lines("search/cube_2ply.txt")) {
    const auto w = split_ws(line);
    if (w.size() < 14) {
      ADD_FAILURE() << "bad line in cube_2ply.txt: " << line;
      continue;
    }
    CubeRow r;
    r.gid = w[0];
    r.beavers = std::stoi(w[1]);
    r.plies = std::stoi(w[2]);
    for (int k = 0; k < 5; ++k) r.probs[k] = std::stod(w[3 + k]);
    r.optimal = std::stod(w[8]);
    r.nd = std::stod(w[9]);
    r.dt = std::stod(w[10]);
    r.dp = std::stod(w[11]);
    r.decision = std::stoi(w[12]);
    for (size_t k = 13; k < w.size(); ++k) r.text += (k > 13 ? " " : "") + w[k];
    rows.push_back(std::move(r));
  }
  return rows;
}

// The smallest margin of the comparisons gnubg's decision rests on (see the file comment).
double decision_margin(const CubeRow& r, const CubeInfo& ci) {
  double m = std::min({std::fabs(r.nd - r.dt), std::fabs(r.nd - r.dp), std::fabs(r.dt - r.dp)});
  if (ci.is_money() && ci.beavers) m = std::min({m, std::fabs(r.dt), std::fabs(2 * r.dt - r.nd)});
  return m;
}

struct CubeStats {
  DiffStats nd, dt, dp, probs;
  int rows = 0, same = 0, near_tie = 0, differ = 0, text_mismatches = 0;
  int gnubg_near_ties = 0;
  std::vector<std::string> failures;
};

TEST(SearchVsGnubg, CubeDecisions) {
  REQUIRE_GNUBG_DATA();
  const auto& data = *test::gnubg_data().data;
  const std::vector<CubeRow> rows = load_cube_rows();
  ASSERT_GE(rows.size(), 600u);  // 300+ cases, 0 and 2 ply each
  Search search(data.nets, data.bearoff.get());
  const EvalSetup setup = level_setup(Level::kWorldClass);

  std::map<int, CubeStats> by_plies;
  const auto t0 = std::chrono::steady_clock::now();
  for (const CubeRow& r : rows) {
    CubeStats& st = by_plies[r.plies];
    const double tol = r.plies == 0 ? kZeroPlyTolerance : kTwoPlyTolerance;
    const engine::Game game = game_of(r.gid, r.beavers);
    auto ci = cube_info(game.match);
    ASSERT_TRUE(ci.ok()) << r.gid << ": " << ci.error();
    EvalContext ec = setup.context;
    ec.plies = r.plies;
    const auto evals = search.cube_evaluations(game.board, *ci, ec);
    const CubeAnalysis a =
        analyse_cube(evals[0].probs, {evals[0].cubeful_equity, evals[1].cubeful_equity}, *ci);
    ++st.rows;
    const std::string where =
        r.gid + " beavers " + std::to_string(r.beavers) + " " + std::to_string(r.plies) +
        "-ply: gnubg " + fmt(r.nd) + " " + fmt(r.dt) + " " + fmt(r.dp) + " " + r.text + "; tavla " +
        fmt(a.equities.no_double) + " " + fmt(a.equities.double_take) + " " +
        fmt(a.equities.double_pass) + " " + std::string(cube_decision_text(a.decision));
    for (int k = 0; k < 5; ++k) st.probs.add(evals[0].probs[k] - r.probs[k], where);
    const std::pair<DiffStats*, double> diffs[] = {{&st.nd, a.equities.no_double - r.nd},
                                                   {&st.dt, a.equities.double_take - r.dt},
                                                   {&st.dp, a.equities.double_pass - r.dp}};
    bool equities_ok = true;
    for (const auto& [stats, d] : diffs) {
      stats->add(d, where);
      equities_ok = equities_ok && std::fabs(d) <= tol;
    }
    if (!equities_ok) st.failures.push_back("cube equity: " + where);
    const bool near = decision_margin(r, *ci) <= tol;
    if (near) ++st.gnubg_near_ties;
    if (static_cast<int>(a.decision) == r.decision) {
      ++st.same;
      if (cube_decision_text(a.decision) != r.text) {
        ++st.text_mismatches;
        st.failures.push_back("cube text: " + where);
      }
    } else if (near) {
      ++st.near_tie;
      std::printf("  near tie: %s\n", where.c_str());
    } else {
      ++st.differ;
      st.failures.push_back("cube action: " + where);
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::printf("cube decisions vs gnubg 1.07 (%.1f s):\n", secs);
  for (const auto& [plies, st] : by_plies) {
    std::printf("  %d-ply: %d cases; ND %s; DT %s; DP %s; probs %s\n", plies, st.rows,
                st.nd.str().c_str(), st.dt.str().c_str(), st.dp.str().c_str(),
                st.probs.str().c_str());
    std::printf(
        "         actions: %d same, %d near ties, %d different; gnubg margin <= %g in %d "
        "cases\n",
        st.same, st.near_tie, st.differ, plies == 0 ? kZeroPlyTolerance : kTwoPlyTolerance,
        st.gnubg_near_ties);
    const std::string p = std::to_string(plies) + "ply_";
    ::testing::Test::RecordProperty(p + "cases", st.rows);
    ::testing::Test::RecordProperty(p + "max_diff",
                                    std::to_string(std::max({st.nd.max, st.dt.max, st.dp.max})));
    ::testing::Test::RecordProperty(p + "action_same", st.same);
    ::testing::Test::RecordProperty(p + "action_near_tie", st.near_tie);
    ::testing::Test::RecordProperty(p + "action_different", st.differ);
    for (const std::string& f : st.failures) ADD_FAILURE() << f;
  }
}

}  // namespace
}  // namespace tavla::eval
