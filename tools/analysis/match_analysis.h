// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis of a whole match or session as gnubg 1.07's `analyse match` (analysis.c:
// AnalyzeMove, updateStatcontext, LuckAnalysis): every play (ranked at the chequer setting, the
// played move's loss and skill mark), every cube decision on the way, including doubles not
// offered before a roll (missed doubles) and the answers to doubles (wrong takes and passes), the
// luck of every roll (0-ply cubeful, as gnubg's ecLuck), and per game and for the match the
// statistics of match_statistics.h. Plain data; tools/text renders it.
//
// Equities are gnubg's: normalised (money: per unit cube; match: mwc_to_equity at the cube in
// play), for the player who acted (the doubler for a double and for the answer to it: a wrong
// take is one where "double, take" is worth more to the doubler than "double, pass").
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/match_statistics.h"
#include "analysis/position_analysis.h"
#include "engine/game_record.h"
#include "engine/result.h"
#include "eval/cube_decision.h"
#include "eval/eval_settings.h"
#include "eval/search.h"

namespace tavla::analysis {

struct MatchAnalysisSettings {
  eval::EvalSetup chequer;  // gnubg's esAnalysisChequer (default: 2-ply, its analysis filters)
  eval::EvalSetup cube;     // gnubg's esAnalysisCube (default: 2-ply)
  // gnubg's ecLuck: the luck of a roll is judged at 0 ply, cubeful, without pruning nets or
  // noise (`set analysis luckanalysis ...`); moves ranked with gnubg's normal filters.
  eval::EvalContext luck{0, true, false, true, 0.0f};
  bool analyse_moves = true, analyse_cube = true, analyse_dice = true;
  std::array<bool, 2> players{true, true};  // gnubg's afAnalysePlayers
  MarkThresholds thresholds;                // gnubg's arSkillLevel / arLuckLevel
};

// gnubg 1.07's analysis defaults (`show analysis`): chequer play and cube at 2 ply, cubeful,
// pruning nets, no noise; chequer play with gnubg's analysis move filters (0 moves plus up to 16
// within 0.32 at 0 ply; plus up to 4 within 0.08 at 2 ply).
MatchAnalysisSettings default_match_analysis_settings();
// The same with `plies` for both chequer play and cube.
MatchAnalysisSettings match_analysis_settings(int plies);

// One analysed record of a game.
struct DecisionAnalysis {
  int record = 0;  // index in the game's records
  engine::RecordKind kind = engine::RecordKind::kMove;
  int player = 0;     // who acted
  engine::Game game;  // the position before the action, seen from the player on roll
  // kMove: the play made, the plays ranked at the chequer setting (best first; gnubg's list for
  // the move, with the played move scored as gnubg scores it), its index there (-1: no legal
  // play) and its loss (score of the play minus the best, <= 0).
  std::array<int, 2> dice{0, 0};
  engine::Move move;
  std::vector<eval::ScoredMove> moves;
  int played = -1;
  float play_loss = 0.0f;
  std::optional<Skill> play_skill;
  // A cube decision analysed here: before a roll (the player could have doubled) or a double and
  // its answer (the doubler's decision, equities for the doubler; `cube_error` is the loss of
  // the action taken for the player who took it, <= 0).
  std::optional<eval::CubeAnalysis> cube;
  // The evaluations behind `cube` (gnubg's aarOutput: [0] no double, [1] double, take; cubeful
  // equity per unit cube in money play, MWC in match play), which gnubg's SGF stores (DA[]). Also
  // on a beaver and on the answer to a double: the analysed double's, as gnubg links them.
  std::optional<std::array<eval::Evaluation, 2>> cube_outputs;
  float cube_error = 0.0f;
  std::optional<Skill> cube_skill;
  // The luck of the roll (kMove, kSetDice) for the roller.
  std::optional<float> luck;
  std::optional<LuckMark> luck_mark;
};

struct GameAnalysis {
  engine::GameInfo info;
  std::vector<DecisionAnalysis> decisions;
  Statistics statistics;
};

struct MatchAnalysis {
  engine::MatchInfo info;
  int match_length = 0;
  MatchAnalysisSettings settings;
  std::vector<GameAnalysis> games;
  Statistics statistics;  // the sum of the games (gnubg's scMatch)
  // Stopped by the cancel flag: `games` ends with the game in progress then, whose records
  // from the one where it stopped are replayed and counted but not analysed (no plays ranked,
  // no cube or luck figures); later games are left out.
  bool interrupted = false;
};

// Progress: called after each record with (records done, records in all).
using MatchProgress = std::function<void(int, int)>;

// Analyses every game of `match` with the analyser's nets and threads. Errors: a record that
// cannot be replayed (an illegal position), a cube situation gnubg refuses. `cancel` (may be
// null; set from a signal handler, e.g. Ctrl-C) is read before each record.
engine::Result<MatchAnalysis> analyse_match(Analyser& analyser, const engine::MatchRecord& match,
                                            const MatchAnalysisSettings& settings,
                                            const MatchProgress& progress = {},
                                            const std::atomic<bool>* cancel = nullptr);

// What a match file stores of one record's analysis (gnubg's SGF properties, read back by
// tools/text/match_analysis_sgf.h): the evaluations, not the figures derived from them.
struct StoredDecision {
  // DA[]: the cube evaluations (as DecisionAnalysis::cube_outputs).
  std::optional<std::array<eval::Evaluation, 2>> cube_outputs;
  // A[]: the plays ranked, best first, with their scores (their boards after the play are
  // filled in by recount_match) and the index of the play made; nullopt: plays not analysed.
  std::optional<std::vector<eval::ScoredMove>> moves;
  int played = -1;
  std::optional<float> luck;              // LU[]: for the roller
  LuckMark luck_mark = LuckMark::kNone;   // GW[]/GB[]: for the roller
  std::optional<Skill> play_skill, cube_skill;  // BM/DO, BC/DC
};
// What a match file stores of an analysed record: its evaluations, from which recount_match
// counts the game again.
StoredDecision stored_decision(const DecisionAnalysis& d);
// Per game of a match, per record of the game (fewer: the records after them store nothing).
using StoredGameAnalysis = std::vector<StoredDecision>;

// gnubg's updateStatisticsMatch over a match loaded with its analysis: every game replayed and its
// statistics counted from the stored evaluations (no evaluation is made), with the flags and
// thresholds of `settings` (its evaluation settings are unused). The luck marks are the stored
// ones, as gnubg's. Errors: a record that cannot be replayed, a stored play list that does not
// hold legal plays of the roll ("game G, action K: ...").
engine::Result<MatchAnalysis> recount_match(const engine::MatchRecord& match,
                                            const std::vector<StoredGameAnalysis>& stored,
                                            const MatchAnalysisSettings& settings);

// gnubg's FindnSaveBestMoves with the key of a played move (`moves` ranked by search.rank_moves
// with context `ec`, best first, `after` the position the play reaches): the played move is
// scored at the deepest ply any move reached, and when it loses more than 0.03 there while the
// filters stopped short of the full depth, it and the best move are scored at full depth; the
// list is re-sorted. Returns the index of the played move (-1: not among the plays). Analysis
// (`analyse') and the tutor (`set tutor mode on') judge a play by it.
int rank_played_move(eval::Search& search, const engine::Board& board,
                     std::vector<eval::ScoredMove>& moves, const engine::Board& after,
                     const eval::CubeInfo& ci, const eval::EvalContext& ec);

}  // namespace tavla::analysis
