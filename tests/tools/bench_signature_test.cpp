// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla bench` must reproduce the committed signature (bench/signature.txt): the integer counts
// and the hashes of the moves chosen. A change in play updates the file in the same commit.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace

TEST(BenchSignature, MatchesCommittedFile) {
  const char* weights = "/usr/lib/gnubg/gnubg.wd";
  if (!std::filesystem::exists(weights)) {
    const char* ci = std::getenv("CI");
    if (ci && std::string(ci) == "true") FAIL() << "gnubg's weights " << weights << " are missing";
    GTEST_SKIP() << "gnubg's weights are not installed (run tools/setup.sh)";
  }
  std::ifstream f(std::string(TAVLA_SOURCE_DIR) + "/bench/signature.txt");
  ASSERT_TRUE(f) << "bench/signature.txt missing";
  std::stringstream expected;
  expected << f.rdbuf();
  std::string out = run(std::string(TAVLA_BUILD_DIR) + "/tavla bench --weights " + weights);
  ASSERT_FALSE(out.empty());
  // The signature is the block before the first blank line.
  std::string signature = out.substr(0, out.find("\n\n") + 1);
  EXPECT_EQ(signature, expected.str());
}
