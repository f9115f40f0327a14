// SPDX-License-Identifier: GPL-3.0-or-later
// Command lines typed at the shell, a few per input, run by one shell: every line must be answered
// (output or an error message) without a crash. Commands that touch files, think for long (the
// computer player, evaluations, rollouts) or start other programs are left out: they are not
// what a fuzzer can usefully hammer, and files must not be written where it is run.
#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "shell/shell.h"

namespace {

bool left_out(const std::string& line) {
  std::string lower = line;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::istringstream words(lower);
  std::string first;
  words >> first;
  if (first.empty()) return false;
  if (first[0] == '!') return true;
  static const std::vector<std::string> kSlowOrFiles = {
      "save",  "export", "load",      "import",   "record", "rollout", "analyse", "analyze",
      "hint",  "eval",   "play",      "train",    "calibrate", "external", "shell", "cd",
      "quit",  "exit",   "commands",  "relational"};
  for (const std::string& c : kSlowOrFiles)
    if (c.starts_with(first)) return true;
  // The computer player thinks: keep both players human and every evaluation at 0 ply. The shell
  // takes any prefix of a keyword ("set pl 0 g" makes player 0 the computer, "ch ev pl 3" sets
  // 3 plies), so a later word that begins one of these keywords leaves the line out.
  static const std::vector<std::string> kThinking = {"gnubg", "external", "plies", "level",
                                                     "rollout"};
  std::string word;
  while (words >> word)
    for (const std::string& k : kThinking)
      if (k.starts_with(word)) return true;
  for (const std::string& k : kThinking)
    if (lower.find(k) != std::string::npos) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 2048) return 0;
  std::ostringstream out, err;
  tavla::shell::ShellOptions options;
  options.seed = 1;
  tavla::shell::Shell shell(out, err, options);
  shell.set_line_source([](const std::string&) { return std::optional<std::string>(); });
  shell.execute("set player 0 human");
  std::istringstream lines(std::string(tavla::fuzz::as_text(data, size)));
  std::string line;
  for (int n = 0; n < 16 && std::getline(lines, line); ++n)
    if (!left_out(line)) shell.execute(line);
  return 0;
}
