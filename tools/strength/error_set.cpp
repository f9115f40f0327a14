// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/error_set.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>
#include <thread>

#include "engine/gnubg_id.h"
#include "engine/movegen.h"
#include "engine/position_id.h"
#include "eval/search.h"
#include "strength/duel.h"
#include "strength/player.h"
#include "strength/reference_lines.h"

namespace tavla::strength {

using engine::Board;
using engine::Error;
using eval::PositionClass;

namespace {

std::optional<PositionClass> class_from_name(const std::string& s) {
  for (PositionClass c : kErrorClasses)
    if (s == eval::position_class_name(c)) return c;
  return std::nullopt;
}

bool is_error_class(PositionClass c) {
  return c == PositionClass::kContact || c == PositionClass::kCrashed || c == PositionClass::kRace;
}

engine::Game game_of(const ErrorPosition& p) {
  engine::Game g{p.board, engine::default_money_state()};
  g.match.jacoby = false;
  g.match.dice = {p.d1, p.d2};
  return g;
}

}  // namespace

std::filesystem::path default_error_set_path() {
  if (const char* env = std::getenv("TAVLA_ERROR_POSITIONS"); env && *env) return env;
  return TAVLA_ERROR_POSITIONS_FILE;
}

engine::Result<ErrorSet> read_error_set(std::istream& in, const std::string& source_name) {
  ErrorSet set;
  auto moves = std::make_unique<engine::MoveList>();
  auto fail = [](const std::string& what) { return std::optional<std::string>(what); };
  auto error = read_reference_lines(
      in, source_name, set.reference,
      [&](const std::string& first, std::istringstream& ls) -> std::optional<std::string> {
        auto game = engine::game_from_text(first);
        if (!game) return fail(game.error());
        if (!game->match.is_money() || !game->match.dice_rolled())
          return fail("'" + first + "' is not a money position with dice");
        ErrorPosition p;
        p.board = game->board;
        p.d1 = std::max(game->match.dice[0], game->match.dice[1]);
        p.d2 = std::min(game->match.dice[0], game->match.dice[1]);
        std::string cls;
        int n = 0;
        if (!(ls >> cls >> n)) return fail("expected a class and a move count after the position");
        auto c = class_from_name(cls);
        if (!c) return fail("unknown class '" + cls + "' (contact, crashed or race)");
        p.cls = *c;
        if (n < 2) return fail("a position needs at least two plays, got " + std::to_string(n));
        for (int i = 0; i < n; ++i) {
          std::string id, eq;
          if (!(ls >> id >> eq))
            return fail("expected " + std::to_string(n) + " plays with equities");
          auto after = engine::board_from_position_id(id);
          if (!after) return fail(after.error());
          char* end = nullptr;
          const float e = std::strtof(eq.c_str(), &end);
          if (end == eq.c_str() || *end != '\0') return fail("bad equity '" + eq + "'");
          if (!p.moves.empty() && e > p.moves.back().equity)
            return fail("plays are not listed best first");
          p.moves.push_back({*after, e});
        }
        std::string extra;
        if (ls >> extra) return fail("unexpected text '" + extra + "' after the plays");
        // Every legal play exactly once, and nothing else.
        const int legal = engine::generate_moves(p.board, p.d1, p.d2, *moves);
        if (legal != n)
          return fail(std::to_string(n) + " plays listed, but the roll has " +
                      std::to_string(legal));
        for (const ReferenceMove& m : p.moves)
          if (std::none_of(moves->begin(), moves->end(),
                           [&](const engine::LegalMove& lm) { return lm.after == m.after; }))
            return fail("'" + engine::position_id(m.after) + "' is not a legal play of the roll");
        set.positions.push_back(std::move(p));
        return std::nullopt;
      });
  if (error) return Error{*error};
  if (set.positions.empty()) return Error{source_name + ": no positions"};
  return set;
}

engine::Result<ErrorSet> read_error_set(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return Error{"cannot open error-rate positions '" + file.string() + "'"};
  return read_error_set(in, file.string());
}

void write_error_set(std::ostream& out, const ErrorSet& set, const std::string& header_comment) {
  std::istringstream hc(header_comment);
  for (std::string l; std::getline(hc, l);) out << "# " << l << "\n";
  out << "reference " << set.reference << "\n";
  for (const ErrorPosition& p : set.positions) write_error_position(out, p);
}

std::string error_position_id(const ErrorPosition& p) {
  return engine::gnubg_id(game_of(p));
}

void write_error_position(std::ostream& out, const ErrorPosition& p) {
  char buf[32];
  out << engine::gnubg_id(game_of(p)) << ' ' << eval::position_class_name(p.cls) << ' '
      << p.moves.size();
  for (const ReferenceMove& m : p.moves) {
    std::snprintf(buf, sizeof buf, "%.6f", m.equity);
    out << ' ' << engine::position_id(m.after) << ' ' << buf;
  }
  out << "\n";
}

ErrorSet build_error_set(std::shared_ptr<const eval::NetSet> nets,
                         const eval::BearoffProvider* bearoff, const ErrorSetBuildSettings& st,
                         const std::function<void(const ErrorSetProgress&)>& progress) {
  ErrorSet set;
  char ref[300];
  std::snprintf(ref, sizeof ref, "%d-ply cubeless money equities%s, nets %s%sversion %s%s",
                st.reference.plies, st.reference.prune ? " with pruning" : "", st.nets_name.c_str(),
                st.nets_name.empty() ? "" : " (", nets->version().c_str(),
                st.nets_name.empty() ? "" : ")");
  set.reference = ref;

  // 1. Sampling from noisy 0-ply self-play (one search; cheap next to the analysis).
  const int want[3] = {st.contact, st.crashed, st.race};
  const float take[3] = {st.take_contact, st.take_crashed, st.take_race};
  const int total = st.contact + st.crashed + st.race;
  int have[3] = {0, 0, 0};
  std::array<std::vector<ErrorPosition>, 3> by_class;
  eval::Search search(nets, bearoff);
  PlayerConfig noisy{nets, zero_ply_cubeless(), "noisy 0-ply"};
  noisy.setup.context.noise = st.sample_noise;
  auto moves = std::make_unique<engine::MoveList>();
  for (int game = 0; game < st.max_games && have[0] + have[1] + have[2] < total; ++game) {
    DiceSequence dice(st.seed, game);
    std::seed_seq pick_seed{st.seed, static_cast<uint32_t>(game), 0x73616d70u /* "samp" */};
    std::mt19937 pick(pick_seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    Board board = Board::starting_position();
    for (int turn = 0; turn < 10000; ++turn) {
      const rollout::Dice d = dice.at(turn);
      const PositionClass c = eval::classify(board, bearoff);
      const float draw = u(pick);  // drawn every turn, so later turns do not depend on quotas
      if (turn > 0 && is_error_class(c)) {
        const int k = c == PositionClass::kContact ? 0 : c == PositionClass::kCrashed ? 1 : 2;
        if (have[k] < want[k] && draw < take[k] &&
            engine::generate_moves(board, d.d1, d.d2, *moves) >= 2) {
          ErrorPosition p;
          p.board = board;
          p.d1 = d.d1;
          p.d2 = d.d2;
          p.cls = c;
          by_class[k].push_back(p);
          ++have[k];
        }
      }
      board = choose_move(search, noisy, board, d.d1, d.d2, turn & 1);
      if (board.checkers_on_board(Board::kOnRoll) == 0) break;
      board.swap_sides();
    }
    if (progress && game % 16 == 0) progress({"sampling", have[0] + have[1] + have[2], total});
  }
  for (auto& v : by_class)
    for (auto& p : v) set.positions.push_back(std::move(p));

  // 2. Every legal play at the reference depth, positions spread over threads.
  const int n = static_cast<int>(set.positions.size());
  std::atomic<int> next{0}, done{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, st.threads); ++t)
    threads.emplace_back([&] {
      eval::Search s(nets, bearoff, size_t{1} << 20);
      auto list = std::make_unique<engine::MoveList>();
      for (int i; (i = next.fetch_add(1)) < n;) {
        ErrorPosition& p = set.positions[i];
        const int count = engine::generate_moves(p.board, p.d1, p.d2, *list);
        std::vector<eval::ScoredMove> scored;
        for (int j = 0; j < count; ++j) scored.push_back(eval::unscored((*list)[j]));
        s.score_moves(p.board, scored, cubeless_money(1), st.reference, st.reference.plies);
        for (const eval::ScoredMove& m : scored)
          p.moves.push_back({m.move.after, m.cubeless_equity});
        // Best first; ties keep move-generation order.
        std::stable_sort(
            p.moves.begin(), p.moves.end(),
            [](const ReferenceMove& a, const ReferenceMove& b) { return a.equity > b.equity; });
        done.fetch_add(1);
      }
    });
  while (done.load() < n) {
    if (progress) progress({"analysing", done.load(), n});
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  for (auto& t : threads) t.join();
  if (progress) progress({"analysing", n, n});
  return set;
}

}  // namespace tavla::strength
