// SPDX-License-Identifier: GPL-3.0-or-later
// The makehyper program: gnubg's options, clear errors with a non-zero exit status, checkpoints
// after each iteration, a restart that gives the same file as an uninterrupted run, and no file
// that looks complete before the work is done.
#include <gtest/gtest.h>

#include <filesystem>

#include "bearoff/hypergammon_database.h"
#include "hyper_test_util.h"

namespace tavla::test {
namespace {

int run(const std::string& args, const TempDir& dir) {
  return run_command("cd " + dir.path().string() + " && " + kTavlaMakehyper + " " + args +
                     " >stdout 2>stderr");
}

int file_count(const TempDir& dir) {
  int n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++n;
  return n;
}

TEST(MakehyperTool, HelpAndVersion) {
  TempDir dir;
  EXPECT_EQ(run("--help", dir), 0);
  const std::string help = read_file(dir.file("stdout"));
  for (const char* option :
       {"--chequers", "--restart", "--threshold", "--no-checkpoint", "--version", "--outfile",
        "--threads", "--iterations", "-c", "-r", "-t", "-n", "-v", "-f"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
  EXPECT_EQ(run("-v", dir), 0);
  EXPECT_NE(read_file(dir.file("stdout")).find("makehyper"), std::string::npos);
}

TEST(MakehyperTool, BadArguments) {
  TempDir dir;
  const struct {
    std::string args;
    int status;
    const char* message;
  } cases[] = {
      {"-c 4", 1, "1, 2 or 3"},
      {"-c 0", 1, "1, 2 or 3"},
      {"-c two", 1, "invalid"},
      {"-c 1 -t 2", 1, "Valid thresholds"},
      {"-c 1 -t abc", 1, "expects a number"},
      {"-c 1 -t 1e-5x", 1, "expects a number"},
      {"-c 1 --frobnicate", 1, "unrecognised"},
      {"-c 1 --threads 0", 1, "--threads"},
      {"-c 1 --threads 2", 1, "--threads needs --fast"},
      {"-c 1 --fast --gnubg-order", 1, "exclude"},
      {"-c 1 --iterations 0", 1, "--iterations"},
      {"-c 1 --iterations 3 -n", 1, "checkpoint"},
      {"-c 1 -r missing.bd", 2, "missing.bd"},
      {"-c 1 -f no/such/folder/h.bd", 3, "no/such/folder/h.bd"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(run(c.args, dir), c.status) << c.args;
    const std::string err = read_file(dir.file("stderr"));
    EXPECT_NE(err.find(c.message), std::string::npos) << c.args << ": " << err;
  }
  EXPECT_EQ(file_count(dir), 2);  // stdout, stderr: nothing else was created
}

TEST(MakehyperTool, DefaultNameAndNoLeftovers) {
  TempDir dir;
  ASSERT_EQ(run("-c 1", dir), 0) << read_file(dir.file("stderr"));
  const std::string err = read_file(dir.file("stderr"));
  EXPECT_NE(err.find("Iteration   1: norm"), std::string::npos) << err;
  EXPECT_TRUE(std::filesystem::exists(dir.file("hyper1.bd")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("hyper1.bd.tmp")));  // removed when done
  EXPECT_EQ(file_count(dir), 3);
  EXPECT_TRUE(bearoff::HypergammonDatabase::open(dir.file("hyper1.bd"), 1));
  EXPECT_TRUE(read_file(dir.file("stdout")).empty());
}

TEST(MakehyperTool, CheckpointAndRestartGiveTheSameFile) {
  TempDir dir;
  // (tavla's --fast scheme keeps its exact state in the file; gnubg's order does not.)
  ASSERT_EQ(run("-c 2 --fast -f straight.bd", dir), 0) << read_file(dir.file("stderr"));
  ASSERT_EQ(run("-c 2 --fast -f split.bd --iterations 6 --threads 1", dir), 4);
  EXPECT_NE(read_file(dir.file("stderr")).find("Stopped after 6 iterations, not converged"),
            std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.file("split.bd")));  // not complete, not written
  ASSERT_TRUE(std::filesystem::exists(dir.file("split.bd.tmp")));
  EXPECT_EQ(std::filesystem::file_size(dir.file("split.bd.tmp")), bearoff::hyper_file_size(2));
  ASSERT_EQ(run("-c 2 --fast -f split.bd -r split.bd.tmp", dir), 0) << read_file(dir.file("stderr"));
  EXPECT_FALSE(std::filesystem::exists(dir.file("split.bd.tmp")));
  const std::string a = read_file(dir.file("straight.bd")), b = read_file(dir.file("split.bd"));
  EXPECT_EQ(a.size(), bearoff::hyper_file_size(2));
  EXPECT_TRUE(a == b) << "a restarted run must write the same bytes";

  // A restart file that is damaged or for another chequer count is refused (status 2).
  write_file(dir.file("short.bd"), a.substr(0, a.size() / 2));
  EXPECT_EQ(run("-c 2 -r short.bd -f x.bd", dir), 2);
  EXPECT_NE(read_file(dir.file("stderr")).find("truncated"), std::string::npos);
  EXPECT_EQ(run("-c 1 -r straight.bd -f x.bd", dir), 2);
  EXPECT_NE(read_file(dir.file("stderr")).find("not 1-chequer"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.file("x.bd")));
}

TEST(MakehyperTool, NoCheckpoint) {
  TempDir dir;
  ASSERT_EQ(run("-c 1 -n -t 1e-3 -f h.bd", dir), 0) << read_file(dir.file("stderr"));
  EXPECT_EQ(file_count(dir), 3);  // stdout, stderr, h.bd
  EXPECT_TRUE(bearoff::HypergammonDatabase::open(dir.file("h.bd"), 1));
}

}  // namespace
}  // namespace tavla::test
