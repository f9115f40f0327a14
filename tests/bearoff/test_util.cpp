// SPDX-License-Identifier: GPL-3.0-or-later
#include "test_util.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "bearoff/one_sided_generator.h"
#include "bearoff/two_sided_generator.h"

namespace tavla::test {

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tavla-bearoff-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) ADD_FAILURE() << "cannot create a temporary folder";
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::vector<std::string> fixture_lines(const std::string& name) {
  const std::string path = std::string(TAVLA_FIXTURES) + "/bearoff/" + name;
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "missing fixture " << path;
    return {};
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

std::vector<std::string> split_ws(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

std::string generate(const std::vector<std::string>& options, const std::filesystem::path& out,
                     int threads) {
  bool one_sided = false, two_sided = false;
  bearoff::OneSidedSettings os;
  bearoff::TwoSidedSettings ts;
  os.threads = ts.threads = threads;
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    if (o == "-o" && i + 1 < options.size()) {
      one_sided = true;
      os.points = std::stoi(options[++i]);
    } else if (o == "-t" && i + 1 < options.size()) {
      two_sided = true;
      const std::string pc = options[++i];
      ts.points = std::stoi(pc.substr(0, pc.find('x')));
      ts.chequers = std::stoi(pc.substr(pc.find('x') + 1));
    } else if (o == "-H") {
      os.header = ts.header = false;
    } else if (o == "-C") {
      ts.cubeful = false;
    } else if (o == "-c") {
      os.compressed = false;
    } else if (o == "-g") {
      os.gammon = false;
    } else if (o == "-n") {
      os.normal = true;
    } else {
      return "unknown option " + o;
    }
  }
  if (one_sided) {
    auto table = bearoff::generate_one_sided(os);
    if (!table) return table.error();
    if (auto e = bearoff::write_one_sided_database(*table, os, out)) return e->message;
    return "";
  }
  if (two_sided) {
    auto table = bearoff::generate_two_sided(ts);
    if (!table) return table.error();
    if (auto e = bearoff::write_two_sided_database(*table, ts, out)) return e->message;
    return "";
  }
  return "neither -o nor -t";
}

int run_command(const std::string& command) {
  const int status = std::system(command.c_str());
  if (status == -1 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

}  // namespace tavla::test
