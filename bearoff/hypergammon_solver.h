// SPDX-License-Identifier: GPL-3.0-or-later
// Solving c-chequer hypergammon (c = 1..3) by value iteration, as gnubg's makehyper does, and
// reading and writing its database format (hypergammon_entry.h).
//
// The values: for every pair (side on roll u, opponent t) of one-sided positions, the five
// cubeless probabilities of the best play (by cubeless equity) and four cubeful money equities
// (cube owned, centred, centred with Jacoby, owned by the opponent), each the average over the 36
// rolls of the best play for that value. After a play the opponent is on roll in (t', u'); from
// his values the mover gets: cubeless -E(t', u'); owned -opponent_owns; centred and Jacoby
// -CubeEquity(centred resp. Jacoby value, opponent_owns); opponent owns -CubeEquity(owned,
// opponent_owns), where CubeEquity(nd, dt, dp = 1) is the opponent's best cube action: double when
// 2 dt >= nd and dp >= nd, then min(2 dt, dp), else nd. A side that cannot move takes minus the
// values (same index, probabilities inverted) of the position with the other side on roll.
// Finished games are scored exactly (engine::game_over_outputs), impossible pairs (both sides on
// one point) are zero. gnubg's start guess: every undecided pair a certain gammon win.
//
// Ties: plays with exactly the same cubeless equity are common near the end of the game, and the
// probabilities are then those of whichever play a program happens to prefer: gnubg takes the
// last in its move list among float values that differ by rounding; tavla's scheme takes, of the
// plays within 16 codes (1e-6) of the best, the one with the highest P(win), then the first. So
// the equities agree with gnubg's everywhere, the probabilities wherever no tie is involved
// (kGnubg below agrees everywhere).
//
// How tavla iterates (same fixed point, faster convergence than makehyper's row-by-row sweep):
//   * Gauss-Seidel by total pip count: pairs are visited in increasing pips(u) + pips(t). A play
//     without a hit lowers the total, so its successor already has this sweep's value, and a
//     race converges in one sweep; only hits (which raise the total) read older values.
//   * Within one total the new values go to a buffer and are stored when the total is done, so
//     the pairs of one total run in parallel and the result never depends on the thread count.
//   * The state is kept as the file's 24-bit codes (28 bytes per pair, less memory than makehyper
//     in float): a checkpoint is the exact state and a restart continues bit for bit.
//   * The cubeless equity is not stored but follows from the probabilities, so the probability
//     codes are rounded such that it is exactly the (rounded) average of the best plays'
//     cubeless equities. Otherwise which of two tied plays supplies the probabilities would move
//     it by a code or two, which changes choices elsewhere, and the probabilities of some 3-chequer
//     positions would flip between two values for ever (as an early version's did).
// Data layout: positions are renumbered in pip order; pair (u, t) is entry u * n + t, so the
// successors of all pairs with opponent t lie in the few rows t and t-with-blots-hit.
//
// HyperMethod::kGnubg instead repeats gnubg's makehyper step for step: one thread, in-place
// sweeps row by row in bearoff-index order, float arithmetic in gnubg's order, plays in gnubg's
// move-list order with its tie rule (the last of equal values), state in float (40 bytes per
// pair, as gnubg); its files are gnubg's byte for byte. It needs gnubg's number of iterations,
// each still much faster than gnubg's (precomputed plays instead of move generation).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>

#include "bearoff/hypergammon_entry.h"
#include "bearoff/result.h"

namespace tavla::bearoff {

// The changes of one sweep, max over all pairs, in gnubg's order: the five probabilities, then
// the cubeless equity, then the four cubeful equities (owned, centred, Jacoby, opponent owns).
struct HyperSweep {
  std::array<double, 10> change{};
  double norm() const;  // the largest of them (gnubg's "norm of delta")
};

// What the pairs are, as makehyper counts them.
struct HyperCensus {
  uint64_t game_over = 0;    // a side has no chequers
  uint64_t non_contact = 0;  // the sides have passed each other
  uint64_t contact = 0;
  uint64_t illegal = 0;  // both sides on one point: never reached, stored as zeros
};

enum class HyperMethod {
  kLevels,  // tavla's: by total pips, parallel, fewer iterations
  kGnubg,   // gnubg's makehyper exactly (one thread)
};

namespace detail {
class HyperEngine;
}

class HypergammonSolver {
 public:
  // Sets up the tables and gnubg's start guess. `threads` (kLevels only): 0 = all cores for 3
  // chequers, one for the small problems.
  static Result<HypergammonSolver> create(int chequers, int threads = 0,
                                          HyperMethod method = HyperMethod::kLevels);

  HypergammonSolver(HypergammonSolver&&) noexcept;
  HypergammonSolver& operator=(HypergammonSolver&&) noexcept;
  ~HypergammonSolver();

  int chequers() const;
  uint32_t positions_per_side() const;
  HyperCensus census() const;

  // Replaces the state by a database or checkpoint in gnubg's format (makehyper's -r; files from
  // gnubg's makehyper work too). The file must be complete and have this solver's chequer count.
  // Finished games and impossible pairs are reset to their exact values.
  MaybeError load(const std::filesystem::path& path);

  // One sweep over all pairs; returns the changes.
  HyperSweep iterate();

  // Writes the state in gnubg's format; the target appears only when complete.
  MaybeError write(const std::filesystem::path& path) const;

  // The current values of (side on roll, opponent) given as bearoff indices (25 points).
  HyperEntry entry(uint32_t on_roll, uint32_t opponent) const;
  HyperCodes codes(uint32_t on_roll, uint32_t opponent) const;

  // Bytes held: the state and the tables.
  size_t memory_bytes() const;

 private:
  HypergammonSolver(int chequers, std::unique_ptr<detail::HyperEngine> engine);
  int chequers_;
  std::unique_ptr<detail::HyperEngine> engine_;
};

// makehyper's loop around a solver (created, and loaded for a restart, by the caller).
struct HyperRun {
  double threshold = 1e-5;  // converged when no value changes by more than this in a sweep
  std::filesystem::path output;
  bool checkpoint = true;  // after each unconverged sweep write output + ".tmp" (gnubg's name)
  int max_iterations = 0;  // stop unconverged after this many sweeps (0: never)
};
struct HyperIteration {
  int iteration = 0;  // 1, 2, ...
  HyperSweep sweep;
  double seconds = 0;  // the sweep's wall-clock time
};
enum class HyperOutcome { kConverged, kStopped };

// Iterates until converged, then writes `output` and removes the checkpoint; or stops after
// max_iterations with the checkpoint written and no output. `progress` hears of every sweep.
// Errors: writing the checkpoint or the output failed (the message names the file).
Result<HyperOutcome> run_value_iteration(
    HypergammonSolver& solver, const HyperRun& run,
    const std::function<void(const HyperIteration&)>& progress);

// The checkpoint file makehyper writes for `output`.
inline std::filesystem::path checkpoint_path(const std::filesystem::path& output) {
  return output.string() + ".tmp";
}

}  // namespace tavla::bearoff
