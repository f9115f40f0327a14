// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/default_databases.h"

#include <cstdlib>

#include "bearoff/one_sided_generator.h"
#include "bearoff/two_sided_generator.h"

namespace tavla::bearoff {

namespace fs = std::filesystem;

fs::path tavla_data_directory() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return fs::path(xdg) / "tavla";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".local" / "share" / "tavla";
  return fs::temp_directory_path() / "tavla";
}

fs::path find_database(const std::string& name) {
  std::vector<fs::path> dirs;
  if (const char* d = std::getenv("TAVLA_BEAROFF_DIR"); d && *d) dirs.emplace_back(d);
  dirs.push_back(tavla_data_directory());
  for (const char* d : {"/usr/share/gnubg", "/var/lib/gnubg", "/usr/lib/gnubg"}) dirs.emplace_back(d);
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    if (fs::is_regular_file(dir / name, ec)) return dir / name;
  }
  return {};
}

Result<BearoffDatabases> open_default_databases(
    bool build, const std::function<void(const std::string&)>& note) {
  fs::path os = find_database(kOneSidedFile), ts = find_database(kTwoSidedFile);
  if (build && (os.empty() || ts.empty())) {
    const fs::path dir = tavla_data_directory();
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Error{"cannot create " + dir.string() + ": " + ec.message()};
    if (os.empty()) {
      if (note) note("building the one-sided bearoff database " + (dir / kOneSidedFile).string());
      OneSidedSettings s;  // gnubg's -o 6: compressed, with gammon distributions
      auto table = generate_one_sided(s);
      if (!table) return Error{table.error()};
      if (auto err = write_one_sided_database(*table, s, dir / kOneSidedFile)) return *err;
      os = dir / kOneSidedFile;
    }
    if (ts.empty()) {
      if (note) note("building the two-sided bearoff database " + (dir / kTwoSidedFile).string());
      TwoSidedSettings s;  // gnubg's -t 6x6: cubeful
      auto table = generate_two_sided(s);
      if (!table) return Error{table.error()};
      if (auto err = write_two_sided_database(*table, s, dir / kTwoSidedFile)) return *err;
      ts = dir / kTwoSidedFile;
    }
  }
  auto opened = BearoffDatabases::open(os, ts);
  if (!opened) return opened;
  BearoffDatabases dbs = std::move(opened).value();
  if (const fs::path large = find_database(kLargeOneSidedFile); !large.empty()) {
    auto db = OneSidedDatabase::open(large);
    if (!db) return Error{db.error()};
    if (auto err = dbs.set_large_one_sided(std::move(db).value())) return *err;
  }
  return dbs;
}

}  // namespace tavla::bearoff
