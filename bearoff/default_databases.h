// SPDX-License-Identifier: GPL-3.0-or-later
// Where tavla finds its default bearoff databases (gnubg's pair: the 6-point one-sided database
// with 15 chequers, gnubg_os0.bd, and the 6x6 two-sided cubeful one, gnubg_ts0.bd), and how it
// builds them when they are nowhere to be found, so that tavla works without gnubg installed.
//
// Search order for each file: $TAVLA_BEAROFF_DIR, tavla's data directory
// ($XDG_DATA_HOME/tavla or ~/.local/share/tavla), then gnubg's installed files
// (/usr/share/gnubg, /var/lib/gnubg, /usr/lib/gnubg). Built files go to tavla's data directory;
// they are byte-identical to gnubg's makebearoff -o 6 and -t 6x6.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "bearoff/bearoff_databases.h"
#include "bearoff/result.h"

namespace tavla::bearoff {

inline constexpr const char* kOneSidedFile = "gnubg_os0.bd";
inline constexpr const char* kTwoSidedFile = "gnubg_ts0.bd";
// The optional larger one-sided database (gnubg's name; e.g. makebearoff -o 10 -f gnubg_os.bd).
// Used when found, never built: gnubg 1.07 uses it the same way when it is in its data directory.
inline constexpr const char* kLargeOneSidedFile = "gnubg_os.bd";

std::filesystem::path tavla_data_directory();

// The first existing file of that name in the search order, or an empty path.
std::filesystem::path find_database(const std::string& name);

// Opens the default databases; missing ones are built into tavla_data_directory() when `build`
// is true (a few seconds; `note` is told what is being built), else left out. The larger
// one-sided database is opened when found.
Result<BearoffDatabases> open_default_databases(
    bool build, const std::function<void(const std::string&)>& note = {});

}  // namespace tavla::bearoff
