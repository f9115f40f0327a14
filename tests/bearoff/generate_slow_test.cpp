// SPDX-License-Identifier: GPL-3.0-or-later
// Large databases against the md5 values of the gnubg manual (label "slow"). The 11- to
// 13-point one-sided databases take many minutes and need TAVLA_BEAROFF_HUGE=1.
#include <gtest/gtest.h>

#include <cstdlib>

#include "md5.h"
#include "test_util.h"

namespace tavla::test {
namespace {

void check_manual(const std::string& options_text) {
  for (const std::string& line : fixture_lines("manual_md5.txt")) {
    const auto w = split_ws(line);
    std::vector<std::string> options(w.begin() + 1, w.end());
    std::string text;
    for (const auto& o : options) text += (text.empty() ? "" : " ") + o;
    if (text != options_text) continue;
    TempDir dir;
    ASSERT_EQ(generate(options, dir.file("db.bd")), "");
    EXPECT_EQ(md5_file(dir.file("db.bd").string()), w[0]) << "makebearoff " << text;
    return;
  }
  ADD_FAILURE() << "no manual md5 for " << options_text;
}

bool huge() {
  return std::getenv("TAVLA_BEAROFF_HUGE") != nullptr;
}

TEST(GenerateManualMd5, OneSided7) {
  check_manual("-o 7");
}
TEST(GenerateManualMd5, OneSided8) {
  check_manual("-o 8");
}
TEST(GenerateManualMd5, OneSided9) {
  check_manual("-o 9");
}
TEST(GenerateManualMd5, OneSided10) {
  check_manual("-o 10");
}
TEST(GenerateManualMd5, OneSided11) {
  if (!huge()) GTEST_SKIP() << "set TAVLA_BEAROFF_HUGE=1";
  check_manual("-o 11");
}
TEST(GenerateManualMd5, OneSided12) {
  if (!huge()) GTEST_SKIP() << "set TAVLA_BEAROFF_HUGE=1";
  check_manual("-o 12");
}
TEST(GenerateManualMd5, OneSided13) {
  if (!huge()) GTEST_SKIP() << "set TAVLA_BEAROFF_HUGE=1";
  check_manual("-o 13");
}
TEST(GenerateManualMd5, TwoSided6x7) {
  check_manual("-t 6x7");
}
TEST(GenerateManualMd5, TwoSided6x8) {
  check_manual("-t 6x8");
}
TEST(GenerateManualMd5, TwoSided6x9) {
  check_manual("-t 6x9");
}
TEST(GenerateManualMd5, TwoSided6x10) {
  check_manual("-t 6x10");
}

}  // namespace
}  // namespace tavla::test
