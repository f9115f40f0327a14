// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for the hypergammon tests: temporary folders, running programs, comparing two database
// files value by value, and checking a database against the game's equations with the engine's
// own move generator (independent of the solver's move tables).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "bearoff/hypergammon_database.h"

namespace tavla::test {

inline constexpr const char* kGnubgMakehyper = "/usr/games/makehyper";
inline const std::string kTavlaMakehyper = std::string(TAVLA_BUILD_DIR) + "/makehyper";

// A fresh folder under the system's temporary folder, removed with its contents at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path file(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

int run_command(const std::string& command);               // exit status
std::string read_file(const std::filesystem::path& path);  // empty when unreadable
void write_file(const std::filesystem::path& path, const std::string& bytes);

// gnubg's makehyper when installed. Missing: nullopt, and the caller skips, except with CI=true in
// the environment, where missing is a failure (reported by this function through ADD_FAILURE).
std::optional<std::string> gnubg_makehyper();

// The value kinds compared: the five probabilities, the cubeless equity derived from them, and the
// four cubeful equities (gnubg's order).
inline constexpr int kKinds = 10;
inline constexpr std::array<const char*, kKinds> kKindNames = {
    "win",      "win gammon", "win bg",  "lose gammon", "lose bg",
    "cubeless", "owned",      "centred", "Jacoby",      "opponent owns"};

struct Difference {
  std::array<double, kKinds> max{};
  std::array<uint64_t, kKinds> above{};  // entries differing by more than the threshold
  std::array<uint64_t, kKinds> where{};  // entry number of the largest difference
  std::string describe() const;
};
Difference compare(const bearoff::HypergammonDatabase& a, const bearoff::HypergammonDatabase& b,
                   double threshold);

// How far a database is from satisfying the equations of the game (see hypergammon_solver.h):
// for the equities the largest |stored - computed from the successors|; for the probabilities
// the largest distance outside the range the plays tied (within `tie`) on cubeless equity allow.
// Finished and impossible pairs must hold their exact values. `stride` > 1 checks every stride-th
// pair only.
struct Residual {
  std::array<double, kKinds> max{};
  uint64_t checked = 0;
  uint64_t ties = 0;  // (pair, roll) with more than one tied play differing in probabilities
  std::string describe() const;
};
Residual residual(const bearoff::HypergammonDatabase& db, double tie, uint64_t stride = 1);

// The values one pair (u, t) must have given the database's values of its successors: `expected`
// for the equities; for the probabilities the range [low, high] of the choices among the plays
// tied (within `tie`) on cubeless equity; `ties`: rolls with tied plays that differ. `fixed`:
// finished or impossible pairs (exact values in `expected`).
struct PairRange {
  std::array<double, kKinds> expected{};
  std::array<double, 5> low{}, high{};
  int ties = 0;
  bool fixed = false;
};
PairRange pair_range(const bearoff::HypergammonDatabase& db, uint32_t u, uint32_t t, double tie);


}  // namespace tavla::test
