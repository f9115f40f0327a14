// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's installed data for the search differential tests: its neural-net weights and its
// bearoff databases (gnubg_os0.bd from gnubg-data, gnubg_ts0.bd that the Debian package builds
// at installation), which together decide every number in tests/fixtures/search/.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_provider.h"
#include "eval/net_set.h"

namespace tavla::test {

struct GnubgData {
  std::shared_ptr<const eval::NetSet> nets;
  bearoff::BearoffDatabases databases;
  std::unique_ptr<bearoff::DatabaseBearoffProvider> bearoff;  // over `databases`
};

// Loads the weights and both databases once. When a file is missing or unreadable, `data` is
// null and `missing` says which file and why.
struct GnubgDataStatus {
  const GnubgData* data = nullptr;
  std::string missing;
};
const GnubgDataStatus& gnubg_data();

// True when the environment variable CI is "true" (GitHub Actions and most CI systems set it):
// then missing gnubg data fails the tests instead of skipping them.
bool running_in_ci();

}  // namespace tavla::test

// At the top of a test that needs gnubg's data: fails under CI when it is missing, skips (saying
// which file) elsewhere.
#define REQUIRE_GNUBG_DATA()                                                                   \
  do {                                                                                         \
    const auto& status = test::gnubg_data();                                                   \
    if (!status.data) {                                                                        \
      if (test::running_in_ci()) FAIL() << "gnubg data required under CI: " << status.missing; \
      GTEST_SKIP() << "gnubg 1.07 data not installed, differential test skipped: "             \
                   << status.missing;                                                          \
    }                                                                                          \
  } while (0)
