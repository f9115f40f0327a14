// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/cube_set.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>

#include "engine/gnubg_id.h"
#include "eval/cube_decision.h"
#include "eval/search.h"
#include "strength/duel.h"
#include "strength/player.h"
#include "strength/reference_lines.h"

namespace tavla::strength {

using engine::Board;
using engine::Error;
using eval::PositionClass;

namespace {

// The player on roll of a set's gnubg IDs (any would do; gnubg's IDs store it).
constexpr int kOnRoll = 1;

int class_index(PositionClass c) {
  return c == PositionClass::kContact ? 0 : c == PositionClass::kCrashed ? 1 : 2;
}

std::optional<PositionClass> class_from_name(const std::string& s) {
  for (PositionClass c : {PositionClass::kContact, PositionClass::kCrashed, PositionClass::kRace})
    if (s == eval::position_class_name(c)) return c;
  return std::nullopt;
}

engine::Game game_of(const CubePosition& p) {
  engine::Game g{p.board, engine::default_money_state()};
  g.match.jacoby = false;
  g.match.beavers = 0;
  g.match.cube = p.cube;
  g.match.cube_owner = p.owned ? kOnRoll : engine::kCubeCentred;
  g.match.on_roll = kOnRoll;
  g.match.turn = kOnRoll;
  return g;
}

bool parse_float(const std::string& s, float& out) {
  char* end = nullptr;
  out = std::strtof(s.c_str(), &end);
  return end != s.c_str() && *end == '\0' && std::isfinite(out);
}

// The screening rule: either decision close, in equity per cube; not a game won without gammon
// chances either way (no double and double/pass then both win the cube's value: nothing to judge).
bool kept_by_screen(const eval::CubeEquities& e, const CubeSetBuildSettings& st) {
  if (e.no_double >= st.dead_cash_no_double && e.double_take >= st.dead_cash_double_take)
    return false;
  const float doubled = std::min(e.double_take, e.double_pass);
  return std::abs(doubled - e.no_double) < st.double_window ||
         std::abs(e.double_take - e.double_pass) < st.take_window;
}

}  // namespace

eval::CubeInfo cube_info_of(const CubePosition& p) {
  return eval::money_cube_info(p.cube, p.owned ? kOnRoll : engine::kCubeCentred, kOnRoll, false,
                               false);
}

std::filesystem::path default_cube_set_path() {
  if (const char* env = std::getenv("TAVLA_CUBE_POSITIONS"); env && *env) return env;
  return TAVLA_CUBE_POSITIONS_FILE;
}

engine::Result<CubeSet> read_cube_set(std::istream& in, const std::string& source_name) {
  CubeSet set;
  auto fail = [](const std::string& what) { return std::optional<std::string>(what); };
  auto error = read_reference_lines(
      in, source_name, set.reference,
      [&](const std::string& first, std::istringstream& ls) -> std::optional<std::string> {
        auto game = engine::game_from_text(first);
        if (!game) return fail(game.error());
        const engine::MatchState& ms = game->match;
        if (!ms.is_money() || ms.dice_rolled() || ms.doubled)
          return fail("'" + first + "' is not a money position before the roll");
        if (ms.cube_owner != engine::kCubeCentred && ms.cube_owner != ms.on_roll)
          return fail("'" + first +
                      "': the player on roll cannot double (the opponent owns the cube)");
        CubePosition p;
        p.board = game->board;
        p.cube = ms.cube;
        p.owned = ms.cube_owner != engine::kCubeCentred;
        std::string cls, v[4];
        if (!(ls >> cls >> v[0] >> v[1] >> v[2] >> v[3]))
          return fail("expected a class, two equities and two standard errors after the position");
        auto c = class_from_name(cls);
        if (!c) return fail("unknown class '" + cls + "' (contact, crashed or race)");
        p.cls = *c;
        float* fields[4] = {&p.no_double, &p.double_take, &p.se_no_double, &p.se_double_take};
        for (int i = 0; i < 4; ++i)
          if (!parse_float(v[i], *fields[i])) return fail("bad number '" + v[i] + "'");
        if (p.se_no_double < 0 || p.se_double_take < 0) return fail("a negative standard error");
        std::string extra;
        if (ls >> extra) return fail("unexpected text '" + extra + "' after the equities");
        set.positions.push_back(p);
        return std::nullopt;
      });
  if (error) return Error{*error};
  if (set.positions.empty()) return Error{source_name + ": no positions"};
  return set;
}

engine::Result<CubeSet> read_cube_set(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return Error{"cannot open cube positions '" + file.string() + "'"};
  return read_cube_set(in, file.string());
}

std::string cube_position_id(const CubePosition& p) {
  return engine::gnubg_id(game_of(p));
}

void write_cube_set(std::ostream& out, const CubeSet& set, const std::string& header_comment) {
  std::istringstream hc(header_comment);
  for (std::string l; std::getline(hc, l);) out << "# " << l << "\n";
  out << "reference " << set.reference << "\n";
  for (const CubePosition& p : set.positions) write_cube_position(out, p);
}

void write_cube_position(std::ostream& out, const CubePosition& p) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.6f %.6f %.6f %.6f", p.no_double, p.double_take, p.se_no_double,
                p.se_double_take);
  out << cube_position_id(p) << ' ' << eval::position_class_name(p.cls) << ' ' << buf << "\n";
}

CubeSet build_cube_set(std::shared_ptr<const eval::NetSet> nets,
                       const eval::BearoffProvider* bearoff, const CubeSetBuildSettings& st,
                       const std::function<void(const CubeSetProgress&)>& progress) {
  CubeSet set;
  char ref[300];
  std::snprintf(ref, sizeof ref, "%d-ply cubeful money equities%s, nets %s%sversion %s%s",
                st.screen.plies, st.screen.prune ? " with pruning" : "", st.nets_name.c_str(),
                st.nets_name.empty() ? "" : " (", nets->version().c_str(),
                st.nets_name.empty() ? "" : ")");
  set.reference = ref;

  const int want[3] = {st.contact, st.crashed, st.race};
  const float screen[3] = {st.screen_contact, st.screen_crashed, st.screen_race};
  CubeSetProgress prog;
  prog.wanted = st.contact + st.crashed + st.race;
  int have[3] = {0, 0, 0};
  eval::Search search(nets, bearoff, size_t{1} << 20);
  PlayerConfig noisy{nets, zero_ply_cubeless(), "noisy 0-ply"};
  noisy.setup.context.noise = st.sample_noise;
  for (int game = 0; game < st.max_games && prog.kept < prog.wanted; ++game) {
    DiceSequence dice(st.seed, game);
    std::seed_seq pick_seed{st.seed, static_cast<uint32_t>(game), 0x63756265u /* "cube" */};
    std::mt19937 pick(pick_seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    Board board = Board::starting_position();
    for (int turn = 0; turn < 10000; ++turn) {
      // Both drawn every turn, so later turns do not depend on the quotas.
      const float draw = u(pick), draw_owned = u(pick);
      const PositionClass c = eval::classify(board, bearoff);
      const bool eligible =
          c == PositionClass::kContact || c == PositionClass::kCrashed || c == PositionClass::kRace;
      if (turn > 1 && eligible) {
        const int k = class_index(c);
        if (have[k] < want[k] && draw < screen[k]) {
          CubePosition p;
          p.board = board;
          p.cls = c;
          p.owned = draw_owned < st.owned_fraction;
          p.cube = p.owned ? 2 : 1;
          const eval::CubeInfo ci = cube_info_of(p);
          auto ev = search.cube_evaluations(board, ci, st.screen);
          const eval::CubeEquities e{ev[0].cubeful_equity, ev[1].cubeful_equity,
                                     eval::double_pass_value(ci)};
          ++prog.screened;
          if (kept_by_screen(e, st)) {
            p.no_double = e.no_double;
            p.double_take = e.double_take;
            set.positions.push_back(p);
            ++have[k];
            ++prog.kept;
          }
        }
      }
      const rollout::Dice d = dice.at(turn);
      board = choose_move(search, noisy, board, d.d1, d.d2, turn & 1);
      if (board.checkers_on_board(Board::kOnRoll) == 0) break;
      board.swap_sides();
    }
    prog.games = game + 1;
    if (progress && game % 8 == 0) progress(prog);
  }
  if (progress) progress(prog);
  return set;
}

}  // namespace tavla::strength
