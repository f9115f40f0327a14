// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's match analysis against gnubg 1.07's `analyse match` of the same files
// (tests/fixtures/analysis/, made by tests/gnubg/make_match_analysis_fixtures.py): the text of
// `show statistics match` and of `show statistics game` for every game, byte for byte, and per
// move the luck of the roll, the index of the play in the ranked list and its loss.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/match_analysis.h"
#include "engine/sgf.h"
#include "text/match_analysis_text.h"

namespace tavla {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// The fixture's statistics: [0] the match, [g] game g.
std::vector<std::string> fixture_statistics(const std::string& text) {
  std::vector<std::string> blocks(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("#")) continue;
    if (line.starts_with("=== game ")) {
      blocks.emplace_back();
      continue;
    }
    blocks.back() += line + "\n";
  }
  for (auto& b : blocks) b = rstrip(b);
  return blocks;
}

struct FixtureMove {
  std::map<std::string, std::string> fields;
};

// "G I ACTION PLAYER key=value ..." keyed by (G, I).
std::map<std::pair<int, int>, FixtureMove> fixture_moves(const std::string& text) {
  std::map<std::pair<int, int>, FixtureMove> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("#") || line.empty()) continue;
    std::istringstream ls(line);
    int g, i, player;
    std::string action, kv;
    ls >> g >> i >> action >> player;
    FixtureMove m;
    m.fields["action"] = action;
    m.fields["player"] = std::to_string(player);
    while (ls >> kv) {
      const auto eq = kv.find('=');
      m.fields[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    out[{g, i}] = m;
  }
  return out;
}

// gnubg is built with -ffast-math: the sums behind a roll's luck (the mean over 21 or 30 rolls)
// and some bearoff evaluations come out a few float ulps away from tavla's (most luck values and
// play scores are equal bit for bit; the largest difference seen is 5e-7).
constexpr float kLuckTolerance = 2e-6f;
constexpr double kLossTolerance = 2e-6;

// The numbers of a line and the text between them.
struct Tokens {
  std::vector<std::string> text;
  std::vector<std::string> numbers;
};

Tokens tokens(const std::string& line) {
  Tokens t;
  std::string cur;
  size_t i = 0;
  while (i < line.size()) {
    const bool sign = (line[i] == '-' || line[i] == '+') && i + 1 < line.size() &&
                      std::isdigit(static_cast<unsigned char>(line[i + 1]));
    if (std::isdigit(static_cast<unsigned char>(line[i])) || sign) {
      size_t j = i + 1;
      while (j < line.size() && (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == '.'))
        ++j;
      t.text.push_back(cur);
      cur.clear();
      t.numbers.push_back(line.substr(i, j - i));
      i = j;
    } else {
      cur += line[i++];
    }
  }
  t.text.push_back(cur);
  return t;
}

// gnubg's text and tavla's agree: the same lines, words and layout, and every number the same
// but for one unit in its last printed digit (a float total within an ulp or two of gnubg's that
// rounds the other way, see kLuckTolerance); differences of a unit are counted in `rounded`.
::testing::AssertionResult same_statistics(const std::string& want, const std::string& got,
                                           int& rounded) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  int line = 0;
  while (true) {
    const bool ha = static_cast<bool>(std::getline(a, la));
    const bool hb = static_cast<bool>(std::getline(b, lb));
    ++line;
    if (!ha && !hb) return ::testing::AssertionSuccess();
    if (ha != hb) return ::testing::AssertionFailure() << "line count differs at line " << line;
    if (la == lb) continue;
    const Tokens ta = tokens(la), tb = tokens(lb);
    bool ok = ta.text == tb.text && ta.numbers.size() == tb.numbers.size() &&
              la.size() == lb.size();
    for (size_t k = 0; ok && k < ta.numbers.size(); ++k) {
      const std::string &x = ta.numbers[k], &y = tb.numbers[k];
      if (x == y) continue;
      const size_t dot = x.find('.');
      const int decimals = dot == std::string::npos ? 0 : static_cast<int>(x.size() - dot - 1);
      ok = (y.find('.') == std::string::npos ? 0 : static_cast<int>(y.size() - y.find('.') - 1)) ==
               decimals &&
           std::fabs(std::stod(x) - std::stod(y)) <= std::pow(10.0, -decimals) * 1.0001;
      if (ok) ++rounded;
    }
    if (!ok)
      return ::testing::AssertionFailure() << "line " << line << "\n gnubg: " << la
                                           << "\n tavla: " << lb;
  }
}

analysis::Analyser& analyser() {
  static std::unique_ptr<analysis::Analyser> a = [] {
    auto r = analysis::Analyser::open({});
    if (!r) throw std::runtime_error(r.error());
    return std::move(r.value());
  }();
  return *a;
}

void check_case(const std::string& name, const std::string& match_file, int plies) {
  const std::string dir = TAVLA_FIXTURES;
  auto match = engine::read_sgf(read_file(dir + "/mat/" + match_file + ".sgf"), match_file);
  ASSERT_TRUE(match) << match.error();
  auto settings = analysis::match_analysis_settings(plies);
  auto m = analysis::analyse_match(analyser(), *match, settings);
  ASSERT_TRUE(m) << m.error();
  const auto expected = fixture_statistics(read_file(dir + "/analysis/" + name + ".stats.txt"));
  ASSERT_EQ(expected.size(), m->games.size() + 1);
  const auto& names = match->info.names;
  int rounded = 0;
  EXPECT_TRUE(same_statistics(
      expected[0], rstrip(text::format_statistics(m->statistics, m->match_length, names)),
      rounded))
      << name << ": match statistics";
  for (size_t g = 0; g < m->games.size(); ++g)
    EXPECT_TRUE(same_statistics(
        expected[g + 1],
        rstrip(text::format_statistics(m->games[g].statistics, m->match_length, names)), rounded))
        << name << ": statistics of game " << g + 1;
  // Rounding the other way is rare: at most a few printed numbers per file.
  EXPECT_LE(rounded, 4) << name;


  const auto moves = fixture_moves(read_file(dir + "/analysis/" + name + ".moves.txt"));
  int compared = 0;
  for (size_t g = 0; g < m->games.size(); ++g)
    for (const auto& d : m->games[g].decisions) {
      auto it = moves.find({static_cast<int>(g + 1), d.record});
      ASSERT_NE(it, moves.end()) << name << " game " << g + 1 << " record " << d.record;
      const auto& f = it->second.fields;
      const std::string where =
          name + " game " + std::to_string(g + 1) + " record " + std::to_string(d.record);
      EXPECT_EQ(f.at("player"), std::to_string(d.player)) << where;
      if (d.kind != engine::RecordKind::kMove) continue;
      ASSERT_EQ(f.at("action"), "move") << where;
      ASSERT_TRUE(d.luck.has_value()) << where;
      ASSERT_TRUE(f.contains("luck")) << where;
      EXPECT_NEAR(*d.luck, std::stof(f.at("luck")), kLuckTolerance) << where;
      if (f.contains("imove") && d.played >= 0) {
        EXPECT_EQ(d.played, std::stoi(f.at("imove"))) << where;
        if (f.contains("loss")) {
          const double loss = static_cast<double>(d.moves[0].score) - d.moves[d.played].score;
          EXPECT_NEAR(loss, std::stod(f.at("loss")), kLossTolerance) << where;
        }
      }
      ++compared;
    }
  EXPECT_GT(compared, 0);
}

TEST(MatchAnalysis, OnePointMatch) { check_case("match1", "match1", 0); }
TEST(MatchAnalysis, ThreePointMatch) { check_case("match3", "match3", 0); }
TEST(MatchAnalysis, CrawfordAndPostCrawford) { check_case("match7", "match7", 0); }
TEST(MatchAnalysis, ElevenPointMatch) { check_case("match11", "match11", 0); }
TEST(MatchAnalysis, EngineSelfPlay) { check_case("engine7", "engine7", 0); }
TEST(MatchAnalysis, MoneySessionJacoby) { check_case("money_jacoby", "money_jacoby", 0); }
TEST(MatchAnalysis, MoneySessionBeavers) { check_case("money_beavers", "money_beavers", 0); }
TEST(MatchAnalysis, GnubgDefaults) { check_case("engine7_default", "engine7", 2); }

std::string run(const std::string& command) {
  FILE* p = popen(command.c_str(), "r");
  if (!p) return "";
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

// The program's statistics text: from the first "Player" line, one block per "Player" line.
std::vector<std::string> statistics_blocks(const std::string& out) {
  std::vector<std::string> blocks;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("Player ")) blocks.emplace_back();
    if (!blocks.empty()) blocks.back() += line + "\n";
  }
  for (auto& b : blocks) b = rstrip(b);
  return blocks;
}

// The doors: the shell's `analyse match` (gnubg's analysis defaults) and `show statistics
// match` / `game` (the last game), and `tavla analyze MATCHFILE`, against the same gnubg
// analysis of engine7.sgf at its defaults.
TEST(MatchAnalysisDoors, ShellAnalyseMatch) {
  const std::string dir = TAVLA_FIXTURES;
  const auto expected = fixture_statistics(read_file(dir + "/analysis/engine7_default.stats.txt"));
  const std::string cmds = ::testing::TempDir() + "/tavla_analyse_cmds";
  std::ofstream(cmds) << "load match " << dir << "/mat/engine7.sgf\nanalyse match\n"
                      << "show statistics match\nshow statistics game\n";
  const auto got = statistics_blocks(run(std::string(TAVLA_BUILD_DIR) + "/tavla -t -q < " + cmds));
  ASSERT_EQ(got.size(), 2u);
  int rounded = 0;
  EXPECT_TRUE(same_statistics(expected[0], got[0], rounded));
  EXPECT_TRUE(same_statistics(expected.back(), got[1], rounded));
  EXPECT_LE(rounded, 4);
}

TEST(MatchAnalysisDoors, AnalyzeCommand) {
  const std::string dir = TAVLA_FIXTURES;
  const auto expected = fixture_statistics(read_file(dir + "/analysis/match7.stats.txt"));
  // 0 ply, as the fixture; a .mat file of the same match.
  const auto got = statistics_blocks(run(std::string(TAVLA_BUILD_DIR) + "/tavla analyze " + dir +
                                         "/mat/match7.mat --plies 0 --threads 1"));
  ASSERT_EQ(got.size(), 1u);
  int rounded = 0;
  EXPECT_TRUE(same_statistics(expected[0], got[0], rounded));
  EXPECT_LE(rounded, 4);
  const std::string json =
      run(std::string(TAVLA_BUILD_DIR) + "/tavla analyze " + dir + "/mat/match1.sgf --plies 0 --json");
  EXPECT_NE(json.find("\"players\":[{\"name\":\"alice\""), std::string::npos) << json.substr(0, 200);
  EXPECT_NE(json.find("\"error_rate_memg\""), std::string::npos);
  EXPECT_NE(json.find("\"decisions\":[{"), std::string::npos);
  // Bad input: a clear error and a non-zero exit status.
  EXPECT_NE(std::system((std::string(TAVLA_BUILD_DIR) + "/tavla analyze " +
                         ::testing::TempDir() + "/missing.sgf 2>/dev/null").c_str()),
            0);
}

}  // namespace
}  // namespace tavla
