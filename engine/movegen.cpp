// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/movegen.h"

#include <cstring>

namespace tavla::engine {

bool apply_step(Board& board, int from, int pips) {
  const int to = from - pips;
  SideCounts& us = board.on_roll();
  SideCounts& them = board.opponent();
  if (from < 0 || from > kBar || pips < 1 || us[from] == 0) return false;
  if (to < 0) {  // borne off
    --us[from];
    return true;
  }
  uint8_t& blocker = them[kPoints - 1 - to];
  if (blocker > 1) return false;
  --us[from];
  if (blocker == 1) {  // hit: the blot goes to the opponent's bar
    blocker = 0;
    ++them[kBar];
  }
  ++us[to];
  return true;
}

bool apply_move(Board& board, const Move& move) {
  for (int i = 0; i < Move::kMaxSteps && move.from(i) >= 0; ++i)
    if (!apply_step(board, move.from(i), move.from(i) - move.to(i))) return false;
  return true;
}

namespace {

constexpr int kTableSize = 8192;  // power of two, > 2 * kMaxMoves

// The generator's open-addressing table from board hashes to list entries, stamped with a
// generation counter so that it never needs clearing. One per thread (thread_local, so that
// MoveList stays a plain array of moves), looked up once per generation: in position-independent
// code (the Python module) every access to a thread_local costs a call.
struct MoveTable {
  uint32_t stamp = 0;
  uint32_t table_stamp[kTableSize] = {};
  uint16_t table_index[kTableSize] = {};
};
thread_local MoveTable t_move_table;

}  // namespace

// The generator proper. MoveList is its scratch space; the thread's MoveTable finds duplicates.
class MoveGenerator {
 public:
  MoveGenerator(MoveList& list, int d1, int d2)
      : list_(list), table_(t_move_table) {
    dice_[0] = d1;
    dice_[1] = d2;
    dice_[2] = dice_[3] = d1 == d2 ? d1 : 0;
  }

  int run(const Board& board) {
    list_.size_ = 0;
    next_stamp();
    search(0, kPoints - 1, 0, board);
    if (dice_[0] != dice_[1]) {
      std::swap(dice_[0], dice_[1]);
      search(0, kPoints - 1, 0, board);
    }
    return list_.size_;
  }

 private:
  // gnubg's LegalMove: may a chequer on `from` move `pips`? (The bar is handled by the caller.)
  static bool step_is_legal(const Board& b, int from, int pips) {
    const int to = from - pips;
    if (to >= 0) return b.opponent()[kPoints - 1 - to] < 2;
    // Bearing off: all chequers must be home; a die larger than needed only moves the rearmost.
    int back = kBar;
    while (back > 0 && b.on_roll()[back] == 0) --back;
    return back <= 5 && (from == back || to == -1);
  }

  // Returns true when no further step was possible (so the caller records the play so far).
  bool search(int depth, int start, int pips, const Board& board) {
    if (depth > 3 || dice_[depth] == 0) return true;
    const int die = dice_[depth];
    if (board.on_roll()[kBar]) {
      if (board.opponent()[die - 1] >= 2) return true;  // entry point blocked
      steps_[2 * depth] = kBar;
      steps_[2 * depth + 1] = static_cast<int8_t>(kBar - die);
      Board next = board;
      apply_step(next, kBar, die);
      if (search(depth + 1, kPoints - 1, pips + die, next)) save(depth + 1, pips + die, next);
      return false;
    }
    bool used = false;
    for (int i = start; i >= 0; --i) {
      if (!board.on_roll()[i] || !step_is_legal(board, i, die)) continue;
      steps_[2 * depth] = static_cast<int8_t>(i);
      steps_[2 * depth + 1] = static_cast<int8_t>(i - die < 0 ? -1 : i - die);
      Board next = board;
      apply_step(next, i, die);
      // With doubles, later steps start no further back than this one: the same set of steps
      // in another order would give the same position.
      if (search(depth + 1, dice_[0] == dice_[1] ? i : kPoints - 1, pips + die, next))
        save(depth + 1, pips + die, next);
      used = true;
    }
    return !used;
  }

  static uint64_t hash(const Board& b) {
    uint64_t w[7] = {};
    std::memcpy(w, &b, sizeof(Board));
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (uint64_t x : w) h = (h ^ x) * 0xFF51AFD7ED558CCDull, h ^= h >> 29;
    return h;
  }

  void next_stamp() {
    if (++table_.stamp == 0) {  // wrapped: really clear
      std::memset(table_.table_stamp, 0, sizeof(table_.table_stamp));
      table_.stamp = 1;
    }
  }

  // gnubg's SaveMoves: keep only plays that use the most dice and, among those, the most pips.
  void save(int step_count, int pips, const Board& after) {
    if (step_count < max_steps_ || pips < max_pips_) return;
    if (step_count > max_steps_ || pips > max_pips_) {
      list_.size_ = 0;
      next_stamp();
    }
    max_steps_ = step_count;
    max_pips_ = pips;

    uint64_t h = hash(after);
    MoveTable& t = table_;
    const uint32_t stamp = t.stamp;
    for (uint32_t slot = h & (kTableSize - 1);; slot = (slot + 1) & (kTableSize - 1)) {
      if (t.table_stamp[slot] != stamp) {  // empty: a new position
        assert(list_.size_ < kMaxMoves);
        t.table_stamp[slot] = stamp;
        t.table_index[slot] = static_cast<uint16_t>(list_.size_);
        LegalMove& m = list_.moves_[list_.size_++];
        m.after = after;
        m.move = Move{};
        for (int i = 0; i < 2 * step_count; ++i) m.move.steps[i] = steps_[i];
        return;
      }
      if (list_.moves_[t.table_index[slot]].after == after) return;  // seen: first play wins
    }
  }

  MoveList& list_;
  MoveTable& table_;
  int dice_[4];
  int max_steps_ = 0, max_pips_ = 0;
  int8_t steps_[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
};

int generate_moves(const Board& board, int d1, int d2, MoveList& out) {
  assert(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6);
  assert(!board_error(board));
  return MoveGenerator(out, d1, d2).run(board);
}

}  // namespace tavla::engine
