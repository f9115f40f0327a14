// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/database_header.h"

#include <cstdio>

#include "bearoff/bearoff_index.h"

namespace tavla::bearoff {

namespace {

std::string pad(std::string fields) {
  fields.resize(kHeaderSize - 1, 'x');
  fields.push_back('\n');
  return fields;
}

Error header_error(std::string_view file_name, const std::string& what) {
  return Error{std::string(file_name) + ": not a valid gnubg bearoff database: " + what};
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// A two-digit decimal field at `at`, or -1.
int two_digits(std::string_view s, size_t at) {
  if (!is_digit(s[at]) || !is_digit(s[at + 1])) return -1;
  return (s[at] - '0') * 10 + (s[at + 1] - '0');
}

// A 0/1 flag at `at`, or -1.
int flag(std::string_view s, size_t at) {
  if (s[at] == '0' || s[at] == '1') return s[at] - '0';
  return -1;
}

}  // namespace

std::string format_header(const DatabaseFormat& f) {
  char buf[kHeaderSize + 1];
  switch (f.kind) {
    case DatabaseKind::kOneSided:
      std::snprintf(buf, sizeof buf, "gnubg-OS-%02d-%02d-%d-%d-%d", f.points, f.chequers,
                    f.gammon ? 1 : 0, f.compressed ? 1 : 0, f.normal ? 1 : 0);
      break;
    case DatabaseKind::kTwoSided:
      std::snprintf(buf, sizeof buf, "gnubg-TS-%02d-%02d-%d", f.points, f.chequers,
                    f.cubeful ? 1 : 0);
      break;
    case DatabaseKind::kHypergammon:
      std::snprintf(buf, sizeof buf, "gnubg-H%d", f.chequers);
      break;
  }
  return pad(buf);
}

Result<DatabaseFormat> parse_header(std::string_view s, std::string_view file_name) {
  if (s.size() < kHeaderSize)
    return header_error(file_name, "file is shorter than the 40-byte header (" +
                                       std::to_string(s.size()) + " bytes)");
  s = s.substr(0, kHeaderSize);
  if (s.substr(0, 6) != "gnubg-")
    return header_error(file_name, "header does not start with \"gnubg-\"");
  if (s[kHeaderSize - 1] != '\n')
    return header_error(file_name, "header does not end in a newline");

  DatabaseFormat f;
  size_t padding_from = 0;
  if (s.substr(6, 3) == "OS-" || s.substr(6, 3) == "TS-") {
    const bool one_sided = s[6] == 'O';
    f.kind = one_sided ? DatabaseKind::kOneSided : DatabaseKind::kTwoSided;
    f.points = two_digits(s, 9);
    f.chequers = two_digits(s, 12);
    if (s[11] != '-' || s[14] != '-' || f.points < 0 || f.chequers < 0)
      return header_error(file_name, "malformed points/chequers fields");
    if (f.points < 1 || f.points > 23)
      return header_error(file_name, "illegal number of points " + std::to_string(f.points));
    if (f.chequers < 1 || f.chequers > kMaxIndexChequers)
      return header_error(file_name, "illegal number of chequers " + std::to_string(f.chequers));
    if (one_sided) {
      const int g = flag(s, 15), c = flag(s, 17), n = flag(s, 19);
      if (g < 0 || c < 0 || n < 0 || s[16] != '-' || s[18] != '-')
        return header_error(file_name, "malformed one-sided flags (gammon-compressed-normal)");
      f.gammon = g;
      f.compressed = c;
      f.normal = n;
      if (f.normal && (f.compressed || !f.gammon))
        return header_error(file_name,
                            "normal-distribution database marked compressed or "
                            "without gammons");
      f.cubeful = false;
      padding_from = 20;
    } else {
      const int c = flag(s, 15);
      if (c < 0) return header_error(file_name, "malformed two-sided cubeful flag");
      f.cubeful = c;
      f.gammon = f.compressed = f.normal = false;
      padding_from = 16;
    }
  } else if (s[6] == 'H') {
    f.kind = DatabaseKind::kHypergammon;
    f.points = 25;
    if (!is_digit(s[7]) || s[7] < '1' || s[7] > '3')
      return header_error(file_name, "illegal hypergammon chequer count");
    f.chequers = s[7] - '0';
    f.gammon = f.compressed = f.normal = f.cubeful = false;
    padding_from = 8;
  } else {
    return header_error(file_name, "unknown database type \"" + std::string(s.substr(6, 2)) +
                                       "\" (expected OS, TS or H)");
  }
  for (size_t i = padding_from; i + 1 < kHeaderSize; ++i)
    if (s[i] != 'x') return header_error(file_name, "unexpected character in header padding");
  return f;
}

uint64_t positions_per_side(const DatabaseFormat& f) {
  return position_count(f.points, f.chequers);
}

uint64_t fixed_body_size(const DatabaseFormat& f) {
  const uint64_t n = positions_per_side(f);
  // n * n would overflow for absurd headers; no such file can exist.
  constexpr uint64_t kTooMany = uint64_t{1} << 28;
  if (f.kind != DatabaseKind::kOneSided && n > kTooMany) return UINT64_MAX;
  switch (f.kind) {
    case DatabaseKind::kOneSided:
      if (f.normal) return n * 16;
      if (f.compressed) return 0;
      return n * (f.gammon ? 128 : 64);
    case DatabaseKind::kTwoSided:
      return n * n * (f.cubeful ? 8 : 2);
    case DatabaseKind::kHypergammon:
      return n * n * 28;
  }
  return 0;
}

}  // namespace tavla::bearoff
