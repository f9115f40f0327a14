// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/two_sided_generator.h"

#include <algorithm>
#include <bit>
#include <climits>

#include "bearoff/bearoff_index.h"
#include "bearoff/bearoff_moves.h"
#include "bearoff/database_file.h"
#include "bearoff/parallel_levels.h"

namespace tavla::bearoff {

namespace {

constexpr int kEquityWin = 0x7FFF;       // +1: the side on roll has borne off
constexpr int kEquityLoss = -0x8000;     // -1: the opponent has borne off
constexpr int kDoublePass = kEquityWin;  // value of a dropped double

// gnubg's CubeEquity for the opponent's cube action: it doubles when the doubled-and-taken
// value (2 x dt) and the pass value both reach its no-double value nd (with C's truncating
// division); we then take (2 x dt) or pass, whichever is cheaper for us.
inline int cube_equity(int nd, int dt) {
  if (dt >= nd / 2 && kDoublePass >= nd) return dt >= kDoublePass / 2 ? kDoublePass : 2 * dt;
  return nd;
}

}  // namespace

class TwoSidedBuilder {
 public:
  explicit TwoSidedBuilder(const TwoSidedSettings& s) : s_(s) {
    n_ = static_cast<uint32_t>(position_count(s.points, s.chequers));
    k_ = s.cubeful ? 4 : 1;
    t_.n_ = n_;
    t_.k_ = k_;
  }

  TwoSidedTable run(const ProgressFn& progress) {
    t_.values_.assign(static_cast<uint64_t>(n_) * n_ * k_, 0);
    values_ = t_.values_.data();
    build_successors();
    pips_ = make_pip_order(s_.points, s_.chequers);
    prepare_old();

    // Someone has borne off: the side on roll won (us = 0; also for 0 vs 0) or lost.
    for (uint32_t b = 0; b < n_; ++b) std::fill_n(at(0, b), k_, static_cast<int16_t>(kEquityWin));
    for (uint32_t a = 1; a < n_; ++a) std::fill_n(at(a, 0), k_, static_cast<int16_t>(kEquityLoss));

    const uint64_t total = static_cast<uint64_t>(n_) * n_;
    uint64_t done = 2 * uint64_t{n_} - 1;
    // Level L: the pairs whose pip counts add up to L (both sides have at least one pip). An
    // item is one opponent position b; it computes (a, b) for every a with L - pips(b) pips.
    LevelWork work;
    work.first_level = 2;
    work.last_level = 2 * pips_.max_pips;
    work.items = [&](int level) -> std::pair<uint64_t, uint64_t> {
      const int lo = std::max(1, level - pips_.max_pips), hi = std::min(level - 1, pips_.max_pips);
      if (lo > hi) return {0, 0};
      return {pips_.start[lo], pips_.start[hi + 1]};
    };
    work.process = [&](int level, uint64_t item, int) {
      const uint32_t b = pips_.order[item];
      const int p = level - pips_.pips[b];
      for (uint32_t u = pips_.start[p]; u < pips_.start[p + 1]; ++u) compute(pips_.order[u], b);
    };
    work.after_level = [&](int level) {
      for (int q = std::max(1, level - pips_.max_pips); q <= std::min(level - 1, pips_.max_pips);
           ++q)
        done += uint64_t{pips_.count(q)} * pips_.count(level - q);
      if (progress) progress(done, total);
    };
    run_levels(work, s_.threads);
    return std::move(t_);
  }

 private:
  int16_t* at(uint32_t on_roll, uint32_t opponent) {
    return values_ + (static_cast<uint64_t>(on_roll) * n_ + opponent) * k_;
  }

  // For each position and roll, the distinct positions the mover can reach (order irrelevant:
  // each value is a maximum).
  void build_successors() {
    succ_start_.resize(static_cast<size_t>(n_) * kRolls.size() + 1);
    SuccessorList list;
    for (uint32_t a = 0; a < n_; ++a) {
      const Chequers board = chequers_from_index(a, s_.points, s_.chequers);
      for (size_t r = 0; r < kRolls.size(); ++r) {
        succ_start_[a * kRolls.size() + r] = static_cast<uint32_t>(succ_.size());
        if (a > 0) {
          successors(board, s_.points, kRolls[r], list);
          succ_.insert(succ_.end(), list.index.begin(), list.index.begin() + list.size);
        }
      }
    }
    succ_start_.back() = static_cast<uint32_t>(succ_.size());
  }

  void prepare_old() {
    if (!s_.old) return;
    old_index_.assign(n_, UINT32_MAX);
    for (uint32_t a = 1; a < n_; ++a) {
      const Chequers c = chequers_from_index(a, s_.points, s_.chequers);
      int back = -1, count = 0;
      for (int p = 0; p < s_.points; ++p) {
        if (c[p]) back = p;
        count += c[p];
      }
      if (back < s_.old->points() && count <= s_.old->chequers())
        old_index_[a] = bearoff_index(c.data(), s_.old->points());
    }
  }

  // (a on roll, b to move next); a, b >= 1.
  void compute(uint32_t a, uint32_t b) {
    int16_t* out = at(a, b);
    if (s_.old && old_index_[a] != UINT32_MAX && old_index_[b] != UINT32_MAX) {
      const auto v = s_.old->raw(old_index_[a], old_index_[b]);
      for (int k = 0; k < k_; ++k) out[k] = static_cast<int16_t>(v[k] ^ 0x8000);
      return;
    }
    const int16_t* row = at(b, 0);  // the opponent on roll after our move: (b, j)
    const uint32_t* bounds = succ_start_.data() + a * kRolls.size();
    int total[4] = {0, 0, 0, 0};
    for (size_t r = 0; r < kRolls.size(); ++r) {
      const uint32_t* j = succ_.data() + bounds[r];
      const uint32_t* end = succ_.data() + bounds[r + 1];
      const int w = kRolls[r].weight;
      if (k_ == 1) {
        int best = INT_MIN;
        for (; j != end; ++j) best = std::max(best, ~static_cast<int>(row[*j]));
        total[0] += w * best;
        continue;
      }
      int b0 = INT_MIN, b1 = INT_MIN, b2 = INT_MIN, b3 = INT_MIN;
      for (; j != end; ++j) {
        const int16_t* e = row + static_cast<size_t>(*j) * 4;
        b0 = std::max(b0, ~static_cast<int>(e[0]));   // cubeless
        b1 = std::max(b1, ~static_cast<int>(e[3]));   // we own: they don't
        b2 = std::max(b2, ~cube_equity(e[2], e[3]));  // centred: they may double
        b3 = std::max(b3, ~cube_equity(e[1], e[3]));  // they own and may double
      }
      total[0] += w * b0;
      total[1] += w * b1;
      total[2] += w * b2;
      total[3] += w * b3;
    }
    for (int k = 0; k < k_; ++k) out[k] = static_cast<int16_t>(total[k] / 36);
  }

  const TwoSidedSettings& s_;
  TwoSidedTable t_;
  int16_t* values_ = nullptr;
  uint32_t n_ = 0;
  int k_ = 4;
  std::vector<uint32_t> succ_, succ_start_;
  PipOrder pips_;
  std::vector<uint32_t> old_index_;
};

DatabaseFormat two_sided_format(const TwoSidedSettings& s) {
  DatabaseFormat f;
  f.kind = DatabaseKind::kTwoSided;
  f.points = s.points;
  f.chequers = s.chequers;
  f.cubeful = s.cubeful;
  f.gammon = f.compressed = f.normal = false;
  return f;
}

MaybeError check_two_sided_settings(const TwoSidedSettings& s) {
  if (s.points < 1 || s.points > kMaxTwoSidedPoints)
    return Error{"two-sided databases have 1 to " + std::to_string(kMaxTwoSidedPoints) +
                 " points, not " + std::to_string(s.points)};
  if (s.chequers < 1 || s.chequers > kMaxTwoSidedChequers)
    return Error{"two-sided databases have 1 to " + std::to_string(kMaxTwoSidedChequers) +
                 " chequers, not " + std::to_string(s.chequers)};
  const uint64_t n = position_count(s.points, s.chequers);
  const uint64_t bytes = n * n * (s.cubeful ? 8 : 2);
  constexpr uint64_t kMaxBytes = uint64_t{1} << 32;
  if (bytes > kMaxBytes)
    return Error{"a " + std::to_string(s.points) + "x" + std::to_string(s.chequers) +
                 " two-sided database would need " + std::to_string(bytes) +
                 " bytes (more than 4 GiB)"};
  if (s.old && s.old->cubeful() != s.cubeful)
    return Error{s.old->name() +
                 ": the old database is not of the same kind as the requested "
                 "database"};
  return std::nullopt;
}

Result<TwoSidedTable> generate_two_sided(const TwoSidedSettings& settings,
                                         const ProgressFn& progress) {
  if (auto e = check_two_sided_settings(settings)) return *e;
  TwoSidedBuilder builder(settings);
  return builder.run(progress);
}

MaybeError write_two_sided_database(const TwoSidedTable& t, const TwoSidedSettings& s,
                                    const std::filesystem::path& path) {
  static_assert(std::endian::native == std::endian::little, "files are written in place");
  auto created = AtomicFile::create(path);
  if (!created) return Error{created.error()};
  AtomicFile& file = created.value();
  if (s.header) {
    const std::string h = format_header(two_sided_format(s));
    if (auto e = file.write(h.data(), h.size())) return e;
  }
  // Stored as v + 0x8000 (0 = -1, 65535 = +1).
  std::vector<uint16_t> chunk;
  constexpr size_t kChunkValues = size_t{1} << 19;
  for (size_t i = 0; i < t.values_.size(); i += kChunkValues) {
    const size_t m = std::min(kChunkValues, t.values_.size() - i);
    chunk.resize(m);
    for (size_t k = 0; k < m; ++k)
      chunk[k] = static_cast<uint16_t>(static_cast<uint16_t>(t.values_[i + k]) ^ 0x8000);
    if (auto e = file.write(chunk.data(), m * 2)) return e;
  }
  return file.commit();
}

}  // namespace tavla::bearoff
