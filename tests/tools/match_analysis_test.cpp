// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's match analysis against gnubg 1.07's `analyse match` of the same files
// (tests/fixtures/analysis/, made by tests/gnubg/make_match_analysis_fixtures.py): the text of
// `show statistics match` and of `show statistics game` for every game, byte for byte, and per
// move the luck of the roll, the index of the play in the ranked list and its loss.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/match_analysis.h"
#include "engine/sgf.h"
#include "text/match_analysis_sgf.h"
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
// With `from_sgf` (gnubg's statistics of a match it loaded from an analysed SGF file, which it
// recounts from numbers rounded to 6 decimals, the luck to 5): counts must be equal, and the
// luck-based FIBS rating difference, a steep function of the luck totals, may differ by 0.2.
::testing::AssertionResult same_statistics(const std::string& want, const std::string& got,
                                           int& rounded, bool from_sgf = false) {
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
      double tolerance = std::pow(10.0, -decimals) * 1.0001;
      if (from_sgf && decimals == 0) tolerance = 0.0;
      if (from_sgf && la.starts_with("Luck based FIBS rating diff.")) tolerance = 0.2;
      ok = (y.find('.') == std::string::npos ? 0 : static_cast<int>(y.size() - y.find('.') - 1)) ==
               decimals &&
           std::fabs(std::stod(x) - std::stod(y)) <= tolerance;
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

// ---- analysed SGF: gnubg 1.07 opens tavla's file with the analysis in place -------------------

constexpr const char* kGnubg = "/usr/games/gnubg";

bool have_gnubg() { return std::ifstream(kGnubg).good(); }
bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci && std::string(ci) == "true";
}

// gnubg's statistics of an SGF file it loads (tests/tools/gnubg_statistics.py): [0] the match,
// [g] game g, as fixture_statistics splits them.
std::vector<std::string> gnubg_statistics(const std::string& sgf) {
  const std::string out = run("TAVLA_SGF='" + sgf + "' " + kGnubg + " -t -q -r -p " +
                              TAVLA_SOURCE_DIR + "/tests/tools/gnubg_statistics.py 2>&1");
  const size_t start = out.find("\nPlayer ");  // after gnubg's banner
  if (start == std::string::npos) return {out};
  return fixture_statistics(out.substr(start + 1));
}

// tavla analyses `match_file` at `plies`, writes the analysed SGF; gnubg loads it and prints the
// statistics of the match and of every game: they are tavla's.
void check_sgf_in_gnubg(const std::string& name, const std::string& match_file, int plies) {
  if (!have_gnubg()) {
    if (in_ci()) FAIL() << "gnubg is not installed (CI must have it)";
    GTEST_SKIP() << "gnubg is not installed";
  }
  const std::string dir = TAVLA_FIXTURES;
  auto match = engine::read_sgf(read_file(dir + "/mat/" + match_file + ".sgf"), match_file);
  ASSERT_TRUE(match) << match.error();
  auto m = analysis::analyse_match(analyser(), *match, analysis::match_analysis_settings(plies));
  ASSERT_TRUE(m) << m.error();
  const std::string sgf_text = text::match_analysis_sgf(*match, *m, engine::kSgfApplication);
  // The analysis is in the file: cube (DA), plays (A), luck (LU), statistics (GS); the context
  // names the plies (gnubg's "E ver 3 <plies>C ...").
  // (A 1-point match has no cube decisions.)
  for (const std::string& what :
       {std::string("DA[E ver 3 ") + std::to_string(plies) + "C 1 0.000000 1 ", std::string("]A["),
        std::string("MR[]LU["), std::string("GS[M:")})
    EXPECT_EQ(sgf_text.find(what) != std::string::npos,
              m->match_length != 1 || !what.starts_with("DA"))
        << name << ": " << what;
  // Every DA[] holds the context and 2 x 7 outputs; both cube states carry the cubeless equity at
  // the cube in play, as gnubg writes them.
  int das = 0;
  for (size_t at = sgf_text.find("DA[E ver 3 "); at != std::string::npos;
       at = sgf_text.find("DA[E ver 3 ", at + 1), ++das) {
    std::istringstream da(sgf_text.substr(at + 11, sgf_text.find(']', at) - at - 11));
    std::string ply_text;
    int deterministic = -1, prune = -1;
    float noise = -1.0f;
    da >> ply_text >> deterministic >> noise >> prune;
    EXPECT_EQ(ply_text, std::to_string(plies) + "C") << name;
    EXPECT_EQ(deterministic, 1) << name;
    EXPECT_EQ(prune, 1) << name;
    std::vector<float> outputs;
    for (float x; da >> x;) outputs.push_back(x);
    ASSERT_EQ(outputs.size(), 14u) << name << " at " << at;
    for (int i : {0, 1, 2, 3, 4}) {
      EXPECT_GE(outputs[i], 0.0f) << name;
      EXPECT_LE(outputs[i], 1.0f) << name;
      EXPECT_EQ(outputs[i], outputs[i + 7]) << name;
    }
    EXPECT_EQ(outputs[5], outputs[12]) << name << " at " << at;
  }
  EXPECT_EQ(das > 0, m->match_length != 1) << name;
  // tavla reads its own file back: the same match (the analysis properties are skipped).
  auto back = engine::read_sgf(sgf_text, name);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(engine::write_sgf(*back, engine::kSgfApplication),
            engine::write_sgf(*match, engine::kSgfApplication))
      << name;

  const std::string path = ::testing::TempDir() + "/tavla_" + name + ".analysed.sgf";
  std::ofstream(path, std::ios::binary) << sgf_text;
  const auto got = gnubg_statistics(path);
  ASSERT_EQ(got.size(), m->games.size() + 1) << name << ": gnubg printed\n" << got[0];
  const auto& names = match->info.names;
  int rounded = 0;
  EXPECT_TRUE(same_statistics(rstrip(text::format_statistics(m->statistics, m->match_length, names)),
                              got[0], rounded, true))
      << name << ": match statistics";
  for (size_t g = 0; g < m->games.size(); ++g)
    EXPECT_TRUE(same_statistics(
        rstrip(text::format_statistics(m->games[g].statistics, m->match_length, names)),
        got[g + 1], rounded, true))
        << name << ": statistics of game " << g + 1;
  // The file's rounding shows in the last digit of a few totals only.
  EXPECT_LE(rounded, 12) << name;
}

TEST(AnalysedSgf, OnePointMatch) { check_sgf_in_gnubg("match1", "match1", 0); }
TEST(AnalysedSgf, ThreePointMatch) { check_sgf_in_gnubg("match3", "match3", 0); }
TEST(AnalysedSgf, CrawfordAndPostCrawford) { check_sgf_in_gnubg("match7", "match7", 0); }
TEST(AnalysedSgf, ElevenPointMatch) { check_sgf_in_gnubg("match11", "match11", 0); }
TEST(AnalysedSgf, MoneySessionJacoby) { check_sgf_in_gnubg("money_jacoby", "money_jacoby", 0); }
TEST(AnalysedSgf, MoneySessionBeavers) { check_sgf_in_gnubg("money_beavers", "money_beavers", 0); }
TEST(AnalysedSgf, GnubgDefaults) { check_sgf_in_gnubg("engine7_default", "engine7", 2); }

// The doors: `tavla analyze MATCHFILE --sgf FILE` writes the same file; the shell's `save match`
// after `analyse match` keeps the analysis; bad uses are refused with a message.
TEST(AnalysedSgf, AnalyzeCommandWritesIt) {
  const std::string dir = TAVLA_FIXTURES;
  const std::string path = ::testing::TempDir() + "/tavla_cli_match3.sgf";
  std::remove(path.c_str());
  run(std::string(TAVLA_BUILD_DIR) + "/tavla analyze " + dir +
      "/mat/match3.sgf --plies 0 --threads 1 --sgf " + path + " > /dev/null");
  auto match = engine::read_sgf(read_file(dir + "/mat/match3.sgf"), "match3");
  ASSERT_TRUE(match) << match.error();
  auto m = analysis::analyse_match(analyser(), *match, analysis::match_analysis_settings(0));
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(read_file(path), text::match_analysis_sgf(*match, *m, engine::kSgfApplication));

  const std::string bad = run(std::string(TAVLA_BUILD_DIR) + "/tavla analyze " + dir +
                              "/mat/match1.sgf --plies 0 --sgf /nonexistent/dir/x.sgf 2>&1; echo rc=$?");
  EXPECT_NE(bad.find("cannot write the analysed SGF to /nonexistent/dir/x.sgf"), std::string::npos)
      << bad;
  EXPECT_NE(bad.find("rc=1"), std::string::npos) << bad;
  const std::string no_match = run(std::string(TAVLA_BUILD_DIR) +
                                   "/tavla analyze 4HPwATDgc/ABMA --sgf x.sgf 2>&1; echo rc=$?");
  EXPECT_NE(no_match.find("--sgf needs a match file"), std::string::npos) << no_match;
  EXPECT_NE(no_match.find("rc=2"), std::string::npos) << no_match;
}

TEST(AnalysedSgf, ShellSaveMatchAfterAnalyse) {
  const std::string dir = TAVLA_FIXTURES;
  const std::string path = ::testing::TempDir() + "/tavla_shell_match3.sgf";
  const std::string plain = ::testing::TempDir() + "/tavla_shell_match3_plain.sgf";
  std::remove(path.c_str());
  std::remove(plain.c_str());
  const std::string cmds = ::testing::TempDir() + "/tavla_save_cmds";
  // Saved before the analysis: no analysis properties; after it: the analysis at gnubg's
  // defaults (2 ply).
  std::ofstream(cmds) << "load match " << dir << "/mat/match3.sgf\nsave match " << plain
                      << "\nanalyse match\nshow statistics match\nsave match " << path << "\n";
  const auto stats = statistics_blocks(run(std::string(TAVLA_BUILD_DIR) + "/tavla -t -q < " + cmds));
  ASSERT_EQ(stats.size(), 1u);
  const std::string before = read_file(plain), after = read_file(path);
  EXPECT_EQ(before.find("LU["), std::string::npos);
  EXPECT_NE(after.find("DA[E ver 3 2C 1 0.000000 1 "), std::string::npos);
  EXPECT_NE(after.find(" 2C 0 1 0.000000 1]"), std::string::npos);  // plays scored at 2 ply
  EXPECT_NE(after.find("GS[M:"), std::string::npos);
  if (!have_gnubg()) {
    if (in_ci()) FAIL() << "gnubg is not installed (CI must have it)";
    GTEST_SKIP() << "gnubg is not installed";
  }
  const auto got = gnubg_statistics(path);
  ASSERT_GE(got.size(), 1u);
  int rounded = 0;
  EXPECT_TRUE(same_statistics(stats[0], got[0], rounded, true));
  EXPECT_LE(rounded, 12);
}

}  // namespace
}  // namespace tavla
