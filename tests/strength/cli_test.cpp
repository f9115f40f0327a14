// SPDX-License-Identifier: GPL-3.0-or-later
// tavla duel and tavla errors from the command line: help, clear errors with a non-zero status for
// bad options, and a short run of each with JSON output; tavla train's label databases, which
// feed the strength work, likewise; tavla fit --pruning-replies.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "eval/weights.h"

namespace {

struct Outcome {
  int status;
  std::string out;
};

Outcome run(const std::string& args) {
  Outcome r{-1, {}};
  const std::string cmd = std::string(TAVLA_BUILD_DIR) + "/tavla " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

void expect_error(const std::string& args, const std::string& message) {
  Outcome r = run(args);
  EXPECT_NE(r.status, 0) << args;
  EXPECT_NE(r.out.find(message), std::string::npos) << args << " said: " << r.out;
}

// gnubg's 6-point one-sided database written by tavla's makebearoff to `file`: its exit status.
int make_one_sided_6(const std::string& file) {
  return std::system(
      (std::string(TAVLA_BUILD_DIR) + "/makebearoff -o 6 -f " + file + " > /dev/null 2>&1")
          .c_str());
}

bool have_gnubg() {
  return std::filesystem::exists("/usr/lib/gnubg/gnubg.wd");
}

TEST(StrengthCli, Help) {
  Outcome d = run("duel --help");
  EXPECT_EQ(d.status, 0);
  EXPECT_NE(d.out.find("cubeless by default"), std::string::npos);
  EXPECT_NE(d.out.find("--cube"), std::string::npos);
  EXPECT_NE(d.out.find("--noise-b"), std::string::npos);
  Outcome e = run("errors --help");
  EXPECT_EQ(e.status, 0);
  EXPECT_NE(e.out.find("millipoints"), std::string::npos);
}

TEST(StrengthCli, BadOptions) {
  expect_error("duel --games 3", "--games must be an even number");
  expect_error("duel --games 0", "--games must be an even number");
  expect_error("duel --games x", "tavla duel:");
  expect_error("duel --threads 0", "--threads must be 1..64");
  expect_error("duel --plies-a 9", "--plies-a must be 0..4");
  expect_error("duel --level-b superhuman", "--level-b: unknown level 'superhuman'");
  expect_error("duel --noise-a -1", "--noise-a must be 0..1");
  expect_error("duel --weights-b /nonexistent/w.wd", "/nonexistent/w.wd");
  expect_error("duel --weights /nonexistent/both.wd", "/nonexistent/both.wd");
  expect_error("duel --bogus", "unrecognised option '--bogus'");
  expect_error("duel --luck-plies 3", "--luck-plies must be 0, 1 or 2 (got 3)");
  expect_error("duel --luck-plies 1 --no-luck", "--luck-plies needs the luck adjustment");
  expect_error("duel --positions /nonexistent/starts.txt",
               "--positions: cannot open /nonexistent/starts.txt");
  {
    const std::string bad = testing::TempDir() + "duel_bad_starts.txt";
    FILE* f = std::fopen(bad.c_str(), "w");
    std::fputs("# starts\n4HPwATDgc/ABMA\nnot-an-id here\n", f);
    std::fclose(f);
    expect_error("duel --positions " + bad, bad + ":3: no position ID");
  }
  expect_error("errors --positions /nonexistent/p.txt", "/nonexistent/p.txt");
  expect_error("errors --level nobody", "--level: unknown level 'nobody'");
  expect_error("errors --threads 99", "--threads must be 1..64");
  expect_error("errors --rollout-reference x.txt", "--rollout-reference needs --build OUT");
  expect_error("errors --rollout-reference /nonexistent/in.txt --build /tmp/x",
               "/nonexistent/in.txt");
  expect_error("errors --cube --positions /nonexistent/c.txt", "/nonexistent/c.txt");
  expect_error("errors --cube --positions " TAVLA_SOURCE_DIR
               "/bench/cube_positions.txt --positions /nonexistent/c2.txt",
               "/nonexistent/c2.txt");
  expect_error("errors --positions " TAVLA_SOURCE_DIR
               "/bench/rollout_positions_race.txt"
               " --positions /nonexistent/p2.txt",
               "/nonexistent/p2.txt");
  expect_error("errors --cube --rollout-reference /nonexistent/in.txt --build /tmp/x",
               "/nonexistent/in.txt");
  expect_error("errors --cube --build /tmp/x --contact -1", "must be >= 0");
}

TEST(StrengthCli, ShortRuns) {
  if (!have_gnubg()) GTEST_SKIP() << "needs gnubg's weights";
  const std::string w = " --weights /usr/lib/gnubg/gnubg.wd";
  Outcome d = run("duel --games 4 --seed 3 --noise-b 0.05 --json" + w);
  EXPECT_EQ(d.status, 0) << d.out;
  EXPECT_NE(d.out.find("\"games\":4"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\"adjusted_points_per_game\""), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\"luck_plies\":0"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\"b\":\"expert (0-ply), noise 0.05, gnubg.wd\""), std::string::npos)
      << d.out;
  {
    const std::string starts = testing::TempDir() + "duel_starts.txt";
    FILE* f = std::fopen(starts.c_str(), "w");
    std::fputs("race 2+4GEAB7ew4AAA 0.9 0 0 0 0\n4HPwATDgc/ABMA:cAkAAAAAAAAA\n", f);
    std::fclose(f);
    Outcome p = run("duel --games 4 --json --luck-plies 1 --positions " + starts + w);
    EXPECT_EQ(p.status, 0) << p.out;
    EXPECT_NE(p.out.find("\"starting_positions\":2"), std::string::npos) << p.out;
    EXPECT_NE(p.out.find("\"luck_plies\":1"), std::string::npos) << p.out;
  }
  Outcome e = run("errors --json" + w);
  EXPECT_EQ(e.status, 0) << e.out;
  EXPECT_NE(e.out.find("\"millipoints_per_decision\""), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("\"crashed\""), std::string::npos) << e.out;
}

// The number after `"key":` in the object that follows `"section":` of a one-line JSON text.
double json_number(const std::string& json, const std::string& section, const std::string& key) {
  const size_t at = json.find("\"" + section + "\":{");
  if (at == std::string::npos) return -1;
  const size_t k = json.find("\"" + key + "\":", at);
  if (k == std::string::npos) return -1;
  return std::stod(json.substr(k + key.size() + 3));
}

// `tavla errors ARGS` on each of two position files alone and on both together: both runs must
// succeed, the union's total loss must be the sum of the two and its header must name both files.
struct ScoredApartAndTogether {
  Outcome first, second, both;
};

ScoredApartAndTogether score_apart_and_together(const std::string& args, const std::string& first,
                                                const std::string& second) {
  ScoredApartAndTogether s{run(args + " --positions " + first), run(args + " --positions " + second),
                           run(args + " --positions " + first + " --positions " + second)};
  EXPECT_EQ(s.first.status, 0) << s.first.out;
  EXPECT_EQ(s.second.status, 0) << s.second.out;
  EXPECT_EQ(s.both.status, 0) << s.both.out;
  EXPECT_GT(json_number(s.both.out, "all", "total_loss"), 0);
  EXPECT_NEAR(json_number(s.both.out, "all", "total_loss"),
              json_number(s.first.out, "all", "total_loss") +
                  json_number(s.second.out, "all", "total_loss"),
              1e-9);
  EXPECT_NE(s.both.out.find(first + ", " + second), std::string::npos) << s.both.out;
  return s;
}

TEST(StrengthCli, SeveralPositionFilesAreScoredAsOneSet) {
  // The rollout benchmarks are one file per class; `tavla errors` scores them together.
  const ScoredApartAndTogether s =
      score_apart_and_together("errors --json", TAVLA_SOURCE_DIR "/bench/rollout_positions_crashed.txt",
                               TAVLA_SOURCE_DIR "/bench/rollout_positions_race.txt");
  EXPECT_EQ(json_number(s.both.out, "crashed", "decisions"), 200);
  EXPECT_EQ(json_number(s.both.out, "race", "decisions"), 300);
  EXPECT_EQ(json_number(s.both.out, "all", "decisions"), 500);
}

TEST(StrengthCli, SeveralCubePositionFilesAreScoredAsOneSet) {
  // The crashed class has a cube benchmark of its own; `tavla errors --cube` scores it with the
  // main one as one set.
  const ScoredApartAndTogether s =
      score_apart_and_together("errors --cube --json", TAVLA_SOURCE_DIR "/bench/cube_positions.txt",
                               TAVLA_SOURCE_DIR "/bench/cube_positions_crashed.txt");
  EXPECT_EQ(json_number(s.both.out, "crashed", "decisions"),
            json_number(s.first.out, "crashed", "decisions") +
                json_number(s.second.out, "crashed", "decisions"));
  EXPECT_EQ(json_number(s.second.out, "contact", "decisions"), 0);
  EXPECT_GT(json_number(s.second.out, "crashed", "decisions"), 0);
}

TEST(StrengthCli, DecisionsListEveryLossWorstFirst) {
  // --decisions lists exactly the decisions that lost equity: as many as the decisions that did
  // not find the best play, their losses summing to the total, worst first.
  const std::string crashed = TAVLA_SOURCE_DIR "/bench/rollout_positions_crashed.txt";
  Outcome j = run("errors --json --decisions --positions " + crashed);
  ASSERT_EQ(j.status, 0) << j.out;
  std::vector<double> losses;
  for (size_t at = j.out.find("\"loss\":"); at != std::string::npos;
       at = j.out.find("\"loss\":", at + 1))
    losses.push_back(std::stod(j.out.substr(at + 7)));
  const double decisions = json_number(j.out, "all", "decisions");
  const double best = json_number(j.out, "all", "best_plays");
  ASSERT_GT(decisions - best, 0);
  EXPECT_EQ(static_cast<double>(losses.size()), decisions - best);
  double sum = 0;
  for (size_t i = 0; i < losses.size(); ++i) {
    EXPECT_GT(losses[i], 0);
    if (i > 0) {
      EXPECT_GE(losses[i - 1], losses[i]);
    }
    sum += losses[i];
  }
  EXPECT_NEAR(sum, json_number(j.out, "all", "total_loss"), 1e-4);
  // Every listed decision names its position, class, dice and both plays in gnubg's notation.
  const size_t first = j.out.find("\"decisions\":[{");
  ASSERT_NE(first, std::string::npos) << j.out;
  const std::string entry = j.out.substr(first, j.out.find('}', first) - first);
  for (const char* key : {"\"index\":", "\"id\":\"", "\"class\":\"crashed\"", "\"dice\":\"",
                          "\"chosen\":\"", "\"best\":\""})
    EXPECT_NE(entry.find(key), std::string::npos) << key << " in " << entry;
  EXPECT_EQ(entry.find("\"chosen\":\"?\""), std::string::npos) << entry;
  EXPECT_NE(entry.find('/'), std::string::npos) << entry;

  Outcome t = run("errors --decisions --positions " + crashed);
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(
      t.out.find("decisions that lost equity, worst first (" + std::to_string(losses.size()) + ")"),
      std::string::npos)
      << t.out;
  Outcome plain = run("errors --positions " + crashed);
  EXPECT_EQ(plain.out.find("decisions that lost equity"), std::string::npos) << plain.out;
}

TEST(StrengthCli, RolloutReferenceResumes) {
  if (!have_gnubg()) GTEST_SKIP() << "needs gnubg's weights";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tavla_roref_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string in = (dir / "in.txt").string(), full = (dir / "full.txt").string(),
                    part = (dir / "part.txt").string();
  {
    // The header and the first three positions of the committed set.
    FILE* src = std::fopen(TAVLA_SOURCE_DIR "/bench/error_positions.txt", "r");
    ASSERT_NE(src, nullptr);
    FILE* dst = std::fopen(in.c_str(), "w");
    char line[1 << 14];
    int positions = 0;
    while (positions < 3 && std::fgets(line, sizeof line, src)) {
      std::fputs(line, dst);
      positions += line[0] != '#' && std::string(line).rfind("reference ", 0) != 0;
    }
    std::fclose(src);
    std::fclose(dst);
  }
  const std::string opts = " --weights /usr/lib/gnubg/gnubg.wd --trials 36 --candidates 3";
  Outcome a = run("errors --rollout-reference " + in + " --build " + full + opts);
  ASSERT_EQ(a.status, 0) << a.out;
  // A run stopped after its first position, then run again.
  {
    FILE* f = std::fopen(full.c_str(), "r");
    FILE* g = std::fopen(part.c_str(), "w");
    char line[1 << 14];
    int positions = 0;
    while (std::fgets(line, sizeof line, f)) {
      const bool pos = line[0] != '#' && std::string(line).rfind("reference ", 0) != 0;
      if (pos && ++positions > 1) break;
      std::fputs(line, g);
    }
    std::fclose(f);
    std::fclose(g);
  }
  Outcome b = run("errors --progress --rollout-reference " + in + " --build " + part + opts);
  ASSERT_EQ(b.status, 0) << b.out;
  EXPECT_NE(b.out.find("continuing after 1 finished positions"), std::string::npos) << b.out;
  auto slurp = [](const std::string& f) {
    std::string s;
    FILE* p = std::fopen(f.c_str(), "r");
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) s.append(buf, n);
    std::fclose(p);
    return s;
  };
  EXPECT_EQ(slurp(full), slurp(part));
  // The result is a positions file that `tavla errors` reads.
  Outcome e = run("errors --json --positions " + full + " --weights /usr/lib/gnubg/gnubg.wd");
  EXPECT_EQ(e.status, 0) << e.out;
  EXPECT_NE(e.out.find("\"decisions\":3"), std::string::npos) << e.out;
  // A file of other positions is not continued (nor overwritten).
  const std::string other = (dir / "other.txt").string();
  {
    FILE* f = std::fopen(other.c_str(), "w");
    std::fputs("reference x\n4HPwATDgc/ABMA:cAkAAAAAAAAA contact 0\n", f);
    std::fclose(f);
  }
  expect_error("errors --rollout-reference " + in + " --build " + other + opts,
               "holds positions that are not those of");
  EXPECT_EQ(slurp(other), "reference x\n4HPwATDgc/ABMA:cAkAAAAAAAAA contact 0\n");
  std::filesystem::remove_all(dir);
}

// --cube: a set built, rolled out (stopped and continued), and scored.
TEST(StrengthCli, CubeSetBuildRolloutAndScore) {
  if (!have_gnubg()) GTEST_SKIP() << "needs gnubg's weights";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tavla_cube_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string in = (dir / "in.txt").string(), out = (dir / "out.txt").string();
  const std::string w = " --weights /usr/lib/gnubg/gnubg.wd";
  Outcome b = run("errors --cube --build " + in +
                  " --contact 2 --crashed 1 --race 1 --reference-plies 0 --seed 4" + w);
  ASSERT_EQ(b.status, 0) << b.out;
  EXPECT_NE(b.out.find("4 positions written"), std::string::npos) << b.out;
  Outcome r =
      run("errors --cube --rollout-reference " + in + " --build " + out + " --trials 36" + w);
  ASSERT_EQ(r.status, 0) << r.out;
  Outcome again = run("errors --cube --progress --rollout-reference " + in + " --build " + out +
                      " --trials 36" + w);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("continuing after 4 finished positions"), std::string::npos)
      << again.out;
  Outcome e = run("errors --cube --json --positions " + out + w);
  ASSERT_EQ(e.status, 0) << e.out;
  EXPECT_NE(e.out.find("\"all\":{\"double\":{\"decisions\":4"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("\"race\":{\"double\":{\"decisions\":1"), std::string::npos) << e.out;
  Outcome t = run("errors --cube --positions " + out + w);
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(t.out.find("all take"), std::string::npos) << t.out;
  // A chequer-play set is not a cube set.
  expect_error("errors --cube --positions " TAVLA_SOURCE_DIR "/bench/error_positions.txt" + w,
               "not a money position before the roll");
  std::filesystem::remove_all(dir);
}

// --cube --decisions: every decision that lost equity listed, as many as the table counts wrong.
TEST(StrengthCli, CubeDecisionsListTheWrongOnes) {
  Outcome j = run("errors --cube --json --decisions");
  ASSERT_EQ(j.status, 0) << j.out;
  const std::string all = "\"all\":{\"double\"";
  const size_t at = j.out.find(all);
  ASSERT_NE(at, std::string::npos) << j.out;
  const size_t wrong_at = j.out.find("\"wrong\":", j.out.find("\"all\":{", at + all.size()));
  ASSERT_NE(wrong_at, std::string::npos) << j.out;
  const int wrong = std::atoi(j.out.c_str() + wrong_at + 8);
  int listed = 0;
  for (size_t p = j.out.find("\"decision\":"); p != std::string::npos;
       p = j.out.find("\"decision\":", p + 1))
    ++listed;
  EXPECT_EQ(listed, wrong) << j.out;
  Outcome t = run("errors --cube --decisions");
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(t.out.find("decisions that lost equity, worst first (" + std::to_string(wrong) + ")"),
            std::string::npos)
      << t.out;
}

TEST(StrengthCli, TrainLabelDatabaseReach) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tavla_cli_reach_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "os6.bd").string();
  ASSERT_EQ(make_one_sided_6(db), 0);
  const std::string base = "train --dir " + (dir / "run").string() +
                           " --kind supervised --games-per-round 10 --rounds 1 --threads 1 -q"
                           " --label-fraction 0 --label-fraction-race 0 --label-fraction-crashed 0";
  expect_error(base + " --label-database-reach 9", "--label-database-reach needs --label-database");
  expect_error(base + " --label-database " + db + " --label-database-reach 6",
               "must be above the database's 6 points and at most 24, not 6");
  expect_error(base + " --label-database " + db + " --label-database-reach 25", "not 25");
  expect_error(
      base + " --label-database " + db + " --label-database-reach 9 --label-database-budget 0",
      "--label-database-budget must be at least 1");
  EXPECT_FALSE(std::filesystem::exists(dir / "run" / "state.txt")) << "a refused run wrote nothing";
  const std::string labels = (dir / "labels.txt").string();
  const Outcome r = run(base + " --label-database " + db + " --label-database-reach 9" +
                        " --label-alternatives 3 --save-labels " + labels);
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream in(labels);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("every chequer on points 1..9"), std::string::npos) << text.substr(0, 600);
  EXPECT_NE(text.find("\nrace "), std::string::npos) << "no race labels";
  std::filesystem::remove_all(dir);
}

TEST(StrengthCli, TrainReturnsLambdaIsCheckedAndRecorded) {
  // --returns-lambda decays luck-free returns only: alone it is refused, as is a decay outside
  // 0..1; a run with both names the decay in its label file's header.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tavla_cli_mu_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string base = "train --dir " + (dir / "run").string() +
                           " --from /usr/lib/gnubg/gnubg.wd --kind supervised"
                           " --games-per-round 4 --rounds 1 --threads 1 -q";
  expect_error(base + " --returns-lambda 0.9", "--returns-lambda needs --label-returns true");
  expect_error(base + " --label-returns true --returns-lambda 1.5",
               "--returns-lambda must be between");
  EXPECT_FALSE(std::filesystem::exists(dir / "run" / "state.txt")) << "a refused run wrote nothing";
  const std::string labels = (dir / "labels.txt").string();
  const Outcome r =
      run(base + " --label-returns true --returns-lambda 0.5 --save-labels " + labels);
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream in(labels);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("decayed by 0.5"), std::string::npos) << text.substr(0, 600);
  EXPECT_NE(text.find("\ncontact "), std::string::npos) << "no contact labels";
  std::filesystem::remove_all(dir);
}

TEST(StrengthCli, TrainKeepsTheRaceSidesNetBesideItsNets) {
  // A run from weights with a race sides net beside them values races by it (in play and in
  // labels) and keeps a copy beside its nets, which a resumed run uses; --race-sides none or
  // FILE choose otherwise; a missing file is a clear error.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tavla_cli_sides_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::filesystem::path w = dir / "w.wd", sides = dir / "w.race-sides";
  std::filesystem::copy_file(TAVLA_SOURCE_DIR "/weights/tavla.wd", w);
  std::filesystem::copy_file(TAVLA_SOURCE_DIR "/weights/tavla.race-sides", sides);
  const auto slurp = [](const std::filesystem::path& f) {
    std::ifstream in(f);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  const std::string opts =
      " --kind supervised --games-per-round 4 --threads 1 -q"
      " --label-fraction 0 --label-fraction-race 1 --label-fraction-crashed 0"
      " --label-plies 0 --rate 1e-6 --rate-floor 1e-6";
  const auto train = [&](const std::string& name, const std::string& more) {
    return run("train --dir " + (dir / name).string() + opts + " --save-labels " +
               (dir / (name + ".txt")).string() + more);
  };
  Outcome r = train("a", " --rounds 1 --seed 3 --from " + w.string());
  ASSERT_EQ(r.status, 0) << r.out;
  ASSERT_TRUE(std::filesystem::exists(dir / "a" / "nets.race-sides"));
  EXPECT_EQ(slurp(dir / "a" / "nets.race-sides"), slurp(sides));
  EXPECT_NE(slurp(dir / "a.txt").find("valued by the race sides net"), std::string::npos);
  r = train("b", " --rounds 1 --seed 3 --from " + w.string() + " --race-sides none");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "b" / "nets.race-sides"));
  EXPECT_EQ(slurp(dir / "b.txt").find("race sides"), std::string::npos);
  // The same games' race labels, by the race sides net and by the race net.
  EXPECT_NE(slurp(dir / "a.txt"), slurp(dir / "b.txt"));
  r = train("c", " --rounds 1 --from /usr/lib/gnubg/gnubg.wd --race-sides " + sides.string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(slurp(dir / "c" / "nets.race-sides"), slurp(sides));
  // Resuming: the kept net, and --race-sides refused.
  r = train("a", " --rounds 2");
  ASSERT_EQ(r.status, 0) << r.out;
  expect_error("train --dir " + (dir / "a").string() + opts + " --rounds 3 --race-sides none",
               "only start new runs");
  expect_error("train --dir " + (dir / "d").string() + opts + " --rounds 1 --race-sides " +
                   (dir / "missing.race-sides").string(),
               "cannot open race sides net");
  std::filesystem::remove_all(dir);
}

// The first number after `key` in `text` from position `from` on (-1 when there is none).
double number_after(const std::string& text, const std::string& key, size_t from = 0) {
  const size_t at = text.find(key, from);
  return at == std::string::npos ? -1 : std::atof(text.c_str() + at + key.size());
}

TEST(StrengthCli, FitPruningReplies) {
  // tavla fit --pruning-replies: the pruning nets fitted to the main nets' values of the plays
  // they pre-select from the data's positions, with the pre-selection's loss on the held-out
  // positions before and after; the main nets are written unchanged.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("tavla_cli_fit_pruning_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string data = (dir / "roots.txt").string();
  {
    std::ifstream in(TAVLA_SOURCE_DIR "/weights/labels/crashed_noisy_2ply_s28.txt");
    std::ofstream out(data);
    std::string line;
    int n = 0;
    while (n < 60 && std::getline(in, line))
      if (!line.empty() && line[0] != '#') out << line << "\n", ++n;
  }
  const std::string from = TAVLA_SOURCE_DIR "/weights/tavla.wd";
  const std::string out = (dir / "p.wd").string();
  const std::string base =
      "fit --pruning-replies --data " + data + " --from " + from + " --out " + out;
  expect_error(base + " --check " + data, "--pruning-replies takes no --check");
  expect_error(base + " --class crash",
               "--class must be race, crashed, contact or all, not 'crash'");
  expect_error("fit --calibrate 5 --from " + from + " --class crash", "not 'crash'");
  expect_error("fit --pruning-replies --data " + (dir / "none.txt").string() + " --from " + from +
                   " --out " + out,
               "none.txt");
  {  // the nets are read with their sidecar files, as everywhere: a bad one is an error naming it
    const std::filesystem::path w = dir / "s.wd";
    std::filesystem::copy_file(from, w);
    std::ofstream(dir / "s.stragglers") << "not weights\n";
    expect_error("fit --pruning-replies --data " + data + " --from " + w.string() + " --out " + out,
                 "s.stragglers");
  }
  const Outcome r =
      run(base + " --class crashed --epochs 2 --holdout 4 --adam --batch 8 --rate 0.003");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("fitting the pruning nets to"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pruning loss before"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pruning loss after"), std::string::npos) << r.out;
  // The main nets are --from's, byte for byte; only the crashed pruning net moved.
  auto a = tavla::eval::read_weights(from);
  auto b = tavla::eval::read_weights(out);
  ASSERT_TRUE(a && b);
  using tavla::eval::NetId;
  for (NetId id :
       {NetId::kContact, NetId::kRace, NetId::kCrashed, NetId::kPruneContact, NetId::kPruneRace})
    EXPECT_EQ(a->net(id).hidden_weights, b->net(id).hidden_weights);
  EXPECT_NE(a->net(NetId::kPruneCrashed).hidden_weights,
            b->net(NetId::kPruneCrashed).hidden_weights);
  std::filesystem::remove_all(dir);
}

TEST(StrengthCli, RaceSidesWalksAndFarFrom) {
  // tavla race-sides: --walks walks every race home more often (more sides); --far-from fits round
  // 0's sides beyond the database to another net's distributions (checked on held-out sides,
  // which have no labels without it); bad values and files are clear errors.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("tavla_cli_race_sides_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "os6.bd").string();
  ASSERT_EQ(make_one_sided_6(db), 0);
  const std::string races = (dir / "races.txt").string();
  {
    std::ifstream in(TAVLA_SOURCE_DIR "/bench/race_starts.txt");
    std::ofstream out(races);
    std::string line;
    int n = 0;
    while (n < 40 && std::getline(in, line))
      if (!line.empty() && line[0] != '#') out << line << "\n", ++n;
  }
  const std::string base = "race-sides --db " + db + " --positions " + races + " --out " +
                           (dir / "n.net").string() + " --rounds 0 --hidden 32 --seed 4";
  expect_error(base + " --walks 0", "--walks 1..100");
  expect_error(base + " --far-from " + (dir / "missing.net").string(), "missing.net");
  expect_error(base + " --far-from " TAVLA_SOURCE_DIR
                      "/weights/tavla.race-sides --from " TAVLA_SOURCE_DIR
                      "/weights/tavla.race-sides",
               "cannot go with --from");
  const Outcome one = run(base + " --epochs 1");
  ASSERT_EQ(one.status, 0) << one.out;
  const Outcome three = run(base + " --epochs 1 --walks 3");
  ASSERT_EQ(three.status, 0) << three.out;
  const double sides_one = number_after(one.out, "races; walking their sides home\n");
  const double sides_three = number_after(three.out, "races; walking their sides home\n");
  EXPECT_GT(sides_one, 100) << one.out;
  EXPECT_GT(sides_three, 1.5 * sides_one) << three.out;
  // Without --far-from the sides beyond have no labels in round 0: their check reads 0.
  EXPECT_EQ(number_after(one.out, "check (beyond) mean rolls off "), 0) << one.out;
  const Outcome taught = run(base + " --epochs 30 --rate 0.003 --far-from " TAVLA_SOURCE_DIR
                                    "/weights/tavla.race-sides");
  ASSERT_EQ(taught.status, 0) << taught.out;
  const double first = number_after(taught.out, "check (beyond) mean rolls off ");
  const size_t last_epoch = taught.out.find("epoch 30:");
  ASSERT_NE(last_epoch, std::string::npos) << taught.out;
  const double last = number_after(taught.out, "check (beyond) mean rolls off ", last_epoch);
  // A fresh net is rolls away from the teacher; fitted, a fraction of the way.
  EXPECT_GT(first, 1.0) << taught.out;
  EXPECT_LT(last, 0.5 * first) << taught.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
