// End-to-end: `tavla analyze --batch` as a script would use it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

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
