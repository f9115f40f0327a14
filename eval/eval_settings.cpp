// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/eval_settings.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace tavla::eval {

namespace {

// gnubg 1.07's five filter families share one shape: level 0 always filters with (0, e, t); at
// 3 and 4 plies level 2 filters again with (0, e2, t2); the other intermediate levels are skipped.
constexpr MoveFilters make_filters(int e, float t, int e2, float t2) {
  constexpr MoveFilter skip{-1, 0, 0.0f};
  constexpr MoveFilter none{0, 0, 0.0f};
  MoveFilters f{};
  f[0] = {MoveFilter{0, e, t}, none, none, none};
  f[1] = {MoveFilter{0, e, t}, skip, none, none};
  f[2] = {MoveFilter{0, e, t}, skip, MoveFilter{0, e2, t2}, none};
  f[3] = {MoveFilter{0, e, t}, skip, MoveFilter{0, e2, t2}, skip};
  return f;
}

constexpr std::array<MoveFilters, 5> kFilters = {
    make_filters(5, 0.08f, 2, 0.02f),    // tiny
    make_filters(8, 0.12f, 2, 0.03f),    // narrow
    make_filters(8, 0.16f, 2, 0.04f),    // normal
    make_filters(16, 0.32f, 4, 0.08f),   // large
    make_filters(20, 0.44f, 6, 0.11f)};  // huge

struct LevelDef {
  const char* name;
  EvalContext context;
  FilterName filters;
};

// All levels are cubeful and deterministic; the noisy ones are 0-ply.
constexpr LevelDef kLevels[kLevelCount] = {
    {"beginner", {0, true, false, true, 0.060f}, FilterName::kNormal},
    {"casual play", {0, true, false, true, 0.050f}, FilterName::kNormal},
    {"intermediate", {0, true, false, true, 0.040f}, FilterName::kNormal},
    {"advanced", {0, true, false, true, 0.015f}, FilterName::kNormal},
    {"expert", {0, true, false, true, 0.0f}, FilterName::kNormal},
    {"world class", {2, true, true, true, 0.0f}, FilterName::kNormal},
    {"supremo", {2, true, true, true, 0.0f}, FilterName::kLarge},
    {"grandmaster", {3, true, true, true, 0.0f}, FilterName::kLarge},
    {"4ply", {4, true, true, true, 0.0f}, FilterName::kLarge},
};

std::string squash(std::string_view s) {  // lower case, without ' ', '_', '-'
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '_' && c != '-') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

const MoveFilters& predefined_filters(FilterName name) { return kFilters[static_cast<int>(name)]; }

EvalSetup level_setup(Level level) {
  const LevelDef& d = kLevels[static_cast<int>(level)];
  return {d.context, predefined_filters(d.filters)};
}

std::string_view level_name(Level level) { return kLevels[static_cast<int>(level)].name; }

std::optional<Level> level_from_name(std::string_view name) {
  std::string want = squash(name);
  for (int i = 0; i < kLevelCount; ++i) {
    std::string have = squash(kLevels[i].name);
    if (want == have || (i == 1 && want == "casual")) return static_cast<Level>(i);
  }
  return std::nullopt;
}

}  // namespace tavla::eval
