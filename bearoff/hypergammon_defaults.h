// SPDX-License-Identifier: GPL-3.0-or-later
// Where tavla finds a hypergammon database (gnubg's file names hyper1.bd, hyper2.bd, hyper3.bd),
// in the search order of the bearoff databases (default_databases.h), and building the small ones
// on first use.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "bearoff/hypergammon_database.h"
#include "bearoff/result.h"

namespace tavla::bearoff {

// "hyper<c>.bd", gnubg's name.
std::string hyper_file_name(int chequers);

// Chequer counts up to this are built on first use when no file is found (2 chequers: a few
// seconds); 3-chequer hypergammon takes minutes, so its file must be made with makehyper.
inline constexpr int kHyperBuildOnUseMaxChequers = 2;

// Opens the c-chequer database (c = 1..3) from the search path; when missing and `build` is true
// and c <= kHyperBuildOnUseMaxChequers, solves it into tavla's data directory first in gnubg's
// order (the file is gnubg's makehyper's byte for byte; `note` is told). Errors say what to do (for 3 chequers: the makehyper command).
Result<HypergammonDatabase> open_hyper_database(
    int chequers, bool build, const std::function<void(const std::string&)>& note = {});

}  // namespace tavla::bearoff
