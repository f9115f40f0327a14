// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/self_play.h"

#include <algorithm>
#include <memory>

#include "engine/movegen.h"
#include "eval/output_rules.h"

namespace tavla::train {

using engine::Board;
using eval::Probabilities;

int best_play(eval::Evaluator& ev, const engine::MoveList& moves, std::vector<Board>& boards,
              std::vector<Probabilities>& probs, Probabilities& best_probs) {
  const int n = moves.size();
  boards.resize(n);
  probs.resize(n);
  for (int i = 0; i < n; ++i) boards[i] = moves[i].after;
  ev.evaluate_after_moves(boards, probs);
  int best = 0;
  float best_eq = eval::cubeless_money_equity(probs[0]);
  for (int i = 1; i < n; ++i) {
    const float e = eval::cubeless_money_equity(probs[i]);
    if (e > best_eq) {
      best_eq = e;
      best = i;
    }
  }
  best_probs = probs[best];
  return best;
}

namespace {

struct Turn {
  Board board;              // before the roll, side on roll = sides[1]
  eval::PositionClass cls;  // of `board`
  Probabilities greedy;     // value of the best play, mover's side
  bool explored = false;    // a random play was played instead
};

// The greedy value of one roll (mover's side): the best play's, or the position's own when no
// play is legal (as play_td_game values such a turn).
Probabilities greedy_value(eval::Evaluator& ev, const Board& board, int d1, int d2,
                           engine::MoveList& list, std::vector<Board>& boards,
                           std::vector<Probabilities>& probs) {
  const int n = engine::generate_moves(board, d1, d2, list);
  Probabilities best;
  if (n == 0) {
    boards.assign(1, board);
    probs.resize(1);
    ev.evaluate_after_moves(boards, probs);
    return probs[0];
  }
  best_play(ev, list, boards, probs, best);
  return best;
}

Probabilities outcome_of(const Probabilities& p, float w) {
  Probabilities r;
  for (int k = 0; k < Probabilities::kCount; ++k) r[k] = w * p[k];
  return r;
}

}  // namespace

std::vector<Probabilities> luck_free_returns(const std::vector<Probabilities>& greedy,
                                             const std::vector<Probabilities>& mean,
                                             const std::vector<bool>& explored, float mu) {
  const int n = static_cast<int>(greedy.size());
  std::vector<Probabilities> r(n);
  for (int i = n - 1; i >= 0; --i) {
    r[i] = mean[i];
    if (i == n - 1 || explored[i]) continue;         // the last turn, or the chain is cut
    const Probabilities next = r[i + 1].inverted();  // the mover's side of turn i
    for (int k = 0; k < Probabilities::kCount; ++k) r[i][k] += mu * (next[k] - greedy[i][k]);
  }
  return r;
}

Probabilities mean_greedy_value(eval::Evaluator& ev, const Board& board) {
  thread_local std::unique_ptr<engine::MoveList> list = std::make_unique<engine::MoveList>();
  thread_local std::vector<Board> boards;
  thread_local std::vector<Probabilities> probs;
  Probabilities mean;
  for (int k = 0; k < Probabilities::kCount; ++k) mean[k] = 0.0f;
  for (int d1 = 1; d1 <= 6; ++d1) {
    for (int d2 = d1; d2 <= 6; ++d2) {
      const Probabilities v = greedy_value(ev, board, d1, d2, *list, boards, probs);
      const float weight = (d1 == d2 ? 1.0f : 2.0f) / 36.0f;
      for (int k = 0; k < Probabilities::kCount; ++k) mean[k] += weight * v[k];
    }
  }
  return mean;
}

GameSummary play_td_game(eval::Evaluator& ev, std::mt19937_64& rng, const SelfPlaySettings& s,
                         std::vector<Example>& out,
                         const std::function<bool(eval::PositionClass)>& wanted) {
  // One list per thread: a MoveList is ~230 kB, too large for the stack of worker threads.
  thread_local std::unique_ptr<engine::MoveList> list = std::make_unique<engine::MoveList>();
  thread_local std::vector<Board> boards;
  thread_local std::vector<Probabilities> probs;
  std::uniform_int_distribution<int> die(1, 6);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);

  GameSummary summary;
  std::vector<Turn> turns;
  Board board = Board::starting_position();
  bool first = true;
  while (true) {
    if (static_cast<int>(turns.size()) >= s.max_turns) return summary;  // abandoned
    int d1 = die(rng), d2 = die(rng);
    while (first && d1 == d2) {  // the opening roll is never a double
      d1 = die(rng);
      d2 = die(rng);
    }
    first = false;
    Turn t{board, eval::classify(board, ev.bearoff()), {}, false};
    const int n = engine::generate_moves(board, d1, d2, *list);
    Board after = board;
    if (n == 0) {
      boards.assign(1, board);
      probs.resize(1);
      ev.evaluate_after_moves(boards, probs);
      t.greedy = probs[0];
    } else {
      int chosen = best_play(ev, *list, boards, probs, t.greedy);
      if (n > 1 && unit(rng) < s.exploration) {
        chosen = std::uniform_int_distribution<int>(0, n - 1)(rng);
        t.explored = true;
      }
      after = (*list)[chosen].after;
    }
    turns.push_back(t);
    if (after.checkers_on_board(Board::kOnRoll) == 0) {
      // The greedy value of the last turn is exact only if the greedy play was the one played,
      // or also ends the game (then both are exact outcomes); an explored final play that ends
      // the game replaces it with the exact outcome.
      const Probabilities final = eval::evaluate_game_over(after.swapped()).inverted();
      if (turns.back().explored) {
        turns.back().greedy = final;
        turns.back().explored = false;
      }
      summary.points = final[Probabilities::kWinBackgammon] > 0.5f ? 3
                       : final[Probabilities::kWinGammon] > 0.5f   ? 2
                                                                   : 1;
      break;
    }
    board = after.swapped();
  }
  summary.turns = static_cast<int>(turns.size());

  if (s.luck_free_returns) {
    auto keep = [&](eval::PositionClass c) {
      return eval::is_net_class(c) && (!wanted || wanted(c));
    };
    int start = 0;
    while (start < summary.turns && !keep(turns[start].cls)) ++start;
    if (start == summary.turns) return summary;
    const int n = summary.turns - start;
    std::vector<Probabilities> greedy(n), mean(n);
    std::vector<bool> explored(n);
    for (int i = 0; i < n; ++i) {
      greedy[i] = turns[start + i].greedy;
      mean[i] = mean_greedy_value(ev, turns[start + i].board);
      explored[i] = turns[start + i].explored;
    }
    const std::vector<Probabilities> r =
        luck_free_returns(greedy, mean, explored, s.returns_lambda);
    std::vector<Example> kept;
    for (int i = 0; i < n; ++i) {
      const Turn& t = turns[start + i];
      if (!keep(t.cls)) continue;
      Probabilities target = r[i];
      for (int k = 0; k < Probabilities::kCount; ++k) target[k] = std::clamp(target[k], 0.0f, 1.0f);
      kept.push_back({t.board, t.cls, target});
    }
    // In game order (label files read as the game went).
    out.insert(out.end(), kept.begin(), kept.end());
    summary.examples = static_cast<int>(kept.size());
    return summary;
  }

  // Lambda-returns, backwards.
  Probabilities g = turns.back().greedy;
  for (int i = summary.turns - 1; i >= 0; --i) {
    const Turn& t = turns[i];
    if (i < summary.turns - 1) {
      if (t.explored) {
        g = t.greedy;
      } else {
        const Probabilities next = g.inverted();
        const Probabilities a = outcome_of(t.greedy, 1.0f - s.lambda);
        const Probabilities b = outcome_of(next, s.lambda);
        for (int k = 0; k < Probabilities::kCount; ++k) g[k] = a[k] + b[k];
      }
    }
    if (eval::is_net_class(t.cls)) {
      out.push_back({t.board, t.cls, g});
      ++summary.examples;
    }
  }
  return summary;
}

}  // namespace tavla::train
