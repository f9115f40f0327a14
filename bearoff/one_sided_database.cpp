// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/one_sided_database.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>

#include "bearoff/bearoff_index.h"
#include "bearoff/coverage.h"

namespace tavla::bearoff {

static_assert(std::endian::native == std::endian::little, "bearoff files are read in place");

namespace {

uint32_t read_u32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

// gnubg's fnd: the normal density at x, or a Dirac delta when sigma is (almost) zero.
float normal_density(float x, float mu, float sigma) {
  constexpr float kEpsilon = 1.0e-7f;
  if (sigma <= kEpsilon) return std::fabs(mu - x) < kEpsilon ? 1.0f : 0.0f;
  const float xm = (x - mu) / sigma;
  return 1.0f / (sigma * std::sqrt(2.0f * std::numbers::pi_v<float>)) * std::exp(-xm * xm / 2.0f);
}

// gnubg's AverageRolls, in its float arithmetic.
void average_rolls(const RollDistribution& p, float& mean, float& sd) {
  float sx = 0.0f, sx2 = 0.0f;
  for (int i = 1; i < kMaxRolls; ++i) {
    const float x = static_cast<float>(i) * p[i];
    sx += x;
    sx2 += static_cast<float>(i) * x;
  }
  mean = sx;
  sd = std::sqrt(sx2 - sx * sx);
}

}  // namespace

Result<OneSidedDatabase> OneSidedDatabase::open(const std::filesystem::path& path) {
  auto file = MappedFile::open(path);
  if (!file) return Error{file.error()};
  auto format = parse_header(file->bytes(), file->name());
  if (!format) return Error{format.error()};
  const std::string& name = file->name();
  if (format->kind != DatabaseKind::kOneSided)
    return Error{name + ": not a one-sided bearoff database"};

  OneSidedDatabase db;
  db.format_ = *format;
  const uint64_t n = positions_per_side(*format);
  if (n > UINT32_MAX) return Error{name + ": too many positions for the bearoff index"};
  db.size_ = static_cast<uint32_t>(n);
  const uint64_t size = file->size();

  if (!format->compressed) {
    const uint64_t expected = kHeaderSize + fixed_body_size(*format);
    if (size != expected)
      return Error{name + ": file size " + std::to_string(size) + " bytes, header implies " +
                   std::to_string(expected) + (size < expected ? " (truncated)" : "")};
  } else {
    // Walk the index: offsets must follow each other and lengths stay within 32 rolls.
    const int entry = format->gammon ? 8 : 6;
    const uint64_t index_end = kHeaderSize + n * entry;
    if (size < index_end)
      return Error{name + ": truncated: " + std::to_string(size) +
                   " bytes, the index alone needs " + std::to_string(index_end)};
    const uint8_t* p = file->data() + kHeaderSize;
    uint64_t words = 0;
    for (uint64_t i = 0; i < n; ++i, p += entry) {
      const uint32_t offset = read_u32(p);
      const int nz = p[4], first = p[5];
      const int nzg = format->gammon ? p[6] : 0, firstg = format->gammon ? p[7] : 0;
      if (offset != words || nz < 1 || first + nz > kMaxRolls ||
          (format->gammon && (nzg < 1 || firstg + nzg > kMaxRolls)))
        return Error{name + ": corrupt index entry for position " + std::to_string(i) +
                     " (offset " + std::to_string(offset) + ", expected " + std::to_string(words) +
                     "; lengths " + std::to_string(nz) + "/" + std::to_string(nzg) + ")"};
      words += nz + nzg;
    }
    const uint64_t expected = index_end + 2 * words;
    if (size != expected)
      return Error{name + ": file size " + std::to_string(size) + " bytes, index implies " +
                   std::to_string(expected) + (size < expected ? " (truncated)" : "")};
    db.data_offset_ = index_end;
  }
  db.file_ = std::move(file).value();
  return db;
}

bool OneSidedDatabase::covers(const engine::SideCounts& side) const {
  return side_fits(side, format_.points, format_.chequers);
}

OneSidedRaw OneSidedDatabase::raw(uint32_t index) const {
  assert(index < size_);
  OneSidedRaw r;
  const uint8_t* base = file_.data();
  if (format_.normal) {
    float f[4];
    std::memcpy(f, base + kHeaderSize + uint64_t{index} * 16, sizeof f);
    // gnubg truncates density x 65535 to 16 bits; densities above 1 (sd < 0.4) wrap around as
    // in gnubg's x86 build (float -> int32 -> uint16).
    auto to_u16 = [](float x) { return static_cast<uint16_t>(static_cast<int32_t>(x * 65535.0f)); };
    for (int i = 0; i < kMaxRolls; ++i) {
      r.bear_off[i] = to_u16(normal_density(static_cast<float>(i), f[0], f[1]));
      r.save_gammon[i] = to_u16(normal_density(static_cast<float>(i), f[2], f[3]));
    }
  } else if (!format_.compressed) {
    const uint8_t* p = base + kHeaderSize + uint64_t{index} * (format_.gammon ? 128 : 64);
    std::memcpy(r.bear_off.data(), p, 64);
    if (format_.gammon) std::memcpy(r.save_gammon.data(), p + 64, 64);
  } else {
    const int entry = format_.gammon ? 8 : 6;
    const uint8_t* e = base + kHeaderSize + uint64_t{index} * entry;
    const uint8_t* data = base + data_offset_ + 2 * uint64_t{read_u32(e)};
    std::memcpy(r.bear_off.data() + e[5], data, 2 * e[4]);
    if (format_.gammon) std::memcpy(r.save_gammon.data() + e[7], data + 2 * e[4], 2 * e[6]);
  }
  return r;
}

OneSidedDistribution OneSidedDatabase::distribution(uint32_t index) const {
  OneSidedDistribution d;
  if (format_.normal) {
    float f[4];
    std::memcpy(f, file_.data() + kHeaderSize + uint64_t{index} * 16, sizeof f);
    for (int i = 0; i < kMaxRolls; ++i) {
      d.bear_off[i] = normal_density(static_cast<float>(i), f[0], f[1]);
      d.save_gammon[i] = normal_density(static_cast<float>(i), f[2], f[3]);
    }
    return d;
  }
  const OneSidedRaw r = raw(index);
  for (int i = 0; i < kMaxRolls; ++i) {
    d.bear_off[i] = r.bear_off[i] / 65535.0f;
    d.save_gammon[i] = r.save_gammon[i] / 65535.0f;
  }
  return d;
}

RollStatistics OneSidedDatabase::roll_statistics(uint32_t index) const {
  RollStatistics s;
  if (format_.normal) {
    float f[4];
    std::memcpy(f, file_.data() + kHeaderSize + uint64_t{index} * 16, sizeof f);
    return {f[0], f[1], f[2], f[3]};
  }
  const OneSidedDistribution d = distribution(index);
  average_rolls(d.bear_off, s.mean, s.sd);
  average_rolls(d.save_gammon, s.gammon_mean, s.gammon_sd);
  return s;
}

std::optional<OneSidedRaw> OneSidedDatabase::raw(const engine::SideCounts& side) const {
  if (!covers(side)) return std::nullopt;
  return raw(bearoff_index(side, format_.points));
}

std::optional<OneSidedDistribution> OneSidedDatabase::distribution(
    const engine::SideCounts& side) const {
  if (!covers(side)) return std::nullopt;
  return distribution(bearoff_index(side, format_.points));
}

std::optional<float> OneSidedDatabase::mean_rolls(const engine::SideCounts& side) const {
  if (!covers(side)) return std::nullopt;
  return roll_statistics(bearoff_index(side, format_.points)).mean;
}

std::optional<Probabilities> OneSidedDatabase::evaluate(const engine::Board& board) const {
  const auto& us = board.sides[engine::Board::kOnRoll];
  const auto& them = board.sides[engine::Board::kOpponent];
  if (!is_bearoff_position(board, format_.points, format_.chequers)) return std::nullopt;
  const bool gammons = chequer_count(us) == engine::kCheckersPerSide ||
                       chequer_count(them) == engine::kCheckersPerSide;
  if (gammons && !format_.gammon) return std::nullopt;
  const OneSidedDistribution u = distribution(bearoff_index(us, format_.points));
  const OneSidedDistribution t = distribution(bearoff_index(them, format_.points));
  return one_sided_probabilities(u.bear_off, u.save_gammon, t.bear_off, t.save_gammon, gammons);
}

MaybeError OneSidedDatabase::verify() const {
  if (format_.normal) return std::nullopt;  // floats: nothing to add up
  for (uint32_t i = 0; i < size_; ++i) {
    const OneSidedRaw r = raw(i);
    uint32_t sum = 0, sumg = 0;
    for (int k = 0; k < kMaxRolls; ++k) {
      sum += r.bear_off[k];
      sumg += r.save_gammon[k];
    }
    if (sum != 65535 || (format_.gammon && sumg != 65535))
      return Error{name() + ": corrupt entry for position " + std::to_string(i) +
                   ": distribution sums to " + std::to_string(sum) + "/" + std::to_string(sumg) +
                   " instead of 65535"};
  }
  return std::nullopt;
}

}  // namespace tavla::bearoff
