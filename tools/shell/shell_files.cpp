// SPDX-License-Identifier: GPL-3.0-or-later
// Files: save and load matches (SGF), command scripts; `calibrate`, `quit`.
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/sgf.h"
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {
constexpr const char* kApplication = "tavla:0.1.0";
}  // namespace

std::string Shell::today() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  return strf("%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

void Shell::cmd_save_match(std::string& args) {
  save(args, true);
}
void Shell::cmd_save_game(std::string& args) {
  save(args, false);
}

void Shell::save(std::string& args, bool whole_match) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    outf("You must specify a file to save to (see `help save %s').\n",
         whole_match ? "match" : "game");
    return;
  }
  engine::SgfMatch m;
  m.info.names = names_.name;
  m.info.date = match_date_;
  if (whole_match)
    m.games = flow_.games();
  else
    m.games = {*flow_.current_game()};
  const std::string text = engine::write_sgf(m, kApplication);
  if (*file == "-") {
    out(text);
    return;
  }
  std::error_code ec;
  if (confirm_save_ && std::filesystem::exists(*file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
    return;
  std::ofstream f(*file, std::ios::binary | std::ios::trunc);
  if (!f || !(f << text) || !f.flush()) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : EIO));
    return;
  }
}

void Shell::cmd_load_match(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a file to load from (see `help load match').\n");
    return;
  }
  std::ifstream f(*file, std::ios::binary);
  if (!f) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    return;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  auto match = engine::read_sgf(ss.str(), *file);
  if (!match) {
    errf("%s", match.error().c_str());
    return;
  }
  if (!confirm_discard()) return;
  flow_.load(match->games);
  names_.name = match->info.names;
  match_date_ = match->info.date;
  forget_dice();
  next_turn_ = false;
  show_board();
}

void Shell::cmd_load_commands(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a file to load from.\n");
    return;
  }
  std::ifstream f(*file);
  if (!f) {
    errf("%s: %s", file->c_str(), std::strerror(errno ? errno : ENOENT));
    return;
  }
  run_script(f);
}

void Shell::run_script(std::istream& in) {
  std::string line;
  while (!quit_ && !interrupted_ && std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    if (!line.empty() && line[0] == '#') continue;
    handle(line, top_commands(), true);
    run_pending();
  }
}

void Shell::cmd_calibrate(std::string& args) {
  if (!options_.calibrate) {
    out("Calibration is not available in this build of tavla.\n");
    return;
  }
  std::vector<std::string> words;
  while (std::optional<std::string> w = next_token(args)) words.push_back(*w);
  if (options_.weights) {
    words.push_back("--weights");
    words.push_back(*options_.weights);
  }
  out_.flush();
  options_.calibrate(words);
}

void Shell::cmd_quit(std::string&) {
  if (options_.interactive && !confirm_discard()) return;
  quit_ = true;
}

}  // namespace tavla::shell
