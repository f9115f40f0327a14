// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/match_equity.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace tavla::eval {

namespace detail {
// eval/met_kazaross_xg2.cpp (generated from gnubg's met/Kazaross-XG2.xml).
MetSpec kazaross_xg2_spec();
}  // namespace detail

namespace {

// Gammon rate and free drops gnubg uses to continue an explicit post-Crawford row (its
// GAMMONRATE and the constants passed by InitMatchEquity).
constexpr float kPostExtensionGammonRate = 0.25f;
constexpr float kPostExtensionFreeDrop2 = 0.015f;
constexpr float kPostExtensionFreeDrop4 = 0.004f;

// Parameter value by name: the last one given wins, else the formula's default.
float parameter(const MetTableSpec& t, std::string_view name, float fallback) {
  float v = fallback;
  for (const auto& [k, value] : t.parameters)
    if (k == name) v = value;
  return v;
}

std::string type_name(MetTableSpec::Type t) {
  switch (t) {
    case MetTableSpec::Type::kExplicit:
      return "explicit";
    case MetTableSpec::Type::kZadeh:
      return "zadeh";
    case MetTableSpec::Type::kMec:
      return "mec";
  }
  return "?";
}

}  // namespace

engine::Result<MatchEquityTable> MatchEquityTable::from_spec(const MetSpec& spec) {
  const std::string where = spec.info.file.empty() ? spec.info.name : spec.info.file;
  auto error = [&](const std::string& what) { return engine::Error{where + ": " + what}; };
  const int length = spec.info.length;
  if (length < -1 || length > kMetMaxAway)
    return error("length " + std::to_string(length) + " outside -1.." +
                 std::to_string(kMetMaxAway));

  MatchEquityTable t;
  t.info_ = spec.info;

  // 1. Post-Crawford rows.
  for (int p = 0; p < 2; ++p) {
    const MetTableSpec& s = spec.post_crawford[p];
    auto& row = t.post_[p];
    switch (s.type) {
      case MetTableSpec::Type::kExplicit: {
        if (length < 1) return error("an explicit table needs a length of at least 1");
        const size_t needed = static_cast<size_t>(length - 1);
        if (s.rows.empty() ? needed > 0 : s.rows[0].size() < needed)
          return error("post-Crawford row of player " + std::to_string(p) + " has " +
                       std::to_string(s.rows.empty() ? 0 : s.rows[0].size()) +
                       " entries, the length " + std::to_string(length) + " needs " +
                       std::to_string(needed));
        // Entries up to length-1 away only: the first post-Crawford score of a length-n match
        // is (n-1)-away, so the n-away entry of a file need not be meaningful.
        for (size_t i = 0; i < needed; ++i) row[i] = s.rows[0][i];
        met_formulas::zadeh_post_crawford(row, length - 1, kPostExtensionGammonRate,
                                          kPostExtensionFreeDrop2, kPostExtensionFreeDrop4);
        break;
      }
      case MetTableSpec::Type::kZadeh:
        met_formulas::zadeh_post_crawford(row, 0, parameter(s, "gammon-rate-trailer", 0.25f),
                                          parameter(s, "free-drop-2-away", 0.015f),
                                          parameter(s, "free-drop-4-away", 0.004f));
        break;
      case MetTableSpec::Type::kMec:
        met_formulas::mec_post_crawford(
            row, parameter(s, "gammon-rate", 0.25f), parameter(s, "free-drop-2-away", 0.015f),
            parameter(s, "free-drop-4-away", 0.004f), parameter(s, "win-rate", 0.5f));
        break;
    }
    for (float v : row)
      if (!(v >= 0.0f && v <= 1.0f))
        return error("the " + type_name(s.type) + " post-Crawford row of player " +
                     std::to_string(p) + " leaves [0, 1]");
  }

  // 2. Pre-Crawford table.
  const MetTableSpec& pre = spec.pre_crawford;
  switch (pre.type) {
    case MetTableSpec::Type::kExplicit: {
      if (length < 1) return error("an explicit table needs a length of at least 1");
      const size_t n = static_cast<size_t>(length);
      if (pre.rows.size() < n)
        return error("pre-Crawford table has " + std::to_string(pre.rows.size()) +
                     " rows, the length needs " + std::to_string(n));
      for (size_t i = 0; i < n; ++i) {
        if (pre.rows[i].size() < n)
          return error("pre-Crawford row " + std::to_string(i + 1) + " has " +
                       std::to_string(pre.rows[i].size()) + " entries, the length needs " +
                       std::to_string(n));
        for (size_t j = 0; j < n; ++j) t.pre_[i][j] = pre.rows[i][j];
      }
      break;
    }
    case MetTableSpec::Type::kZadeh:
      met_formulas::zadeh_pre_crawford(
          t.pre_, t.post_[0], parameter(pre, "gammon-rate-leader", 0.25f),
          parameter(pre, "gammon-rate-trailer", 0.15f), parameter(pre, "delta", 0.08f),
          parameter(pre, "delta-bar", 0.06f));
      break;
    case MetTableSpec::Type::kMec:
      met_formulas::mec_pre_crawford(t.pre_, t.post_, parameter(pre, "gammon-rate", 0.15f),
                                     parameter(pre, "win-rate", 0.5f));
      break;
  }

  // 3. Montgomery's extension beyond the native length.
  met_formulas::montgomery_extend(t.pre_, length);
  for (const auto& r : t.pre_)
    for (float v : r)
      if (!std::isfinite(v)) return error("the pre-Crawford table has non-finite entries");
  return t;
}

engine::Result<MatchEquityTable> MatchEquityTable::parse(std::string_view xml,
                                                         std::string_view name) {
  engine::Result<MetSpec> spec = parse_met_xml(xml, name);
  if (!spec) return engine::Error{spec.error()};
  spec.value().info.file = std::string(name);
  return from_spec(spec.value());
}

engine::Result<MatchEquityTable> MatchEquityTable::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return engine::Error{file.string() + ": cannot open the file"};
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return engine::Error{file.string() + ": read error"};
  return parse(content.str(), file.string());
}

const MatchEquityTable& MatchEquityTable::kazaross_xg2() {
  static const MatchEquityTable table = [] {
    engine::Result<MatchEquityTable> t = from_spec(detail::kazaross_xg2_spec());
    return std::move(t).value();  // built-in data: a failure is a bug caught by the tests
  }();
  return table;
}

MatchEquityTable MatchEquityTable::zadeh_default() {
  MetSpec spec;
  spec.info = {"N. Zadeh, Management Science 23, 986 (1977)", "", "met/zadeh.xml", kMetMaxAway};
  spec.pre_crawford.type = MetTableSpec::Type::kZadeh;
  spec.pre_crawford.parameters = {
      {"gammon-rate-leader", 0.25f}, {"gammon-rate-trailer", 0.15f}, {"delta", 0.08f}};
  // gnubg's built-in list spells "deltebar", which is never looked up; the default 0.06 applies.
  for (auto& post : spec.post_crawford) {
    post.type = MetTableSpec::Type::kZadeh;
    post.parameters = {
        {"gammon-rate-trailer", 0.25f}, {"free-drop-2-away", 0.015f}, {"free-drop-4-away", 0.004f}};
  }
  return std::move(from_spec(spec)).value();
}

float MatchEquityTable::mwc_after(const std::array<int, 2>& score, int match_length, int player,
                                  int points, int winner, bool crawford) const {
  // Aways after the result, minus one (gnubg's n0, n1).
  const int n0 = match_length - (score[0] + (winner == 0 ? points : 0)) - 1;
  const int n1 = match_length - (score[1] + (winner == 1 ? points : 0)) - 1;
  if (n0 < 0) return player == 0 ? 1.0f : 0.0f;
  if (n1 < 0) return player == 0 ? 0.0f : 1.0f;
  if (crawford || match_length - score[0] == 1 || match_length - score[1] == 1) {
    // The next game is post-Crawford; the leader is 1-away.
    if (n0 == 0) return player == 0 ? 1.0f - post_[1][n1] : post_[1][n1];
    return player == 0 ? post_[0][n0] : 1.0f - post_[0][n0];
  }
  return player == 0 ? pre_[n0][n1] : 1.0f - pre_[n0][n1];
}

float MatchEquityTable::mwc_at_score(const std::array<int, 2>& score, int match_length, int player,
                                     bool crawford) const {
  const int n0 = match_length - score[0] - 1;
  const int n1 = match_length - score[1] - 1;
  if (n0 < 0) return player == 0 ? 1.0f : 0.0f;
  if (n1 < 0) return player == 0 ? 0.0f : 1.0f;
  if (!crawford && (n0 == 0 || n1 == 0)) {
    if (n0 == 0) return player == 0 ? 1.0f - post_[1][n1] : post_[1][n1];
    return player == 0 ? post_[0][n0] : 1.0f - post_[0][n0];
  }
  return player == 0 ? pre_[n0][n1] : 1.0f - pre_[n0][n1];
}

std::array<float, 4> MatchEquityTable::gammon_prices(const std::array<int, 2>& score,
                                                     int match_length, int cube) const {
  // gnubg precomputes these with the Crawford flag off; at scores where it would matter (a
  // player 1-away) the post-Crawford rows are used either way, so the flag makes no difference.
  auto me = [&](int points, int winner) {
    return mwc_after(score, match_length, 0, points, winner, false);
  };
  const float win = me(cube, 0), win_gammon = me(2 * cube, 0), win_bg = me(3 * cube, 0);
  const float lose = me(cube, 1), lose_gammon = me(2 * cube, 1), lose_bg = me(3 * cube, 1);
  const float centre = (win + lose) / 2.0f;
  std::array<float, 4> price{};
  constexpr float kEpsilon = 1.0e-7f;
  if (std::fabs(win - centre) > kEpsilon) {
    // (MWC gain of the bigger result over the centre) / (gain of a single win) - 1.
    price[0] = (win_gammon - centre) / (win - centre) - 1.0f;
    price[1] = (centre - lose_gammon) / (win - centre) - 1.0f;
    price[2] = (win_bg - centre) / (win - centre) - (price[0] + 1.0f);
    price[3] = (centre - lose_bg) / (win - centre) - (price[1] + 1.0f);
  }
  for (float& p : price)
    if (p < 0.0f) p = 0.0f;  // rounding noise where the cube is dead
  return price;
}

const ScoreMwcs& MatchEquityTable::score_mwcs(const std::array<int, 2>& score, int match_length,
                                              bool crawford) const {
  return score_cache_.get(*this, score, match_length, crawford);
}

MatchEquityTable::ScoreCache& MatchEquityTable::ScoreCache::operator=(const ScoreCache& other) {
  if (this == &other) return *this;
  const std::lock_guard lock(mutex_);
  for (auto& [key, entry] : entries_) retired_.push_back(std::move(entry));
  entries_.clear();
  return *this;
}

const ScoreMwcs& MatchEquityTable::ScoreCache::get(const MatchEquityTable& met,
                                                   const std::array<int, 2>& score,
                                                   int match_length, bool crawford) {
  const int key =
      ((match_length * kMetMaxAway + score[0]) * kMetMaxAway + score[1]) * 2 + (crawford ? 1 : 0);
  const std::lock_guard lock(mutex_);
  std::unique_ptr<const ScoreMwcs>& entry = entries_[key];
  if (!entry)
    entry =
        std::make_unique<const ScoreMwcs>(ScoreMwcs::compute(met, score, match_length, crawford));
  return *entry;
}

MatchEquityTable MatchEquityTable::inverted() const {
  MatchEquityTable t = *this;
  t.post_[0] = post_[1];
  t.post_[1] = post_[0];
  for (int i = 0; i < kMetMaxAway; ++i)
    for (int j = 0; j < kMetMaxAway; ++j) t.pre_[i][j] = 1.0f - pre_[j][i];
  return t;
}

}  // namespace tavla::eval
