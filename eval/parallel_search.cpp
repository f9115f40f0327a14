// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/parallel_search.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "engine/perft.h"

namespace tavla::eval {

ParallelSearch::ParallelSearch(std::shared_ptr<const NetSet> nets, int threads,
                               const BearoffProvider* bearoff, size_t cache_entries) {
  threads = std::max(1, threads);
  // One cache for all threads: a transposition met by one serves the others.
  auto cache = std::make_shared<EvalCache>(cache_entries);
  for (int t = 0; t < threads; ++t)
    searches_.push_back(std::make_unique<Search>(nets, bearoff, cache));
}

void ParallelSearch::set_cancel_flag(const std::atomic<bool>* flag) {
  for (auto& s : searches_) s->set_cancel_flag(flag);
}

void ParallelSearch::set_cube_efficiency(const CubeEfficiencySettings& s) {
  for (auto& search : searches_) search->set_cube_efficiency(s);
  primary().cache().clear();
}

template <typename Job>
void ParallelSearch::parallel_for(int n, Job job) {
  const int t = std::min(threads(), n);
  if (t <= 1) {
    for (int i = 0; i < n; ++i) job(0, i);
    return;
  }
  std::atomic<int> next{0};
  auto worker = [&](int thread) {
    for (int i; (i = next.fetch_add(1)) < n;) job(thread, i);
  };
  std::vector<std::jthread> pool;
  for (int k = 1; k < t; ++k) pool.emplace_back(worker, k);
  worker(0);
}

void ParallelSearch::evaluate_node(const engine::Board& board,
                                   std::span<const CubePosition> positions, const CubeInfo& mover,
                                   const EvalContext& ec, bool top, Probabilities& probs,
                                   std::span<float> cubeful) {
  // Callers send only internal nodes here, with more than one thread.
  std::vector<CubePosition> aci;
  child_cube_positions(positions, top, aci);
  const auto& rolls = engine::all_rolls();
  const int nr = static_cast<int>(rolls.size());
  std::vector<Probabilities> roll_probs(nr);
  std::vector<std::vector<float>> roll_cf(nr, std::vector<float>(aci.size()));
  if (ec.plies < 2) {
    parallel_for(nr, [&](int thread, int r) {
      searches_[thread]->roll_child(board, aci, mover, ec, ec.plies, rolls[r].d1, rolls[r].d2,
                                    roll_probs[r], roll_cf[r]);
    });
  } else {
    // Two levels: the 21 children first, then each internal child's own 21 rolls as separate
    // tasks (up to 441: the threads stay evenly loaded to the end). Every child is completed as
    // Search::eval_cubeful completes it, so the numbers are one thread's.
    const CubeInfo opp = with_on_roll(mover, 1 - mover.on_roll);
    std::vector<engine::Board> child(nr);
    parallel_for(nr, [&](int thread, int r) {
      child[r] =
          searches_[thread]->roll_board(board, mover, ec, ec.plies, rolls[r].d1, rolls[r].d2);
    });
    std::vector<CubePosition> aci2;
    child_cube_positions(aci, false, aci2);
    const size_t nc2 = aci2.size();
    std::vector<std::pair<int, int>> tasks;  // (child, its roll), or (child, -1): the child whole
    std::vector<char> internal(nr);
    for (int r = 0; r < nr; ++r) {
      internal[r] = primary().is_internal_node(child[r], opp, ec.plies - 1);
      if (internal[r])
        for (int s = 0; s < nr; ++s) tasks.emplace_back(r, s);
      else
        tasks.emplace_back(r, -1);
    }
    std::vector<Probabilities> grand_probs(nr * nr);
    std::vector<float> grand_cf(nr * nr * nc2);
    parallel_for(static_cast<int>(tasks.size()), [&](int thread, int k) {
      const auto [r, s] = tasks[k];
      if (s < 0) {
        searches_[thread]->evaluate_positions(child[r], aci, opp, ec, ec.plies - 1, roll_probs[r],
                                              roll_cf[r]);
        return;
      }
      const size_t g = static_cast<size_t>(r) * nr + s;
      searches_[thread]->roll_child(child[r], aci2, opp, ec, ec.plies - 1, rolls[s].d1, rolls[s].d2,
                                    grand_probs[g],
                                    std::span<float>(grand_cf.data() + g * nc2, nc2));
    });
    for (int r = 0; r < nr; ++r) {
      if (!internal[r]) continue;
      std::array<float, Probabilities::kCount> sum{};
      std::vector<float> cf(nc2, 0.0f);
      for (int s = 0; s < nr; ++s) {
        const size_t g = static_cast<size_t>(r) * nr + s;
        const float w = rolls[s].d1 == rolls[s].d2 ? 1.0f : 2.0f;
        for (int i = 0; i < Probabilities::kCount; ++i) sum[i] += w * grand_probs[g][i];
        for (size_t i = 0; i < nc2; ++i) cf[i] += w * grand_cf[g * nc2 + i];
      }
      std::vector<CubePosition> positions = aci2;
      finish_internal_node(opp, sum, cf, positions, roll_probs[r], roll_cf[r]);
    }
  }
  // Sum in gnubg's roll order (d1 = 1..6, d2 = 1..d1), which is all_rolls()'s order.
  std::array<float, Probabilities::kCount> sum{};
  std::vector<float> cf(aci.size(), 0.0f);
  for (size_t r = 0; r < rolls.size(); ++r) {
    const float w = rolls[r].d1 == rolls[r].d2 ? 1.0f : 2.0f;
    for (int i = 0; i < Probabilities::kCount; ++i) sum[i] += w * roll_probs[r][i];
    for (size_t i = 0; i < aci.size(); ++i) cf[i] += w * roll_cf[r][i];
  }
  finish_internal_node(mover, sum, cf, aci, probs, cubeful);
}

Evaluation ParallelSearch::evaluate(const engine::Board& board, const CubeInfo& ci,
                                    const EvalContext& ec) {
  if (!ec.cubeful || threads() == 1) return primary().evaluate(board, ci, ec);
  Evaluation e;
  const CubePosition one[1] = {ci};
  evaluate_node(board, one, ci, ec, false, e.probs, {&e.cubeful_equity, 1});
  e.cubeless_equity = cubeless_equity(e.probs, ci);
  return e;
}

std::array<Evaluation, 2> ParallelSearch::cube_evaluations(const engine::Board& board,
                                                           const CubeInfo& ci,
                                                           const EvalContext& ec) {
  if (threads() == 1 || !primary().is_internal_node(board, ci, ec.plies))
    return primary().cube_evaluations(board, ci, ec);
  const CubePosition positions[2] = {ci, after_double_take(ci)};
  Probabilities probs;
  float cf[2] = {0.0f, 0.0f};
  evaluate_node(board, positions, ci, ec, true, probs, cf);
  if (ci.is_money()) cf[1] *= 2.0f;  // per unit of the current cube, as Search does
  std::array<Evaluation, 2> out;
  for (int i = 0; i < 2; ++i) {
    out[i].probs = probs;
    out[i].cubeless_equity = cubeless_equity(probs, *positions[i]);
    out[i].cubeful_equity = cf[i];
  }
  return out;
}

std::vector<ScoredMove> ParallelSearch::rank_moves(const engine::Board& board, int d1, int d2,
                                                   const CubeInfo& ci, const EvalSetup& setup) {
  if (threads() == 1) return primary().rank_moves(board, d1, d2, ci, setup);
  // The moves of each ply above 0 are scored on all threads. 0-ply scoring stays on one thread:
  // it is one batch through the nets, and splitting the batch could change the last bits.
  return rank_with_filters(board, d1, d2, setup, [&](std::span<ScoredMove> moves, int plies) {
    if (plies == 0) {
      primary().score_moves(board, moves, ci, setup.context, 0);
      return;
    }
    if (!setup.context.cubeful || setup.context.noise != 0.0f) {
      parallel_for(static_cast<int>(moves.size()), [&](int thread, int i) {
        searches_[thread]->score_moves(board, moves.subspan(i, 1), ci, setup.context, plies);
      });
      return;
    }
    score_moves_by_roll(board, moves, ci, setup.context, plies);
  });
}

void ParallelSearch::score_moves_by_roll(const engine::Board& board, std::span<ScoredMove> moves,
                                         const CubeInfo& ci, const EvalContext& ec, int plies) {
  // Every (move, roll) pair is one task, so that a few expensive moves still keep all threads
  // busy. Each move's node is then completed exactly as Search::eval_cubeful completes it (the
  // rolls summed in gnubg's order), so the scores are the same as one thread's.
  const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
  const CubePosition one[1] = {opp};
  std::vector<CubePosition> aci;
  child_cube_positions(one, false, aci);
  std::vector<int> internal;
  std::vector<engine::Board> after(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    after[i] = moves[i].move.after.swapped();
    if (primary().is_internal_node(after[i], opp, plies))
      internal.push_back(static_cast<int>(i));
    else
      primary().score_moves(board, moves.subspan(i, 1), ci, ec, plies);
  }
  const auto& rolls = engine::all_rolls();
  const size_t nr = rolls.size(), nc = aci.size();
  std::vector<Probabilities> roll_probs(internal.size() * nr);
  std::vector<float> roll_cf(internal.size() * nr * nc);
  parallel_for(static_cast<int>(internal.size() * nr), [&](int thread, int k) {
    const int i = internal[k / nr];
    const auto& roll = rolls[k % nr];
    searches_[thread]->roll_child(after[i], aci, opp, ec, plies, roll.d1, roll.d2, roll_probs[k],
                                  std::span<float>(roll_cf.data() + k * nc, nc));
  });
  for (size_t j = 0; j < internal.size(); ++j) {
    std::array<float, Probabilities::kCount> sum{};
    std::vector<float> cf(nc, 0.0f);
    for (size_t r = 0; r < nr; ++r) {
      const size_t k = j * nr + r;
      const float w = rolls[r].d1 == rolls[r].d2 ? 1.0f : 2.0f;
      for (int i = 0; i < Probabilities::kCount; ++i) sum[i] += w * roll_probs[k][i];
      for (size_t i = 0; i < nc; ++i) cf[i] += w * roll_cf[k * nc + i];
    }
    std::vector<CubePosition> child = aci;
    Probabilities p;
    float cubeful = 0.0f;
    finish_internal_node(opp, sum, cf, child, p, {&cubeful, 1});
    set_move_scores(moves[internal[j]], p, cubeful, ci, ec, plies);
  }
}

}  // namespace tavla::eval
