// SPDX-License-Identifier: GPL-3.0-or-later
// The Python module `tavla`: a thin layer over the calls `tavla analyze` and `tavla rollout` make
// (tools/analysis: Analyser, rollout candidates, batch evaluation) and over engine/, eval/,
// bearoff/ and rollout/. Results are plain dicts with the batch protocol's field names: the
// analysis and rollout objects are the very JSON of tools/text (analysis_json, rollout_json)
// read back with Python's json module, so they cannot drift from `tavla analyze --json`.
//
// Errors in the input (an ID, a move, a level, a board array) raise tavla.Error, a ValueError,
// with the core's message. Long calls release the GIL; rollouts check for Ctrl-C (and run the
// progress callback) every `progress_every` trials.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "analysis/batch_evaluation.h"
#include "analysis/position_analysis.h"
#include "analysis/position_rollout.h"
#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_index.h"
#include "engine/board.h"
#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/position_id.h"
#include "engine/variant.h"
#include "engine/xgid.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/position_class.h"
#include "rollout/rollout.h"
#include "text/analysis_json.h"
#include "text/board_drawing.h"
#include "text/game_json.h"
#include "text/json.h"
#include "text/rollout_json.h"

namespace py = pybind11;
using namespace tavla;

namespace {

// tavla.Error: every bad input (a ValueError, so `except ValueError` catches it too).
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T>
T unwrap(engine::Result<T> r, const std::string& what = {}) {
  if (!r) throw Error(what.empty() ? r.error() : what + ": " + r.error());
  return std::move(r).value();
}

py::object json_loads(const std::string& s) {
  return py::module_::import("json").attr("loads")(s);
}

int hardware_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

// ---- positions ------------------------------------------------------------------------------------

struct Position {
  engine::Game game;
  std::string text;  // as given by the user (echoed as "id"); empty when made otherwise
};

Position parse_position(const std::string& text) {
  return Position{unwrap(engine::game_from_text(text)), text};
}

Position starting_position() {
  return Position{{engine::Board::starting_position(), engine::default_money_state()}, {}};
}

// A position argument: a Position or any text game_from_text reads.
Position as_position(const py::handle& h) {
  if (py::isinstance<Position>(h)) return h.cast<Position>();
  if (py::isinstance<py::str>(h)) return parse_position(h.cast<std::string>());
  throw py::type_error("a position is a tavla.Position or a str (gnubg ID, position ID or XGID), not " +
                       std::string(py::str(py::type::of(h).attr("__name__"))));
}

std::string position_label(const Position& p) {
  return p.text.empty() ? engine::gnubg_id(p.game) : p.text;
}

py::dict game_dict(const engine::Game& g) {
  text::JsonWriter w;
  w.begin_object();
  text::write_game_fields(w, g);
  w.end_object();
  return json_loads(w.str());
}

engine::SideCounts side_from(const py::handle& h, const char* name) {
  auto v = py::cast<std::vector<int>>(h);
  if (v.size() != engine::kSlots)
    throw Error(std::string("board: '") + name + "' must have 25 counts (points 1..24, then the bar), got " +
                std::to_string(v.size()));
  engine::SideCounts s{};
  for (int i = 0; i < engine::kSlots; ++i) {
    if (v[i] < 0 || v[i] > engine::kCheckersPerSide)
      throw Error(std::string("board: '") + name + "' count " + std::to_string(v[i]) + " at index " +
                  std::to_string(i) + " is not 0..15");
    s[i] = static_cast<uint8_t>(v[i]);
  }
  return s;
}

// Position.from_dict: "board" (required) and "state" (optional; missing fields as a money game
// with player 1 on roll), the names of to_dict().
Position position_from_dict(const py::dict& d) {
  if (!d.contains("board")) throw Error("from_dict: no 'board' (a dict with 'on_roll' and 'opponent')");
  py::dict b = d["board"].cast<py::dict>();
  if (!b.contains("on_roll") || !b.contains("opponent"))
    throw Error("from_dict: 'board' needs 'on_roll' and 'opponent' (25 counts each)");
  engine::Game g{{}, engine::default_money_state()};
  g.board.on_roll() = side_from(b["on_roll"], "on_roll");
  g.board.opponent() = side_from(b["opponent"], "opponent");
  if (d.contains("state")) {
    py::dict s = d["state"].cast<py::dict>();
    engine::MatchState& ms = g.match;
    auto get_int = [&](const char* k, int& out) {
      if (s.contains(k)) out = s[k].cast<int>();
    };
    auto get_bool = [&](const char* k, bool& out) {
      if (s.contains(k)) out = s[k].cast<bool>();
    };
    for (const auto& item : s) {
      static const char* known[] = {"on_roll", "turn",  "match_length", "score",   "cube",
                                    "cube_owner", "crawford", "post_crawford", "jacoby", "dice",
                                    "doubled", "resigned"};
      const std::string k = py::str(item.first);
      if (std::none_of(std::begin(known), std::end(known), [&](const char* n) { return k == n; }))
        throw Error("from_dict: unknown state field '" + k + "'");
    }
    get_int("on_roll", ms.on_roll);
    ms.turn = ms.on_roll;
    get_int("turn", ms.turn);
    get_int("match_length", ms.match_length);
    if (s.contains("score")) {
      auto sc = s["score"].cast<std::vector<int>>();
      if (sc.size() != 2) throw Error("from_dict: 'score' must be two numbers (player 0, player 1)");
      ms.score = {sc[0], sc[1]};
    }
    get_int("cube", ms.cube);
    if (s.contains("cube_owner")) {
      py::object o = s["cube_owner"];
      if (o.is_none() || (py::isinstance<py::str>(o) && (o.cast<std::string>() == "centered" ||
                                                         o.cast<std::string>() == "centred")))
        ms.cube_owner = engine::kCubeCentred;
      else
        ms.cube_owner = o.cast<int>();
    }
    get_bool("crawford", ms.crawford);
    ms.post_crawford = engine::derive_post_crawford(ms);
    get_bool("post_crawford", ms.post_crawford);
    get_bool("jacoby", ms.jacoby);
    if (s.contains("dice") && !s["dice"].is_none()) {
      auto dice = s["dice"].cast<std::vector<int>>();
      if (dice.size() != 2 || dice[0] < 1 || dice[0] > 6 || dice[1] < 1 || dice[1] > 6)
        throw Error("from_dict: 'dice' must be two numbers 1..6 or None");
      ms.dice = {dice[0], dice[1]};
    }
    get_bool("doubled", ms.doubled);
    get_int("resigned", ms.resigned);
    if (ms.on_roll != 0 && ms.on_roll != 1) throw Error("from_dict: 'on_roll' must be 0 or 1");
    if (ms.turn != 0 && ms.turn != 1) throw Error("from_dict: 'turn' must be 0 or 1");
    if (ms.match_length < 0 || ms.match_length > engine::kMaxMatchLength)
      throw Error("from_dict: 'match_length' must be 0 (money) .. 64");
    if (ms.cube_owner != engine::kCubeCentred && ms.cube_owner != 0 && ms.cube_owner != 1)
      throw Error("from_dict: 'cube_owner' must be 'centered', 0 or 1");
    if (ms.resigned < 0 || ms.resigned > 3) throw Error("from_dict: 'resigned' must be 0..3");
    if (ms.cube < 1 || ms.cube > engine::kMaxCube) throw Error("from_dict: 'cube' must be 1..4096");
    if (auto bad = engine::match_state_error(ms)) throw Error("from_dict: " + *bad);
  }
  if (auto bad = engine::board_error(g.board)) throw Error("from_dict: " + *bad);
  // What the IDs can carry is what a position is: go through them, so that every Position can be
  // written and read back.
  return Position{unwrap(engine::game_from_text(engine::gnubg_id(g)), "from_dict"), {}};
}

std::pair<int, int> dice_of(const Position& p, std::optional<std::pair<int, int>> dice) {
  if (!dice) {
    if (!p.game.match.dice_rolled())
      throw Error("the position has no dice: give them (d1, d2) or use a position with dice");
    return {p.game.match.dice[0], p.game.match.dice[1]};
  }
  if (dice->first < 1 || dice->first > 6 || dice->second < 1 || dice->second > 6)
    throw Error("dice must be 1..6, got (" + std::to_string(dice->first) + ", " +
                std::to_string(dice->second) + ")");
  return *dice;
}

py::list legal_moves(const Position& p, std::optional<std::pair<int, int>> dice) {
  auto [d1, d2] = dice_of(p, dice);
  auto list = std::make_unique<engine::MoveList>();
  const int n = engine::generate_moves(p.game.board, d1, d2, *list);
  py::list out;
  for (int i = 0; i < n; ++i) {
    py::dict m;
    m["move"] = engine::format_move(p.game.board, (*list)[i].move);
    m["position_id"] = engine::position_id((*list)[i].after);
    out.append(m);
  }
  return out;
}

Position with_dice(const Position& p, int d1, int d2) {
  if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
    throw Error("dice must be 1..6, got (" + std::to_string(d1) + ", " + std::to_string(d2) + ")");
  if (p.game.match.doubled || p.game.match.resigned)
    throw Error("a double or resignation is pending: no dice can be set");
  Position q{p.game, {}};
  q.game.match.dice = {d1, d2};
  q.game.match.turn = q.game.match.on_roll;
  return q;
}

Position play(const Position& p, const std::string& move) {
  const engine::MatchState& ms = p.game.match;
  if (!ms.dice_rolled()) throw Error("play: the position has no dice (use with_dice first)");
  if (ms.doubled || ms.resigned) throw Error("play: a double or resignation is pending");
  auto list = std::make_unique<engine::MoveList>();
  const int n = engine::generate_moves(p.game.board, ms.dice[0], ms.dice[1], *list);
  engine::Board after = p.game.board;
  if (n == 0) {
    if (move.find_first_not_of(" \t") != std::string::npos)
      throw Error("play: no legal move with these dice; play \"\" (the empty move)");
  } else {
    after = unwrap(engine::find_legal_move(p.game.board, ms.dice[0], ms.dice[1], move), "play").after;
  }
  Position q{{after.swapped(), ms}, {}};
  q.game.match.on_roll = q.game.match.turn = 1 - ms.on_roll;
  q.game.match.dice = {0, 0};
  return q;
}

// board_error(b, v) for the boards of a batch, without its cost on the common case: boards that
// pass these quick checks (counts within the variant's chequers, no point held by both sides,
// not both sides on the bar) are legal; the others get board_error's answer and message.
std::optional<std::string> batch_board_error(const engine::Board& b, engine::Variant v) {
  // Branch-free (the boards come in any order): sums, and a product that is non-zero where both
  // sides hold the same point.
  const uint8_t* us = b.on_roll().data();
  const uint8_t* them = b.opponent().data();
  int on_roll = 0, opponent = 0, both = 0;
  for (int i = 0; i < engine::kSlots; ++i) {
    on_roll += us[i];
    opponent += them[i];
  }
  for (int i = 0; i < engine::kPoints; ++i) both |= us[i] * them[engine::kPoints - 1 - i];
  const int most = engine::chequers(v);
  if ((on_roll <= most) & (opponent <= most) & (both == 0) & ((us[engine::kBar] * them[engine::kBar]) == 0))
    return std::nullopt;
  return engine::board_error(b, v);
}

// ---- the engine -----------------------------------------------------------------------------------

eval::EvalSetup setup_for(std::optional<int> plies, std::optional<std::string> level) {
  // As `tavla analyze`: expert by default; plies alone mean world class at that depth.
  eval::EvalSetup setup = eval::level_setup(eval::Level::kExpert);
  if (level) {
    auto l = eval::level_from_name(*level);
    if (!l)
      throw Error("unknown level '" + *level +
                  "' (beginner, casual, intermediate, advanced, expert, world-class, supremo, "
                  "grandmaster, 4ply)");
    setup = eval::level_setup(*l);
  }
  if (plies) {
    if (*plies < 0 || *plies > 6) throw Error("plies must be 0..6, got " + std::to_string(*plies));
    if (!level) setup = eval::level_setup(eval::Level::kWorldClass);
    setup.context.plies = *plies;
  }
  return setup;
}

class Engine {
 public:
  Engine(std::optional<std::string> weights, std::optional<int> threads, const std::string& variation) {
    const int t = threads.value_or(hardware_threads());
    if (t < 1 || t > 64) throw Error("threads must be 1..64, got " + std::to_string(t));
    auto variant = engine::variant_from_command(variation);
    if (!variant)
      throw Error("unknown variation '" + variation +
                  "' (standard, 1-chequer-hypergammon, 2-chequer-hypergammon, 3-chequer-hypergammon)");
    analysis::AnalyserOptions options;
    if (weights) options.weights = *weights;
    options.threads = t;
    options.variant = *variant;
    {
      py::gil_scoped_release release;
      auto a = analysis::Analyser::open(options);
      if (!a) {
        py::gil_scoped_acquire acquire;
        throw Error(a.error());
      }
      analyser_ = std::move(a).value();
    }
    threads_ = t;
  }

  int threads() const { return threads_; }
  std::string variation() const { return std::string(engine::variant_command(analyser_->variant())); }
  std::string weights_version() const { return analyser_->nets()->version(); }
  std::string warning() const { return analyser_->warning(); }

  py::object analyze(const py::handle& position, std::optional<int> plies,
                     std::optional<std::string> level) {
    const Position p = as_position(position);
    return analyse_json(p, setup_for(plies, level));
  }

  py::object evaluate(const py::handle& position, std::optional<int> plies,
                      std::optional<std::string> level) {
    Position p = as_position(position);
    p.game.match.dice = {0, 0};  // the evaluation only: no plays to rank
    py::dict d = analyse_json(p, setup_for(plies, level));
    py::dict e = d["eval"].cast<py::dict>();
    e["class"] = d["class"];
    return e;
  }

  py::object hint(const py::handle& position, std::optional<std::pair<int, int>> dice,
                  std::optional<int> plies, std::optional<std::string> level) {
    Position p = as_position(position);
    if (dice) p = with_dice(p, dice->first, dice->second);
    dice_of(p, std::nullopt);
    py::dict d = analyse_json(p, setup_for(plies, level));
    return d["moves"];
  }

  py::object cube(const py::handle& position, std::optional<int> plies,
                  std::optional<std::string> level) {
    Position p = as_position(position);
    if (p.game.match.dice_rolled()) throw Error("cube: the position has dice (the cube is turned before rolling)");
    py::dict d = analyse_json(p, setup_for(plies, level));
    if (!d.contains("cube")) return py::none();
    py::dict c = d["cube"].cast<py::dict>();
    if (d.contains("take")) c["take"] = d["take"];
    return c;
  }

  py::array_t<float> evaluate_batch(py::object positions, py::object out, std::optional<int> threads) {
    const int t = threads.value_or(threads_);
    if (t < 1 || t > 64) throw Error("threads must be 1..64, got " + std::to_string(t));
    // The input: an array of boards (N, 2, 25) [on_roll, opponent] or a sequence of IDs.
    std::optional<py::array_t<uint8_t, py::array::c_style | py::array::forcecast>> boards;
    std::vector<const char*> ids;
    std::vector<Py_ssize_t> lengths;
    py::list keep;  // the IDs written for Positions (their UTF-8 buffers are in `ids`)
    size_t n = 0;
    if (py::isinstance<py::array>(positions)) {
      // An array of IDs (strings or objects) is a sequence of IDs.
      const char kind = py::reinterpret_borrow<py::array>(positions).dtype().kind();
      if (kind != 'i' && kind != 'u' && py::reinterpret_borrow<py::array>(positions).ndim() == 1)
        positions = positions.attr("tolist")();
    }
    if (py::isinstance<py::array>(positions)) {
      py::array a = py::reinterpret_borrow<py::array>(positions);
      if (a.ndim() != 3 || a.shape(1) != 2 || a.shape(2) != engine::kSlots)
        throw Error("evaluate_batch: a board array must have shape (N, 2, 25) ([on_roll, opponent] "
                    "counts per position), got " + std::string(py::str(py::tuple(a.attr("shape")))));
      if (a.dtype().kind() != 'i' && a.dtype().kind() != 'u')
        throw Error("evaluate_batch: a board array must hold integers, not " +
                    std::string(py::str(a.dtype())));
      boards = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>::ensure(a);
      if (a.size() > 0) {
        // forcecast wraps out-of-range values: check the originals.
        py::object lo = a.attr("min")(), hi = a.attr("max")();
        if (lo.cast<long long>() < 0 || hi.cast<long long>() > engine::kCheckersPerSide)
          throw Error("evaluate_batch: board counts must be 0..15");
      }
      n = static_cast<size_t>(a.shape(0));
    } else if (py::isinstance<py::str>(positions) || py::isinstance<py::bytes>(positions)) {
      throw Error("evaluate_batch: give a sequence of positions (IDs or tavla.Position) or an "
                  "(N, 2, 25) array, not one string");
    } else {
      py::list seq(positions);  // any iterable; holds the items while their text is read
      n = seq.size();
      ids.resize(n);
      lengths.resize(n);
      for (size_t i = 0; i < n; ++i) {
        PyObject* item = PyList_GET_ITEM(seq.ptr(), static_cast<Py_ssize_t>(i));
        if (!PyUnicode_Check(item)) {
          py::handle h(item);
          if (!py::isinstance<Position>(h))
            throw py::type_error("evaluate_batch: position " + std::to_string(i) +
                                 " is neither a str nor a tavla.Position");
          py::str id(engine::gnubg_id(h.cast<Position&>().game));
          keep.append(id);
          item = id.ptr();
        }
        Py_ssize_t len = 0;
        const char* s = PyUnicode_AsUTF8AndSize(item, &len);
        if (!s) throw py::error_already_set();
        ids[i] = s;
        lengths[i] = len;
      }
    }
    py::array_t<float> result;
    if (!out.is_none()) {
      // Written in place, so exactly float32 and C-contiguous (no converted copy).
      bool usable = py::isinstance<py::array>(out);
      if (usable) {
        py::array a = py::reinterpret_borrow<py::array>(out);
        usable = a.dtype().is(py::dtype::of<float>()) && a.ndim() == 2 &&
                 static_cast<size_t>(a.shape(0)) == n && a.shape(1) == 5 &&
                 (a.flags() & py::array::c_style) && a.writeable();
      }
      if (!usable)
        throw Error("evaluate_batch: out must be a writeable C-contiguous float32 array of shape (" +
                    std::to_string(n) + ", 5)");
      result = py::reinterpret_borrow<py::array_t<float>>(out);
    } else {
      result = py::array_t<float>({static_cast<py::ssize_t>(n), py::ssize_t{5}});
    }
    float* dst = result.mutable_data();
    const engine::Variant variant = analyser_->variant();
    const uint8_t* raw = boards ? boards->data() : nullptr;
    std::optional<analysis::BatchError> error;
    {
      py::gil_scoped_release release;
      std::lock_guard lock(batch_mutex_);
      if (!batch_ || batch_->threads() != t)
        batch_ = std::make_unique<analysis::BatchEvaluator>(analyser_->nets(), analyser_->bearoff_provider(), t);
      auto make = [&](size_t i, engine::Board& b) -> std::optional<std::string> {
        if (raw) {
          const uint8_t* r = raw + i * 2 * engine::kSlots;
          std::memcpy(b.on_roll().data(), r, engine::kSlots);
          std::memcpy(b.opponent().data(), r + engine::kSlots, engine::kSlots);
        } else {
          auto g = engine::game_from_text(std::string_view(ids[i], static_cast<size_t>(lengths[i])));
          if (!g) return g.error();
          b = g->board;
        }
        return batch_board_error(b, variant);
      };
      error = batch_->evaluate(n, make, dst);
    }
    if (error) throw Error("evaluate_batch: position " + std::to_string(error->index) + ": " + error->message);
    return result;
  }

  py::object rollout(const py::handle& position, int trials, std::optional<uint32_t> seed,
                     std::optional<int> threads, bool cubeful, bool variance_reduction, bool random_dice,
                     bool initial, std::optional<int> truncate, std::optional<int> plies,
                     std::optional<int> cube_plies, std::optional<float> std_error, bool cube, int moves,
                     std::optional<py::function> progress, int progress_every) {
    const Position p = as_position(position);
    analysis::RolloutRequest req;
    req.trials = trials;
    req.seed = seed ? *seed : std::random_device{}();
    req.threads = threads.value_or(threads_);
    req.cubeful = cubeful;
    req.variance_reduction = variance_reduction;
    req.random_dice = random_dice;
    req.initial = initial;
    req.truncate = truncate;
    req.plies = plies;
    req.cube_plies = cube_plies;
    req.std_error = std_error;
    req.cube = cube;
    req.moves = moves;
    if (auto bad = analysis::rollout_request_error(req)) throw Error("rollout: " + *bad);
    if (progress_every < 1) throw Error("rollout: progress_every must be >= 1");
    if (auto bad = engine::board_error(p.game.board, analyser_->variant())) throw Error("rollout: " + *bad);
    const eval::CubeInfo ci = unwrap(eval::cube_info(p.game.match), "rollout");
    const rollout::RolloutSettings st = analysis::rollout_settings(req);

    check_not_reentered();
    std::atomic<bool> interrupted{false};
    bool python_error = false;
    std::string json;
    std::optional<std::string> failure;
    {
      py::gil_scoped_release release;
      Hold hold(*this);
      auto cands = analysis::rollout_candidates(p.game, ci, req, analyser_->search().primary());
      if (!cands) {
        failure = cands.error();
      } else {
        std::vector<rollout::Alternative> alts;
        for (const auto& c : *cands) alts.push_back(c.alt);
        rollout::Rollout ro(analyser_->nets(), analyser_->bearoff_provider(), st, alts);
        ro.run(st.trials,
               [&](const rollout::Progress& pr) {
                 if (interrupted.load()) return;
                 py::gil_scoped_acquire acquire;
                 try {
                   if (progress) {
                     py::list results;
                     for (size_t i = 0; i < cands->size() && i < pr.stats.size(); ++i) {
                       py::dict r;
                       r["label"] = (*cands)[i].label;
                       r["mean"] = py::cast(std::vector<float>(pr.stats[i].mean.begin(), pr.stats[i].mean.end()));
                       r["std_error"] = py::cast(
                           std::vector<float>(pr.stats[i].std_error.begin(), pr.stats[i].std_error.end()));
                       results.append(r);
                     }
                     py::dict info;
                     info["trials_done"] = pr.trials_done;
                     info["trials_total"] = pr.trials_total;
                     info["results"] = results;
                     (*progress)(info);
                   }
                   if (PyErr_CheckSignals() != 0) throw py::error_already_set();
                 } catch (py::error_already_set& e) {
                   // Kept as this thread's Python error until the rollout has stopped.
                   e.restore();
                   python_error = true;
                   interrupted = true;
                 }
               },
               progress_every, &interrupted);
        if (!python_error) json = text::rollout_json(position_label(p), *cands, ro.stats(), st);
      }
    }
    if (python_error) throw py::error_already_set();
    if (failure) throw Error("rollout: " + *failure);
    return json_loads(json);
  }

  py::object bearoff(const py::handle& position) {
    const Position p = as_position(position);
    const bearoff::BearoffDatabases* dbs = analyser_->bearoff_databases();
    if (!dbs)
      throw Error(engine::is_hypergammon(analyser_->variant())
                      ? std::string("bearoff: hypergammon has no bearoff databases (analyze reads its own)")
                      : "bearoff: " + analyser_->warning());
    const engine::Board& board = p.game.board;
    if (auto bad = engine::board_error(board)) throw Error("bearoff: " + *bad);
    py::dict out;
    out["position_id"] = engine::position_id(board);
    auto probe = dbs->probe(board);
    if (!probe) throw Error("bearoff: the position " + engine::position_id(board) + " is not in the bearoff databases");
    out["database"] = probe->source == bearoff::BearoffSource::kTwoSided ? "two_sided" : "one_sided";
    out["probs"] = py::cast(std::vector<float>(probe->probabilities.begin(), probe->probabilities.end()));
    py::object one = py::none();
    // The default one-sided database, or for sides it does not hold the larger one (gnubg_os.bd).
    const bearoff::OneSidedDatabase* os = dbs->one_sided();
    if (!(os && os->covers(board.on_roll()) && os->covers(board.opponent())))
      os = dbs->large_one_sided();
    if (os && os->covers(board.on_roll()) && os->covers(board.opponent())) {
      py::dict sides;
      for (auto [name, side] : {std::pair{"on_roll", engine::Board::kOnRoll},
                                std::pair{"opponent", engine::Board::kOpponent}}) {
        const uint32_t idx = bearoff::bearoff_index(board.sides[side], os->points());
        const auto dist = os->distribution(idx);
        const auto stats = os->roll_statistics(idx);
        py::dict s;
        s["index"] = idx;
        s["bear_off"] = py::cast(std::vector<float>(dist.bear_off.begin(), dist.bear_off.end()));
        s["save_gammon"] = py::cast(std::vector<float>(dist.save_gammon.begin(), dist.save_gammon.end()));
        s["mean"] = stats.mean;
        s["std_dev"] = stats.sd;
        s["gammon_mean"] = stats.gammon_mean;
        s["gammon_std_dev"] = stats.gammon_sd;
        sides[name] = s;
      }
      one = std::move(sides);
    }
    out["one_sided"] = one;
    py::object two = py::none();
    const bearoff::TwoSidedDatabase* ts = dbs->two_sided();
    if (ts && ts->covers(board)) {
      auto e = ts->equities(board);
      py::dict t;
      t["cubeless"] = e->cubeless;
      if (e->has_cubeful) {
        t["owned"] = e->owned;
        t["centered"] = e->centred;
        t["opponent_owns"] = e->opponent_owns;
      }
      two = std::move(t);
    }
    out["two_sided"] = two;
    return out;
  }

 private:
  // The analyser, held by one call at a time. A rollout's progress callback runs while its call
  // holds it: the same thread asking again would wait for itself.
  struct Hold {
    explicit Hold(Engine& e) : engine(e), lock(e.mutex_) { e.holder_ = std::this_thread::get_id(); }
    ~Hold() { engine.holder_ = std::thread::id(); }
    Engine& engine;
    std::lock_guard<std::mutex> lock;
  };
  void check_not_reentered() const {
    if (holder_.load() == std::this_thread::get_id())
      throw Error("the Engine is busy with a rollout on this thread: a progress callback cannot "
                  "analyse or roll out with the same Engine (use another one)");
  }

  py::dict analyse_json(const Position& p, const eval::EvalSetup& setup) {
    check_not_reentered();
    std::string json, failure;
    {
      py::gil_scoped_release release;
      Hold hold(*this);
      auto a = analyser_->analyse(p.game, setup, false);
      if (a)
        json = text::analysis_json(position_label(p), *a);
      else
        failure = a.error();
    }
    if (!failure.empty()) throw Error(failure);
    return json_loads(json);
  }

  std::unique_ptr<analysis::Analyser> analyser_;
  int threads_ = 1;
  std::mutex mutex_;        // the analyser: one analysis or rollout at a time
  std::atomic<std::thread::id> holder_{};  // the thread holding mutex_ (Hold)
  std::mutex batch_mutex_;  // the batch evaluators
  std::unique_ptr<analysis::BatchEvaluator> batch_;
};

}  // namespace

PYBIND11_MODULE(tavla, m) {
  m.doc() = R"doc(tavla: a backgammon engine that answers as GNU Backgammon 1.07 does.

Positions are read from gnubg IDs ("POSID:MATCHID"), bare position IDs (a money game, no dice)
and XGIDs, and written back to all three. An Engine holds neural-net weights (gnubg's or
tavla's), the bearoff databases and its threads; it evaluates at any depth, ranks plays, makes
cube decisions, rolls out, reads bearoff databases and evaluates many positions at once into a
NumPy array.

Results are plain dicts and lists with the field names of `tavla analyze --batch` (README, "The
batch protocol"): probabilities are gnubg's five outputs [win, win gammon, win backgammon, lose
gammon, lose backgammon] for the player on roll (for a play: the mover); boards are
{"on_roll": [25 counts], "opponent": [25 counts]}, index 0 = a side's own 1-point, 24 = its bar.

Bad input raises tavla.Error (a ValueError) with the reason.

Example:

    import tavla
    engine = tavla.Engine(weights="/usr/lib/gnubg/gnubg.wd")
    pos = tavla.Position("4HPwATDgc/ABMA:cIkKAAAAAAAA")
    print(engine.hint(pos, dice=(3, 1))[0]["move"])     # 8/5 6/5
    print(engine.evaluate(pos, plies=2)["probs"])
)doc";

  py::register_exception<Error>(m, "Error", PyExc_ValueError);
  m.attr("Error").attr("__doc__") =
      "Bad input (an ID, a move, dice, a level, a board array, ...): a ValueError.";
  m.attr("__version__") = TAVLA_VERSION;

  m.attr("LEVELS") = py::make_tuple("beginner", "casual", "intermediate", "advanced", "expert",
                                    "world-class", "supremo", "grandmaster", "4ply");
  m.attr("VARIATIONS") = py::make_tuple("standard", "1-chequer-hypergammon",
                                        "2-chequer-hypergammon", "3-chequer-hypergammon");

  py::class_<Position>(m, "Position", R"doc(A position and its match state: the board seen from the
player on roll, the score, the cube and the dice.

Position(text=None): text is a gnubg ID "POSID:MATCHID", a position ID (a money game with player 1
on roll and no dice) or an XGID; None is the starting position of a money game. Raises
tavla.Error on a bad ID. Positions are immutable: with_dice() and play() return new ones.)doc")
      .def(py::init([](std::optional<std::string> text) {
             return text ? parse_position(*text) : starting_position();
           }),
           py::arg("text") = py::none())
      .def_static("from_dict", &position_from_dict, py::arg("d"),
                  R"doc(The position of a dict with to_dict()'s fields: "board" ({"on_roll": [25],
"opponent": [25]}) and optionally "state" (any of on_roll, turn, match_length, score, cube,
cube_owner, crawford, post_crawford, jacoby, dice, doubled, resigned; the rest as a money game
with player 1 on roll). Raises tavla.Error on an illegal board or state.)doc")
      .def_property_readonly("gnubg_id", [](const Position& p) { return engine::gnubg_id(p.game); },
                             "gnubg's ID: POSID:MATCHID")
      .def_property_readonly("position_id", [](const Position& p) { return engine::position_id(p.game.board); },
                             "gnubg's position ID (14 characters)")
      .def_property_readonly("match_id", [](const Position& p) { return engine::match_id(p.game.match); },
                             "gnubg's match ID (12 characters)")
      .def_property_readonly("xgid", [](const Position& p) { return engine::xgid(p.game); },
                             "eXtreme Gammon's XGID (\"XGID=...\")")
      .def_property_readonly("board", [](const Position& p) { return py::object(game_dict(p.game)["board"]); },
                             "{'on_roll': [25 counts], 'opponent': [25 counts]}: each side from its own "
                             "side, index 0 = its 1-point, 24 = its bar")
      .def_property_readonly("state", [](const Position& p) { return py::object(game_dict(p.game)["state"]); },
                             "the match state as the batch protocol's 'state' object")
      .def_property_readonly("dice",
                             [](const Position& p) -> py::object {
                               if (!p.game.match.dice_rolled()) return py::none();
                               return py::make_tuple(p.game.match.dice[0], p.game.match.dice[1]);
                             },
                             "the dice (d1, d2) of the player on roll, or None before rolling")
      .def_property_readonly("pips",
                             [](const Position& p) {
                               return py::make_tuple(p.game.board.pip_count(engine::Board::kOnRoll),
                                                     p.game.board.pip_count(engine::Board::kOpponent));
                             },
                             "pip counts (player on roll, opponent)")
      .def("to_dict", [](const Position& p) { return game_dict(p.game); },
           "gnubg_id, xgid, state and board as the batch protocol writes them")
      .def("with_dice", &with_dice, py::arg("d1"), py::arg("d2"),
           "The same position with the player on roll holding dice (d1, d2).")
      .def("legal_moves", &legal_moves, py::arg("dice") = py::none(),
           R"doc(Every legal play of the dice (default: the position's own) in gnubg's order, as
[{"move": "8/5 6/5", "position_id": "..."}, ...]: gnubg's move text and the board after the play
seen from the mover. Empty when no chequer can move.)doc")
      .def("play", &play, py::arg("move"),
           R"doc(The position after playing `move` (gnubg's move text, any legal way of writing the
play) with the position's dice: the opponent on roll, no dice. Raises tavla.Error if the move is
not legal.)doc")
      .def("__eq__", [](const Position& a, const Position& b) { return a.game == b.game; })
      .def("__hash__", [](const Position& p) {
        return py::hash(py::str(engine::gnubg_id(p.game) + engine::xgid(p.game)));
      })
      .def("__repr__", [](const Position& p) { return "tavla.Position('" + engine::gnubg_id(p.game) + "')"; })
      .def("__str__", [](const Position& p) {
        return text::draw_board(p.game.board, p.game.match);
      });

  py::class_<Engine>(m, "Engine", R"doc(The engine: neural-net weights, bearoff databases and threads.

Engine(weights=None, threads=None, variation="standard"): weights is a gnubg weights file (.wd
binary or .weights text); None looks where `tavla` looks ($TAVLA_WEIGHTS, tavla's own nets, then
gnubg's installed ones). threads: search threads (default: all processors; results do not
depend on it). variation: "standard" or "1-chequer-hypergammon" .. "3-chequer-hypergammon".
Bearoff databases are found (or built, once, in seconds) as `tavla` does.

Depth: plies=N (0..6) or level=NAME (a gnubg level, see tavla.LEVELS); the default is expert
(0 ply), plies alone are world class's settings at that depth, as `tavla analyze`.

An Engine runs one analysis at a time (calls from several Python threads wait their turn); the
search itself uses all its threads, with the GIL released.)doc")
      .def(py::init<std::optional<std::string>, std::optional<int>, const std::string&>(),
           py::arg("weights") = py::none(), py::arg("threads") = py::none(),
           py::arg("variation") = "standard")
      .def_property_readonly("threads", &Engine::threads,
                             "search threads (also evaluate_batch's and rollout's default)")
      .def_property_readonly("variation", &Engine::variation, "the game variant played")
      .def_property_readonly("weights_version", &Engine::weights_version,
                             "the version string of the weights file")
      .def_property_readonly("warning", &Engine::warning,
                             "empty, or why there are no bearoff databases")
      .def("analyze", &Engine::analyze, py::arg("position"), py::arg("plies") = py::none(),
           py::arg("level") = py::none(),
           R"doc(The whole analysis of a position as `tavla analyze --json` writes it: id, gnubg_id,
xgid, state, board, class, eval, and as the position calls for it cube, take, resignation, moves
(with dice: every legal play ranked best first).)doc")
      .def("evaluate", &Engine::evaluate, py::arg("position"), py::arg("plies") = py::none(),
           py::arg("level") = py::none(),
           R"doc(The evaluation of the position for the player on roll before rolling (dice are
ignored): {"plies", "probs", "equity", "cubeful_equity"[, "cubeful_mwc"], "class"}.)doc")
      .def("hint", &Engine::hint, py::arg("position"), py::arg("dice") = py::none(),
           py::arg("plies") = py::none(), py::arg("level") = py::none(),
           R"doc(Every legal play of the dice (default: the position's), ranked best first:
[{"move", "position_id", "plies", "probs", "equity", "cubeful_equity"}, ...], for the mover.)doc")
      .def("cube", &Engine::cube, py::arg("position"), py::arg("plies") = py::none(),
           py::arg("level") = py::none(),
           R"doc(The cube decision of the player on roll: {"no_double", "double_take", "double_pass",
"action"} (with a double pending also "take": {"player", "action"}), or None when the player on
roll cannot double.)doc")
      .def("evaluate_batch", &Engine::evaluate_batch, py::arg("positions"), py::arg("out") = py::none(),
           py::arg("threads") = py::none(),
           R"doc(0-ply probabilities of many positions in one call: an (N, 5) float32 array, row i
the five outputs for the player on roll of position i (the same numbers as evaluate(..., plies=0)).

positions: a sequence of IDs (any form Position reads) or tavla.Position, or an integer array of
shape (N, 2, 25): per position the on_roll and opponent counts, as Position.board.
out: an optional C-contiguous float32 (N, 5) array to write into. threads: default the engine's.
The GIL is released and the work spread over the threads. Raises tavla.Error naming the first
bad position.)doc")
      .def("rollout", &Engine::rollout, py::arg("position"), py::arg("trials") = 1296,
           py::arg("seed") = py::none(), py::arg("threads") = py::none(), py::arg("cubeful") = true,
           py::arg("variance_reduction") = true, py::arg("random_dice") = false,
           py::arg("initial") = false, py::arg("truncate") = py::none(), py::arg("plies") = py::none(),
           py::arg("cube_plies") = py::none(), py::arg("std_error") = py::none(), py::arg("cube") = false,
           py::arg("moves") = 5, py::arg("progress") = py::none(), py::arg("progress_every") = 36,
           R"doc(Rolls out the position as `tavla rollout --json` (same options, same numbers for the
same seed): without dice the position (or with cube=True no double against double/take), with
dice the best `moves` plays. Returns {"id", "trials", "seed", "cubeful", "variance_reduction",
"results": [{"label", "mean": [7], "std_error": [7]}]}: the five probabilities, cubeless and
cubeful equity, for the player on roll (for plays: the mover).

progress(info) is called every `progress_every` trials with {"trials_done", "trials_total",
"results"}; Ctrl-C (KeyboardInterrupt) or an exception raised by progress stops the rollout and
propagates.)doc")
      .def("bearoff", &Engine::bearoff, py::arg("position"),
           R"doc(The bearoff database entries of a position (as `tavla bearoff`): {"position_id",
"database": "two_sided"|"one_sided", "probs": [5], "one_sided": {"on_roll"|"opponent": {"index",
"bear_off": [32], "save_gammon": [32], "mean", "std_dev", "gammon_mean", "gammon_std_dev"}} or
None, "two_sided": {"cubeless", "owned", "centered", "opponent_owns"} or None}. Raises
tavla.Error when no database covers the position.)doc");
}
