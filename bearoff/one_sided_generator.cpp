// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/one_sided_generator.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <thread>

#include "bearoff/bearoff_index.h"
#include "bearoff/bearoff_moves.h"
#include "bearoff/database_file.h"
#include "bearoff/one_sided_rules.h"
#include "bearoff/parallel_levels.h"

namespace tavla::bearoff {

namespace {

constexpr int kChequers = 15;  // one-sided databases always hold a full side
constexpr uint16_t kCertain = kCertainRolls;

// gnubg's CalcIndex: first non-zero entry and the length up to the last non-zero one. (An
// all-zero distribution cannot occur: every distribution sums to 65535, and old databases are
// verified before they are reused.)
void stored_range(const uint16_t* dist, uint8_t& first, uint8_t& count) {
  int last = 0;
  for (int i = kMaxRolls - 1; i >= 0; --i)
    if (dist[i]) {
      last = i;
      break;
    }
  int lo = 0;
  while (lo < last && !dist[lo]) ++lo;
  first = static_cast<uint8_t>(lo);
  count = static_cast<uint8_t>(last - lo + 1);
}

// Chooses, in one enumeration of the moves, the first move with the lowest expected rolls to
// bear off and the first one with the lowest expected rolls to save the gammon (gnubg's integer
// RollsOS keys for exact databases).
struct BestExactMoves {
  const uint32_t* off;
  const uint32_t* gammon;  // null when not needed
  uint32_t off_value = UINT32_MAX, gammon_value = UINT32_MAX;
  uint32_t off_index = 0, gammon_index = 0;

  void reset() { off_value = gammon_value = UINT32_MAX; }
  void add(uint32_t j) {
    if (off[j] < off_value) {
      off_value = off[j];
      off_index = j;
    }
    if (gammon && gammon[j] < gammon_value) {
      gammon_value = gammon[j];
      gammon_index = j;
    }
  }
};

// The same for normal-distribution databases: the keys are the float means.
struct BestNormalMoves {
  const std::array<float, 4>* entries;
  float off_value = 1e10f, gammon_value = 1e10f;
  uint32_t off_index = 0, gammon_index = 0;

  void reset() { off_value = gammon_value = 1e10f; }
  void add(uint32_t j) {
    if (entries[j][0] < off_value) {
      off_value = entries[j][0];
      off_index = j;
    }
    if (entries[j][2] < gammon_value) {
      gammon_value = entries[j][2];
      gammon_index = j;
    }
  }
};

}  // namespace

class OneSidedBuilder {
 public:
  explicit OneSidedBuilder(const OneSidedSettings& s) : s_(s) {
    t_.points_ = s.points;
    t_.normal_ = s.normal;
    t_.gammon_ = s.normal || s.gammon;
    t_.size_ = static_cast<uint32_t>(position_count(s.points, kChequers));
  }

  // Positions are computed in levels of equal pip count (a move lowers the pips, so a level
  // only reads earlier ones), each level split among the threads. Exact results are first
  // collected per thread and appended to the table between levels.
  MaybeError run(const ProgressFn& progress) {
    const uint32_t n = t_.size_;
    const PipOrder pips = make_pip_order(s_.points, kChequers);
    int threads =
        s_.threads > 0 ? s_.threads : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, 256);
    std::vector<Pending> pending(threads);
    if (s_.normal) {
      t_.normal_entries_.assign(n, {0.0f, 0.0f, 0.0f, 0.0f});
    } else {
      t_.index_.resize(n);
      t_.words_.reserve(static_cast<size_t>(n) * (t_.gammon_ ? 16 : 8));
      cost_off_.assign(n, 0);
      if (t_.gammon_) cost_gammon_.assign(n, 0);
      const uint16_t off[kMaxRolls] = {kCertain}, gammon[kMaxRolls] = {kCertain};
      pending[0].add(0, off, t_.gammon_ ? gammon : nullptr);  // position 0: everything is off
      merge(pending);
    }
    uint64_t done = 1;
    bool overflow = false;
    LevelWork work;
    work.first_level = 1;
    work.last_level = pips.max_pips;
    work.items = [&](int level) -> std::pair<uint64_t, uint64_t> {
      return {pips.start[level], pips.start[level + 1]};
    };
    work.process = [&](int, uint64_t item, int worker) {
      const uint32_t i = pips.order[item];
      if (s_.normal) {
        normal_position(i);
        return;
      }
      uint16_t off[kMaxRolls], gammon[kMaxRolls];
      exact_position(i, off, gammon);
      cost_off_[i] = expected_rolls(off);
      if (t_.gammon_) cost_gammon_[i] = expected_rolls(gammon);
      pending[worker].add(i, off, t_.gammon_ ? gammon : nullptr);
    };
    work.after_level = [&](int level) {
      if (!s_.normal) overflow = overflow || !merge(pending);
      done += pips.count(level);
      if (progress) progress(done, n);
    };
    run_levels(work, threads);
    if (overflow) return Error{"the database is too large for gnubg's 32-bit offsets"};
    return std::nullopt;
  }

  OneSidedTable take() { return std::move(t_); }

 private:
  // Results of one thread during a level, in its own buffers.
  struct Pending {
    std::vector<uint16_t> words;
    std::vector<std::pair<uint32_t, OneSidedTable::IndexEntry>> entries;

    void add(uint32_t i, const uint16_t* off, const uint16_t* gammon) {
      OneSidedTable::IndexEntry e{};
      e.offset = static_cast<uint32_t>(words.size());
      stored_range(off, e.first, e.nz);
      words.insert(words.end(), off + e.first, off + e.first + e.nz);
      if (gammon) {
        stored_range(gammon, e.first_gammon, e.nz_gammon);
        words.insert(words.end(), gammon + e.first_gammon, gammon + e.first_gammon + e.nz_gammon);
      }
      entries.emplace_back(i, e);
    }
  };

  // Moves the pending results into the table; false if the words exceed 32-bit offsets.
  bool merge(std::vector<Pending>& pending) {
    bool fits = true;
    for (Pending& p : pending) {
      const uint64_t base = t_.words_.size();
      if (base + p.words.size() > UINT32_MAX) fits = false;
      t_.words_.insert(t_.words_.end(), p.words.begin(), p.words.end());
      for (auto& [i, e] : p.entries) {
        e.offset += static_cast<uint32_t>(base);
        t_.index_[i] = e;
      }
      p.words.clear();
      p.entries.clear();
    }
    return fits;
  }

  // Adds weight x (distribution of position j, one roll later) to sum36[].
  void accumulate(uint32_t j, bool gammon_part, int weight, int* sum36) const {
    const auto& e = t_.index_[j];
    const uint16_t* w = t_.words_.data() + e.offset;
    int first = e.first, count = e.nz;
    if (gammon_part) {
      w += e.nz;
      first = e.first_gammon;
      count = e.nz_gammon;
    }
    for (int k = 0; k < count && first + k < kMaxRolls - 1; ++k)
      sum36[first + k + 1] += weight * w[k];
  }

  void exact_position(uint32_t i, uint16_t* off, uint16_t* gammon) {
    const Chequers board = chequers_from_index(i, s_.points, kChequers);
    if (s_.old && covered_by_old(board)) {
      const OneSidedRaw r = s_.old->raw(bearoff_index(board.data(), s_.old->points()));
      std::memcpy(off, r.bear_off.data(), sizeof r.bear_off);
      std::memcpy(gammon, r.save_gammon.data(), sizeof r.save_gammon);
      return;
    }
    int on_board = 0;
    for (int p = 0; p < s_.points; ++p) on_board += board[p];
    const bool gammon_moves = t_.gammon_ && on_board == kChequers;

    int sum36[2 * kMaxRolls] = {};
    if (on_board < kChequers) sum36[kMaxRolls] = kCertain * 36;  // the gammon is saved already
    BestExactMoves best{cost_off_.data(), gammon_moves ? cost_gammon_.data() : nullptr};
    for (const Roll& roll : kRolls) {
      best.reset();
      for_each_move(board, s_.points, roll, best);
      accumulate(best.off_index, false, roll.weight, sum36);
      if (gammon_moves) accumulate(best.gammon_index, true, roll.weight, sum36 + kMaxRolls);
    }
    round_distribution(sum36, off);
    if (t_.gammon_) round_distribution(sum36 + kMaxRolls, gammon);
  }

  // gnubg's NDBearoff, float for float.
  void normal_position(uint32_t i) {
    auto& ar = t_.normal_entries_[i];
    const Chequers board = chequers_from_index(i, s_.points, kChequers);
    if (s_.old && covered_by_old(board)) {
      const RollStatistics r =
          s_.old->roll_statistics(bearoff_index(board.data(), s_.old->points()));
      ar = {r.mean, r.sd, r.gammon_mean, r.gammon_sd};
      return;
    }
    int on_board = 0;
    for (int p = 0; p < s_.points; ++p) on_board += board[p];
    float var_sum = 0.0f, gammon_var_sum = 0.0f;
    ar = {0.0f, 0.0f, 0.0f, 0.0f};
    BestNormalMoves best{t_.normal_entries_.data()};
    for (const Roll& roll : kRolls) {
      best.reset();
      for_each_move(board, s_.points, roll, best);
      const bool doubles = roll.high == roll.low;
      const auto& b = t_.normal_entries_[best.off_index];
      float m = 1.0f + b[0];
      ar[0] += doubles ? m : 2.0f * m;
      m = b[1] * b[1] + m * m;
      var_sum += doubles ? m : 2.0f * m;
      if (on_board == kChequers) {
        const auto& g = t_.normal_entries_[best.gammon_index];
        m = 1.0f + g[2];
        ar[2] += doubles ? m : 2.0f * m;
        m = g[3] * g[3] + m * m;
        gammon_var_sum += doubles ? m : 2.0f * m;
      }
    }
    // gnubg divides by 36, but the Debian build (-ffast-math) multiplies by the float 1/36;
    // tavla follows the installed program so that the files are identical.
    constexpr float kOneOver36 = 1.0f / 36.0f;
    ar[0] *= kOneOver36;
    ar[1] = std::sqrt(var_sum * kOneOver36 - ar[0] * ar[0]);
    ar[2] *= kOneOver36;
    ar[3] = std::sqrt(gammon_var_sum * kOneOver36 - ar[2] * ar[2]);
  }

  bool covered_by_old(const Chequers& board) const {
    int back = -1, count = 0;
    for (int p = 0; p < s_.points; ++p) {
      if (board[p]) back = p;
      count += board[p];
    }
    return back < s_.old->points() && count <= s_.old->chequers();
  }

  const OneSidedSettings& s_;
  OneSidedTable t_;
  std::vector<uint32_t> cost_off_, cost_gammon_;
};

OneSidedRaw OneSidedTable::raw(uint32_t index) const {
  OneSidedRaw r;
  const IndexEntry& e = index_[index];
  const uint16_t* w = words_.data() + e.offset;
  std::copy(w, w + e.nz, r.bear_off.begin() + e.first);
  if (gammon_) std::copy(w + e.nz, w + e.nz + e.nz_gammon, r.save_gammon.begin() + e.first_gammon);
  return r;
}

DatabaseFormat one_sided_format(const OneSidedSettings& s) {
  DatabaseFormat f;
  f.kind = DatabaseKind::kOneSided;
  f.points = s.points;
  f.chequers = kChequers;
  f.normal = s.normal;
  f.gammon = s.normal || s.gammon;
  f.compressed = !s.normal && s.compressed;
  f.cubeful = false;
  return f;
}

MaybeError check_one_sided_settings(const OneSidedSettings& s) {
  if (s.points < 1 || s.points > kMaxOneSidedPoints)
    return Error{"one-sided databases have 1 to " + std::to_string(kMaxOneSidedPoints) +
                 " points, not " + std::to_string(s.points)};
  if (s.old) {
    const DatabaseFormat& o = s.old->format();
    if (o.normal != s.normal || (!o.gammon && (s.normal || s.gammon)))
      return Error{s.old->name() +
                   ": the old database is not of the same kind as the "
                   "requested database"};
  }
  return std::nullopt;
}

Result<OneSidedTable> generate_one_sided(const OneSidedSettings& settings,
                                         const ProgressFn& progress) {
  if (auto e = check_one_sided_settings(settings)) return *e;
  if (settings.old)
    if (auto e = settings.old->verify()) return *e;
  OneSidedBuilder builder(settings);
  if (auto e = builder.run(progress)) return *e;
  return builder.take();
}

MaybeError write_one_sided_database(const OneSidedTable& t, const OneSidedSettings& s,
                                    const std::filesystem::path& path) {
  static_assert(std::endian::native == std::endian::little, "files are written in place");
  auto created = AtomicFile::create(path);
  if (!created) return Error{created.error()};
  AtomicFile& file = created.value();
  if (s.header) {
    const std::string h = format_header(one_sided_format(s));
    if (auto e = file.write(h.data(), h.size())) return e;
  }
  if (t.normal_) {
    if (auto e = file.write(t.normal_entries_.data(), t.normal_entries_.size() * 16)) return e;
  } else if (s.compressed) {
    // Index entries (offset, nz, first [, nz gammon, first gammon]), then the data area, both
    // in index order (the table holds the words in the order they were computed).
    const int entry = t.gammon_ ? 8 : 6;
    std::vector<uint8_t> index(static_cast<size_t>(t.size_) * entry);
    uint8_t* p = index.data();
    uint32_t offset = 0;
    for (const auto& e : t.index_) {
      std::memcpy(p, &offset, 4);
      p[4] = e.nz;
      p[5] = e.first;
      if (t.gammon_) {
        p[6] = e.nz_gammon;
        p[7] = e.first_gammon;
      }
      offset += e.nz + (t.gammon_ ? e.nz_gammon : 0);
      p += entry;
    }
    if (auto e = file.write(index.data(), index.size())) return e;
    for (const auto& e : t.index_)
      if (auto err =
              file.write(t.words_.data() + e.offset, 2 * (e.nz + (t.gammon_ ? e.nz_gammon : 0))))
        return err;
  } else {
    for (uint32_t i = 0; i < t.size_; ++i) {
      const OneSidedRaw r = t.raw(i);
      if (auto e = file.write(r.bear_off.data(), 64)) return e;
      if (t.gammon_)
        if (auto e = file.write(r.save_gammon.data(), 64)) return e;
    }
  }
  return file.commit();
}

}  // namespace tavla::bearoff
