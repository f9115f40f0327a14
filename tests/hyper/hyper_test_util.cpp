// SPDX-License-Identifier: GPL-3.0-or-later
#include "hyper_test_util.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "bearoff/bearoff_index.h"
#include "engine/movegen.h"
#include "engine/variant.h"

namespace tavla::test {

namespace {
std::atomic<unsigned> temp_counter{0};

double cube_equity(double nd, double dt) {  // the opponent's cube action, pass = 1
  return (2 * dt >= nd && 1.0 >= nd) ? std::min(2 * dt, 1.0) : nd;
}

// The ten kinds of an entry.
std::array<double, kKinds> kinds(const bearoff::HyperEntry& e) {
  std::array<double, kKinds> v{};
  for (int k = 0; k < 5; ++k) v[k] = e.probabilities[k];
  v[5] = 2.0 * v[0] - 1 + v[1] - v[3] + v[2] - v[4];
  for (int k = 0; k < 4; ++k) v[6 + k] = e.cubeful[k];
  return v;
}

std::string table(const char* title, const std::array<double, kKinds>& max,
                  const std::array<uint64_t, kKinds>* counts) {
  std::ostringstream s;
  s << title << '\n';
  for (int k = 0; k < kKinds; ++k) {
    s << "  " << kKindNames[k] << ": " << max[k];
    if (counts) s << " (" << (*counts)[k] << " entries above the threshold)";
    s << '\n';
  }
  return s.str();
}
}  // namespace

TempDir::TempDir() {
  path_ = std::filesystem::temp_directory_path() /
          ("tavla-hyper-" + std::to_string(::getpid()) + "-" + std::to_string(temp_counter++));
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

int run_command(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::optional<std::string> gnubg_makehyper() {
  if (::access(kGnubgMakehyper, X_OK) == 0) return std::string(kGnubgMakehyper);
  const char* ci = std::getenv("CI");
  if (ci && std::string(ci) == "true")
    ADD_FAILURE() << kGnubgMakehyper << " is missing; CI must install gnubg";
  return std::nullopt;
}

std::string Difference::describe() const {
  return table("largest differences:", max, &above);
}

std::string Residual::describe() const {
  std::ostringstream s;
  s << table("largest residuals:", max, nullptr) << "  pairs checked: " << checked
    << ", tied rolls: " << ties << '\n';
  return s.str();
}

Difference compare(const bearoff::HypergammonDatabase& a, const bearoff::HypergammonDatabase& b,
                   double threshold) {
  Difference d;
  const uint32_t n = a.positions_per_side();
  EXPECT_EQ(n, b.positions_per_side());
  for (uint32_t u = 0; u < n; ++u)
    for (uint32_t t = 0; t < n; ++t) {
      const auto x = kinds(a.entry(u, t)), y = kinds(b.entry(u, t));
      for (int k = 0; k < kKinds; ++k) {
        const double diff = std::abs(x[k] - y[k]);
        if (diff > threshold) ++d.above[k];
        if (diff > d.max[k]) d.max[k] = diff, d.where[k] = uint64_t{u} * n + t;
      }
    }
  return d;
}

PairRange pair_range(const bearoff::HypergammonDatabase& db, uint32_t u, uint32_t t, double tie) {
  PairRange r;
  const int c = db.chequers();
  const auto variant = *engine::hypergammon_variant(c);
  engine::MoveList moves;
  engine::Board board;
  board.on_roll() = bearoff::side_from_index(u, bearoff::kHyperPoints, c);
  board.opponent() = bearoff::side_from_index(t, bearoff::kHyperPoints, c);
  if (u == 0 || t == 0 || engine::board_error(board)) {
    r.fixed = true;
    if (u == 0 || t == 0) {
      const auto out = engine::game_over_outputs(board, variant);
      for (int k = 0; k < 5; ++k) r.expected[k] = out[k];
      r.expected[5] = r.expected[6] = r.expected[7] = r.expected[9] =
          2.0 * out[0] - 1 + out[1] - out[3] + out[2] - out[4];
      r.expected[8] = 2.0 * out[0] - 1;
    } else {
      r.expected[5] = -1;  // impossible pair: all zeros, so the derived cubeless equity is -1
    }
    for (int k = 0; k < 5; ++k) r.low[k] = r.high[k] = r.expected[k];
    return r;
  }
  for (int d1 = 1; d1 <= 6; ++d1)
    for (int d2 = 1; d2 <= d1; ++d2) {
      const double w = d1 == d2 ? 1 : 2;
      std::array<double, kKinds> best;
      best.fill(-1e9);
      std::array<double, 5> lo{}, hi{};
      const int count = engine::generate_moves(board, d1, d2, moves);
      if (count == 0) {  // minus the same pair with the other side on roll
        const auto e = kinds(db.entry(t, u));
        best = {1 - e[0], e[3], e[4], e[1], e[2], -e[5], -e[6], -e[7], -e[8], -e[9]};
        for (int k = 0; k < 5; ++k) lo[k] = hi[k] = best[k];
      } else {
        std::vector<std::array<double, kKinds>> values;
        for (int m = 0; m < count; ++m) {
          const auto index = bearoff::hyper_index(moves[m].after.swapped(), c);
          const auto e = kinds(db.entry(index->on_roll, index->opponent));
          std::array<double, kKinds> v = {1 - e[0],
                                          e[3],
                                          e[4],
                                          e[1],
                                          e[2],
                                          -e[5],
                                          -e[9],
                                          -cube_equity(e[7], e[9]),
                                          -cube_equity(e[8], e[9]),
                                          -cube_equity(e[6], e[9])};
          for (int k = 5; k < kKinds; ++k) best[k] = std::max(best[k], v[k]);
          values.push_back(v);
        }
        lo.fill(2);
        hi.fill(-1);
        int tied = 0;
        for (const auto& v : values) {
          if (v[5] < best[5] - tie) continue;
          ++tied;
          for (int k = 0; k < 5; ++k)
            lo[k] = std::min(lo[k], v[k]), hi[k] = std::max(hi[k], v[k]);
        }
        if (tied > 1 && hi[0] - lo[0] + hi[1] - lo[1] > 1e-9) ++r.ties;
      }
      for (int k = 5; k < kKinds; ++k) r.expected[k] += w * best[k] / 36;
      for (int k = 0; k < 5; ++k) r.low[k] += w * lo[k] / 36, r.high[k] += w * hi[k] / 36;
    }
  return r;
}

Residual residual(const bearoff::HypergammonDatabase& db, double tie, uint64_t stride) {
  Residual res;
  const uint32_t n = db.positions_per_side();
  auto fold = [&](int k, double r) { res.max[k] = std::max(res.max[k], r); };
  for (uint64_t pair = 0; pair < uint64_t{n} * n; pair += stride) {
    const auto u = static_cast<uint32_t>(pair / n), t = static_cast<uint32_t>(pair % n);
    const auto stored = kinds(db.entry(u, t));
    ++res.checked;
    const PairRange r = pair_range(db, u, t, tie);
    res.ties += r.ties;
    if (r.fixed) {
      for (int k = 0; k < kKinds; ++k) fold(k, std::abs(stored[k] - r.expected[k]));
      continue;
    }
    for (int k = 0; k < 5; ++k)
      fold(k, std::max({0.0, r.low[k] - stored[k], stored[k] - r.high[k]}));
    for (int k = 5; k < kKinds; ++k) fold(k, std::abs(stored[k] - r.expected[k]));
  }
  return res;
}


}  // namespace tavla::test
