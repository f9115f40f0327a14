// SPDX-License-Identifier: GPL-3.0-or-later
#include "ubgi/session.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "engine/gnubg_id.h"
#include "engine/variant.h"
#include "eval/cube_decision.h"

namespace tavla::ubgi {

namespace {

constexpr int kMaxThreads = 64;
constexpr int kMaxPlies = 6;  // gnubg's deepest evaluation; the draft's engine.ply is one more

// The draft's key names. engine.ply counts the root (the draft's 1 ply = gnubg's 0 ply).
constexpr std::string_view kLevelKey = "engine.level";
constexpr std::string_view kPlyKey = "engine.ply";
constexpr std::string_view kThreadsKey = "engine.threads";
constexpr std::string_view kVariantKey = "game.variant";

ProtocolError err(ErrorCode code, std::string detail) {
  return {code, std::move(detail)};
}
std::vector<std::string> one_error(ErrorCode code, std::string detail) {
  return {error_line(err(code, std::move(detail)))};
}

// gnubg's level names with '-' for blanks, as a single enum word: "world-class".
std::string level_word(eval::Level level) {
  std::string w(eval::level_name(level));
  std::replace(w.begin(), w.end(), ' ', '-');
  return w;
}

// The draft's variant words. "hypergammon" alone is the 3-chequer game, as in bgci.
std::string_view variant_word(engine::Variant v) {
  switch (v) {
    case engine::Variant::kStandard:
      return "backgammon";
    case engine::Variant::kHypergammon1:
      return "hypergammon1";
    case engine::Variant::kHypergammon2:
      return "hypergammon2";
    case engine::Variant::kHypergammon3:
      return "hypergammon3";
    case engine::Variant::kNackgammon:  // not offered by the protocol (kAllVariants)
      return "nackgammon";
  }
  return "backgammon";
}

std::optional<engine::Variant> variant_from_word(std::string_view w) {
  if (w == "backgammon") return engine::Variant::kStandard;
  if (w == "hypergammon") return engine::Variant::kHypergammon3;
  return engine::variant_from_command(w);
}

std::optional<int> whole_number(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// v0.1's option names (setoption name X value Y) for the keys they mean.
std::optional<std::string_view> key_of_v0_1_option(std::string_view name) {
  const std::string n = lower(name);
  if (n == "threads") return kThreadsKey;
  if (n == "level") return kLevelKey;
  if (n == "ply" || n == "plies" || n == "depth") return kPlyKey;
  if (n == "variant") return kVariantKey;
  return std::nullopt;
}

std::string point_name(int index) {
  if (index >= 24) return "bar";
  if (index < 0) return "off";
  return std::to_string(index + 1);
}

bool game_over(const engine::Board& b) {
  return b.checkers_on_board(0) == 0 || b.checkers_on_board(1) == 0;
}

// The level's setup with gnubg's plies from engine.ply, or from go's depth for one answer.
eval::EvalSetup setup_of(const SessionSettings& settings, std::optional<int> depth) {
  eval::EvalSetup s = eval::level_setup(settings.level);
  if (settings.plies) s.context.plies = *settings.plies;
  if (depth) s.context.plies = std::min(*depth - 1, kMaxPlies);
  return s;
}

std::optional<std::string> value_in(const SessionSettings& settings, std::string_view key) {
  if (key == kLevelKey) return level_word(settings.level);
  if (key == kPlyKey) return std::to_string(setup_of(settings, std::nullopt).context.plies + 1);
  if (key == kThreadsKey) return std::to_string(settings.analyser.threads);
  if (key == kVariantKey) return std::string(variant_word(settings.analyser.variant));
  return std::nullopt;
}

// `position gnubgid` takes a position ID or POSID:MATCHID, never an XGID; `position xgid` only
// XGIDs.
engine::Result<engine::Game> game_of(const SetPosition& p) {
  if (p.xgid) return engine::game_from_xgid(p.id);
  if (std::count(p.id.begin(), p.id.end(), ':') > 1)
    return engine::Error{"not a gnubg ID (POSID or POSID:MATCHID)"};
  return engine::game_from_text(p.id);
}

}  // namespace

std::string move_payload(const engine::Move& move) {
  std::string out;
  for (int i = 0; i < move.step_count(); ++i) {
    if (!out.empty()) out += ' ';
    out += point_name(move.from(i)) + "/" + point_name(move.to(i));
  }
  return out.empty() ? "pass" : out;
}

Session::Session(SessionSettings settings) : settings_(settings), defaults_(std::move(settings)) {}
Session::~Session() = default;

std::vector<std::string> Session::answer(std::string_view line) {
  const Parsed parsed = parse_line(line);
  if (const auto* e = std::get_if<ProtocolError>(&parsed)) return {error_line(*e)};
  if (const auto* c = std::get_if<Command>(&parsed)) return apply(*c);
  return {};  // a blank line
}

engine::Result<analysis::Analyser*> Session::analyser() {
  if (!analyser_) {
    auto opened = analysis::Analyser::open(settings_.analyser);
    if (!opened) return engine::Error{opened.error()};
    analyser_ = std::move(opened).value();
  }
  return analyser_.get();
}

std::vector<std::string> Session::key_lines() const {
  std::string levels;
  for (int i = 0; i < eval::kLevelCount; ++i) {
    if (i) levels += '|';
    levels += level_word(static_cast<eval::Level>(i));
  }
  std::string variants;
  for (engine::Variant v : engine::kAllVariants) {
    if (!variants.empty()) variants += '|';
    variants += variant_word(v);
  }
  auto d = [&](std::string_view key) { return *value_in(defaults_, key); };
  return {
      "key " + std::string(kLevelKey) + " enum " + levels + " " + d(kLevelKey) +
          " gnubg's playing level (move filters, depth, noise)",
      "key " + std::string(kPlyKey) + " int 1.." + std::to_string(kMaxPlies + 1) + " " +
          d(kPlyKey) + " root-inclusive decision depth (gnubg's plies + 1); overrides the level's",
      "key " + std::string(kThreadsKey) + " int 1.." + std::to_string(kMaxThreads) + " " +
          d(kThreadsKey) + " ! search threads (the answers do not depend on them)",
      "key " + std::string(kVariantKey) + " enum " + variants + " " + d(kVariantKey) +
          " the game; hypergammon is solved exactly from gnubg's databases",
  };
}

std::optional<ProtocolError> Session::set_key(const SetKey& s) {
  std::string key = s.key;
  if (s.v0_1) {
    auto mapped = key_of_v0_1_option(s.key);
    if (!mapped) return err(ErrorCode::kUnsupported, "option " + quote_input(s.key));
    key = std::string(*mapped);
  }
  const std::string& v = s.value;
  if (key == kLevelKey) {
    auto level = eval::level_from_name(v);
    if (!level) return err(ErrorCode::kBadValue, key + " unknown level " + quote_input(v));
    settings_.level = *level;
    settings_.plies.reset();  // a level names its own depth
    return std::nullopt;
  }
  if (key == kPlyKey) {
    auto n = whole_number(v);
    if (!n || *n < 1 || *n > kMaxPlies + 1)
      return err(ErrorCode::kBadValue, key + " must_be 1.." + std::to_string(kMaxPlies + 1));
    settings_.plies = *n - 1;
    return std::nullopt;
  }
  if (key == kThreadsKey) {
    auto n = whole_number(v);
    if (!n || *n < 1 || *n > kMaxThreads)
      return err(ErrorCode::kBadValue, key + " must_be 1.." + std::to_string(kMaxThreads));
    if (*n != settings_.analyser.threads) analyser_.reset();  // reopened with them when needed
    settings_.analyser.threads = *n;
    return std::nullopt;
  }
  if (key == kVariantKey) {
    auto variant = variant_from_word(v);
    if (!variant)
      return err(ErrorCode::kUnsupported,
                 key + " " + quote_input(v) + " (backgammon, hypergammon1..3)");
    if (*variant != settings_.analyser.variant) analyser_.reset();
    settings_.analyser.variant = *variant;
    return std::nullopt;
  }
  return err(ErrorCode::kUnsupported, "key " + quote_input(key));
}

std::vector<std::string> Session::apply(const Command& c) {
  if (std::holds_alternative<UbgiHello>(c)) {
    std::vector<std::string> out = {"id name tavla", "id author the tavla authors", "proto 0.2"};
    for (auto& k : key_lines()) out.push_back(std::move(k));
    out.push_back("ubgiok");
    return out;
  }
  if (std::holds_alternative<IsReady>(c)) {
    auto a = analyser();
    if (!a) return one_error(ErrorCode::kBadState, "engine not ready: " + a.error());
    return {"readyok"};
  }
  if (std::holds_alternative<Quit>(c)) {
    quit_ = true;
    return {};
  }
  if (std::holds_alternative<NewGame>(c)) {
    game_.reset();
    return {};
  }
  if (std::holds_alternative<Stop>(c)) return {};  // every go is answered before the next line
  if (std::holds_alternative<ListKeys>(c)) return key_lines();
  if (const auto* p = std::get_if<SetPosition>(&c)) {
    auto game = game_of(*p);
    if (!game) return one_error(ErrorCode::kBadValue, "position: " + game.error());
    if (auto bad = engine::board_error(game->board, settings_.analyser.variant))
      return one_error(ErrorCode::kBadValue, "position: " + *bad);
    game_ = *game;
    return {};
  }
  if (const auto* d = std::get_if<SetDice>(&c)) {
    if (!game_)
      return one_error(ErrorCode::kBadState, "missing position (send position before dice)");
    game_->match.dice = {d->d1, d->d2};
    return {};
  }
  if (const auto* s = std::get_if<SetKey>(&c)) {
    if (auto e = set_key(*s)) return {error_line(*e)};
    return {};
  }
  if (const auto* g = std::get_if<GetKey>(&c)) {
    auto v = value_in(settings_, g->key);
    if (!v) return one_error(ErrorCode::kUnsupported, "key " + quote_input(g->key));
    return {"value " + g->key + " " + *v};
  }
  if (const auto* g = std::get_if<Go>(&c)) return go(*g);
  return one_error(ErrorCode::kBadCommand, "unhandled command");
}

std::vector<std::string> Session::go(const Go& g) {
  if (!game_) return one_error(ErrorCode::kBadState, "missing position");
  const engine::Game& game = *game_;
  const auto& ms = game.match;
  if (game_over(game.board)) return one_error(ErrorCode::kBadState, "the game is over");
  if (ms.resigned) return one_error(ErrorCode::kUnsupported, "answering a resignation");
  if (g.depth && *g.depth > kMaxPlies + 1)
    return one_error(ErrorCode::kBadValue, "go depth must_be 1.." + std::to_string(kMaxPlies + 1));
  Role role = g.role;
  if (role == Role::kAny) role = ms.doubled || !ms.dice_rolled() ? Role::kCube : Role::kChequer;
  if (ms.doubled && role != Role::kCube)
    return one_error(ErrorCode::kBadState, "a double is pending (go cube answers it)");
  if (role == Role::kChequer && !ms.dice_rolled())
    return one_error(ErrorCode::kBadState, "missing dice");

  auto a = analyser();
  if (!a) return one_error(ErrorCode::kBadState, "engine not ready: " + a.error());
  const eval::EvalSetup s = setup_of(settings_, g.depth);

  // The cube: analysed without dice (the decision comes before the roll).
  bool doubles = false;
  if (role == Role::kCube || role == Role::kTurn) {
    engine::Game before_roll = game;
    before_roll.match.dice = {0, 0};
    auto cube = (*a)->analyse(before_roll, s, false);
    if (!cube) return one_error(ErrorCode::kBadValue, "position: " + cube.error());
    if (ms.doubled) {
      if (!cube->take) return one_error(ErrorCode::kBadState, "no take decision for this position");
      switch (*cube->take) {
        case eval::TakeAction::kTake:
          return {"bestcube take"};
        case eval::TakeAction::kPass:
          return {"bestcube drop"};
        case eval::TakeAction::kBeaver:
          return {"bestcube beaver"};
      }
    }
    if (cube->cube && !cube->dead_cube && !cube->rows.empty())
      doubles = eval::doubler_doubles(cube->cube->decision, s.context.plies == 0,
                                      cube->rows.back()[0].probs.win());
    if (role == Role::kCube) return {doubles ? "bestcube double" : "bestcube nodouble"};
    if (doubles) return {"bestturn cube=double move=none"};
    if (!ms.dice_rolled()) return one_error(ErrorCode::kBadState, "missing dice");
  }

  auto play = (*a)->analyse(game, s, false);
  if (!play) return one_error(ErrorCode::kBadValue, "position: " + play.error());
  std::vector<std::string> out;
  std::string payload = "pass";
  if (!play->moves.empty()) {
    const eval::ScoredMove& best = play->moves.front();
    payload = move_payload(best.move.move);
    char score[32];
    std::snprintf(score, sizeof score, "%.5f", static_cast<double>(best.score));
    out.push_back("info depth " + std::to_string(best.plies + 1) + " score " + score);
  }
  out.push_back(role == Role::kTurn ? "bestturn cube=nodouble move=" + payload
                                    : "bestmove " + payload);
  return out;
}

}  // namespace tavla::ubgi
