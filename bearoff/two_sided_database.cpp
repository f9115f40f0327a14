// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/two_sided_database.h"

#include <bit>
#include <cstring>

#include "bearoff/bearoff_index.h"
#include "bearoff/coverage.h"

namespace tavla::bearoff {

static_assert(std::endian::native == std::endian::little, "bearoff files are read in place");

Result<TwoSidedDatabase> TwoSidedDatabase::open(const std::filesystem::path& path) {
  auto file = MappedFile::open(path);
  if (!file) return Error{file.error()};
  auto format = parse_header(file->bytes(), file->name());
  if (!format) return Error{format.error()};
  const std::string& name = file->name();
  if (format->kind != DatabaseKind::kTwoSided)
    return Error{name + ": not a two-sided bearoff database"};
  const uint64_t expected = kHeaderSize + fixed_body_size(*format);
  if (file->size() != expected)
    return Error{name + ": file size " + std::to_string(file->size()) + " bytes, header implies " +
                 std::to_string(expected) + (file->size() < expected ? " (truncated)" : "")};
  TwoSidedDatabase db;
  db.format_ = *format;
  db.n_ = static_cast<uint32_t>(bearoff::positions_per_side(*format));
  db.file_ = std::move(file).value();
  return db;
}

bool TwoSidedDatabase::covers(const engine::Board& board) const {
  return is_bearoff_position(board, format_.points, format_.chequers);
}

std::array<uint16_t, 4> TwoSidedDatabase::raw(uint32_t on_roll, uint32_t opponent) const {
  assert(on_roll < n_ && opponent < n_);
  const int values = format_.cubeful ? 4 : 1;
  const uint64_t entry = uint64_t{on_roll} * n_ + opponent;
  std::array<uint16_t, 4> v{};
  std::memcpy(v.data(), file_.data() + kHeaderSize + entry * values * 2, values * 2);
  return v;
}

TwoSidedEquities TwoSidedDatabase::equities(uint32_t on_roll, uint32_t opponent) const {
  const auto v = raw(on_roll, opponent);
  TwoSidedEquities e;
  e.cubeless = equity_from_stored(v[0]);
  if (format_.cubeful) {
    e.has_cubeful = true;
    e.owned = equity_from_stored(v[1]);
    e.centred = equity_from_stored(v[2]);
    e.opponent_owns = equity_from_stored(v[3]);
  }
  return e;
}

std::optional<TwoSidedEquities> TwoSidedDatabase::equities(const engine::Board& board) const {
  if (!covers(board)) return std::nullopt;
  return equities(bearoff_index(board.sides[engine::Board::kOnRoll], format_.points),
                  bearoff_index(board.sides[engine::Board::kOpponent], format_.points));
}

std::optional<float> TwoSidedDatabase::cubeless_equity(const engine::Board& board) const {
  if (!covers(board)) return std::nullopt;
  const auto v = raw(bearoff_index(board.sides[engine::Board::kOnRoll], format_.points),
                     bearoff_index(board.sides[engine::Board::kOpponent], format_.points));
  return equity_from_stored(v[0]);
}

std::optional<Probabilities> TwoSidedDatabase::evaluate(const engine::Board& board) const {
  const auto e = cubeless_equity(board);
  if (!e) return std::nullopt;
  return two_sided_probabilities(*e);
}

}  // namespace tavla::bearoff
