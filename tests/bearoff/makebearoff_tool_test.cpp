// SPDX-License-Identifier: GPL-3.0-or-later
// The makebearoff program: gnubg's options, errors with a non-zero exit status, and no partial
// output file left behind.
#include <gtest/gtest.h>

#include <filesystem>

#include "md5.h"
#include "test_util.h"

namespace tavla::test {
namespace {

const std::string kTool = std::string(TAVLA_BUILD_DIR) + "/makebearoff";

int run(const std::string& args, const TempDir& dir) {
  return run_command(kTool + " " + args + " >" + dir.file("stdout").string() + " 2>" +
                     dir.file("stderr").string());
}

TEST(MakebearoffTool, HelpAndVersion) {
  TempDir dir;
  EXPECT_EQ(run("--help", dir), 0);
  const std::string help = read_file(dir.file("stdout"));
  for (const char* option : {"--two-sided",
                             "--one-sided",
                             "--xhash-size",
                             "--old-bearoff",
                             "--no-header",
                             "--no-cubeful",
                             "--no-compress",
                             "--no-gammon",
                             "--normal-dist",
                             "--outfile",
                             "-t",
                             "-o",
                             "-s",
                             "-O",
                             "-H",
                             "-C",
                             "-c",
                             "-g",
                             "-n",
                             "-f"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
  EXPECT_EQ(run("-v", dir), 0);
}

TEST(MakebearoffTool, WritesGnubgBytes) {
  TempDir dir;
  const auto out = dir.file("os4.bd");
  ASSERT_EQ(run("-o 4 -s 123456 -f " + out.string(), dir), 0) << read_file(dir.file("stderr"));
  EXPECT_EQ(md5_file(out.string()), "653255f5f9f22fd50277f7ff25b2a343");
  ASSERT_EQ(run("--two-sided=6x3 --outfile " + out.string(), dir), 0);
  EXPECT_EQ(md5_file(out.string()), "9d67da3db32ad4720cc38eecf9a67967");  // replaced
  ASSERT_EQ(run("-o 5 -O " + dir.file("missing.bd").string() + " -f " + out.string(), dir), 2);
  ASSERT_EQ(run("-t 6x4 -O " + out.string() + " -f " + dir.file("ts64.bd").string(), dir), 0);
  EXPECT_EQ(md5_file(dir.file("ts64.bd").string()), "9156f37032d1d4b0352a41186e632dfc");
  // No temporary files are left next to the output.
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 4);  // stdout, stderr, os4.bd, ts64.bd
}

TEST(MakebearoffTool, BadArguments) {
  TempDir dir;
  const std::string f = " -f " + dir.file("x.bd").string();
  const struct {
    std::string args;
    int status;
    const char* message;
  } cases[] = {
      {"-o 6", 1, "-f missing"},
      {"-o 6 -t 6x6" + f, 1, "exactly one of"},
      {f, 1, "exactly one of"},
      {"-o six" + f, 1, "invalid"},
      {"-t 6by6" + f, 1, "PxC"},
      {"-t 6x" + f, 1, "PxC"},
      {"--frobnicate" + f, 1, "unrecognised"},
      {"-o 14" + f, 2, "1 to 13 points"},
      {"-o 0" + f, 2, "1 to 13 points"},
      {"-t 6x12" + f, 2, "1 to 11 chequers"},
      {"-t 13x2" + f, 2, "1 to 12 points"},
      {"-s -5 -o 3" + f, 1, "positive"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(run(c.args, dir), c.status) << c.args;
    const std::string err = read_file(dir.file("stderr"));
    EXPECT_NE(err.find(c.message), std::string::npos) << c.args << ": " << err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("x.bd"))) << c.args;
  }
}

TEST(MakebearoffTool, UnwritableOutput) {
  TempDir dir;
  EXPECT_EQ(run("-o 2 -f " + dir.file("no/such/folder/x.bd").string(), dir), 3);
  EXPECT_NE(read_file(dir.file("stderr")).find("x.bd"), std::string::npos);
}

}  // namespace
}  // namespace tavla::test
