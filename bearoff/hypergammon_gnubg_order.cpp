// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's makehyper iteration, step for step (HyperMethod::kGnubg in hypergammon_solver.h): the
// same sweep order, the same float operations in the same order, the same tie rule, so the same
// numbers. The float operations are those of Debian's gnubg 1.07 binary, which is built with
// -ffast-math: divisions by constants are multiplications by the float reciprocal (x / 36 is
// x * (1 / 36.0f), also in reading and writing files), and Utility adds its gammon and
// backgammon terms before the win term. What differs is only how the plays are found (precomputed,
// HyperMoveTable::kGnubg) and where the values live: pair (u, t) is stored at t * n + u, so that
// the successors (t', u') of a row of pairs (fixed u, t = 0, 1, ...) are read along a few rows u'
// of the store.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "bearoff/hypergammon_engine.h"

namespace tavla::bearoff::detail {

namespace {

// gnubg's hyperequity: five outputs, then the cubeless, owned, centred, Jacoby and
// opponent-owns equities.
struct Values {
  float out[5];
  float eq[5];
};
static_assert(sizeof(Values) == 40);
enum : int { kCubeless = 0, kOwnedEq, kCentredEq, kJacobyEq, kOpponentEq };

// gnubg's CubeEquity with pass = +1.
float cube_equity(float nd, float dt) {
  if ((2.0f * dt) >= nd && 1.0f >= nd) return (2.0f * dt) >= 1.0f ? 1.0f : 2.0f * dt;
  return nd;
}

// The float reciprocals gnubg's code multiplies by.
constexpr float kOneOver36 = 1.0f / 36.0f;
constexpr float kOneOver6 = 1.0f / 6.0f;
constexpr float kOneOverCodeMax = 1.0f / 16777215.0f;

float money_utility(const float out[5]) {  // gnubg's Utility, money, gammon price 1
  const float win = out[0] + out[0] - 1.0f;
  return win + ((out[1] - out[3]) * 1.0f + (out[2] - out[4]) * 1.0f);
}

void invert(float out[5]) {  // gnubg's InvertEvaluation
  out[0] = 1.0f - out[0];
  std::swap(out[1], out[3]);
  std::swap(out[2], out[4]);
}

class GnubgOrderEngine final : public HyperEngine {
 public:
  explicit GnubgOrderEngine(int chequers);

  HyperSweep sweep() override;
  HyperCodes codes(uint32_t on_roll, uint32_t opponent) const override;
  void load(const HypergammonDatabase& db) override;
  size_t memory_bytes() const override {
    return size_t{n_} * n_ * sizeof(Values) + moves_.memory_bytes() + n_ * (sizeof(AsOpponent) + 8);
  }

 private:
  Values& at(uint32_t u, uint32_t t) { return values_[size_t{t} * n_ + u]; }
  const Values& at(uint32_t u, uint32_t t) const { return values_[size_t{t} * n_ + u]; }
  void set_finished(uint32_t u, uint32_t t);
  void solve(uint32_t u, uint32_t t, float norm[10]);

  int chequers_;
  uint32_t n_;
  HyperSides sides_;
  HyperMoveTable moves_;
  std::unique_ptr<Values[]> values_;
};

std::vector<uint32_t> identity(uint32_t n) {
  std::vector<uint32_t> v(n);
  for (uint32_t k = 0; k < n; ++k) v[k] = k;
  return v;
}

GnubgOrderEngine::GnubgOrderEngine(int chequers)
    : chequers_(chequers),
      n_(hyper_positions_per_side(chequers)),
      sides_(chequers, identity(n_)),
      moves_(chequers, identity(n_)),
      values_(std::make_unique<Values[]>(size_t{n_} * n_)) {  // zeros: impossible pairs
  for (uint32_t u = 0; u < n_; ++u)
    for (uint32_t t = 0; t < n_; ++t) {
      if (u == 0 || t == 0) {
        set_finished(u, t);
      } else if (!sides_.illegal(u, t)) {  // gnubg's start guess: a gammon win
        Values& v = at(u, t);
        v.out[0] = v.out[1] = 1.0f;
        v.eq[kCubeless] = money_utility(v.out);
      }
    }
}

void GnubgOrderEngine::set_finished(uint32_t u, uint32_t t) {
  const auto f = finished_game_values(chequers_, u, t);
  Values& v = at(u, t);
  for (int k = 0; k < 5; ++k) v.out[k] = f[k];
  for (int k = 0; k < 5; ++k) v.eq[k] = f[5 + k];
}

void GnubgOrderEngine::load(const HypergammonDatabase& db) {  // gnubg's StartFromDatabase
  for (uint32_t u = 0; u < n_; ++u)
    for (uint32_t t = 0; t < n_; ++t) {
      const HyperCodes c = db.codes(u, t);
      Values& v = at(u, t);
      for (int k = 0; k < 5; ++k) v.out[k] = static_cast<float>(c[k]) * kOneOverCodeMax;
      for (int k = 0; k < 4; ++k)
        v.eq[1 + k] = (static_cast<float>(c[5 + k]) * kOneOverCodeMax - 0.5f) * 6.0f;
      v.eq[kCubeless] = money_utility(v.out);
    }
}

HyperCodes GnubgOrderEngine::codes(uint32_t on_roll, uint32_t opponent) const {
  const Values& v = at(on_roll, opponent);  // gnubg's WriteProb and WriteEquity: truncation
  HyperCodes c;
  for (int k = 0; k < 5; ++k) c[k] = static_cast<uint32_t>(v.out[k] * 16777215.0f);
  for (int k = 0; k < 4; ++k)
    c[5 + k] = static_cast<uint32_t>((v.eq[1 + k] * kOneOver6 + 0.5f) * 16777215.0f);
  for (auto& x : c) x &= kHyperCodeMax;  // as gnubg's putc of the three low bytes
  return c;
}

// gnubg's HyperEquity for one pair, in place.
void GnubgOrderEngine::solve(uint32_t u, uint32_t t, float norm[10]) {
  if (u == 0 || t == 0) {
    set_finished(u, t);  // recomputed every sweep, no part of the norm
    return;
  }
  if (sides_.illegal(u, t)) return;
  static const auto rolls = hyper_rolls();
  const AsOpponent& o = sides_.opponent[t];
  Values& cur = at(u, t);
  const Values old = cur;
  Values sum{};
  for (int r = 0; r < kHyperRolls; ++r) {
    Values best;
    for (float& e : best.eq) e = -10000.0f;
    // The plays in gnubg's list order; a play that is the same board as an earlier one (same
    // position, same blots hit) is not in gnubg's list.
    const auto main = moves_.main(u, r);
    const int plays = moves_.for_each_play(u, r, o.block, [&](const HyperPlay& p) {
      const uint32_t t_after = o.after(p.landed);
      if (p.repeats_to) {
        const bool in_main = &p >= main.data() && &p < main.data() + main.size();
        for (const HyperPlay* q = in_main ? main.data() : moves_.fallback(u, r).data(); q != &p;
             ++q)
          if (q->to == p.to && q->category() == p.category() && !((q->landed >> o.block) & 1) &&
              o.after(q->landed) == t_after)
            return;
      }
      const Values& x = at(t_after, p.to);  // the opponent on roll
      float e = -x.eq[kCubeless];
      if (e >= best.eq[kCubeless]) {
        std::memcpy(best.out, x.out, sizeof best.out);
        invert(best.out);
        best.eq[kCubeless] = e;
      }
      e = -x.eq[kOpponentEq];
      if (e >= best.eq[kOwnedEq]) best.eq[kOwnedEq] = e;
      e = -cube_equity(x.eq[kCentredEq], x.eq[kOpponentEq]);
      if (e >= best.eq[kCentredEq]) best.eq[kCentredEq] = e;
      e = -cube_equity(x.eq[kJacobyEq], x.eq[kOpponentEq]);
      if (e >= best.eq[kJacobyEq]) best.eq[kJacobyEq] = e;
      e = -cube_equity(x.eq[kOwnedEq], x.eq[kOpponentEq]);
      if (e >= best.eq[kOpponentEq]) best.eq[kOpponentEq] = e;
    });
    if (plays == 0) {  // no play: minus the same pair with the other side on roll
      best = at(t, u);
      invert(best.out);
      for (float& e : best.eq) e = -e;
    }
    const bool doubles = rolls[r].d1 == rolls[r].d2;
    for (int k = 0; k < 5; ++k) sum.out[k] += doubles ? best.out[k] : 2.0f * best.out[k];
    for (int k = 0; k < 5; ++k) sum.eq[k] += doubles ? best.eq[k] : 2.0f * best.eq[k];
  }
  for (int k = 0; k < 5; ++k) cur.out[k] = sum.out[k] * kOneOver36;
  for (int k = 0; k < 5; ++k) cur.eq[k] = sum.eq[k] * kOneOver36;
  for (int k = 0; k < 5; ++k) norm[k] = std::max(norm[k], std::fabs(cur.out[k] - old.out[k]));
  for (int k = 0; k < 5; ++k) norm[5 + k] = std::max(norm[5 + k], std::fabs(cur.eq[k] - old.eq[k]));
}

HyperSweep GnubgOrderEngine::sweep() {
  // The successors of pair (u, t) are mostly (t, u') for the plays u -> u' (stored at u' * n + t),
  // so a row of pairs reads the rows u' of the store from left to right: too many streams for
  // the hardware prefetcher, hence a software prefetch a few pairs ahead in each of them.
  constexpr uint32_t kAhead = 12;
  float norm[10] = {};
  std::vector<uint32_t> rows;  // the positions u' reachable from u, each once
  for (uint32_t u = 0; u < n_; ++u) {
    rows.clear();
    for (int r = 0; r < kHyperRolls; ++r)
      for (const auto list : {moves_.main(u, r), moves_.fallback(u, r)})
        for (const HyperPlay& p : list)
          if (std::find(rows.begin(), rows.end(), p.to) == rows.end()) rows.push_back(p.to);
    for (uint32_t t = 0; t < n_; ++t) {
      if (t + kAhead < n_)
        for (uint32_t row : rows) __builtin_prefetch(&values_[size_t{row} * n_ + t + kAhead]);
      solve(u, t, norm);
    }
  }
  HyperSweep s;
  for (int k = 0; k < 10; ++k) s.change[k] = norm[k];
  return s;
}

}  // namespace

std::unique_ptr<HyperEngine> make_gnubg_order_engine(int chequers) {
  return std::make_unique<GnubgOrderEngine>(chequers);
}

}  // namespace tavla::bearoff::detail
