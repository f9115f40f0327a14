// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell_test_support.h"

#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace tavla::test {

namespace fs = std::filesystem;

std::string tavla_binary() {
  return std::string(TAVLA_BUILD_DIR) + "/tavla";
}
std::string shell_fixtures() {
  return std::string(TAVLA_FIXTURES) + "/shell";
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

namespace {
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}
}  // namespace

std::string run(const std::string& command, const std::string& dir) {
  const std::string full = "cd " + quoted(dir) + " && " + command + " 2>&1";
  FILE* p = popen(full.c_str(), "r");
  if (!p) return "";
  std::string out;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

namespace {
// Drops everything up to and including the first line for which `last_banner_line` holds.
std::string after_banner(const std::string& text, size_t banner_lines) {
  size_t pos = 0;
  for (size_t i = 0; i < banner_lines && pos != std::string::npos; ++i) {
    pos = text.find('\n', pos);
    if (pos != std::string::npos) ++pos;
  }
  return pos == std::string::npos ? "" : text.substr(pos);
}
}  // namespace

std::string run_tavla_script(const std::string& script, const std::string& dir) {
  // tavla's banner is two lines. -r: no saved settings are read (and `save settings' without a
  // file name writes none), as gnubg's transcripts are made with -r.
  return after_banner(run(quoted(tavla_binary()) + " -r < " + quoted(script), dir), 2);
}

std::string run_gnubg_script(const std::string& script, const std::string& dir) {
  if (!gnubg_available()) return "";
  std::string out = run(quoted(gnubg_binary()) + " -t -q -r < " + quoted(script), dir);
  // gnubg's banner ends with the empty line after "This is free software ...".
  const size_t p = out.find("This is free software");
  if (p == std::string::npos) return out;
  const size_t blank = out.find("\n\n", p);
  return blank == std::string::npos ? "" : out.substr(blank + 2);
}

std::string differs_but_numbers(const std::string& a, const std::string& b, double tol) {
  static const std::regex num(R"(-?[0-9]+\.[0-9]+(e[-+][0-9]+)?)");
  if (std::regex_replace(a, num, "#") != std::regex_replace(b, num, "#"))
    return "the texts differ apart from their numbers:\n" + a + "\n---\n" + b;
  std::vector<double> x, y;
  for (auto it = std::sregex_iterator(a.begin(), a.end(), num); it != std::sregex_iterator(); ++it)
    x.push_back(std::stod(it->str()));
  for (auto it = std::sregex_iterator(b.begin(), b.end(), num); it != std::sregex_iterator(); ++it)
    y.push_back(std::stod(it->str()));
  for (size_t i = 0; i < x.size(); ++i)
    if (!(std::fabs(x[i] - y[i]) <= tol))
      return "number " + std::to_string(i) + " differs: " + std::to_string(x[i]) + " against " +
             std::to_string(y[i]);
  return "";
}

std::string plain_sgf(std::string text) {
  text = std::regex_replace(text, std::regex(R"(AP\[[^\]]*\])"), "AP[]");
  return normalise(text);
}

std::string normalise(std::string text) {
  text = std::regex_replace(text, std::regex(R"(DT\[[0-9-]*\])"), "DT[]");
  text = std::regex_replace(text, std::regex(R"(EventDate "[0-9.]*")"), "EventDate \"\"");
  // Who wrote an SGF file: "GNU Backgammon:1.07.001" or tavla's name.
  text = std::regex_replace(text, std::regex(R"(AP\[[^\]]*\])"), "AP[]");
  // Text exports: the match date (strftime %x) and the closing lines, which hold the time of
  // writing and the program's name and version.
  text = std::regex_replace(text, std::regex(R"(Date: [0-9/]+)"), "Date: ");
  text = std::regex_replace(text, std::regex(R"(Output generated [^\n]*\n by [^\n]*\(Text Export)"),
                            "Output generated\n by (Text Export");
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text + "\n";
}

std::string gnubg_binary() {
  if (const char* g = std::getenv("GNUBG")) return g;
  return "/usr/games/gnubg";
}
bool gnubg_available() {
  return access(gnubg_binary().c_str(), X_OK) == 0;
}
bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci && std::string(ci) == "true";
}
bool weights_available() {
  if (const char* w = std::getenv("TAVLA_WEIGHTS")) return access(w, R_OK) == 0;
  for (const char* p :
       {"/usr/lib/gnubg/gnubg.wd", "/usr/share/gnubg/gnubg.wd", "/usr/share/gnubg/gnubg.weights"})
    if (access(p, R_OK) == 0) return true;
  return false;
}

std::string temp_dir(const std::string& name) {
  fs::path d = fs::path(TAVLA_BUILD_DIR) / "tests" / "shell_tmp" / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d.string();
}

std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        ((c == '+' || c == '-') && i + 1 < line.size() &&
         std::isdigit(static_cast<unsigned char>(line[i + 1])))) {
      size_t j = i + 1;
      while (j < line.size() &&
             (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == '.'))
        ++j;
      out.push_back(line.substr(i, j - i));
      i = j;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      out.push_back(std::string(1, c));
      ++i;
    }
  }
  return out;
}

bool alike(const std::string& a, const std::string& b, int& last_digit_differences, int units) {
  if (a == b) return true;
  const size_t da = a.find('.'), db = b.find('.');
  if (da == std::string::npos || db == std::string::npos) return false;
  if (a.size() - da != b.size() - db) return false;
  const double unit = std::pow(10.0, -static_cast<double>(a.size() - da - 1));
  if (std::fabs(std::atof(a.c_str()) - std::atof(b.c_str())) > unit * (units + 0.01)) return false;
  ++last_digit_differences;
  return true;
}

}  // namespace tavla::test
