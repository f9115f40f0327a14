// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis of one position, as `tavla analyze` and every door (batch protocol, servers,
// Python) answer it: the evaluation of the position, the cube decision of the player on roll (or
// the answer to a pending double or resignation), and with dice the ranked plays. Plain data from
// the core's calls; the JSON and text forms are in tools/text/.
//
// An Analyser owns what an analysis needs: the nets, the bearoff (or hypergammon) databases and
// the search threads. It is not thread-safe: one analysis at a time (the search itself uses all
// its threads).
#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/gnubg_id.h"
#include "engine/result.h"
#include "engine/variant.h"
#include "eval/cube_decision.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/parallel_search.h"
#include "eval/position_class.h"
#include "eval/resignation.h"
#include "eval/search.h"

namespace tavla::bearoff {
class BearoffDatabases;
}

namespace tavla::analysis {

struct PositionAnalysis {
  engine::Game game;
  eval::CubeInfo ci;
  eval::PositionClass pc = eval::PositionClass::kOver;
  eval::EvalSetup setup;
  // The evaluation of the position (no double, double/take), one row per ply: 0..plies when all
  // plies were asked for, else the top ply only; none for a text hint on a roll or resignation.
  std::vector<std::array<eval::Evaluation, 2>> rows;
  // The cube decision of the player on roll (no dice): when they may double, and in match play
  // also when the cube is dead for them (gnubg's "Never double, take (dead cube)"). With a double
  // pending it is the doubler's decision, and `take` is the answer of the player doubled.
  std::optional<eval::CubeAnalysis> cube;
  bool dead_cube = false;
  std::optional<eval::TakeAction> take;
  // A resignation pending (the ID's resigned field): judged for the resigner, 1 - turn.
  std::optional<eval::ResignationAnswer> resignation;
  bool has_moves = false;               // dice are set
  std::vector<eval::ScoredMove> moves;  // ranked best first
};

struct AnalyserOptions {
  std::optional<std::filesystem::path> weights;  // default: $TAVLA_WEIGHTS, then tavla's nets
  int threads = 1;
  engine::Variant variant = engine::Variant::kStandard;
  // Missing bearoff databases (and hypergammon databases of 1 and 2 chequers) are built into
  // tavla's data directory; `note` is told once what is being built.
  std::function<void(const std::string&)> note;
};

class Analyser {
 public:
  // Opens the nets and the databases. Errors: unreadable weights, a hypergammon database that
  // cannot be opened or built. Missing standard bearoff databases are not an error (the nets
  // then play bearoffs too): `warning()` says so.
  static engine::Result<std::unique_ptr<Analyser>> open(const AnalyserOptions& options);
  ~Analyser();

  // The analysis of `game` at `setup`; `all_plies`: every ply from 0 (gnubg's eval table).
  // Errors: an illegal board for the variant, an impossible cube situation.
  engine::Result<PositionAnalysis> analyse(const engine::Game& game, const eval::EvalSetup& setup,
                                           bool all_plies = false);

  eval::ParallelSearch& search();
  engine::Variant variant() const;
  const std::string& warning() const;  // empty, or why there are no bearoff databases
  // What the analyser opened, for callers that evaluate or roll out with the same data (batch
  // evaluation, rollouts): the nets, the database provider the evaluators consult (null without
  // databases) and, in standard backgammon, the bearoff databases themselves.
  std::shared_ptr<const eval::NetSet> nets() const;
  const eval::BearoffProvider* bearoff_provider() const;
  const bearoff::BearoffDatabases* bearoff_databases() const;

 private:
  struct Impl;
  explicit Analyser(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tavla::analysis
