// SPDX-License-Identifier: GPL-3.0-or-later
#include "test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#if defined(TAVLA_HAVE_BEAROFF)
#include "bearoff/bearoff_databases.h"
#include "bearoff/bearoff_provider.h"
#endif

namespace tavla::eval::testing {

engine::SideCounts side(std::initializer_list<std::pair<int, int>> chequers) {
  engine::SideCounts s{};
  for (auto [index, n] : chequers) s[index] = static_cast<uint8_t>(n);
  return s;
}

engine::Board board(const engine::SideCounts& opponent, const engine::SideCounts& on_roll) {
  engine::Board b;
  b.sides[engine::Board::kOpponent] = opponent;
  b.sides[engine::Board::kOnRoll] = on_roll;
  return b;
}

engine::Board board_from_hex(const std::string& hex) {
  if (hex.size() != 50) throw std::runtime_error("bad board: " + hex);
  engine::Board b;
  for (int i = 0; i < 50; ++i)
    b.sides[i / 25][i % 25] = static_cast<uint8_t>(std::stoi(hex.substr(i, 1), nullptr, 16));
  return b;
}

bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci && std::string(ci) == "true";
}

std::shared_ptr<const NetSet> gnubg_nets() {
  static const std::shared_ptr<const NetSet> nets = []() -> std::shared_ptr<const NetSet> {
    if (!std::filesystem::exists(kGnubgWeights)) return nullptr;
    auto n = NetSet::load(kGnubgWeights);
    if (!n) throw std::runtime_error(n.error());
    return *n;
  }();
  return nets;
}

const BearoffProvider* gnubg_bearoff() {
#if defined(TAVLA_HAVE_BEAROFF)
  struct Holder {
    bearoff::BearoffDatabases dbs;
    std::unique_ptr<bearoff::DatabaseBearoffProvider> provider;
  };
  static const Holder* holder = []() -> Holder* {
    const std::filesystem::path os = "/usr/share/gnubg/gnubg_os0.bd";
    const std::filesystem::path ts = "/var/lib/gnubg/gnubg_ts0.bd";
    if (!std::filesystem::exists(os)) return nullptr;
    auto dbs = bearoff::BearoffDatabases::open(os, std::filesystem::exists(ts) ? ts : "");
    if (!dbs) throw std::runtime_error(dbs.error());
    auto* h = new Holder{std::move(dbs).value(), nullptr};
    h->provider = std::make_unique<bearoff::DatabaseBearoffProvider>(h->dbs);
    return h;
  }();
  return holder ? holder->provider.get() : nullptr;
#else
  return nullptr;
#endif
}

namespace {

std::vector<std::string> lines(const std::string& file) {
  std::ifstream in(std::string(TAVLA_FIXTURES) + "/eval/" + file);
  if (!in) throw std::runtime_error("missing fixture " + file);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

Probabilities read_probs(std::istringstream& ss) {
  Probabilities p;
  for (int k = 0; k < Probabilities::kCount; ++k) ss >> p[k];
  return p;
}

}  // namespace

std::vector<PositionFixture> position_fixtures() {
  std::vector<PositionFixture> out;
  for (const std::string& line : lines("positions.txt")) {
    std::istringstream ss(line);
    PositionFixture f;
    std::string hex;
    ss >> f.id >> hex >> f.gnubg_class;
    f.board = board_from_hex(hex);
    f.probs = read_probs(ss);
    out.push_back(f);
  }
  return out;
}

std::string fixture_cpu() {
  std::ifstream in(std::string(TAVLA_FIXTURES) + "/eval/positions.txt");
  for (std::string line; std::getline(in, line) && !line.empty() && line[0] == '#';)
    if (line.starts_with("# cpu: ")) return line.substr(7);
  return "";
}

std::vector<MoveFixture> move_fixtures() {
  std::vector<MoveFixture> out;
  for (const std::string& line : lines("moves.txt")) {
    std::istringstream ss(line);
    std::string word, hex;
    ss >> word;
    if (word == "position") {
      MoveFixture f;
      std::string dice, moves;
      ss >> f.id >> hex >> dice >> f.d1 >> f.d2 >> moves >> f.legal_moves;
      f.board = board_from_hex(hex);
      out.push_back(f);
    } else {
      MoveFixture::Move m;
      m.after = board_from_hex(word);
      ss >> m.equity;
      m.probs = read_probs(ss);
      out.back().moves.push_back(m);
    }
  }
  return out;
}

}  // namespace tavla::eval::testing
