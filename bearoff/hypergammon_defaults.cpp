// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/hypergammon_defaults.h"

#include "bearoff/default_databases.h"
#include "bearoff/hypergammon_solver.h"

namespace tavla::bearoff {

namespace fs = std::filesystem;

std::string hyper_file_name(int chequers) {
  return "hyper" + std::to_string(chequers) + ".bd";
}

Result<HypergammonDatabase> open_hyper_database(
    int chequers, bool build, const std::function<void(const std::string&)>& note) {
  if (chequers < 1 || chequers > kHyperMaxChequers)
    return Error{"hypergammon needs 1 to 3 chequers, not " + std::to_string(chequers)};
  const std::string name = hyper_file_name(chequers);
  if (fs::path found = find_database(name); !found.empty())
    return HypergammonDatabase::open(found, chequers);
  const fs::path target = tavla_data_directory() / name;
  if (!build || chequers > kHyperBuildOnUseMaxChequers)
    return Error{"no " + name + " found (looked in $TAVLA_BEAROFF_DIR, " +
                 tavla_data_directory().string() + ", gnubg's folders); make it with: makehyper -c " +
                 std::to_string(chequers) + " -f " + target.string()};
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) return Error{"cannot create " + target.parent_path().string() + ": " + ec.message()};
  if (note) note("building the " + std::to_string(chequers) + "-chequer hypergammon database " +
                 target.string());
  auto solver = HypergammonSolver::create(chequers, 1, HyperMethod::kGnubg);  // gnubg's bytes
  if (!solver) return Error{solver.error()};
  HyperRun run;  // gnubg's default threshold
  run.output = target;
  run.checkpoint = false;
  auto outcome = run_value_iteration(solver.value(), run, {});
  if (!outcome) return Error{outcome.error()};
  return HypergammonDatabase::open(target, chequers);
}

}  // namespace tavla::bearoff
