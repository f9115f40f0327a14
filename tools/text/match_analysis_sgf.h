// SPDX-License-Identifier: GPL-3.0-or-later
// An analysed match as gnubg 1.07 saves it (sgf.c: SaveGame, WriteDoubleAnalysis,
// WriteMoveAnalysis, WriteLuck, WriteSkill, WriteStatContext), so that gnubg opens tavla's file
// with the analysis in place: its `show statistics` recounts the statistics from these properties.
//
//   root   GS[M:...][C:...][D:...]   the game's statistics (gnubg's statcontext)
//   move   DA[E ver 3 <cube context> <14 numbers>]   the cube decision before the roll: for
//            "no double" and "double, take" the 5 cubeless probabilities of the player on roll,
//            the cubeless equity and the cubeful equity (money: per unit cube; match: MWC)
//          A[<index of the play>][<play> E ver 3 <5 probabilities> <score> <context>]...MR[]
//            every legal play ranked, best first, each at the depth it was scored to
//          LU[<luck, %.5f>] GW[n]/GB[n] (lucky for White/Black: 1 lucky, 2 very lucky)
//          BM[2]/BM[1]/DO[] the play's mark; BC[2]/BC[1]/DC[] the cube decision's mark
//   double, take, drop   DA[...] of the double they answer; BM/DO their own mark
//   dice set (not played)   LU[...] GW/GB
// Numbers as gnubg prints them (%.6f, luck %.5f, in the C locale).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <map>

#include "analysis/match_analysis.h"
#include "engine/result.h"
#include "engine/sgf.h"
#include "rollout/rollout.h"

namespace tavla::text {

// A rollout stored in a record (gnubg's esMove / esDouble of EVAL_ROLLOUT): the means and
// standard errors of the 7 outputs (5 probabilities, cubeless equity, cubeful equity: money per
// unit cube, match MWC) for the player on roll, the settings and the trials done. A cube
// rollout holds both cube states ([0] no double, [1] double, take).
struct SgfMoveRollout {
  engine::Move move;  // the play rolled out
  rollout::Outputs mean{}, std_error{};
  rollout::RolloutSettings settings;
  int games = 0;
  // gnubg's rScore and rScore2 (the ranking's score, the cubeless equity) as a file stored them,
  // written back as read; unset (a rollout of this session): the ranking's score and mean[5].
  std::optional<float> score, score2;
};
struct SgfCubeRollout {
  std::array<rollout::Outputs, 2> mean{}, std_error{};
  rollout::RolloutSettings settings;
  int games = 0;
};
// What a record holds for rollouts: the rollouts done and the candidates marked for one (gnubg's
// cmark: the plays by index in the record's ranked plays, 0-based, ascending, written MR[1 3 ];
// the cube decision, written CR[] after its DA[]).
struct SgfRecordRollouts {
  std::vector<SgfMoveRollout> moves;   // written as "X" entries of A[] instead of "E"
  std::optional<SgfCubeRollout> cube;  // written as DA[X ...] instead of DA[E ...]
  std::vector<int> marked;
  bool cube_marked = false;
  bool empty() const { return moves.empty() && !cube && marked.empty() && !cube_marked; }
};

// The analysis properties of one game (its records as analysed, settings the ones it was
// analysed with), for engine::write_sgf; `rollouts` (by record index): the plays and cube
// decisions rolled out there, written as gnubg's WriteRolloutAnalysis does, and those marked.
engine::SgfGameExtras sgf_game_analysis(const analysis::GameAnalysis& game,
                                        const analysis::MatchAnalysisSettings& settings,
                                        const std::map<int, SgfRecordRollouts>* rollouts = nullptr);

// gnubg's WriteRolloutAnalysis of a play ("X ver 3 Score ...") or of a cube decision
// ("X ver 3 Eq ..."), with its WriteRolloutContext.
std::string sgf_move_rollout(const SgfMoveRollout& r, float score);
std::string sgf_cube_rollout(const SgfCubeRollout& r);

// gnubg's GS[...] property of a game's statistics (WriteStatContext): "[M:...]" when
// `st.moves`, "[C:...]" when `st.cube`, "[D:...]" when `st.dice`; "GS" alone when none.
std::string sgf_statistics(const analysis::Statistics& st);

// The whole match as SGF with its analysis; `match` is the record that was analysed (its games in
// the order of m.games).
std::string match_analysis_sgf(const engine::MatchRecord& match, const analysis::MatchAnalysis& m,
                               std::string_view application);

// The analysis a match file stores, read back (gnubg's RestoreNode, RestoreDoubleAnalysis,
// RestoreMoveAnalysis): per game of `match` (as engine::read_sgf read it with `props`), per
// record, what analysis::recount_match counts. Evaluations ("E", versions 2 and 3) and gnubg
// 1.07's rollouts ("X", text/sgf_rollout_read.h) are read: a rolled-out play is in the ranked
// plays with the rollout's score and probabilities, a rolled-out cube decision's means are its
// cube evaluations, and `rollouts` (may be null) receives per game, by record, the rollouts
// themselves (as sgf_game_analysis writes them back) and the marks of MR[] and CR[] (gnubg's
// RestoreMarkedMoves; a number in MR[] that is not a play of A[] is an error). gnubg's older
// rollouts ("R", which 1.07 reads but no longer writes) are not read: their plays count as not
// analysed (a cube decision's keeps no figures), and `unread` (may be null) receives their
// places ("game 1, action 3"). A property that does not parse is an error naming `name`, the
// game and the action ("FILE: game 2, action 14: bad A[] value ..."); properties gnubg does not
// read are ignored.
engine::Result<std::vector<analysis::StoredGameAnalysis>> stored_analysis(
    const engine::MatchRecord& match, const std::vector<engine::SgfGameProperties>& props,
    std::string_view name, std::vector<std::map<int, SgfRecordRollouts>>* rollouts = nullptr,
    std::vector<std::string>* unread = nullptr);

// Whether any game of `props` holds analysis properties (a file saved after an analysis).
bool has_stored_analysis(const std::vector<engine::SgfGameProperties>& props);

}  // namespace tavla::text
