// SPDX-License-Identifier: GPL-3.0-or-later
// The 40-byte ASCII header at the start of every gnubg bearoff database, exactly as gnubg 1.07's
// makebearoff/makehyper write it ("gnubg-" + fields, padded with 'x', ending in '\n'):
//
//   one-sided    gnubg-OS-PP-15-G-C-N   PP points, gammon distributions G, compressed C,
//                                       normal-distribution approximation N (N=1 implies G=1, C=0)
//   two-sided    gnubg-TS-PP-CC-F       PP points, CC chequers, F = cubeful equities included
//   hypergammon  gnubg-H<c>             c chequers (recognised, not read by tavla)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "bearoff/result.h"

namespace tavla::bearoff {

inline constexpr size_t kHeaderSize = 40;

enum class DatabaseKind { kOneSided, kTwoSided, kHypergammon };

struct DatabaseFormat {
  DatabaseKind kind = DatabaseKind::kOneSided;
  int points = 6;
  int chequers = 15;
  // One-sided databases.
  bool gammon = true;      // the distribution of rolls to bear the first chequer off is stored
  bool compressed = true;  // index + variable-length data instead of 32 values per distribution
  bool normal = false;     // 4 floats (mean, sd, gammon mean, gammon sd) instead of distributions
  // Two-sided databases.
  bool cubeful = true;  // 4 equities per position instead of the cubeless one only

  friend bool operator==(const DatabaseFormat&, const DatabaseFormat&) = default;
};

// The header gnubg writes for this format: exactly kHeaderSize bytes.
std::string format_header(const DatabaseFormat& format);

// Decodes a header (the first bytes of a file; fewer than kHeaderSize is an error). Every field
// is checked against the layout above; `file_name` is only used in error messages.
Result<DatabaseFormat> parse_header(std::string_view bytes, std::string_view file_name);

// Positions per side, C(points + chequers, points).
uint64_t positions_per_side(const DatabaseFormat& format);

// Bytes after the header for the fixed-size layouts (uncompressed and normal one-sided,
// two-sided); 0 for compressed one-sided files, whose size depends on their index.
uint64_t fixed_body_size(const DatabaseFormat& format);

}  // namespace tavla::bearoff
