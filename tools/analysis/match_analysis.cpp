// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/match_analysis.h"

#include <algorithm>
#include <cmath>

#include "engine/game_flow.h"
#include "engine/movegen.h"
#include "eval/cube_info.h"
#include "eval/parallel_search.h"

namespace tavla::analysis {

namespace {

using engine::RecordKind;

// gnubg re-scores a played move that loses more than "doubtful" (arSkillLevel[SKILL_DOUBTFUL])
// at the full depth when the move filters stopped short of it (FindnSaveBestMoves' rThr).
constexpr float kRescoreThreshold = 0.03f;

// The cost of an equity difference in the second column of the statistics: match play: MWC
// (gnubg's eq2mwc(r) - eq2mwc(0)); money: points at the cube in play.
float cost(float r, const eval::CubeInfo& ci) {
  if (ci.is_money()) return static_cast<float>(ci.cube) * r;
  return eval::equity_to_mwc(r, ci) - eval::equity_to_mwc(0.0f, ci);
}

// The equity of the best play of (d1, d2) at the luck setting `lc` (gnubg's ecLuck, with its
// normal move filters) for the player on roll of `board` (gnubg's FindBestMove), or with no
// legal play minus the opponent's equity of the unchanged position (cubeless when `lc` is).
float best_play_equity(eval::Search& search, const engine::Board& board, int d1, int d2,
                       const eval::CubeInfo& ci, const eval::EvalContext& lc) {
  const eval::EvalSetup setup{lc, eval::predefined_filters(eval::FilterName::kNormal)};
  const auto moves = search.rank_moves(board, d1, d2, ci, setup);
  if (!moves.empty()) return moves[0].score;
  const eval::CubeInfo opp = eval::with_on_roll(ci, 1 - ci.on_roll);
  const eval::Evaluation e = search.evaluate(board.swapped(), opp, lc);
  if (!lc.cubeful) return -e.cubeless_equity;
  return ci.is_money() ? -e.cubeful_equity : -eval::mwc_to_equity(e.cubeful_equity, opp);
}

// gnubg's LuckNormal / LuckFirst (analysis.c): the equity of the roll minus the mean over all
// rolls. The opening roll (the starting position, not a doublet) is compared with the 30 rolls
// that start a game, half of them the opponent's. d0 >= d1 are 0-based die indices. The float
// sums run in gnubg's order.
float roll_luck(eval::Search& search, const engine::Board& board, int d0, int d1,
                const eval::CubeInfo& ci, bool opening, const eval::EvalContext& lc) {
  std::array<std::array<float, 6>, 6> eq{};
  float mean = 0.0f;
  if (opening) {
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < i; ++j) {
        eq[i][j] = best_play_equity(search, board, i + 1, j + 1, ci, lc);
        mean += eq[i][j];
      }
    const engine::Board swapped = board.swapped();
    const eval::CubeInfo opp = eval::with_on_roll(ci, 1 - ci.on_roll);
    for (int i = 0; i < 6; ++i)
      for (int j = i + 1; j < 6; ++j) {
        eq[i][j] = -best_play_equity(search, swapped, i + 1, j + 1, opp, lc);
        mean += eq[i][j];
      }
    return eq[d0][d1] - mean * (1.0f / 30.0f);
  }
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j <= i; ++j) {
      eq[i][j] = best_play_equity(search, board, i + 1, j + 1, ci, lc);
      mean += i == j ? eq[i][j] : eq[i][j] * 2.0f;
    }
  return eq[d0][d1] - mean * (1.0f / 36.0f);
}

bool better(const eval::ScoredMove& a, const eval::ScoredMove& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.score2 > b.score2;
}

// gnubg's FindnSaveBestMoves with the key of the played move: the played move is scored at the
// deepest ply any move reached, and when it loses more than kRescoreThreshold there while the
// filters stopped short of the full depth, it and the best move are scored at full depth.
// Returns the index of the played move (-1: not among the plays).
int place_played_move(eval::Search& search, const engine::Board& board,
                      std::vector<eval::ScoredMove>& moves, const engine::Board& after,
                      const eval::CubeInfo& ci, const eval::EvalContext& ec) {
  auto find = [&]() -> int {
    for (size_t i = 0; i < moves.size(); ++i)
      if (moves[i].move.after == after) return static_cast<int>(i);
    return -1;
  };
  int i = find();
  if (i < 0 || ec.plies == 0) return i;
  const int max_ply = moves[0].plies;
  size_t old = 0;
  while (old < moves.size() && moves[old].plies == max_ply) ++old;
  bool resort = false;
  if (moves[i].plies < max_ply) {
    search.score_moves(board, std::span(&moves[i], 1), ci, ec, max_ply);
    resort = true;
  }
  if (std::fabs(moves[i].score - moves[0].score) > kRescoreThreshold && max_ply < ec.plies) {
    search.score_moves(board, std::span(&moves[0], 1), ci, ec, ec.plies);
    if (i != 0) search.score_moves(board, std::span(&moves[i], 1), ci, ec, ec.plies);
    old = 1;
    resort = true;
  }
  if (resort && static_cast<size_t>(i) >= old) {
    std::rotate(moves.begin() + static_cast<long>(old), moves.begin() + i,
                moves.begin() + i + 1);
    std::stable_sort(moves.begin(), moves.begin() + static_cast<long>(old) + 1, better);
  } else if (resort) {
    std::stable_sort(moves.begin(), moves.begin() + static_cast<long>(old), better);
  }
  return find();
}

// gnubg's isCloseCubedecision: doubling would cost less than 0.16.
bool close_cube_decision(const eval::CubeEquities& e, float optimal) {
  return optimal - std::min(e.double_take, 1.0f) < 0.16f;
}

void add_luck(Statistics& st, int p, float luck, LuckMark mark, const eval::CubeInfo& ci) {
  const float r = cost(luck, ci);
  st.luck[p][0] += luck;
  st.luck[p][1] += r;
  st.luck_adjusted_result[p] -= r;
  st.luck_adjusted_result[1 - p] += r;
  ++st.luck_marks[p][static_cast<int>(mark)];
}

void add_error(std::array<Pair, 2>& total, std::array<int, 2>& count, int p, float r,
               const eval::CubeInfo& ci) {
  ++count[p];
  total[p][0] -= r;
  total[p][1] -= cost(r, ci);
}

// The state a record is analysed in (gnubg's FixMatchState, then the swap to the actor of a
// roll): the board seen from ms.on_roll.
engine::Game state_for(const engine::GameFlow& flow, const engine::MoveRecord& r) {
  engine::Game g = flow.game();
  engine::MatchState& ms = g.match;
  if ((r.kind == RecordKind::kMove || r.kind == RecordKind::kDouble) && ms.turn != r.player) {
    g.board.swap_sides();
    ms.on_roll = ms.turn = r.player;
  }
  if ((r.kind == RecordKind::kMove || r.kind == RecordKind::kSetDice ||
       r.kind == RecordKind::kResign) &&
      ms.on_roll != r.player) {
    g.board.swap_sides();
    ms.on_roll = r.player;
  }
  return g;
}

// The result of a finished game in the statistics (gnubg's MOVE_GAMEINFO case).
void set_result(Statistics& st, const engine::GameInfo& info) {
  st.actual_result = {0.0f, 0.0f};
  if (info.winner >= 0) {
    const int w = info.winner;
    if (info.match_length) {
      const auto& met = eval::MatchEquityTable::kazaross_xg2();
      st.actual_result[w] =
          met.mwc_after(info.score, info.match_length, w, info.points, w, info.crawford_game) -
          met.mwc_at_score(info.score, info.match_length, w, info.crawford_game);
      st.actual_result[1 - w] = -st.actual_result[w];
    } else {
      st.actual_result[w] = static_cast<float>(info.points);
      st.actual_result[1 - w] = static_cast<float>(-info.points);
    }
  }
  st.luck_adjusted_result = st.actual_result;
}

// Analyses a game's records with a search, or (search null) recounts them from the evaluations a
// match file stored (gnubg's updateStatisticsGame): the same counting either way.
class GameAnalyser {
 public:
  GameAnalyser(eval::ParallelSearch* search, const MatchAnalysisSettings& settings,
               const engine::GameInfo& info, engine::Variant variant)
      : search_(search), settings_(settings), info_(info), variant_(variant) {}

  // After an interrupt: the remaining records are counted, not analysed.
  void stop_analysing() {
    settings_.analyse_moves = settings_.analyse_cube = settings_.analyse_dice = false;
  }

  // `stored`: in a recount, what the file stored of the record (null: nothing).
  engine::Result<DecisionAnalysis> analyse(const engine::Game& g, const engine::MoveRecord& r,
                                           int index, Statistics& st,
                                           const StoredDecision* stored = nullptr) {
    const bool recount = search_ == nullptr;
    DecisionAnalysis d;
    d.record = index;
    d.kind = r.kind;
    d.player = r.player;
    d.game = g;
    d.dice = r.dice;
    d.move = r.move;
    const int p = r.player;
    const engine::MatchState& ms = g.match;
    switch (r.kind) {
      case RecordKind::kMove:
      case RecordKind::kSetDice: {
        if (!recount && !settings_.players[p]) {
          // gnubg's recount counts the plays of a player not analysed, unmarked.
          if (r.kind == RecordKind::kMove) {
            ++st.total_moves[p];
            ++st.marked_moves[p][static_cast<int>(Skill::kNone)];
          }
          break;
        }
        auto ci = eval::cube_info(ms);
        if (!ci) return engine::Error{ci.error()};
        const bool initial = g.board == engine::starting_position(variant_);
        // gnubg's recount counts a cube decision wherever the file holds its evaluations.
        const bool cube = recount ? stored && stored->cube_outputs
                                  : !initial && eval::may_double(*ci);
        if (r.kind == RecordKind::kMove && cube && settings_.analyse_cube && info_.cube_use) {
          const auto row = recount ? *stored->cube_outputs
                                   : search_->cube_evaluations(g.board, *ci, settings_.cube.context);
          const eval::CubeStateValues v{row[0].cubeful_equity, row[1].cubeful_equity};
          d.cube = eval::analyse_cube(row[0].probs, v, *ci);
          d.cube_outputs = row;
          d.cube_error = d.cube->equities.no_double - d.cube->optimal;
          d.cube_skill = skill_of(d.cube_error, settings_.thresholds);
          // `show statistics` judges the decision again with the cube owner of its recount
          // (see recount_owner_), which differs after a beaver was taken.
          eval::CubeInfo recount = *ci;
          if (recount_owner_) recount.owner = *recount_owner_;
          const eval::CubeAnalysis c = recount.owner == ci->owner
                                           ? *d.cube
                                           : eval::analyse_cube(row[0].probs, v, recount);
          ++st.total_cube[p];
          if (close_cube_decision(c.equities, c.optimal)) ++st.close_cube[p];
          if (c.equities.no_double < c.optimal) {
            const float r = c.equities.no_double - c.optimal;
            if (c.equities.double_take > 1.0f)
              add_error(st.error_missed_double_above_cp, st.missed_double_above_cp, p, r,
                        recount);
            else
              add_error(st.error_missed_double_below_cp, st.missed_double_below_cp, p, r,
                        recount);
          }
        }
        if (settings_.analyse_dice && recount && stored && stored->luck) {
          d.luck = stored->luck;
          d.luck_mark = stored->luck_mark;
          if (r.kind == RecordKind::kMove) add_luck(st, p, *d.luck, *d.luck_mark, *ci);
        } else if (settings_.analyse_dice && !recount) {
          int d0 = std::max(r.dice[0], r.dice[1]) - 1, d1 = std::min(r.dice[0], r.dice[1]) - 1;
          d.luck = roll_luck(search_->primary(), g.board, d0, d1, *ci, initial && d0 != d1,
                             settings_.luck);
          d.luck_mark = luck_mark_of(*d.luck, settings_.thresholds);
          // The luck of dice rolled but not played (the end of a file) is not in the statistics
          // `show statistics` prints: gnubg recounts them from the records and skips those.
          if (r.kind == RecordKind::kMove) add_luck(st, p, *d.luck, *d.luck_mark, *ci);
        }
        if (r.kind == RecordKind::kSetDice) break;
        ++st.total_moves[p];
        if (!settings_.analyse_moves) {
          ++st.marked_moves[p][static_cast<int>(Skill::kNone)];
          break;
        }
        engine::Board after = g.board;
        float skill = 0.0f;
        if (recount) {
          // gnubg's recount: a play with its list of plays, or no play possible, is judged;
          // others count unmarked. The play made is found in the list by its position.
          if (!(stored && stored->moves) && r.move.step_count() > 0) {
            ++st.marked_moves[p][static_cast<int>(Skill::kNone)];
            break;
          }
          if (stored && stored->moves) d.moves = *stored->moves;
          for (size_t i = 0; i < d.moves.size(); ++i) {
            engine::LegalMove& m = d.moves[i].move;
            m.after = g.board;
            if (!engine::apply_move(m.after, m.move))
              return engine::Error{"the analysis's play " + std::to_string(i + 1) +
                                   " cannot be played from the position"};
          }
          if (!d.moves.empty() && engine::apply_move(after, r.move))
            for (size_t i = 0; i < d.moves.size(); ++i)
              if (d.moves[i].move.after == after) {
                d.played = static_cast<int>(i);
                skill = d.moves[i].score - d.moves[0].score;
                break;
              }
        } else {
          d.moves = search_->rank_moves(g.board, r.dice[0], r.dice[1], *ci, settings_.chequer);
          if (!d.moves.empty() && engine::apply_move(after, r.move)) {
            d.played = place_played_move(search_->primary(), g.board, d.moves, after, *ci,
                                         settings_.chequer.context);
            if (d.played >= 0) skill = d.moves[d.played].score - d.moves[0].score;
          }
        }
        d.play_loss = skill;
        d.play_skill = skill_of(skill, settings_.thresholds);
        ++st.marked_moves[p][static_cast<int>(*d.play_skill)];
        if (d.moves.size() > 1) {
          ++st.unforced_moves[p];
          st.error_chequer[p][0] -= skill;
          st.error_chequer[p][1] -= cost(skill, *ci);
        }
        break;
      }
      case RecordKind::kDouble: {
        // Beavers and raccoons are not analysed (gnubg 1.07: "TODO: analyse beavers"); the
        // answer that ends the chain is judged on the first double's analysis (gnubg links the
        // records of a chain to one cube evaluation).
        if (ms.doubled) {
          d.cube_outputs = pending_outputs_;
          break;
        }
        pending_.reset();
        pending_outputs_.reset();
        if (!settings_.analyse_cube || !info_.cube_use) break;
        auto ci = eval::cube_info(ms);
        if (!ci) return engine::Error{ci.error()};
        if (!(eval::may_double(*ci) || ci->centred() || ci->owned_by_roller())) break;
        if (recount) {
          if (!stored || !stored->cube_outputs) break;
          d.cube_outputs = stored->cube_outputs;
        } else {
          d.cube_outputs = search_->cube_evaluations(g.board, *ci, settings_.cube.context);
        }
        const auto& row = *d.cube_outputs;
        d.cube = eval::analyse_cube(row[0].probs, {row[0].cubeful_equity, row[1].cubeful_equity},
                                    *ci);
        pending_outputs_ = d.cube_outputs;
        const auto& e = d.cube->equities;
        d.cube_error = std::min(e.double_take, e.double_pass) - d.cube->optimal;
        d.cube_skill = skill_of(d.cube_error, settings_.thresholds);
        pending_ = *d.cube;
        ++st.total_cube[p];
        ++st.doubles[p];
        ++st.close_cube[p];
        if (d.cube_error < 0.0f) {
          if (e.no_double > 1.0f)
            add_error(st.error_wrong_double_above_tg, st.wrong_double_above_tg, p, d.cube_error,
                      *ci);
          else
            add_error(st.error_wrong_double_below_dp, st.wrong_double_below_dp, p, d.cube_error,
                      *ci);
        }
        break;
      }
      case RecordKind::kTake:
      case RecordKind::kDrop: {
        // gnubg's recount swaps the board to the player of every double record, so after a
        // beaver its take leaves the cube with the taker (in play it stays with the beaverer).
        if (r.kind == RecordKind::kTake && ms.doubled) recount_owner_ = p;
        if (ms.doubled) d.cube_outputs = pending_outputs_;
        if (!recount && !settings_.players[p]) break;
        // `show statistics` recounts the answers from the records, where gnubg's DoubleType
        // never sees a beaver (it swaps the board to the beaverer first): every take and pass
        // counts, at the cube in play when it is made.
        if (!ms.doubled || !pending_) break;
        const bool take = r.kind == RecordKind::kTake;
        auto ci = eval::cube_info(ms);
        if (!ci) return engine::Error{ci.error()};
        d.cube = *pending_;
        const auto& e = d.cube->equities;
        const float double_error = e.double_take - e.double_pass;
        // The answer's loss (<= 0); its mark as gnubg's: Skill of the signed difference.
        d.cube_skill = skill_of(take ? -double_error : double_error, settings_.thresholds);
        d.cube_error = std::min(0.0f, take ? -double_error : double_error);
        ++st.total_cube[p];
        ++(take ? st.takes : st.passes)[p];
        ++st.close_cube[p];
        if (take && e.double_take > e.double_pass)
          add_error(st.error_wrong_take, st.wrong_takes, p, e.double_pass - e.double_take, *ci);
        if (!take && e.double_pass > e.double_take)
          add_error(st.error_wrong_pass, st.wrong_passes, p, e.double_take - e.double_pass, *ci);
        break;
      }
      default:
        break;
    }
    return d;
  }

 private:
  eval::ParallelSearch* search_;  // null: a recount
  MatchAnalysisSettings settings_;
  const engine::GameInfo& info_;
  engine::Variant variant_;
  std::optional<eval::CubeAnalysis> pending_;  // the analysed double awaiting its answer
  std::optional<std::array<eval::Evaluation, 2>> pending_outputs_;  // its evaluations
  // The cube owner in the match state `show statistics` recounts with (gnubg's
  // updateStatisticsGame), once a take has set it: the taker.
  std::optional<int> recount_owner_;
};

}  // namespace

int rank_played_move(eval::Search& search, const engine::Board& board,
                     std::vector<eval::ScoredMove>& moves, const engine::Board& after,
                     const eval::CubeInfo& ci, const eval::EvalContext& ec) {
  return place_played_move(search, board, moves, after, ci, ec);
}

MatchAnalysisSettings match_analysis_settings(int plies) {
  MatchAnalysisSettings s;
  // gnubg's esAnalysisChequer / esAnalysisCube: cubeful, pruning nets, no noise; the chequer
  // play with gnubg's "large" filters (aamfAnalysis).
  const eval::EvalContext ec{plies, true, true, true, 0.0f};
  s.chequer = {ec, eval::predefined_filters(eval::FilterName::kLarge)};
  s.cube = {ec, eval::predefined_filters(eval::FilterName::kLarge)};
  return s;
}

MatchAnalysisSettings default_match_analysis_settings() { return match_analysis_settings(2); }

namespace {

// analyse_match (analyser given) or recount_match (stored given).
engine::Result<MatchAnalysis> run_match(Analyser* analyser,
                                        const std::vector<StoredGameAnalysis>* stored,
                                        const engine::MatchRecord& match,
                                        const MatchAnalysisSettings& settings,
                                        const MatchProgress& progress,
                                        const std::atomic<bool>* cancel) {
  MatchAnalysis out;
  out.info = match.info;
  out.settings = settings;
  out.match_length = match.games.empty() ? 0 : match.games.front().info.match_length;
  int total = 0, done = 0;
  for (const auto& g : match.games) total += static_cast<int>(g.records.size());
  engine::FlowRules rules;
  rules.variant = match.info.variant;
  engine::GameFlow flow(rules);
  flow.new_match(out.match_length);
  for (size_t gi = 0; gi < match.games.size(); ++gi) {
    const engine::GameRecord& game = match.games[gi];
    flow.append_game(game.info);
    GameAnalysis ga;
    ga.info = game.info;
    Statistics& st = ga.statistics;
    set_result(st, game.info);
    GameAnalyser ana(analyser ? &analyser->search() : nullptr, settings, game.info,
                     flow.variant());
    const StoredGameAnalysis* sg = stored && gi < stored->size() ? &(*stored)[gi] : nullptr;
    for (size_t k = 0; k < game.records.size(); ++k) {
      if (!out.interrupted && cancel && cancel->load()) {
        out.interrupted = true;
        ana.stop_analysing();
      }
      const engine::MoveRecord& r = game.records[k];
      const engine::Game state = state_for(flow, r);
      if (auto bad = engine::board_error(state.board, flow.variant()))
        return engine::Error{"game " + std::to_string(gi + 1) + ", action " +
                             std::to_string(k + 1) + ": " + *bad};
      auto d = ana.analyse(state, r, static_cast<int>(k), st,
                           sg && k < sg->size() ? &(*sg)[k] : nullptr);
      if (!d)
        return engine::Error{"game " + std::to_string(gi + 1) + ", action " +
                             std::to_string(k + 1) + ": " + d.error()};
      ga.decisions.push_back(std::move(*d));
      flow.replay(r);
      if (progress) progress(++done, total);
    }
    st.moves = settings.analyse_moves;
    st.cube = settings.analyse_cube;
    st.dice = settings.analyse_dice;
    out.statistics.add_game(st);
    out.games.push_back(std::move(ga));
    if (out.interrupted) break;
  }
  return out;
}

}  // namespace

engine::Result<MatchAnalysis> analyse_match(Analyser& analyser, const engine::MatchRecord& match,
                                            const MatchAnalysisSettings& settings,
                                            const MatchProgress& progress,
                                            const std::atomic<bool>* cancel) {
  return run_match(&analyser, nullptr, match, settings, progress, cancel);
}

engine::Result<MatchAnalysis> recount_match(const engine::MatchRecord& match,
                                            const std::vector<StoredGameAnalysis>& stored,
                                            const MatchAnalysisSettings& settings) {
  return run_match(nullptr, &stored, match, settings, {}, nullptr);
}

StoredDecision stored_decision(const DecisionAnalysis& d) {
  StoredDecision s;
  s.cube_outputs = d.cube_outputs;
  if (!d.moves.empty()) s.moves = d.moves;  // only plays are ranked
  s.played = d.played;
  s.luck = d.luck;
  s.luck_mark = d.luck_mark.value_or(LuckMark::kNone);
  s.play_skill = d.play_skill;
  s.cube_skill = d.cube_skill;
  return s;
}

}  // namespace tavla::analysis
