// SPDX-License-Identifier: GPL-3.0-or-later
// Hypergammon evaluation against GNU Backgammon 1.07 playing the same variation: gnubg evaluates
// positions of 1- and 2-chequer hypergammon after `set variation`, and `tavla analyze
// --variation` must print the same probabilities, equities, cubeful equities and cube decisions
// (gnubg prints 5 decimals). Debian's gnubg reads hyper<N>.bd only from /var/lib/gnubg, so gnubg
// runs in a private mount namespace (unshare -rm) where a temporary folder with the database is
// mounted there; nothing of the installation is changed. Where namespaces are not permitted (some
// CI containers), the database is put into /var/lib/gnubg for the run if the folder is writable
// and has none, and removed afterwards.
// Money play with the cube centred (Jacoby on and off), owned by either side, and match play.
// The databases are tavla's makehyper files (gnubg's order, the default for 1 and 2 chequers),
// byte-identical to gnubg's (checked by test_hyper_gnubg); gnubg's own makehyper -c 2 takes a
// minute.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>

#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/position_id.h"
#include "engine/variant.h"
#include "hyper_test_util.h"

namespace tavla::test {
namespace {

constexpr const char* kGnubg = "/usr/games/gnubg";
constexpr double kTolerance = 2e-5;  // gnubg's 5 decimals, rounded

// A random legal board of c-chequer hypergammon: every chequer on the board or borne off (at most
// c - 1 of a side), never both sides on one point.
engine::Board random_board(int c, std::mt19937& rng) {
  for (;;) {
    engine::Board b;
    for (int side = 0; side < 2; ++side) {
      const int on = std::uniform_int_distribution<int>(1, c)(rng);
      for (int k = 0; k < on; ++k) b.sides[side][std::uniform_int_distribution<int>(0, 24)(rng)]++;
    }
    bool clash = false;
    for (int i = 0; i < 24; ++i) clash |= b.sides[1][i] > 0 && b.sides[0][23 - i] > 0;
    if (!clash) return b;
  }
}

struct Case {
  std::string id;  // POSID:MATCHID
  std::string label;
  bool match = false;
};

std::vector<Case> cases(int c, std::mt19937& rng) {
  std::vector<engine::MatchState> states;
  engine::MatchState money;  // centred, Jacoby on
  states.push_back(money);
  money.jacoby = false;
  states.push_back(money);
  money.cube = 2;
  money.cube_owner = 1;  // the side on roll owns the cube
  states.push_back(money);
  money.cube_owner = 0;  // the opponent owns it (no cube action)
  states.push_back(money);
  engine::MatchState match;
  match.match_length = 5;
  match.score = {2, 1};
  match.jacoby = false;
  states.push_back(match);
  std::vector<Case> out;
  for (const auto& ms : states)
    for (int k = 0; k < 6; ++k) {
      engine::Game g{random_board(c, rng), ms};
      out.push_back({engine::gnubg_id(g), "match ID " + engine::match_id(ms), !ms.is_money()});
    }
  return out;
}

// gnubg's numbers for one position: the static row (5 probabilities, equity, cubeful) and the
// cube analysis (no double, double/pass, double/take; gnubg lists them best first) when shown.
struct GnubgEval {
  std::vector<double> row, row2;  // static and 2-ply
  std::vector<double> cube = std::vector<double>(3, std::nan(""));
  int cube_lines = 0;
};

std::vector<double> numbers_after(const std::string& line, size_t from) {
  std::vector<double> v;
  std::string rest = line.substr(from);
  for (char& ch : rest)
    if (ch == '%' || ch == '(' || ch == ')') ch = ' ';
  std::istringstream in(rest);
  double x;
  while (in >> x) v.push_back(x);
  return v;
}

std::vector<GnubgEval> parse_gnubg(const std::string& text) {
  std::vector<GnubgEval> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("Setting GNUbg ID", 0) == 0) out.emplace_back();
    if (out.empty()) continue;
    if (line.rfind("static:", 0) == 0) out.back().row = numbers_after(line, 7);
    if (line.rfind(" 2 ply:", 0) == 0) out.back().row2 = numbers_after(line, 7);
    // (gnubg says "redouble" when the cube is owned.)
    const char* tags[6] = {"No double",   "Double, pass",   "Double, take",
                           "No redouble", "Redouble, pass", "Redouble, take"};
    for (int k = 0; k < 6; ++k)
      if (line.size() > 3 && line[1] == '.' && line.compare(3, std::strlen(tags[k]), tags[k]) == 0) {
        auto v = numbers_after(line, 3 + std::strlen(tags[k]));
        if (!v.empty()) out.back().cube[k % 3] = v[0], ++out.back().cube_lines;
      }
  }
  return out;
}

// The numbers of tavla's JSON answer (flat fields read with a tiny scanner).
double json_number(const std::string& json, const std::string& key, size_t from = 0) {
  const size_t p = json.find("\"" + key + "\":", from);
  if (p == std::string::npos) return std::nan("");
  return std::strtod(json.c_str() + p + key.size() + 3, nullptr);
}
std::vector<double> json_array(const std::string& json, const std::string& key) {
  std::vector<double> v;
  size_t p = json.find("\"" + key + "\":");
  if (p == std::string::npos) return v;
  p = json.find('[', p) + 1;
  const size_t end = json.find(']', p);
  std::string inner = json.substr(p, end - p);
  for (char& ch : inner)
    if (ch == ',') ch = ' ';
  std::istringstream in(inner);
  double x;
  while (in >> x) v.push_back(x);
  return v;
}

void compare_with_gnubg(int c) {
  if (!std::filesystem::exists(kGnubg)) {
    if (const char* ci = std::getenv("CI"); ci && std::string(ci) == "true")
      FAIL() << kGnubg << " missing";
    GTEST_SKIP() << kGnubg << " not installed";
  }
  TempDir dir;
  const std::string db = "hyper" + std::to_string(c) + ".bd";
  ASSERT_EQ(run_command("cd " + dir.path().string() + " && " + kTavlaMakehyper + " -c " +
                        std::to_string(c) + " --gnubg-order -n -f " + db + " 2>/dev/null"),
            0);
  // What gnubg will see as /var/lib/gnubg: its installed files (copied: the folder is replaced)
  // plus the database.
  const auto lib = dir.file("lib");
  std::filesystem::create_directory(lib);
  for (const auto& f : std::filesystem::directory_iterator("/var/lib/gnubg"))
    if (f.is_regular_file()) std::filesystem::copy_file(f.path(), lib / f.path().filename());
  std::filesystem::copy_file(dir.file(db), lib / db);
  // gnubg reads hyper<N>.bd from /var/lib/gnubg only. Best: show it our folder in a private
  // mount namespace. Where namespaces are not permitted but the folder is writable and holds no
  // such file (a CI machine running as root), put the file there for the run and take it away.
  const bool private_mount = run_command("unshare -rm true 2>/dev/null") == 0;
  const std::filesystem::path system_db = std::filesystem::path("/var/lib/gnubg") / db;
  struct Removal {
    std::filesystem::path path;
    ~Removal() {
      if (!path.empty()) std::filesystem::remove(path);
    }
  } removal;
  if (!private_mount) {
    std::error_code ec;
    if (!std::filesystem::exists(system_db) && access("/var/lib/gnubg", W_OK) == 0 &&
        std::filesystem::copy_file(dir.file(db), system_db, ec)) {
      removal.path = system_db;
    } else {
      const std::string why =
          "neither unshare -rm (user and mount namespaces) nor writing " + system_db.string() +
          " is possible here: gnubg cannot be shown a hypergammon database";
      if (const char* ci = std::getenv("CI"); ci && std::string(ci) == "true") FAIL() << why;
      GTEST_SKIP() << why;
    }
  }

  std::mt19937 rng(20261121 + c);
  const std::vector<Case> all = cases(c, rng);
  std::string script = "set variation " + std::to_string(c) +
                       "-chequer-hypergammon\nnew session\nset output digits 5\n";
  for (const Case& k : all)
    script += "set gnubgid " + k.id + "\neval\n";
  script += "quit\ny\n";
  write_file(dir.file("script"), script);
  const std::string gnubg_run =
      private_mount ? "unshare -rm sh -c 'mount --bind " + lib.string() + " /var/lib/gnubg && " +
                          kGnubg + " -t -q -r'"
                    : std::string(kGnubg) + " -t -q -r";
  ASSERT_EQ(run_command(gnubg_run + " < " + dir.file("script").string() + " > " +
                        dir.file("gnubg.out").string() + " 2>&1"),
            0);
  const std::string gnubg_text = read_file(dir.file("gnubg.out"));
  ASSERT_EQ(gnubg_text.find("CRITICAL"), std::string::npos) << "gnubg found no database";
  const std::vector<GnubgEval> g = parse_gnubg(gnubg_text);
  ASSERT_EQ(g.size(), all.size()) << gnubg_text;

  std::string ids;
  for (const Case& k : all) ids += k.id + "\n";
  write_file(dir.file("ids"), ids);
  // 0 ply for gnubg's static row; 2 plies (gnubg's world class) for its cube analysis and 2-ply
  // row: money play is exact at any depth, match play searches (gnubg recurses in match play).
  for (int plies : {0, 2})
    ASSERT_EQ(run_command("TAVLA_BEAROFF_DIR=" + dir.path().string() + " " +
                          std::string(TAVLA_BUILD_DIR) + "/tavla analyze --batch --plies " +
                          std::to_string(plies) + " --variation hypergammon" + std::to_string(c) +
                          " < " + dir.file("ids").string() + " > " +
                          dir.file("tavla" + std::to_string(plies)).string()),
              0);
  std::istringstream tavla0(read_file(dir.file("tavla0"))), tavla2(read_file(dir.file("tavla2")));
  int with_cube = 0, matches = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    std::string json, json2;
    ASSERT_TRUE(std::getline(tavla0, json));
    ASSERT_TRUE(std::getline(tavla2, json2));
    SCOPED_TRACE(all[i].id + " (" + all[i].label + ")\n" + json + "\n" + json2);
    ASSERT_EQ(json.find("\"error\""), std::string::npos);
    ASSERT_EQ(g[i].row.size(), 7u);
    ASSERT_EQ(g[i].row2.size(), 7u);
    const auto probs = json_array(json, "probs");
    ASSERT_EQ(probs.size(), 5u);
    for (int k = 0; k < 5; ++k) EXPECT_NEAR(probs[k], g[i].row[k], kTolerance) << "output " << k;
    // Equities: money, or in match play normalised (gnubg's default output, tavla's JSON).
    if (all[i].match)
      ++matches;
    else  // (gnubg's match-play Equity column is a normalised one; tavla's JSON has money's)
      EXPECT_NEAR(json_number(json, "equity"), g[i].row[5], kTolerance);
    EXPECT_NEAR(json_number(json, "cubeful_equity"), g[i].row[6], kTolerance);
    EXPECT_NEAR(json_number(json2, "cubeful_equity"), g[i].row2[6], kTolerance);
    const size_t cube = json2.find("\"cube\":{");
    EXPECT_EQ(cube != std::string::npos, g[i].cube_lines == 3);
    if (cube != std::string::npos && g[i].cube_lines == 3) {
      ++with_cube;
      EXPECT_NEAR(json_number(json2, "no_double", cube), g[i].cube[0], kTolerance);
      EXPECT_NEAR(json_number(json2, "double_pass", cube), g[i].cube[1], kTolerance);
      EXPECT_NEAR(json_number(json2, "double_take", cube), g[i].cube[2], kTolerance);
    }
  }
  EXPECT_GT(matches, 0);
  EXPECT_GT(with_cube, 10);
}

TEST(HyperPlayGnubg, OneChequer) {
  compare_with_gnubg(1);
}

TEST(HyperPlayGnubg, TwoChequers) {
  compare_with_gnubg(2);
}

}  // namespace
}  // namespace tavla::test
