// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/movegen.h"

#include <bit>
#include <cassert>
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
// code (the Python module) every access to a thread_local costs a call. A slot holds the stamp
// (16 bits, 1..65535) above the list index (16 bits): one 32 KiB array, one load per probe.
struct MoveTable {
  uint32_t stamp = 0;
  uint32_t slots[kTableSize] = {};
};
static_assert(kMaxMoves <= 0xffff, "list indices must fit in 16 bits");
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
    // The opponent's made points never change during the search (a hit only removes a blot):
    // the points open to us, and the indices we occupy, as bit masks.
    uint32_t occupied = 0;
    for (int i = 0; i < kSlots; ++i) {
      open_ |= static_cast<uint32_t>(i < kPoints && board.opponent()[kPoints - 1 - i] < 2) << i;
      occupied |= static_cast<uint32_t>(board.on_roll()[i] != 0) << i;
    }
    search(0, kPoints - 1, 0, board, occupied);
    if (dice_[0] != dice_[1]) {
      std::swap(dice_[0], dice_[1]);
      search(0, kPoints - 1, 0, board, occupied);
    }
    return list_.size_;
  }

 private:
  // The occupied mask after a step from `from` to `to` (-1: borne off) on the board `next`
  // after it.
  static uint32_t occupied_after(uint32_t occupied, const Board& next, int from, int to) {
    if (!next.on_roll()[from]) occupied &= ~(1u << from);
    if (to >= 0) occupied |= 1u << to;
    return occupied;
  }

  // Returns true when no further step was possible (so the caller records the play so far).
  // `occupied`: bit i set when board.on_roll()[i] > 0.
  bool search(int depth, int start, int pips, const Board& board, uint32_t occupied) {
    if (depth > 3 || dice_[depth] == 0) return true;
    const int die = dice_[depth];
    if (occupied >> kBar & 1) {
      if (board.opponent()[die - 1] >= 2) return true;  // entry point blocked
      steps_[2 * depth] = kBar;
      steps_[2 * depth + 1] = static_cast<int8_t>(kBar - die);
      Board next = board;
      apply_step(next, kBar, die);
      if (search(depth + 1, kPoints - 1, pips + die, next,
                 occupied_after(occupied, next, kBar, kBar - die)))
        save(depth + 1, pips + die, next);
      return false;
    }
    // gnubg's LegalMove for every source at once: a chequer on i may move to an open point
    // i - die; bearing off needs everything home, and a die larger than needed only moves the
    // rearmost chequer.
    const uint32_t up_to_start = (2u << start) - 1;
    uint32_t sources = occupied & (open_ << die) & up_to_start;
    const int back = 31 - std::countl_zero(occupied);  // -1 when all are off: no sources
    if (back >= 0 && back <= 5) {
      uint32_t off = 1u << (die - 1);
      if (back < die) off |= 1u << back;
      sources |= occupied & off & up_to_start;
    }
    bool used = false;
    // Sources from the back, as gnubg's loop from `start` down.
    while (sources) {
      const int i = 31 - std::countl_zero(sources);
      sources &= ~(1u << i);
      const int to = i - die < 0 ? -1 : i - die;
      steps_[2 * depth] = static_cast<int8_t>(i);
      steps_[2 * depth + 1] = static_cast<int8_t>(to);
      Board next = board;
      apply_step(next, i, die);
      // With doubles, later steps start no further back than this one: the same set of steps
      // in another order would give the same position.
      if (search(depth + 1, dice_[0] == dice_[1] ? i : kPoints - 1, pips + die, next,
                 occupied_after(occupied, next, i, to)))
        save(depth + 1, pips + die, next);
      used = true;
    }
    return !used;
  }

  // The board as seven words (the last one partly zero).
  static void words(const Board& b, uint64_t (&w)[7]) {
    static_assert(sizeof(Board) > 6 * sizeof(uint64_t) && sizeof(Board) <= sizeof w);
    w[6] = 0;
    std::memcpy(w, &b, sizeof(Board));
  }

  // Only the table's probing depends on the hash (duplicates are found by comparing boards), so
  // it need only spread the boards: independent products of the words, summed, then one mixing
  // step (a chain of seven multiplications cost more than the rest of save()).
  static uint64_t hash(const uint64_t (&w)[7]) {
    uint64_t h = ((w[0] * 0x9E3779B97F4A7C15ull + w[1] * 0xC2B2AE3D27D4EB4Full) +
                  (w[2] * 0x165667B19E3779F9ull + w[3] * 0xD6E8FEB86659FD93ull)) +
                 ((w[4] * 0xFF51AFD7ED558CCDull + w[5] * 0xC4CEB9FE1A85EC53ull) +
                  w[6] * 0x94D049BB133111EBull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
  }

  // a == b for a board given as words(): word compares instead of a call to memcmp.
  static bool same(const uint64_t (&w)[7], const Board& b) {
    uint64_t v[7];
    words(b, v);
    uint64_t d = 0;
    for (int i = 0; i < 7; ++i) d |= w[i] ^ v[i];
    return d == 0;
  }

  void next_stamp() {
    if (++table_.stamp > 0xffff) {  // wrapped: really clear
      std::memset(table_.slots, 0, sizeof(table_.slots));
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

    uint64_t w[7];
    words(after, w);
    const uint64_t h = hash(w);
    MoveTable& t = table_;
    const uint32_t stamp = t.stamp;
    for (uint32_t slot = h & (kTableSize - 1);; slot = (slot + 1) & (kTableSize - 1)) {
      const uint32_t entry = t.slots[slot];
      if (entry >> 16 != stamp) {  // empty: a new position
        assert(list_.size_ < kMaxMoves);
        t.slots[slot] = stamp << 16 | static_cast<uint32_t>(list_.size_);
        LegalMove& m = list_.moves_[list_.size_++];
        m.after = after;
        m.move = Move{};
        for (int i = 0; i < 2 * step_count; ++i) m.move.steps[i] = steps_[i];
        return;
      }
      if (same(w, list_.moves_[entry & 0xffff].after)) return;  // seen: first play wins
    }
  }

  MoveList& list_;
  MoveTable& table_;
  int dice_[4];
  int max_steps_ = 0, max_pips_ = 0;
  uint32_t open_ = 0;  // bit t: our point t (0..23) holds fewer than two of the opponent's
  int8_t steps_[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
};

int generate_moves(const Board& board, int d1, int d2, MoveList& out) {
  assert(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6);
  assert(!board_error(board));
  return MoveGenerator(out, d1, d2).run(board);
}

}  // namespace tavla::engine
