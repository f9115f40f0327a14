// SPDX-License-Identifier: GPL-3.0-or-later
// Bearoff and hypergammon database files (gnubg's formats, read through a memory map): the first
// input byte says which reader gets the rest. A file that opens must answer every probe, by index
// and by board, without reading outside itself.
#include <algorithm>

#include "bearoff/hypergammon_database.h"
#include "bearoff/one_sided_database.h"
#include "bearoff/two_sided_database.h"
#include "engine/board.h"
#include "fuzz_support.h"

using namespace tavla;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto path = fuzz::write_scratch("db.bd", data + 1, size - 1);
  const engine::Board start = engine::Board::starting_position();
  engine::Board race;  // two chequers each on the ace and deuce points: in every database
  race.sides[0][0] = race.sides[0][1] = 2;
  race.sides[1][0] = race.sides[1][1] = 2;
  switch (data[0] % 3) {
    case 0:
      if (auto db = bearoff::OneSidedDatabase::open(path)) {
        for (uint32_t i : {0u, db->size() / 2, db->size() - 1}) {
          if (i >= db->size()) continue;
          (void)db->distribution(i);
          (void)db->roll_statistics(i);
        }
        (void)db->evaluate(start);
        (void)db->evaluate(race);
        (void)db->verify();
      }
      break;
    case 1:
      if (auto db = bearoff::TwoSidedDatabase::open(path)) {
        const uint32_t n = db->positions_per_side();
        for (uint32_t i : {0u, n / 2, n - 1})
          if (i < n) (void)db->equities(i, n - 1 - i);
        (void)db->evaluate(start);
        (void)db->evaluate(race);
      }
      break;
    case 2:
      if (auto db = bearoff::HypergammonDatabase::open(path)) {
        const uint32_t n = db->positions_per_side();
        for (uint32_t i : {0u, n / 2, n - 1})
          if (i < n) (void)db->entry(i, n - 1 - i);
        engine::Board h;
        h.sides[0][5] = h.sides[1][5] = std::min(db->chequers(), 3);
        (void)db->probe(h);
      }
      break;
  }
  return 0;
}
