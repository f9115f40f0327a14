// SPDX-License-Identifier: GPL-3.0-or-later
// End-to-end: `tavla analyze --batch` as a script would use it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "engine/match_id.h"
#include "engine/match_state.h"
#include "fixtures.h"

namespace {

std::string run(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

std::string tavla_bin() { return std::string(TAVLA_BUILD_DIR) + "/tavla"; }

}  // namespace

TEST(BatchProtocol, OneJsonObjectPerLineAndErrorsDoNotStopTheBatch) {
  std::string input = std::string(TAVLA_BUILD_DIR) + "/tests/batch_input.txt";
  {
    std::ofstream f(input);
    f << "4HPwATDgc/ABMA:cIkFAAAAAAAA\n"
         "not-an-id\n"
         "4HPwATDgc/ABMA\n"
         "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10\n";
  }
  auto lines = tavla::test::split(run(tavla_bin() + " analyze --batch < " + input), '\n');
  ASSERT_GE(lines.size(), 4u);
  EXPECT_TRUE(lines[0].starts_with(R"({"id":"4HPwATDgc/ABMA:cIkFAAAAAAAA","gnubg_id":"4HPwATDgc/ABMA:cIkFAAAAAAAA")"))
      << lines[0];
  EXPECT_NE(lines[0].find(R"("dice":[3,1])"), std::string::npos);
  EXPECT_NE(lines[0].find(R"({"move":"8/5 6/5","position_id":")"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find(R"("on_roll":[0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0])"),
            std::string::npos);
  EXPECT_TRUE(lines[1].starts_with(R"({"id":"not-an-id","error":")")) << lines[1];
  EXPECT_NE(lines[2].find(R"("dice":null)"), std::string::npos) << lines[2];
  EXPECT_EQ(lines[2].find(R"("moves")"), std::string::npos) << "no dice, no moves";
  EXPECT_NE(lines[3].find(R"("dice":[5,2])"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find(R"("cube_owner":"centered")"), std::string::npos);
}

TEST(BatchProtocol, BadPositionOnCommandLineExitsNonZero) {
  int status = std::system((tavla_bin() + " analyze 4HPwATDgc/AB >/dev/null 2>&1").c_str());
  EXPECT_NE(status, 0);
  status = std::system((tavla_bin() + " analyze --no-such-option >/dev/null 2>&1").c_str());
  EXPECT_NE(status, 0);
  status = std::system((tavla_bin() + " analyze --help >/dev/null 2>&1").c_str());
  EXPECT_EQ(status, 0);
}

// ---- the pending decisions and the dead cube (issue: answers gnubg gives and analyze did not) --

namespace {

// The value of `"key":` in a one-line JSON object: a quoted string (no escapes), or the text up
// to the next ',' or '}' (numbers, null, true, false).
std::string json_value(const std::string& json, const std::string& key) {
  const std::string k = "\"" + key + "\":";
  const size_t p = json.find(k);
  if (p == std::string::npos) return "<missing>";
  const size_t b = p + k.size();
  if (json[b] == '"') return json.substr(b, json.find('"', b + 1) - b + 1);
  return json.substr(b, json.find_first_of(",}", b) - b);
}

// The JSON object under `"key":{...}` (no nested objects inside), or "" when absent.
std::string json_object(const std::string& json, const std::string& key) {
  const size_t p = json.find("\"" + key + "\":{");
  if (p == std::string::npos) return "";
  return json.substr(p, json.find('}', p) - p + 1);
}

std::string analyze_gnubg_weights(const std::string& id, int plies) {
  return run(tavla_bin() + " analyze --json --weights /usr/lib/gnubg/gnubg.wd --plies " +
             std::to_string(plies) + " '" + id + "'");
}

// gnubg's answer to a double, as its external player gives it (external.c): pass on the
// "..., pass" decisions, beaver on the beaver ones, take otherwise.
std::string expected_take(const std::string& decision) {
  if (decision.find("beaver") != std::string::npos) return "\"beaver\"";
  if (decision.ends_with("pass")) return "\"pass\"";
  return "\"take\"";
}

}  // namespace

// Match play positions whose cube is dead for the player on roll (gnubg's cfevaluate says
// "Never (re)double, take (dead cube)"): analyze answers the same, with no double/take values.
TEST(BatchProtocol, DeadCubeIsAnsweredAsGnubgDoes) {
  int checked = 0;
  for (const std::string& line : tavla::test::fixture_lines("cube/cases.txt")) {
    auto f = tavla::test::split_ws(line);
    ASSERT_GE(f.size(), 24u) << line;
    std::string decision;  // after gnubg's decision number
    for (size_t i = 23; i < f.size(); ++i) decision += (i > 23 ? " " : "") + f[i];
    const int length = std::stoi(f[6]);
    if (f[0] != "Kazaross-XG2" || length == 0 || decision.find("dead cube") == std::string::npos)
      continue;
    tavla::engine::MatchState ms;
    ms.cube = std::stoi(f[3]);
    ms.cube_owner = std::stoi(f[4]);  // -1 = centred, as kCubeCentred
    ms.on_roll = ms.turn = std::stoi(f[5]);
    ms.match_length = length;
    ms.score = {std::stoi(f[7]), std::stoi(f[8])};
    ms.crawford = f[9] == "1";
    ms.post_crawford = tavla::engine::derive_post_crawford(ms);
    // The fixture's board is seen from the player on roll, as a gnubg ID's board is.
    const std::string id = f[1] + ":" + tavla::engine::match_id(ms);
    const std::string json = analyze_gnubg_weights(id, 0);
    const std::string cube = json_object(json, "cube");
    ASSERT_FALSE(cube.empty()) << id << ": no cube answer\n" << json;
    EXPECT_EQ(json_value(cube, "action"), "\"" + decision + "\"") << id;
    EXPECT_EQ(json_value(cube, "double_take"), "null") << id;
    EXPECT_EQ(json_value(cube, "double_pass"), "null") << id;
    ++checked;
  }
  EXPECT_GE(checked, 4) << "the fixture holds dead-cube cases";
}

// With a double pending the ID's own fields are reported (the doubler on roll, the player doubled
// to act) and the pending decision is answered; with a resignation pending, whether to accept.
// The references are gnubg's hints in the golden transcript gnubg_pending_hints.out (2 ply).
TEST(BatchProtocol, PendingDoubleAndResignationAnsweredAsGnubgHints) {
  const std::string golden =
      tavla::test::read_file(tavla::test::fixture_path("shell/gnubg_pending_hints.out"));
  ASSERT_FALSE(golden.empty());
  std::string posid, matchid, before;
  int doubles = 0, resignations = 0;
  for (const std::string& raw : tavla::test::split(golden, '\n')) {
    const std::string line = raw.substr(0, raw.find_last_not_of(' ') + 1);
    auto after = [&](const std::string& label) {
      const size_t p = line.find(label);
      return p == std::string::npos ? std::string() : line.substr(p + label.size());
    };
    if (auto v = after("Position ID: "); !v.empty()) posid = v;
    if (auto v = after("Match ID   : "); !v.empty()) matchid = v;
    const std::string id = posid + ":" + matchid;
    auto ms = tavla::engine::match_state_from_id(matchid);
    if (auto v = after("Proper cube action: "); !v.empty() && ms && ms->doubled) {
      const std::string json = analyze_gnubg_weights(id, 2);
      EXPECT_EQ(json_value(json, "doubled"), "true") << id;
      EXPECT_EQ(json_value(json, "turn"), std::to_string(ms->turn)) << id;
      EXPECT_EQ(json_value(json, "on_roll"), std::to_string(ms->on_roll)) << id;
      const std::string decision = v.substr(0, v.find(" ("));
      EXPECT_EQ(json_value(json_object(json, "cube"), "action"), "\"" + decision + "\"") << id;
      const std::string take = json_object(json, "take");
      EXPECT_EQ(json_value(take, "action"), expected_take(decision)) << id;
      EXPECT_EQ(json_value(take, "player"), std::to_string(ms->turn)) << id;
      ++doubles;
    }
    if (auto v = after("Equity before resignation : "); !v.empty()) before = v;
    if (auto v = after("Correct resign decision : "); !v.empty() && ms && ms->resigned) {
      const std::string json = analyze_gnubg_weights(id, 2);
      EXPECT_EQ(json_value(json, "resigned"), std::to_string(ms->resigned)) << id;
      const std::string r = json_object(json, "resignation");
      EXPECT_EQ(json_value(r, "action"), v == "Accept" ? "\"accept\"" : "\"reject\"") << id;
      char printed[32];
      std::snprintf(printed, sizeof printed, "%+6.3f", std::stod(json_value(r, "equity_playing_on")));
      EXPECT_EQ(printed, before) << id;
      ++resignations;
    }
  }
  EXPECT_GE(doubles, 2);
  EXPECT_GE(resignations, 2);
}
