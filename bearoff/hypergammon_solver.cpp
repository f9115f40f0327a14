// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/hypergammon_solver.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "bearoff/bearoff_index.h"
#include "bearoff/database_file.h"
#include "bearoff/database_header.h"
#include "bearoff/hypergammon_database.h"
#include "bearoff/hypergammon_engine.h"
#include "engine/variant.h"

namespace tavla::bearoff {

namespace detail {

HyperSides::HyperSides(int chequers, const std::vector<uint32_t>& number) {
  const size_t n = number.size();
  occupied.resize(n);
  mirrored.resize(n);
  opponent.resize(n);
  for (uint32_t index = 0; index < n; ++index) {
    const uint32_t k = number[index];
    const engine::SideCounts side = side_from_index(index, kHyperPoints, chequers);
    AsOpponent& o = opponent[k];
    for (int i = 0; i < engine::kPoints; ++i) {
      if (!side[i]) continue;
      const auto mover_point = static_cast<uint8_t>(engine::kPoints - 1 - i);
      occupied[k] |= 1u << i;
      mirrored[k] |= 1u << mover_point;
      if (side[i] >= 2) o.block = mover_point;
      if (side[i] == 1) o.blot_point[o.blots++] = mover_point;
    }
    for (int subset = 0; subset < (1 << o.blots); ++subset) {
      engine::SideCounts hit = side;
      for (int b = 0; b < o.blots; ++b)
        if (subset >> b & 1) {
          --hit[engine::kPoints - 1 - o.blot_point[b]];
          ++hit[engine::kBar];
        }
      o.hit[subset] = static_cast<uint16_t>(number[bearoff_index(hit, kHyperPoints)]);
    }
  }
}

std::array<float, 10> finished_game_values(int chequers, uint32_t on_roll, uint32_t opponent) {
  engine::Board board;
  board.on_roll() = side_from_index(on_roll, kHyperPoints, chequers);
  board.opponent() = side_from_index(opponent, kHyperPoints, chequers);
  const auto p = engine::game_over_outputs(board, *engine::hypergammon_variant(chequers));
  // gnubg's Utility in float, gammon price 1 (0 with Jacoby and a centred cube).
  const float money = p[0] * 2.0f - 1.0f + (p[1] - p[3]) * 1.0f + (p[2] - p[4]) * 1.0f;
  const float jacoby = p[0] * 2.0f - 1.0f + (p[1] - p[3]) * 0.0f + (p[2] - p[4]) * 0.0f;
  return {p[0], p[1], p[2], p[3], p[4], money, money, money, jacoby, money};
}

}  // namespace detail

double HyperSweep::norm() const {
  return *std::max_element(change.begin(), change.end());
}

Result<HypergammonSolver> HypergammonSolver::create(int chequers, int threads, HyperMethod method) {
  if (chequers < 1 || chequers > kHyperMaxChequers)
    return Error{"hypergammon needs 1 to 3 chequers, not " + std::to_string(chequers)};
  if (threads < 0) return Error{"the number of threads cannot be negative"};
  return HypergammonSolver(chequers, method == HyperMethod::kGnubg
                                         ? detail::make_gnubg_order_engine(chequers)
                                         : detail::make_level_engine(chequers, threads));
}

HypergammonSolver::HypergammonSolver(int chequers, std::unique_ptr<detail::HyperEngine> engine)
    : chequers_(chequers), engine_(std::move(engine)) {}
HypergammonSolver::HypergammonSolver(HypergammonSolver&&) noexcept = default;
HypergammonSolver& HypergammonSolver::operator=(HypergammonSolver&&) noexcept = default;
HypergammonSolver::~HypergammonSolver() = default;

int HypergammonSolver::chequers() const {
  return chequers_;
}
uint32_t HypergammonSolver::positions_per_side() const {
  return hyper_positions_per_side(chequers_);
}

HyperCensus HypergammonSolver::census() const {
  const uint32_t n = positions_per_side();
  std::vector<uint32_t> identity(n);
  for (uint32_t k = 0; k < n; ++k) identity[k] = k;
  const detail::HyperSides sides(chequers_, identity);
  std::vector<int> back(n, 0);  // highest occupied index
  for (uint32_t k = 0; k < n; ++k) {
    const auto side = side_from_index(k, kHyperPoints, chequers_);
    for (int i = 0; i < kHyperPoints; ++i)
      if (side[i]) back[k] = i;
  }
  HyperCensus c;
  for (uint32_t u = 0; u < n; ++u)
    for (uint32_t t = 0; t < n; ++t) {
      if (u == 0 || t == 0)
        ++c.game_over;
      else if (sides.illegal(u, t))
        ++c.illegal;
      else if (back[u] + back[t] > 22)
        ++c.contact;
      else
        ++c.non_contact;
    }
  return c;
}

MaybeError HypergammonSolver::load(const std::filesystem::path& path) {
  auto db = HypergammonDatabase::open(path, chequers_);
  if (!db) return Error{db.error()};
  engine_->load(*db);
  return std::nullopt;
}

HyperSweep HypergammonSolver::iterate() {
  return engine_->sweep();
}

MaybeError HypergammonSolver::write(const std::filesystem::path& path) const {
  auto created = AtomicFile::create(path);
  if (!created) return Error{created.error()};
  AtomicFile& file = created.value();
  const uint32_t n = positions_per_side();
  const std::string header = format_header(
      {.kind = DatabaseKind::kHypergammon, .points = kHyperPoints, .chequers = chequers_});
  if (auto e = file.write(header.data(), header.size())) return e;
  std::vector<uint8_t> row(size_t{n} * kHyperEntryBytes);
  for (uint32_t u = 0; u < n; ++u) {  // gnubg's order: bearoff index of the side on roll
    for (uint32_t t = 0; t < n; ++t)
      write_codes(engine_->codes(u, t), &row[size_t{t} * kHyperEntryBytes]);
    if (auto e = file.write(row.data(), row.size())) return e;
  }
  return file.commit();
}

HyperEntry HypergammonSolver::entry(uint32_t on_roll, uint32_t opponent) const {
  uint8_t bytes[kHyperEntryBytes];
  write_codes(engine_->codes(on_roll, opponent), bytes);
  return decode_entry(bytes);
}

HyperCodes HypergammonSolver::codes(uint32_t on_roll, uint32_t opponent) const {
  return engine_->codes(on_roll, opponent);
}

size_t HypergammonSolver::memory_bytes() const {
  return engine_->memory_bytes();
}

Result<HyperOutcome> run_value_iteration(
    HypergammonSolver& solver, const HyperRun& run,
    const std::function<void(const HyperIteration&)>& progress) {
  const std::filesystem::path tmp = checkpoint_path(run.output);
  for (int it = 1;; ++it) {
    const auto t0 = std::chrono::steady_clock::now();
    HyperIteration report{it, solver.iterate(), 0};
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (progress) progress(report);
    if (report.sweep.norm() <= run.threshold) break;
    if (run.checkpoint)
      if (auto e = solver.write(tmp)) return Error{"checkpoint " + e->message};
    if (run.max_iterations > 0 && it >= run.max_iterations) return HyperOutcome::kStopped;
  }
  if (auto e = solver.write(run.output)) return Error{e->message};
  if (run.checkpoint) {
    std::error_code ignored;  // there is none when the first sweep converged
    std::filesystem::remove(tmp, ignored);
  }
  return HyperOutcome::kConverged;
}

}  // namespace tavla::bearoff
