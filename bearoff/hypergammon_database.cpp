// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/hypergammon_database.h"

#include <cassert>

#include "bearoff/bearoff_index.h"
#include "bearoff/database_header.h"

namespace tavla::bearoff {

uint32_t hyper_positions_per_side(int chequers) {
  assert(chequers >= 1 && chequers <= kHyperMaxChequers);
  return static_cast<uint32_t>(position_count(kHyperPoints, chequers));
}

uint64_t hyper_file_size(int chequers) {
  const uint64_t n = hyper_positions_per_side(chequers);
  return kHeaderSize + n * n * kHyperEntryBytes;
}

std::optional<HyperIndex> hyper_index(const engine::Board& board, int chequers) {
  if (board.checkers_on_board(engine::Board::kOnRoll) > chequers ||
      board.checkers_on_board(engine::Board::kOpponent) > chequers)
    return std::nullopt;
  return HyperIndex{bearoff_index(board.on_roll(), kHyperPoints),
                    bearoff_index(board.opponent(), kHyperPoints)};
}

Result<HypergammonDatabase> HypergammonDatabase::open(const std::filesystem::path& path,
                                                      std::optional<int> expected_chequers) {
  auto file = MappedFile::open(path);
  if (!file) return Error{file.error()};
  auto format = parse_header(file->bytes(), file->name());
  if (!format) return Error{format.error()};
  const std::string& name = file->name();
  if (format->kind != DatabaseKind::kHypergammon)
    return Error{name + ": not a hypergammon database (header \"" +
                 std::string(file->bytes().substr(0, 8)) + "...\")"};
  if (expected_chequers && *expected_chequers != format->chequers)
    return Error{name + ": a " + std::to_string(format->chequers) +
                 "-chequer hypergammon database, not " + std::to_string(*expected_chequers) +
                 "-chequer"};
  const uint64_t expected = hyper_file_size(format->chequers);
  if (file->size() != expected)
    return Error{name + ": file size " + std::to_string(file->size()) + " bytes, a " +
                 std::to_string(format->chequers) + "-chequer hypergammon database has " +
                 std::to_string(expected) + (file->size() < expected ? " (truncated)" : "")};
  HypergammonDatabase db;
  db.chequers_ = format->chequers;
  db.n_ = hyper_positions_per_side(format->chequers);
  db.file_ = std::move(file).value();
  return db;
}

const uint8_t* HypergammonDatabase::raw(uint32_t on_roll, uint32_t opponent) const {
  assert(on_roll < n_ && opponent < n_);
  return file_.data() + kHeaderSize + (uint64_t{on_roll} * n_ + opponent) * kHyperEntryBytes;
}

std::optional<HyperEntry> HypergammonDatabase::probe(const engine::Board& board) const {
  const auto index = hyper_index(board, chequers_);
  if (!index) return std::nullopt;
  return entry(index->on_roll, index->opponent);
}

}  // namespace tavla::bearoff
