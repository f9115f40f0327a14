// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers shared by the bearoff tests: fixtures, temporary folders, generating a database from
// makebearoff-style options with tavla's library.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tavla::test {

inline constexpr const char* kGnubgOneSided = "/usr/share/gnubg/gnubg_os0.bd";
inline constexpr const char* kGnubgTwoSided = "/var/lib/gnubg/gnubg_ts0.bd";
inline constexpr const char* kGnubgMakebearoff = "/usr/games/makebearoff";

// A fresh folder under the system's temporary folder, removed with its contents at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path file(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Non-blank, non-comment lines of tests/fixtures/bearoff/<name>; ADD_FAILURE when missing.
std::vector<std::string> fixture_lines(const std::string& name);

std::vector<std::string> split_ws(const std::string& s);
std::string read_file(const std::filesystem::path& path);  // empty when unreadable
void write_file(const std::filesystem::path& path, const std::string& bytes);

// Generates the database makebearoff would write for `options` (e.g. {"-o", "6", "-c"}) with
// tavla's library into `out`. Returns "" on success, else the error.
std::string generate(const std::vector<std::string>& options, const std::filesystem::path& out,
                     int threads = 0);

// Runs a shell command; returns its exit status.
int run_command(const std::string& command);

}  // namespace tavla::test
