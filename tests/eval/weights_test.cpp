// SPDX-License-Identifier: GPL-3.0-or-later
// Weight files: both formats read and written, every validation error named.
#include "eval/weights.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

#include "eval/net_set.h"
#include "test_support.h"

namespace tavla::eval {
namespace {

namespace fs = std::filesystem;

// Six nets of the right shapes with `hidden` hidden units and made-up numbers.
Weights synthetic(int hidden = 8) {
  Weights w;
  w.version = "1.00";
  int seed = 1;
  auto next = [&] { return static_cast<float>(std::sin(seed++ * 0.7) * 3.0); };
  for (int n = 0; n < kNetCount; ++n) {
    NetWeights& net = w.nets[n];
    net.inputs = kNetInputs[n];
    net.hidden = hidden;
    net.outputs = kNetOutputs;
    net.beta_hidden = 0.1f;
    net.beta_output = 1.0f;
    for (auto* a : {&net.hidden_weights, &net.output_weights, &net.hidden_bias, &net.output_bias})
      a->clear();
    for (int i = 0; i < net.inputs * hidden; ++i) net.hidden_weights.push_back(next());
    for (int i = 0; i < kNetOutputs * hidden; ++i) net.output_weights.push_back(next());
    for (int i = 0; i < hidden; ++i) net.hidden_bias.push_back(next());
    for (int i = 0; i < kNetOutputs; ++i) net.output_bias.push_back(next());
  }
  return w;
}

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("tavla_eval_test_" + std::to_string(getpid()))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  fs::path file(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

void write(const fs::path& p, const void* data, size_t n) {
  std::ofstream out(p, std::ios::binary);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
}

std::vector<std::byte> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::vector<char> c((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> b(c.size());
  std::memcpy(b.data(), c.data(), c.size());
  return b;
}

// The error of parsing these binary bytes (which must fail).
std::string binary_error(const std::vector<std::byte>& b) {
  auto r = parse_weights_binary(b, "test.wd");
  EXPECT_FALSE(r);
  return r ? "" : r.error();
}

std::string text_error(const std::string& t) {
  auto r = parse_weights_text(t, "test.weights");
  EXPECT_FALSE(r);
  return r ? "" : r.error();
}

TEST(Weights, TextRoundTripIsExact) {
  const Weights w = synthetic();
  auto back = parse_weights_text(format_weights_text(w), "memory");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, w);
}

TEST(Weights, BinaryRoundTripIsExact) {
  const Weights w = synthetic();
  const auto bytes = format_weights_binary(w);
  size_t values = 0;
  for (const auto& n : w.nets)
    values += n.hidden_weights.size() + n.output_weights.size() + n.hidden_bias.size() + 5;
  EXPECT_EQ(bytes.size(), 8 + 6 * 24 + 4 * values);
  auto back = parse_weights_binary(bytes, "memory");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, w);
}

TEST(Weights, FilesInBothFormatsAreRecognised) {
  TempDir dir;
  const Weights w = synthetic();
  ASSERT_FALSE(write_weights_text(w, dir.file("a.weights")));
  ASSERT_FALSE(write_weights_binary(w, dir.file("a.wd")));
  for (const char* f : {"a.weights", "a.wd"}) {
    auto r = read_weights(dir.file(f));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, w) << f;
  }
  auto missing = read_weights(dir.file("none.wd"));
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("none.wd"), std::string::npos);
  EXPECT_NE(missing.error().find("cannot open"), std::string::npos);
  write(dir.file("junk"), "hello world", 11);
  auto junk = read_weights(dir.file("junk"));
  ASSERT_FALSE(junk);
  EXPECT_NE(junk.error().find("not a gnubg weights file"), std::string::npos) << junk.error();
}

TEST(Weights, GnubgFileRoundTrips) {
  if (!fs::exists(testing::kGnubgWeights)) {
    if (testing::in_ci()) FAIL() << testing::kGnubgWeights << " is missing";
    GTEST_SKIP() << testing::kGnubgWeights << " is not installed";
  }
  auto w = read_weights(testing::kGnubgWeights);
  ASSERT_TRUE(w) << w.error();
  EXPECT_EQ(w->version, "1.00");
  EXPECT_EQ(w->net(NetId::kContact).hidden, 128);
  EXPECT_EQ(w->net(NetId::kPruneRace).hidden, 8);
  EXPECT_EQ(w->net(NetId::kRace).beta_hidden, 0.1f);
  // Writing the binary format reproduces gnubg's file byte for byte (makeweights' output).
  EXPECT_EQ(format_weights_binary(*w), read_bytes(testing::kGnubgWeights));
  // The text format reads back to the same numbers.
  auto t = parse_weights_text(format_weights_text(*w), "memory");
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(*t, *w);
}

TEST(Weights, BinaryErrors) {
  const auto good = format_weights_binary(synthetic());
  auto bad = good;
  bad[0] = std::byte{0};
  EXPECT_NE(binary_error(bad).find("bad magic"), std::string::npos);
  EXPECT_NE(binary_error(bad).find("test.wd"), std::string::npos);

  bad = good;
  const uint32_t v101 = std::bit_cast<uint32_t>(1.01f);
  std::memcpy(&bad[4], &v101, 4);
  EXPECT_NE(binary_error(bad).find("version 1.01"), std::string::npos) << binary_error(bad);

  bad.assign(good.begin(), good.end() - 100);
  EXPECT_NE(binary_error(bad).find("truncated"), std::string::npos) << binary_error(bad);
  bad.assign(good.begin(), good.begin() + 6);
  EXPECT_NE(binary_error(bad).find("ends before the version"), std::string::npos);

  bad = good;
  bad.push_back(std::byte{0});
  EXPECT_NE(binary_error(bad).find("1 unexpected bytes"), std::string::npos);

  // The race net (second) announces 250 inputs instead of 214.
  bad = good;
  const size_t race = 8 + 24 + 4 * (250 * 8 + 5 * 8 + 8 + 5);
  const uint32_t n250 = 250;
  std::memcpy(&bad[race], &n250, 4);
  EXPECT_NE(binary_error(bad).find("net 2 (race) has 250 inputs, expected 214"), std::string::npos)
      << binary_error(bad);

  bad = good;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(&bad[8 + 24 + 4 * 17], &nan, 4);
  EXPECT_NE(binary_error(bad).find("hidden weight 17 is not a finite number"), std::string::npos)
      << binary_error(bad);

  bad = good;
  const float zero = 0.0f;
  std::memcpy(&bad[8 + 16], &zero, 4);  // contact net's hidden beta
  EXPECT_NE(binary_error(bad).find("beta"), std::string::npos);
}

TEST(Weights, TextErrors) {
  const std::string good = format_weights_text(synthetic());
  EXPECT_NE(text_error("hello").find("does not start with \"GNU Backgammon\""), std::string::npos);
  EXPECT_NE(text_error("GNU Backgammon 1.01\n").find("version 1.01 is not supported"),
            std::string::npos);
  std::string t = good;
  t.replace(t.find('\n', t.find('\n') + 1) + 1, 1, "x");  // first number of the contact net
  EXPECT_NE(text_error(t).find("line 3: net 1 (contact):"), std::string::npos) << text_error(t);
  t = good.substr(0, good.size() - 20);
  t.resize(t.rfind('\n') + 1);
  EXPECT_NE(text_error(t).find("ends early"), std::string::npos) << text_error(t);
  EXPECT_NE(text_error(good + "1.5\n").find("unexpected data after the last net"),
            std::string::npos);
  t = good;
  t.replace(t.find('\n', t.find('\n') + 1) + 1, 1, "inf\n");
  EXPECT_FALSE(parse_weights_text(t, "x"));
  t = good;
  t.replace(t.find("250 8 5"), 7, "250 8 4");
  EXPECT_NE(text_error(t).find("4 outputs, expected 5"), std::string::npos) << text_error(t);
  EXPECT_NE(text_error("GNU Backgammon 1.00\n").find("net 1 (contact) is missing"),
            std::string::npos);
}

TEST(Weights, ValidateAndNetSet) {
  Weights w = synthetic();
  EXPECT_FALSE(validate(w));
  w.nets[3].output_bias.pop_back();
  ASSERT_TRUE(validate(w));
  EXPECT_NE(validate(w)->find("net 4 (pruning contact) has 4 output biases, expected 5"),
            std::string::npos)
      << *validate(w);
  auto set = NetSet::create(w);
  ASSERT_FALSE(set);
  EXPECT_NE(set.error().find("invalid weights"), std::string::npos);
  auto ok = NetSet::create(synthetic(12));  // 12 hidden units: padded to 16 for the kernels
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ((*ok)->net(NetId::kRace).hidden(), 12);
  EXPECT_EQ((*ok)->net(NetId::kRace).padded_hidden(), 16);
}

TEST(Weights, FindingWeights) {
  TempDir dir;
  ASSERT_FALSE(write_weights_binary(synthetic(), dir.file("mine.wd")));
  auto explicit_file = find_weights(dir.file("mine.wd"));
  ASSERT_TRUE(explicit_file) << explicit_file.error();
  EXPECT_EQ(explicit_file->nets[0].hidden, 8);
  auto missing = find_weights(dir.file("missing.wd"));
  ASSERT_FALSE(missing);  // an explicit file never falls back to another one
  EXPECT_NE(missing.error().find("missing.wd"), std::string::npos);

  const char* old = std::getenv("TAVLA_WEIGHTS");
  const std::string saved = old ? old : "";
  setenv("TAVLA_WEIGHTS", dir.file("mine.wd").c_str(), 1);
  auto env = find_weights(std::nullopt);
  ASSERT_TRUE(env) << env.error();
  EXPECT_EQ(env->nets[0].hidden, 8);
  setenv("TAVLA_WEIGHTS", dir.file("nope.wd").c_str(), 1);
  auto env_missing = find_weights(std::nullopt);
  ASSERT_FALSE(env_missing);
  EXPECT_NE(env_missing.error().find("$TAVLA_WEIGHTS"), std::string::npos);
  if (old)
    setenv("TAVLA_WEIGHTS", saved.c_str(), 1);
  else
    unsetenv("TAVLA_WEIGHTS");

  // tavla's own nets first, gnubg's installed files last.
  const auto paths = default_weight_paths();
  ASSERT_GE(paths.size(), 4u);
  EXPECT_EQ(paths.front(), std::filesystem::path(TAVLA_SOURCE_DIR) / "weights" / "tavla.wd");
  EXPECT_EQ(paths[paths.size() - 3], "/usr/lib/gnubg/gnubg.wd");
  EXPECT_EQ(paths.back(), "/usr/share/gnubg/gnubg.weights");
}

TEST(FindWeights, DefaultIsTavlasOwnShippedNets) {
  // The shipped nets are committed in weights/ and are what a fresh install uses.
  const std::filesystem::path shipped = std::filesystem::path(TAVLA_SOURCE_DIR) / "weights" / "tavla.wd";
  ASSERT_TRUE(std::filesystem::exists(shipped));
  auto mine = read_weights(shipped);
  ASSERT_TRUE(mine) << mine.error();
  EXPECT_FALSE(validate(*mine).has_value());
  const char* old = std::getenv("TAVLA_WEIGHTS");
  const std::string saved = old ? old : "";
  unsetenv("TAVLA_WEIGHTS");
  auto found = find_weights(std::nullopt);
  if (old) setenv("TAVLA_WEIGHTS", saved.c_str(), 1);
  ASSERT_TRUE(found) << found.error();
  EXPECT_TRUE(*found == *mine);
  // And they are not gnubg's nets.
  auto gnubg = read_weights("/usr/lib/gnubg/gnubg.wd");
  if (gnubg) {
    EXPECT_FALSE(*found == *gnubg);
  }
}

}  // namespace
}  // namespace tavla::eval
