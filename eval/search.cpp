// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/search.h"

#include <algorithm>
#include <cassert>
#include <bit>
#include <functional>
#include <cmath>
#include <random>

#include "engine/movegen.h"
#include "engine/position_id.h"
#include "eval/cubeful.h"
#include "eval/md5.h"
#include "eval/output_rules.h"

namespace tavla::eval {

using engine::Board;
using engine::LegalMove;
using engine::MoveList;

namespace {

// gnubg's MIN_PRUNE_MOVES: inside the lookahead the pruning nets keep 5 + floor(log2(moves))
// candidates for the full 0-ply evaluation.
constexpr int kMinPruneMoves = 5;

// Doubles count once, other rolls twice: 36 in all.
constexpr float roll_weight(int d1, int d2) { return d1 == d2 ? 1.0f : 2.0f; }

// The cache key of an evaluation: everything the result depends on besides the board.
uint64_t context_key(const EvalContext& ec, int plies, const CubeInfo& ci, bool cubeful_equity) {
  uint64_t k = 1;  // never 0 (0 marks an empty cache slot)
  auto put = [&k](uint64_t v, int bits) { k = (k << bits) | (v & ((uint64_t{1} << bits) - 1)); };
  put(plies, 4);
  put(ec.cubeful, 1);
  put(ec.prune, 1);
  put(cubeful_equity, 1);
  put(ci.on_roll, 1);
  put(std::countr_zero(static_cast<unsigned>(ci.cube)), 4);
  put(ci.owner + 1, 2);
  put(ci.match_length, 7);
  put(ci.score[0], 7);
  put(ci.score[1], 7);
  put(ci.crawford, 1);
  put(ci.jacoby, 1);
  put(ci.beavers, 1);
  // Different tables give different match equities: tell them apart by address.
  k ^= reinterpret_cast<uintptr_t>(ci.met) * 0x9E3779B97F4A7C15ull;
  return k ? k : 1;
}

// gnubg's Noise: deterministic noise comes from the MD5 of the board, with the digest bytes summed
// as *signed* chars (gnubg declares them char, signed on x86): r is in [-13.8, 0), mean -6.9.
float noise(const EvalContext& ec, const Board& b, int output) {
  float r;
  if (ec.deterministic) {
    std::array<uint8_t, 50> bytes{};
    for (int i = 0; i < 25; ++i) {
      bytes[2 * i] = b.sides[0][i];
      bytes[2 * i + 1] = b.sides[1][i];
    }
    bytes[0] = static_cast<uint8_t>(bytes[0] + output);
    r = 0.0f;
    for (uint8_t byte : md5(bytes)) r += static_cast<float>(static_cast<int8_t>(byte));
    r = (r - 2040.0f) / 295.6f;
  } else {
    static thread_local std::mt19937 rng{std::random_device{}()};
    std::normal_distribution<float> normal;
    r = normal(rng);
  }
  r *= ec.noise;
  if (output == Probabilities::kWinGammon || output == Probabilities::kLoseGammon) r *= 0.25f;
  if (output == Probabilities::kWinBackgammon || output == Probabilities::kLoseBackgammon) r *= 0.01f;
  return r;
}

// The cube positions one level down (gnubg's MakeCubePos): for every tracked position, the
// position itself and, if the player on roll may double there, the position after double/take.
// `invert` hands the positions to the other player (the one on roll at the next level); `top`
// suppresses the doubles (the caller decides the top-level cube action itself).
void make_cube_positions(std::span<const CubePosition> in, bool top, bool invert,
                         std::span<CubePosition> out) {
  std::fill(out.begin(), out.end(), std::nullopt);
  for (size_t i = 0; i < in.size(); ++i) {
    if (!in[i]) continue;
    const CubeInfo& ci = *in[i];
    out[2 * i] = invert ? with_on_roll(ci, 1 - ci.on_roll) : ci;
    if (!top && may_double(ci)) {
      CubeInfo doubled = after_double_take(ci);
      out[2 * i + 1] = invert ? with_on_roll(doubled, 1 - doubled.on_roll) : doubled;
    }
  }
}

void make_cube_positions(std::span<const CubePosition> in, bool top, bool invert,
                         std::vector<CubePosition>& out) {
  out.resize(2 * in.size());
  make_cube_positions(in, top, invert, std::span<CubePosition>(out));
}

// For every tracked position the better of no double and double (then take or pass), for the
// player who may double (gnubg's GetECF3). cf holds pairs (no double, double/take) per position.
void best_of_double(std::span<float> out, std::span<const float> cf,
                    std::span<const CubePosition> aci) {
  for (size_t ici = 0; ici < out.size(); ++ici) {
    size_t i = 2 * ici;
    if (!aci[i + 1]) {
      out[ici] = cf[i];
      continue;
    }
    float nd = cf[i];
    float dt = aci[i]->is_money() ? 2.0f * cf[i + 1] : cf[i + 1];
    float dp = double_pass_value(*aci[i]);
    if (dt >= nd && dp >= nd)
      out[ici] = dt >= dp ? dp : dt;
    else
      out[ici] = nd;
  }
}

bool better(const ScoredMove& a, const ScoredMove& b) {  // gnubg's CompareMoves: a before b
  return a.score > b.score || (a.score == b.score && a.score2 > b.score2);
}

}  // namespace

Search::Search(std::shared_ptr<const NetSet> nets, const BearoffProvider* bearoff,
               size_t cache_entries)
    : Search(std::move(nets), bearoff, std::make_shared<EvalCache>(cache_entries)) {}

Search::Search(std::shared_ptr<const NetSet> nets, const BearoffProvider* bearoff,
               std::shared_ptr<EvalCache> cache)
    : evaluator_(std::move(nets), bearoff), bearoff_(bearoff), cache_(std::move(cache)) {}

Search::~Search() = default;

class Search::Call {
 public:
  explicit Call(Search& s) : s_(s) {
    if (s_.call_depth_++ == 0) s_.cancelled_ = false;
  }
  ~Call() { --s_.call_depth_; }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

 private:
  Search& s_;
};

MoveList& Search::list_at(int depth) {
  while (static_cast<int>(lists_.size()) <= depth) lists_.push_back(std::make_unique<MoveList>());
  return *lists_[depth];
}

Probabilities Search::static_eval(const Board& board, PositionClass pc, const EvalContext& ec) {
  Probabilities p = evaluator_.evaluate(board);
  if (ec.noise > 0.0f && pc != PositionClass::kOver) {
    for (int i = 0; i < Probabilities::kCount; ++i)
      p[i] = std::clamp(p[i] + noise(ec, board, i), 0.0f, 1.0f);
    sanity_check(board, p, bearoff_);
  }
  return p;
}

Probabilities Search::eval_cubeless(const Board& board, const CubeInfo& ci, const EvalContext& ec,
                                    int plies) {
  const bool cacheable = ec.noise == 0.0f;
  const BoardKey key = board_key(board);
  const uint64_t ctx = context_key(ec, plies, ci, false);
  Probabilities out;
  if (cacheable && (++cache_lookups_, cache_->lookup(key, ctx, out))) return out;

  const PositionClass pc = classify(board, bearoff_);
  if (pc > PositionClass::kBearoffTs && plies > 0) {
    std::array<float, Probabilities::kCount> sum{};
    const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= d1; ++d2) {
        if (poll_cancel()) return out;
        // One ply from the leaves the chosen play's 0-ply evaluation is the child's value.
        Probabilities r;
        bool have = false;
        const Board next =
            best_move_in_eval(board, d1, d2, ci, ec, plies, plies == 1 ? &r : nullptr, &have)
                .swapped();
        if (!have) r = eval_cubeless(next, opp, ec, plies - 1);
        for (int i = 0; i < Probabilities::kCount; ++i) sum[i] += roll_weight(d1, d2) * r[i];
      }
    for (int i = 0; i < Probabilities::kCount; ++i) out[i] = sum[i] / 36.0f;
    out = out.inverted();  // the sums are from the opponent's side
  } else {
    out = static_eval(board, pc, ec);
  }
  if (cacheable && !cancelled_) cache_->store(key, ctx, out);
  return out;
}

void Search::cubeful_leaf(const Board& board, PositionClass pc, const Probabilities& probs,
                          std::span<const CubePosition> positions, bool top,
                          std::span<float> cubeful) {
  const float x = cube_efficiency(board, pc, efficiency_);
  // Two-sided database positions have exact money equities (gnubg's CFMONEY), which also set
  // the effective cube efficiency in match play.
  std::optional<ExactMoneyEquities> exact;
  if (has_exact_money_equities(pc) && bearoff_)
    exact = bearoff_->exact_money_equities(board);
  // One tracked position (every move scored at 0 ply): the same as the general path below, without
  // its arrays of optional cube positions.
  if (positions.size() == 1 && positions[0]) {
    const CubeInfo& ci = *positions[0];
    const ExactMoneyEquities* ex = exact ? &*exact : nullptr;
    const float nd = cubeful_value(probs, ci, x, ex);
    if (top || !may_double(ci)) {
      cubeful[0] = nd;
      return;
    }
    const float raw = cubeful_value(probs, after_double_take(ci), x, ex);
    const float dt = ci.is_money() ? 2.0f * raw : raw;
    const float dp = double_pass_value(ci);
    cubeful[0] = (dt >= nd && dp >= nd) ? (dt >= dp ? dp : dt) : nd;  // as best_of_double
    return;
  }
  // Leaves track few cube positions: keep them on the stack.
  constexpr size_t kOnStack = 8;
  const size_t n = 2 * positions.size();
  std::array<CubePosition, kOnStack> aci_stack;
  std::array<float, kOnStack> cf_stack{};
  std::vector<CubePosition> aci_heap;
  std::vector<float> cf_heap;
  if (n > kOnStack) {
    aci_heap.resize(n);
    cf_heap.assign(n, 0.0f);
  }
  const std::span<CubePosition> aci = n > kOnStack ? std::span<CubePosition>(aci_heap)
                                                   : std::span<CubePosition>(aci_stack.data(), n);
  const std::span<float> cf =
      n > kOnStack ? std::span<float>(cf_heap) : std::span<float>(cf_stack.data(), n);
  make_cube_positions(positions, top, false, aci);
  for (size_t i = 0; i < n; ++i)
    if (aci[i]) cf[i] = cubeful_value(probs, *aci[i], x, exact ? &*exact : nullptr);
  best_of_double(cubeful, cf, aci);
}

void Search::eval_cubeful(const Board& board, std::span<const CubePosition> positions,
                          const CubeInfo& mover, const EvalContext& ec, int plies, bool top,
                          Probabilities& probs, std::span<float> cubeful) {
  // gnubg keeps one cache entry per tracked cube position; a top-level call (whose doubles are
  // suppressed) is never cached.
  if (ec.noise != 0.0f || top) {
    eval_cubeful_uncached(board, positions, mover, ec, plies, top, probs, cubeful);
    return;
  }
  const BoardKey key = board_key(board);
  bool all = true;
  for (size_t i = 0; i < positions.size() && all; ++i)
    if (positions[i])
      all = (++cache_lookups_,
             cache_->lookup(key, context_key(ec, plies, *positions[i], true), probs, &cubeful[i]));
  if (all) return;
  eval_cubeful_uncached(board, positions, mover, ec, plies, top, probs, cubeful);
  if (cancelled_) return;
  for (size_t i = 0; i < positions.size(); ++i)
    if (positions[i])
      cache_->store(key, context_key(ec, plies, *positions[i], true), probs, cubeful[i]);
}

bool Search::is_internal_node(const Board& board, const CubeInfo& mover, int plies) const {
  const PositionClass pc = classify(board, bearoff_);
  const bool exact = pc > PositionClass::kOver && pc <= PositionClass::kBearoffTs;
  return pc > PositionClass::kOver && plies > 0 && !(exact && mover.is_money());
}

void Search::roll_child(const Board& board, std::span<const CubePosition> aci,
                        const CubeInfo& mover, const EvalContext& ec, int plies, int d1, int d2,
                        Probabilities& probs, std::span<float> cubeful) {
  Call call(*this);
  // One ply from the leaves the chosen play's 0-ply evaluation is the child's static value: no
  // second evaluation, and no cache traffic for a result that costs less than a cache miss.
  Probabilities known;
  bool have = false;
  const Board next =
      best_move_in_eval(board, d1, d2, mover, ec, plies, plies == 1 ? &known : nullptr, &have)
          .swapped();
  if (have) {
    cubeful_static(next, aci, ec, false, &known, probs, cubeful);
    return;
  }
  eval_cubeful(next, aci, with_on_roll(mover, 1 - mover.on_roll), ec, plies - 1, false, probs,
               cubeful);
}

Board Search::roll_board(const Board& board, const CubeInfo& mover, const EvalContext& ec,
                         int plies, int d1, int d2) {
  Call call(*this);
  return best_move_in_eval(board, d1, d2, mover, ec, plies).swapped();
}

void Search::evaluate_positions(const Board& board, std::span<const CubePosition> positions,
                                const CubeInfo& mover, const EvalContext& ec, int plies,
                                Probabilities& probs, std::span<float> cubeful) {
  Call call(*this);
  eval_cubeful(board, positions, mover, ec, plies, false, probs, cubeful);
}

void child_cube_positions(std::span<const CubePosition> positions, bool top,
                          std::vector<CubePosition>& aci) {
  make_cube_positions(positions, top, true, aci);
}

void finish_internal_node(const CubeInfo& mover, std::span<const float> prob_sums,
                          std::span<const float> cf_sums, std::vector<CubePosition>& aci,
                          Probabilities& probs, std::span<float> cubeful) {
  for (int i = 0; i < Probabilities::kCount; ++i) probs[i] = prob_sums[i] / 36.0f;
  probs = probs.inverted();  // the sums are from the opponent's side
  // Back to the side on roll here: MWC -> 1 - MWC, money equity -> -equity.
  std::vector<float> cf(cf_sums.begin(), cf_sums.end());
  for (float& v : cf) v = mover.is_money() ? -v / 36.0f : 1.0f - v / 36.0f;
  for (CubePosition& p : aci)
    if (p) p = with_on_roll(*p, 1 - p->on_roll);
  best_of_double(cubeful, cf, aci);
}

void Search::eval_cubeful_uncached(const Board& board, std::span<const CubePosition> positions,
                                   const CubeInfo& mover, const EvalContext& ec, int plies,
                                   bool top, Probabilities& probs, std::span<float> cubeful) {
  if (is_internal_node(board, mover, plies)) {
    std::vector<CubePosition> aci;
    child_cube_positions(positions, top, aci);
    std::vector<float> cf(aci.size(), 0.0f), cf_roll(aci.size());
    std::array<float, Probabilities::kCount> sum{};
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= d1; ++d2) {
        if (poll_cancel()) return;
        Probabilities r;
        roll_child(board, aci, mover, ec, plies, d1, d2, r, cf_roll);
        const float w = roll_weight(d1, d2);
        for (int i = 0; i < Probabilities::kCount; ++i) sum[i] += w * r[i];
        for (size_t i = 0; i < aci.size(); ++i) cf[i] += w * cf_roll[i];
      }
    finish_internal_node(mover, sum, cf, aci, probs, cubeful);
    return;
  }
  cubeful_static(board, positions, ec, top, nullptr, probs, cubeful);
}

void Search::cubeful_static(const Board& board, std::span<const CubePosition> positions,
                            const EvalContext& ec, bool top, const Probabilities* known,
                            Probabilities& probs, std::span<float> cubeful) {
  // Database classes are exact (no noise, no sanity check); gnubg takes a two-sided position's
  // cubeless probabilities from its cubeful record: P(win) = (equity + 1) / 2.
  const PositionClass pc = classify(board, bearoff_);
  std::optional<ExactMoneyEquities> exact;
  if (has_exact_money_equities(pc) && bearoff_)
    exact = bearoff_->exact_money_equities(board);
  probs = exact ? exact->probabilities() : known ? *known : static_eval(board, pc, ec);
  cubeful_leaf(board, pc, probs, positions, top, cubeful);
}

Board Search::best_move_in_eval(const Board& board, int d1, int d2, const CubeInfo& ci,
                                const EvalContext& ec, int depth, Probabilities* leaf,
                                bool* have_leaf) {
  if (have_leaf) *have_leaf = false;
  MoveList& list = list_at(depth);
  const int n = engine::generate_moves(board, d1, d2, list);
  if (n == 0) return board;
  if (n == 1) return list[0].after;

  const int keep = kMinPruneMoves + std::bit_width(static_cast<unsigned>(n)) - 1;
  std::vector<ScoredMove>& candidates = candidates_;
  candidates.clear();
  PositionClass first = PositionClass::kOver;  // the class of all boards after the plays
  if (ec.prune && ec.noise == 0.0f && n > keep) {
    // Score every resulting position with the pruning net of its class (all must be of the same
    // race/crashed/contact class, else fall back to full 0-ply scoring), from the opponent's
    // side, and keep the `keep` lowest.
    prune_boards_.resize(n);
    for (int i = 0; i < n; ++i) list[i].after.swapped_into(prune_boards_[i]);
    bool same_class = true;
    for (int i = 0; i < n && same_class; ++i) {
      PositionClass c = classify(prune_boards_[i], bearoff_);
      if (i == 0) first = c;
      same_class = is_net_class(c) && c == first;
    }
    if (same_class) {
      prune_probs_.resize(n);
      evaluator_.evaluate_pruning(prune_boards_, prune_probs_, first);
      const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
      // The `keep` lowest opponent scores in increasing order; equal scores keep the earlier move
      // (gnubg's strict <): insertion after the equal ones, as a stable sort would place them.
      std::array<std::pair<float, int>, kMinPruneMoves + 12> lowest;
      int count = 0;
      for (int i = 0; i < n; ++i) {
        const float s = cubeless_equity(prune_probs_[i], opp);
        int pos = count;
        while (pos > 0 && s < lowest[pos - 1].first) --pos;
        if (pos >= keep) continue;
        for (int k = std::min(count, keep - 1); k > pos; --k) lowest[k] = lowest[k - 1];
        lowest[pos] = {s, i};
        count = std::min(count + 1, keep);
      }
      for (int k = 0; k < keep; ++k) candidates.push_back(unscored(list[lowest[k].second]));
    }
  }
  std::optional<PositionClass> known;  // the candidates' class, if the pruning found it
  if (candidates.empty())
    for (int i = 0; i < n; ++i) candidates.push_back(unscored(list[i]));
  else
    known = first;
  score_moves_known(candidates, ci, ec, 0, known, true);
  size_t best = 0;
  for (size_t i = 1; i < candidates.size(); ++i)
    if (better(candidates[i], candidates[best])) best = i;
  // score_moves evaluated the candidates in one batch (0 ply, no noise): batch_probs_ holds the
  // static evaluations of the boards after them, bit for bit what evaluate() gives.
  if (leaf && ec.noise == 0.0f && !cancelled_) {
    *leaf = batch_probs_[best];
    *have_leaf = true;
  }
  return candidates[best].move.after;
}

void Search::score_moves(const Board& board, std::span<ScoredMove> moves, const CubeInfo& ci,
                         const EvalContext& ec, int plies) {
  (void)board;
  score_moves_known(moves, ci, ec, plies, std::nullopt, false);
}

void Search::score_moves_known(std::span<ScoredMove> moves, const CubeInfo& ci,
                               const EvalContext& ec, int plies,
                               std::optional<PositionClass> known, bool cached) {
  Call call(*this);
  const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
  const bool batch = plies == 0 && ec.noise == 0.0f;
  std::vector<Probabilities>& batch_probs = batch_probs_;
  if (batch) {
    // 0 ply: all positions through the nets in one batch, then the cube conversion per move.
    // Not through the shared EvalCache (gnubg caches them there, and the pruning nets' too): it
    // saves evaluations (3-ply eval of yLPwACPQ28gBIQ: 59 k instead of 73 k full ones, gnubg's
    // count) but cost more time than it saved, a random access to a large shared table per
    // candidate (4-ply: 2.3-2.8 s without, 3.2 s with it for the full nets, 3.5-4.1 s with
    // both). Inside a lookahead the search's own small LeafCache serves them instead (a match
    // analysis at 2 ply: 8% less time); the pruning nets' evaluations are not cached: a second
    // LeafCache for them answered 2.16 M of engine7.sgf's 9.63 M (2^16 entries; 2^12: fewer)
    // but made the analysis slower, by 1-10% in paired runs on a loaded 2-core Xeon (a pruning
    // evaluation costs little more than the key, the probe and the store).
    batch_boards_.resize(moves.size());
    batch_probs.resize(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) batch_boards_[i] = moves[i].move.after.swapped();
    evaluate_batch(batch_boards_, batch_probs, known, cached);
  }
  const CubePosition one[1] = {opp};
  for (size_t i = 0; i < moves.size(); ++i) {
    if (poll_cancel()) return;
    ScoredMove& m = moves[i];
    Probabilities p;
    float cf = 0.0f;
    if (batch) {
      p = batch_probs[i];
      if (ec.cubeful) {
        const Board& after = batch_boards_[i];
        cubeful_leaf(after, known ? *known : classify(after, bearoff_), p, one, false, {&cf, 1});
      }
    } else if (ec.cubeful) {
      eval_cubeful(m.move.after.swapped(), one, opp, ec, plies, false, p, {&cf, 1});
    } else {
      p = eval_cubeless(m.move.after.swapped(), opp, ec, plies);
    }
    set_move_scores(m, p, cf, ci, ec, plies);
  }
}

void Search::evaluate_batch(std::span<const Board> boards, std::span<Probabilities> out,
                            std::optional<PositionClass> known, bool cached) {
  if (!cached) {
    if (known)
      evaluator_.evaluate(boards, out, *known);
    else
      evaluator_.evaluate(boards, out);
    return;
  }
  const size_t n = boards.size();
  batch_keys_.resize(n);
  batch_slots_.resize(n);
  // Keys and prefetches first, so that the probes' memory accesses overlap.
  for (size_t i = 0; i < n; ++i) {
    batch_keys_[i] = board_key(boards[i]);
    batch_slots_[i] = leaf_cache_.slot(batch_keys_[i]);
    leaf_cache_.prefetch(batch_slots_[i]);
  }
  batch_misses_.clear();
  miss_boards_.clear();
  for (size_t i = 0; i < n; ++i)
    if (!leaf_cache_.lookup(batch_slots_[i], batch_keys_[i], out[i])) {
      batch_misses_.push_back(static_cast<uint32_t>(i));
      miss_boards_.push_back(boards[i]);
    }
  leaf_cache_hits_ += n - batch_misses_.size();
  if (batch_misses_.empty()) return;
  miss_probs_.resize(batch_misses_.size());
  if (known)
    evaluator_.evaluate(miss_boards_, miss_probs_, *known);
  else
    evaluator_.evaluate(miss_boards_, miss_probs_);
  for (size_t k = 0; k < batch_misses_.size(); ++k) {
    const uint32_t i = batch_misses_[k];
    out[i] = miss_probs_[k];
    leaf_cache_.store(batch_slots_[i], batch_keys_[i], out[i]);
  }
}

void set_move_scores(ScoredMove& m, const Probabilities& p, float cf, const CubeInfo& ci,
                     const EvalContext& ec, int plies) {
  const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
  // Back to the mover's side.
  m.probs = p.inverted();
  m.cubeless_equity = -cubeless_equity(p, opp);
  if (ec.cubeful) cf = ci.is_money() ? -cf : mwc_to_equity(1.0f - cf, ci);
  m.cubeful_equity = cf;
  m.plies = plies;
  m.score = ec.cubeful ? m.cubeful_equity : m.cubeless_equity;
  m.score2 = m.cubeless_equity;
}

Board Search::best_play(const Board& board, int d1, int d2, const CubeInfo& ci,
                        const EvalContext& ec, Evaluation* reply) {
  assert(ec.plies == 0 && ec.noise == 0.0f);
  Call call(*this);
  const CubeInfo opp = with_on_roll(ci, 1 - ci.on_roll);
  MoveList& list = list_at(0);
  const int n = engine::generate_moves(board, d1, d2, list);
  if (n == 0) {
    if (reply) *reply = evaluate(board.swapped(), opp, ec, 0);
    return board;
  }
  std::vector<ScoredMove>& candidates = candidates_;
  candidates.clear();
  for (int i = 0; i < n; ++i) candidates.push_back(unscored(list[i]));
  score_moves(board, candidates, ci, ec, 0);  // one batch: batch_probs_[i] is move i's
  size_t best = 0;
  for (size_t i = 1; i < candidates.size(); ++i)
    if (better(candidates[i], candidates[best])) best = i;
  const Board after = candidates[best].move.after;
  if (reply && !cancelled_) {
    // What evaluate() would compute: the static evaluation (the batch's, bit for bit) and, if
    // cubeful, the leaf conversion for the one cube position. Two-sided database positions take
    // their probabilities from the database's cubeful record there: evaluate them afresh.
    const Board next = after.swapped();
    const PositionClass pc = classify(next, bearoff_);
    if (has_exact_money_equities(pc) && bearoff_) {
      *reply = evaluate(next, opp, ec, 0);
    } else {
      Evaluation& e = *reply;
      e.probs = batch_probs_[best];
      e.cubeful_equity = 0.0f;
      if (ec.cubeful) {
        const CubePosition one[1] = {opp};
        cubeful_leaf(next, pc, e.probs, one, false, {&e.cubeful_equity, 1});
      }
      e.cubeless_equity = cubeless_equity(e.probs, opp);
    }
  }
  return after;
}

std::vector<ScoredMove> rank_with_filters(
    const Board& board, int d1, int d2, const EvalSetup& setup,
    const std::function<void(std::span<ScoredMove>, int)>& score) {
  static thread_local MoveList list;
  const int n = engine::generate_moves(board, d1, d2, list);
  std::vector<ScoredMove> moves;
  moves.reserve(n);
  for (int i = 0; i < n; ++i) moves.push_back(unscored(list[i]));
  if (n == 0) return moves;

  const int plies = setup.context.plies;
  const auto& filters = setup.filters[std::clamp(plies, 1, kMaxFilterPlies) - 1];
  size_t alive = moves.size();
  for (int level = 0; level < plies; ++level) {
    const MoveFilter f = level < kMaxFilterPlies ? filters[level] : MoveFilter{};
    if (f.accept < 0) continue;
    score(std::span(moves.data(), alive), level);
    std::stable_sort(moves.begin(), moves.begin() + alive, better);
    size_t keep = std::min<size_t>(f.accept, alive);
    const size_t limit = std::min<size_t>(alive, keep + f.extra);
    while (keep < limit && moves[keep].score >= moves[0].score - f.threshold) ++keep;
    alive = keep;
    if (alive == 1 && f.accept != 1) return moves;  // nothing left to compare
  }
  score(std::span(moves.data(), alive), plies);
  std::stable_sort(moves.begin(), moves.begin() + alive, better);
  return moves;
}

std::vector<ScoredMove> Search::rank_moves(const Board& board, int d1, int d2, const CubeInfo& ci,
                                           const EvalSetup& setup) {
  Call call(*this);
  return rank_with_filters(board, d1, d2, setup, [&](std::span<ScoredMove> moves, int plies) {
    score_moves(board, moves, ci, setup.context, plies);
  });
}

Evaluation Search::evaluate(const Board& board, const CubeInfo& ci, const EvalContext& ec) {
  return evaluate(board, ci, ec, ec.plies);
}

Evaluation Search::evaluate(const Board& board, const CubeInfo& ci, const EvalContext& ec,
                            int plies) {
  Call call(*this);
  Evaluation e;
  if (ec.cubeful) {
    const CubePosition one[1] = {ci};
    eval_cubeful(board, one, ci, ec, plies, false, e.probs, {&e.cubeful_equity, 1});
  } else {
    e.probs = eval_cubeless(board, ci, ec, plies);
  }
  e.cubeless_equity = cubeless_equity(e.probs, ci);
  return e;
}

std::array<Evaluation, 2> Search::cube_evaluations(const Board& board, const CubeInfo& ci,
                                                   const EvalContext& ec) {
  Call call(*this);
  const CubePosition positions[2] = {ci, after_double_take(ci)};
  Probabilities probs;
  float cf[2] = {0.0f, 0.0f};
  eval_cubeful(board, positions, ci, ec, ec.plies, true, probs, cf);
  if (ci.is_money()) cf[1] *= 2.0f;  // per unit of the current cube
  std::array<Evaluation, 2> out;
  for (int i = 0; i < 2; ++i) {
    out[i].probs = probs;
    out[i].cubeless_equity = cubeless_equity(probs, *positions[i]);
    out[i].cubeful_equity = cf[i];
  }
  return out;
}

}  // namespace tavla::eval
