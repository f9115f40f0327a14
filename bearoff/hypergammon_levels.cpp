// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's iteration scheme for the hypergammon solver (see hypergammon_solver.h): Gauss-Seidel
// by total pip count, the pairs of one total in parallel, the state kept as the file's codes.
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

#include "bearoff/bearoff_index.h"
#include "bearoff/hypergammon_engine.h"
#include "bearoff/parallel_levels.h"

namespace tavla::bearoff::detail {

namespace {

constexpr double kProbabilityScale = 1.0 / kHyperCodeMax;
constexpr double kEquityScale = kHyperEquityRange / kHyperCodeMax;
// gnubg writes an equity of 0 (its value for impossible pairs) as trunc(0.5 * 0xFFFFFF).
constexpr uint32_t kGnubgZeroEquityCode = kHyperCodeMax / 2;

// Plays whose cubeless equities differ by at most this many codes (1e-6 in equity) count as tied
// for the probabilities: equal values computed along different paths differ by a few codes.
constexpr int64_t kTieCodes = 16;

double probability(uint32_t q) {
  return q * kProbabilityScale;
}
double equity(uint32_t q) {
  return q * kEquityScale - kHyperEquityRange / 2;
}

// The cubeless equity in code units, 2w + wg + wbg - lg - lbg = (E + 1) * 0xFFFFFF.
int64_t cubeless_code(const uint8_t* e) {
  return 2 * int64_t{read_code(e)} + read_code(e + 3) + read_code(e + 6) - read_code(e + 9) -
         read_code(e + 12);
}

// The opponent's cube action with no double nd, double/take dt (per unit cube) and pass = 1.
// (Doubling pays when min(2 dt, 1) >= nd, so the result is the larger of the two.)
double cube_equity(double nd, double dt) {
  return std::max(nd, std::min(2 * dt, 1.0));
}

// The five probability codes for the sums `sum` (36 times the probabilities) such that the cubeless
// equity they give is exactly `cubeless_sum` / 36 rounded (in code units, 2w + wg + wbg - lg -
// lbg): each code is rounded to the nearest, then the few codes of difference are made up on the
// values whose rounding costs least. So the cubeless equity is the maximum over the plays however
// a tie between plays was broken, and a tie broken differently cannot move it, which would feed
// back into the choice of plays elsewhere and keep the probabilities from settling.
void round_probabilities(const double sum[5], int64_t cubeless_sum, HyperCodes& c) {
  constexpr int kSign[5] = {2, 1, 1, -1, -1};
  double exact[5];
  for (int k = 0; k < 5; ++k) {
    exact[k] = std::clamp(sum[k] / 36 * kHyperCodeMax, 0.0, double{kHyperCodeMax});
    c[k] = static_cast<uint32_t>(std::nearbyint(exact[k]));
  }
  const int64_t target = (2 * cubeless_sum + 36) / 72;  // cubeless_sum / 36, rounded
  int64_t missing = target;
  for (int k = 0; k < 5; ++k) missing -= kSign[k] * int64_t{c[k]};
  while (missing != 0) {
    int best = -1;
    double best_cost = 0;
    for (int k = 0; k < 5; ++k) {
      if (std::abs(kSign[k]) > std::abs(missing)) continue;
      const int step = (missing > 0) == (kSign[k] > 0) ? 1 : -1;
      const int64_t next = int64_t{c[k]} + step;
      if (next < 0 || next > kHyperCodeMax) continue;
      // A gammon chance includes the backgammon chance.
      if ((k == 1 && next < c[2]) || (k == 2 && next > c[1]) || (k == 3 && next < c[4]) ||
          (k == 4 && next > c[3]))
        continue;
      const double cost = std::abs(next - exact[k]) - std::abs(c[k] - exact[k]);
      if (best < 0 || cost < best_cost) best = k, best_cost = cost;
    }
    if (best < 0) break;
    const int step = (missing > 0) == (kSign[best] > 0) ? 1 : -1;
    c[best] = static_cast<uint32_t>(int64_t{c[best]} + step);
    missing -= kSign[best] * step;
  }
}

class LevelEngine final : public HyperEngine {
 public:
  LevelEngine(int chequers, int threads);

  HyperSweep sweep() override;
  HyperCodes codes(uint32_t on_roll, uint32_t opponent) const override {
    return read_codes(at(number_[on_roll], number_[opponent]));
  }
  void load(const HypergammonDatabase& db) override;
  size_t memory_bytes() const override;

 private:
  // Per-thread space for solve(): the successors of one pair's plays over all rolls.
  struct Scratch {
    std::vector<const uint8_t*> successors;
    std::vector<int64_t> cubeless;
    explicit Scratch(size_t size) : successors(size), cubeless(size) {}
  };

  uint8_t* at(uint32_t u, uint32_t t) {
    return table_.get() + (size_t{u} * n_ + t) * kHyperEntryBytes;
  }
  const uint8_t* at(uint32_t u, uint32_t t) const {
    return table_.get() + (size_t{u} * n_ + t) * kHyperEntryBytes;
  }
  bool fixed(uint32_t u, uint32_t t) const { return u == 0 || t == 0 || sides_.illegal(u, t); }
  HyperCodes fixed_codes(uint32_t u, uint32_t t) const;
  uint32_t class_begin(int p) const { return pip_.start[p]; }
  uint32_t class_end(int p) const { return pip_.start[p + 1]; }
  void solve(uint32_t u, uint32_t t, uint8_t* out, std::array<double, 10>& change,
             Scratch& scratch) const;

  int chequers_;
  int threads_;
  uint32_t n_;
  int max_pips_;
  PipOrder pip_;                  // pip_.order: our number -> bearoff index
  std::vector<uint32_t> number_;  // bearoff index -> our number (pip order)
  HyperSides sides_;              // by our number
  HyperMoveTable moves_;
  std::unique_ptr<uint8_t[]> table_;  // n * n entries of kHyperEntryBytes; pair (u, t) at u * n + t
  size_t largest_level_ = 0;          // pairs in the largest total-pips level
};

std::vector<uint32_t> inverse(const std::vector<uint32_t>& order) {
  std::vector<uint32_t> v(order.size());
  for (uint32_t k = 0; k < order.size(); ++k) v[order[k]] = k;
  return v;
}

LevelEngine::LevelEngine(int chequers, int threads)
    : chequers_(chequers),
      threads_(threads),
      n_(hyper_positions_per_side(chequers)),
      max_pips_(kHyperPoints * chequers),
      pip_(make_pip_order(kHyperPoints, chequers)),
      number_(inverse(pip_.order)),
      sides_(chequers, number_),
      moves_(chequers, number_) {
  for (int level = 0; level <= 2 * max_pips_; ++level) {
    size_t pairs = 0;
    for (int p = std::max(0, level - max_pips_); p <= std::min(level, max_pips_); ++p)
      pairs += size_t{pip_.count(p)} * pip_.count(level - p);
    largest_level_ = std::max(largest_level_, pairs);
  }
  // By default all cores, except that small problems (1 and 2 chequers) are not worth the
  // barriers between levels (two per level and sweep; a level of 2-chequer hypergammon is about
  // a millisecond of work).
  if (threads_ == 0)
    threads_ =
        static_cast<int>(std::min<uint64_t>(std::max(1u, std::thread::hardware_concurrency()),
                                            std::max<uint64_t>(1, uint64_t{n_} * n_ >> 20)));
  table_ = std::make_unique_for_overwrite<uint8_t[]>(size_t{n_} * n_ * kHyperEntryBytes);
  HyperCodes gammon_win{};  // gnubg's start guess for every undecided pair
  gammon_win[0] = gammon_win[1] = kHyperCodeMax;
  for (int k = 5; k < 9; ++k) gammon_win[k] = code_from_equity(0);
  for (uint32_t u = 0; u < n_; ++u)
    for (uint32_t t = 0; t < n_; ++t)
      write_codes(fixed(u, t) ? fixed_codes(u, t) : gammon_win, at(u, t));
}

HyperCodes LevelEngine::fixed_codes(uint32_t u, uint32_t t) const {
  HyperCodes c{};
  if (u != 0 && t != 0) {  // impossible pair: gnubg's zeros
    for (int k = 5; k < 9; ++k) c[k] = kGnubgZeroEquityCode;
    return c;
  }
  const auto v = finished_game_values(chequers_, pip_.order[u], pip_.order[t]);
  for (int k = 0; k < 5; ++k) c[k] = code_from_probability(v[k]);
  for (int k = 0; k < 4; ++k) c[5 + k] = code_from_equity(v[6 + k]);
  return c;
}

void LevelEngine::load(const HypergammonDatabase& db) {
  for (uint32_t a = 0; a < n_; ++a)
    for (uint32_t b = 0; b < n_; ++b) {
      const uint32_t u = number_[a], t = number_[b];
      write_codes(fixed(u, t) ? fixed_codes(u, t) : db.codes(a, b), at(u, t));
    }
}

size_t LevelEngine::memory_bytes() const {
  return size_t{n_} * n_ * kHyperEntryBytes + moves_.memory_bytes() +
         largest_level_ * kHyperEntryBytes + n_ * (sizeof(AsOpponent) + 16);
}

// The new values of pair (u, t) from the current table, written to `out`; changes against the
// table's values are folded into `change`.
void LevelEngine::solve(uint32_t u, uint32_t t, uint8_t* out, std::array<double, 10>& change,
                        Scratch& scratch) const {
  const uint8_t* old = at(u, t);
  if (fixed(u, t)) {
    std::memcpy(out, old, kHyperEntryBytes);
    return;
  }
  static const auto rolls = hyper_rolls();
  const AsOpponent& o = sides_.opponent[t];
  const uint8_t** successors = scratch.successors.data();
  int64_t* cubeless = scratch.cubeless.data();
  // Step 1: the successors of the plays of all rolls (the opponent on roll), prefetched, since
  // waiting for them is most of the time.
  std::array<uint32_t, kHyperRolls + 1> first;
  uint32_t m = 0;
  for (int r = 0; r < kHyperRolls; ++r) {
    first[r] = m;
    moves_.for_each_play(u, r, o.block, [&](const HyperPlay& p) {
      const uint8_t* e = at(o.after(p.landed), p.to);
      __builtin_prefetch(e);
      __builtin_prefetch(e + kHyperEntryBytes - 1);
      successors[m++] = e;
    });
  }
  first[kHyperRolls] = m;
  // Step 2: per roll the best value of each kind.
  double sum[kHyperValues] = {};
  int64_t cubeless_sum = 0;  // the mover's best cubeless per roll in code units, weighted
  for (int r = 0; r < kHyperRolls; ++r) {
    const uint32_t begin = first[r], end = first[r + 1];
    // The cubeless value is compared in code units (the opponent's, to be minimised).
    int64_t best_cubeless = std::numeric_limits<int64_t>::max();
    double owned = -1e9, centred = -1e9, jacoby = -1e9, opp_owns = -1e9;
    for (uint32_t i = begin; i < end; ++i) {
      const uint8_t* e = successors[i];
      const int64_t cl = cubeless_code(e);
      cubeless[i] = cl;
      best_cubeless = std::min(best_cubeless, cl);
      const double e_owned = equity(read_code(e + 15)), e_centred = equity(read_code(e + 18)),
                   e_jacoby = equity(read_code(e + 21)), e_opp = equity(read_code(e + 24));
      owned = std::max(owned, -e_opp);
      centred = std::max(centred, -cube_equity(e_centred, e_opp));
      jacoby = std::max(jacoby, -cube_equity(e_jacoby, e_opp));
      opp_owns = std::max(opp_owns, -cube_equity(e_owned, e_opp));
    }
    // The probabilities come from the best play by cubeless equity. Of plays tied with it
    // (kTieCodes), the one leaving the opponent the lowest P(win), then the first in the list.
    const uint8_t* best = nullptr;
    uint32_t best_win = kHyperCodeMax + 1;
    for (uint32_t i = begin; i < end; ++i) {
      if (cubeless[i] > best_cubeless + kTieCodes) continue;
      const uint32_t win = read_code(successors[i]);
      if (win < best_win) best_win = win, best = successors[i];
    }
    const double w = rolls[r].weight;
    if (begin == end) {  // no play: minus the values of the same pair with the other side on roll
      best = at(t, u);
      best_cubeless = cubeless_code(best);
      for (int k = 0; k < 4; ++k) sum[5 + k] -= w * equity(read_code(best + 15 + 3 * k));
    } else {
      sum[5 + kOwned] += w * owned;
      sum[5 + kCentred] += w * centred;
      sum[5 + kCentredJacoby] += w * jacoby;
      sum[5 + kOpponentOwns] += w * opp_owns;
    }
    cubeless_sum += rolls[r].weight * (2 * int64_t{kHyperCodeMax} - best_cubeless);
    // The probabilities of the best play, turned to the mover's side.
    sum[0] += w * (1.0 - probability(read_code(best)));
    sum[1] += w * probability(read_code(best + 9));
    sum[2] += w * probability(read_code(best + 12));
    sum[3] += w * probability(read_code(best + 3));
    sum[4] += w * probability(read_code(best + 6));
  }
  HyperCodes c;
  round_probabilities(sum, cubeless_sum, c);
  for (int k = 5; k < 9; ++k) c[k] = code_from_equity(sum[k] / 36);
  write_codes(c, out);
  const HyperCodes before = read_codes(old);
  for (int k = 0; k < 5; ++k)
    change[k] = std::max(change[k], std::abs(double(c[k]) - before[k]) * kProbabilityScale);
  const int64_t cl_new = 2 * int64_t{c[0]} + c[1] + c[2] - c[3] - c[4];
  const int64_t cl_old = 2 * int64_t{before[0]} + before[1] + before[2] - before[3] - before[4];
  change[5] = std::max(change[5], std::abs(double(cl_new - cl_old)) * kProbabilityScale);
  for (int k = 5; k < 9; ++k)
    change[k + 1] = std::max(change[k + 1], std::abs(double(c[k]) - before[k]) * kEquityScale);
}

HyperSweep LevelEngine::sweep() {
  const int levels = 2 * max_pips_ + 1;
  std::vector<std::atomic<uint32_t>> next(levels);
  std::vector<std::array<double, 10>> change(threads_, std::array<double, 10>{});
  auto buffer = std::make_unique_for_overwrite<uint8_t[]>(largest_level_ * kHyperEntryBytes);
  std::vector<uint32_t> offset(n_ + 1);  // per opponent of the level: first pair in the buffer
  uint32_t t_lo = 0, t_hi = 0;           // opponents of the level, our numbering
  auto plan_level = [&](int level) {
    t_lo = class_begin(std::max(0, level - max_pips_));
    t_hi = class_end(std::min(level, max_pips_));
    offset[0] = 0;
    for (uint32_t t = t_lo; t < t_hi; ++t)
      offset[t - t_lo + 1] = offset[t - t_lo] + pip_.count(level - pip_.pips[pip_.order[t]]);
  };
  int level = 0;
  plan_level(0);
  std::barrier computed(threads_);
  std::barrier stored(threads_, [&]() noexcept {
    if (++level < levels) plan_level(level);
  });
  auto worker = [&](int w) {
    Scratch scratch(moves_.max_plays_per_position());
    while (level < levels) {
      const int l = level;
      for (;;) {  // compute: one opponent (a column of pairs) at a time
        const uint32_t k = next[l].fetch_add(1, std::memory_order_relaxed);
        if (k >= t_hi - t_lo) break;
        const uint32_t t = t_lo + k;
        const int pu = l - pip_.pips[pip_.order[t]];
        uint8_t* out = buffer.get() + size_t{offset[k]} * kHyperEntryBytes;
        for (uint32_t u = class_begin(pu); u < class_end(pu); ++u, out += kHyperEntryBytes)
          solve(u, t, out, change[w], scratch);
      }
      computed.arrive_and_wait();
      // store: a fixed share of the columns per thread
      const uint32_t cols = t_hi - t_lo;
      for (uint32_t k = cols * w / threads_; k < cols * (w + 1) / threads_; ++k) {
        const uint32_t t = t_lo + k;
        const int pu = l - pip_.pips[pip_.order[t]];
        const uint8_t* in = buffer.get() + size_t{offset[k]} * kHyperEntryBytes;
        for (uint32_t u = class_begin(pu); u < class_end(pu); ++u, in += kHyperEntryBytes)
          std::memcpy(at(u, t), in, kHyperEntryBytes);
      }
      stored.arrive_and_wait();
    }
  };
  std::vector<std::thread> pool;
  for (int w = 1; w < threads_; ++w) pool.emplace_back(worker, w);
  worker(0);
  for (auto& th : pool) th.join();
  HyperSweep s;
  for (const auto& c : change)
    for (int k = 0; k < 10; ++k) s.change[k] = std::max(s.change[k], c[k]);
  return s;
}

}  // namespace

std::unique_ptr<HyperEngine> make_level_engine(int chequers, int threads) {
  return std::make_unique<LevelEngine>(chequers, threads);
}

}  // namespace tavla::bearoff::detail
