// SPDX-License-Identifier: GPL-3.0-or-later
// Work split into dependent levels: every item of a level may read the results of earlier levels
// only, so the items of one level run in parallel and a barrier separates the levels. Both
// database generators use it with "pip count" levels (a move always lowers the mover's pips).
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace tavla::bearoff {

struct LevelWork {
  int first_level = 0;
  int last_level = -1;
  // Items [lo, hi) of a level.
  std::function<std::pair<uint64_t, uint64_t>(int level)> items;
  // Processes one item of a level on worker `worker` (0 .. threads-1).
  std::function<void(int level, uint64_t item, int worker)> process;
  // Runs on one thread after each level, while no item is being processed.
  std::function<void(int level)> after_level;
};

// Runs all levels on `threads` threads (0: all hardware threads). Blocks until done.
void run_levels(const LevelWork& work, int threads);

// Positions of one side (at most `chequers` chequers on `points` points) grouped by pip count:
// order[start[p] .. start[p+1]) are the bearoff indices with p pips, ascending.
struct PipOrder {
  std::vector<uint32_t> order;
  std::vector<uint32_t> start;
  std::vector<uint16_t> pips;  // by bearoff index
  int max_pips = 0;
  uint32_t count(int p) const { return p < 0 || p > max_pips ? 0 : start[p + 1] - start[p]; }
};
PipOrder make_pip_order(int points, int chequers);

}  // namespace tavla::bearoff
