// tavla duel and tavla errors from the command line: help, clear errors with a non-zero status for
// bad options, and a short run of each with JSON output.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <string>

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

bool have_gnubg() { return std::filesystem::exists("/usr/lib/gnubg/gnubg.wd"); }

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
  expect_error("errors --positions /nonexistent/p.txt", "/nonexistent/p.txt");
  expect_error("errors --level nobody", "--level: unknown level 'nobody'");
  expect_error("errors --threads 99", "--threads must be 1..64");
}

TEST(StrengthCli, ShortRuns) {
  if (!have_gnubg()) GTEST_SKIP() << "needs gnubg's weights";
  const std::string w = " --weights /usr/lib/gnubg/gnubg.wd";
  Outcome d = run("duel --games 4 --seed 3 --noise-b 0.05 --json" + w);
  EXPECT_EQ(d.status, 0) << d.out;
  EXPECT_NE(d.out.find("\"games\":4"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\"adjusted_points_per_game\""), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\"b\":\"expert (0-ply), noise 0.05, gnubg.wd\""), std::string::npos) << d.out;
  Outcome e = run("errors --json" + w);
  EXPECT_EQ(e.status, 0) << e.out;
  EXPECT_NE(e.out.find("\"millipoints_per_decision\""), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("\"crashed\""), std::string::npos) << e.out;
}

}  // namespace
