// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/position_analysis.h"

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "bearoff/hypergammon_defaults.h"
#include "bearoff/hypergammon_provider.h"
#include "engine/board.h"
#include "eval/cubeful.h"
#include "eval/net_set.h"

namespace tavla::analysis {

struct Analyser::Impl {
  engine::Variant variant = engine::Variant::kStandard;
  std::string warning;
  std::optional<bearoff::HypergammonDatabase> hyper_db;
  std::optional<bearoff::HypergammonProvider> hyper;
  std::optional<bearoff::BearoffDatabases> dbs;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  std::shared_ptr<const eval::NetSet> nets;
  const eval::BearoffProvider* databases = nullptr;
  std::optional<eval::ParallelSearch> search;
};

Analyser::Analyser(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Analyser::~Analyser() = default;

eval::ParallelSearch& Analyser::search() { return *impl_->search; }
engine::Variant Analyser::variant() const { return impl_->variant; }
const std::string& Analyser::warning() const { return impl_->warning; }
std::shared_ptr<const eval::NetSet> Analyser::nets() const { return impl_->nets; }
const eval::BearoffProvider* Analyser::bearoff_provider() const { return impl_->databases; }
const bearoff::BearoffDatabases* Analyser::bearoff_databases() const {
  return impl_->dbs ? &*impl_->dbs : nullptr;
}

engine::Result<std::unique_ptr<Analyser>> Analyser::open(const AnalyserOptions& options) {
  auto nets = eval::NetSet::find(options.weights);
  if (!nets) return engine::Error{nets.error()};
  auto impl = std::make_unique<Impl>();
  impl->variant = options.variant;
  const eval::BearoffProvider* databases = nullptr;
  if (engine::is_hypergammon(options.variant)) {
    // gnubg evaluates hypergammon from its database alone (exact at every depth).
    auto db = bearoff::open_hyper_database(engine::chequers(options.variant), true, options.note);
    if (!db) return engine::Error{db.error()};
    impl->hyper_db.emplace(std::move(db).value());
    databases = &impl->hyper.emplace(*impl->hyper_db);
  } else {
    // gnubg's bearoff databases (exact bearoff evaluations), built if nowhere to be found.
    auto opened = bearoff::open_default_databases(true, options.note);
    if (opened)
      databases = &impl->provider.emplace(impl->dbs.emplace(std::move(opened).value()));
    else
      impl->warning = "no bearoff databases (" + opened.error() + ")";
  }
  impl->nets = *nets;
  impl->databases = databases;
  impl->search.emplace(*nets, options.threads, databases);
  return std::unique_ptr<Analyser>(new Analyser(std::move(impl)));
}

engine::Result<PositionAnalysis> Analyser::analyse(const engine::Game& game,
                                                   const eval::EvalSetup& setup, bool all_plies) {
  eval::ParallelSearch& search = *impl_->search;
  if (auto bad = engine::board_error(game.board, impl_->variant)) return engine::Error{*bad};
  auto ci = eval::cube_info(game.match);
  if (!ci) return engine::Error{ci.error()};
  PositionAnalysis a;
  a.game = game;
  a.ci = *ci;
  a.pc = eval::classify(game.board, search.primary().evaluator().bearoff());
  a.setup = setup;
  const engine::MatchState& ms = game.match;
  const bool dice = ms.dice_rolled() && ms.game_state == engine::GameState::kPlaying;
  const bool resigned = ms.resigned > 0 && ms.game_state == engine::GameState::kPlaying;
  const int top = setup.context.plies;
  // The evaluation of the position itself: all plies for the text table, the top one for JSON;
  // the text hint (dice rolled, or a resignation to answer) shows no table, as gnubg's hint, so
  // it is not computed.
  const int first = all_plies ? (dice || resigned ? top + 1 : 0) : top;
  for (int plies = first; plies <= top; ++plies) {
    eval::EvalContext ec = setup.context;
    ec.plies = plies;
    a.rows.push_back(search.cube_evaluations(game.board, a.ci, ec));
  }
  if (resigned) {
    // Only the resignation is answered (as gnubg's hint), judged for the resigner.
    const int resigner = 1 - ms.turn;
    engine::Game g = game;
    if (g.match.on_roll != resigner) {
      g.board.swap_sides();
      g.match.on_roll = resigner;
    }
    auto rci = eval::cube_info(g.match);
    if (!rci) return engine::Error{rci.error()};
    const auto row = search.cube_evaluations(g.board, *rci, setup.context);
    a.resignation = eval::judge_resignation(row[0].probs, *rci, ms.resigned);
    return a;
  }
  const bool cube_access = a.ci.centred() || a.ci.owned_by_roller();
  a.dead_cube = !a.ci.is_money() && cube_access && !eval::may_double(a.ci);
  if (!a.rows.empty() && !dice && ms.cube_use && (eval::may_double(a.ci) || a.dead_cube)) {
    const auto& top_row = a.rows.back();
    eval::CubeStateValues v{top_row[0].cubeful_equity, top_row[1].cubeful_equity};
    a.cube = eval::analyse_cube(top_row[0].probs, v, a.ci);
    if (ms.doubled)
      a.take = eval::taker_response(a.cube->decision, ms.is_money() && ms.beavers > 0);
  }
  if (dice) {
    a.has_moves = true;
    a.moves = search.rank_moves(game.board, ms.dice[0], ms.dice[1], a.ci, setup);
  }
  return a;
}

}  // namespace tavla::analysis
