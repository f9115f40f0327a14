// SPDX-License-Identifier: GPL-3.0-or-later
#include "tavla/train_ranks.h"

#include <cstring>
#include <optional>
#include <span>
#include <string_view>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "bearoff/bearoff_provider.h"
#include "bearoff/default_databases.h"
#include "eval/race_sides_net.h"
#include "eval/weights.h"
#include "mpi/distributed_lines.h"

namespace tavla::cli {

namespace {

// Settings and examples travel as their bytes: every rank runs the same binary.
static_assert(std::is_trivially_copyable_v<train::TrainSettings>);
static_assert(std::is_trivially_copyable_v<train::Example>);

// A round's message: settings, rank 0's bearoff flag ('1' or '0'), the nets' length (8 bytes)
// and the nets, then the race sides net's text (nothing when the run has none). Empty: stop.
std::string round_message(const eval::Weights& w, const train::TrainState& st, bool bearoff,
                          const eval::RaceSidesNet* race_sides) {
  std::string m(sizeof(train::TrainSettings), '\0');
  std::memcpy(m.data(), &st.settings, sizeof st.settings);
  m += bearoff ? '1' : '0';
  const std::vector<std::byte> nets = eval::format_weights_binary(w);
  const uint64_t size = nets.size();
  m.append(reinterpret_cast<const char*>(&size), sizeof size);
  m.append(reinterpret_cast<const char*>(nets.data()), nets.size());
  if (race_sides) m += race_sides->text();
  return m;
}

// A chunk's answer: 'X', the rank and the examples' bytes, or 'E' and a message.
constexpr size_t kHeader = 1 + sizeof(int32_t);
std::string examples_answer(int32_t rank, const std::vector<train::Example>& ex) {
  std::string a(kHeader + ex.size() * sizeof(train::Example), 'X');
  std::memcpy(a.data() + 1, &rank, sizeof rank);
  if (!ex.empty()) std::memcpy(a.data() + kHeader, ex.data(), ex.size() * sizeof(train::Example));
  return a;
}

// "FIRST COUNT" -> the games; false for anything else.
bool parse_chunk(const std::string& line, uint64_t& first, int& count) {
  std::istringstream in(line);
  return static_cast<bool>(in >> first >> count) && count > 0;
}

}  // namespace

train::GamePlayer shared_game_player(const mpi::World& world, const eval::BearoffProvider* bearoff,
                                     std::shared_ptr<const eval::RaceSidesNet> race_sides,
                                     int chunk, ShareCount& count) {
  count.games.assign(world.size(), 0);
  return [&world, bearoff, race_sides, chunk, &share = count](
             const eval::Weights& w, const train::TrainState& st, uint64_t first, int count,
             const std::function<void(int)>& progress) {
    mpi::broadcast_bytes(world, round_message(w, st, bearoff != nullptr, race_sides.get()));
    uint64_t next = first;
    const uint64_t end = first + static_cast<uint64_t>(count);
    const auto next_line = [&]() -> std::optional<std::string> {
      if (next >= end) return std::nullopt;
      const int n = static_cast<int>(std::min<uint64_t>(std::max(1, chunk), end - next));
      std::string line = std::to_string(next) + " " + std::to_string(n);
      next += n;
      return line;
    };
    const auto answer = [&](const std::string& line) {  // rank 0's own chunks
      uint64_t f = 0;
      int n = 0;
      if (!parse_chunk(line, f, n)) return std::string("Erank 0: bad chunk '" + line + "'");
      return examples_answer(0, train::play_games(w, st, bearoff, f, n, {}, nullptr, race_sides));
    };
    std::vector<train::Example> all;
    std::string error;
    int done = 0;
    // Chunks are handed out and emitted in game order: each but the last holds `chunk` games.
    const int per_chunk = std::max(1, chunk);
    mpi::answer_lines(world, next_line, answer, [&](const std::string& a) {
      if (a.size() < kHeader || a[0] != 'X') {
        if (error.empty()) error = a.size() < 2 ? "a rank sent an empty answer" : a.substr(1);
        return;
      }
      int32_t rank = 0;
      std::memcpy(&rank, a.data() + 1, sizeof rank);
      const int games = std::min(per_chunk, count - done);
      done += games;
      if (rank >= 0 && rank < static_cast<int32_t>(share.games.size())) share.games[rank] += games;
      if (rank != 0) {
        ++share.answers;
        share.bytes += static_cast<long long>(a.size());
      }
      const size_t n = (a.size() - kHeader) / sizeof(train::Example);
      const size_t at = all.size();
      all.resize(at + n);
      if (n)
        std::memcpy(static_cast<void*>(all.data() + at), a.data() + kHeader,
                    n * sizeof(train::Example));
      if (progress) progress(done);
    });
    if (!error.empty()) throw std::runtime_error(error);
    return all;
  };
}

void stop_ranks(const mpi::World& world) {
  if (world.distributed() && world.rank() == 0) mpi::broadcast_bytes(world, std::string());
}

int serve_games(const mpi::World& world, int threads) {
  const std::string me = "rank " + std::to_string(world.rank());
  std::optional<bearoff::Result<bearoff::BearoffDatabases>> dbs;
  std::optional<bearoff::DatabaseBearoffProvider> provider;
  bool opened = false;
  for (;;) {
    const std::string m = mpi::broadcast_bytes(world, std::string());
    if (m.empty()) return 0;
    // Databases are opened once rank 0 has its own (it builds missing ones before round 1).
    if (!opened) {
      opened = true;
      dbs.emplace(bearoff::open_default_databases(false));
      if (*dbs) provider.emplace(**dbs);
    }
    std::string error;
    train::TrainState st;
    eval::Weights w;
    std::shared_ptr<const eval::RaceSidesNet> race_sides;
    constexpr size_t kFixed = sizeof(train::TrainSettings) + 1 + sizeof(uint64_t);
    uint64_t nets_size = 0;
    if (m.size() >= kFixed) std::memcpy(&nets_size, m.data() + kFixed - sizeof nets_size, sizeof nets_size);
    if (m.size() < kFixed || nets_size > m.size() - kFixed) {
      error = me + ": a round message of " + std::to_string(m.size()) + " bytes is too short";
    } else {
      std::memcpy(&st.settings, m.data(), sizeof st.settings);
      st.settings.threads = threads;
      const bool root_bearoff = m[sizeof st.settings] == '1';
      const auto* bytes = reinterpret_cast<const std::byte*>(m.data()) + kFixed;
      auto nets = eval::parse_weights_binary(std::span<const std::byte>(bytes, nets_size),
                                             "rank 0's nets");
      if (!nets)
        error = me + ": " + nets.error();
      else
        w = std::move(*nets);
      if (const size_t at = kFixed + nets_size; error.empty() && at < m.size()) {
        auto net = eval::RaceSidesNet::parse(std::string_view(m).substr(at),
                                             "rank 0's race sides net");
        if (!net)
          error = me + ": " + net.error();
        else
          race_sides = std::make_shared<const eval::RaceSidesNet>(std::move(net).value());
      }
      if (error.empty() && root_bearoff != provider.has_value())
        error = me +
                (provider ? " has bearoff databases and rank 0 has none"
                          : " has no bearoff databases and rank 0 has them (install or "
                            "build them where this rank runs: tavla's data directory, or "
                            "$TAVLA_BEAROFF_DIR)") +
                ": its labels of races would differ";
    }
    mpi::answer_lines(
        world, [] { return std::optional<std::string>(); },
        [&](const std::string& line) {
          if (!error.empty()) return "E" + error;
          uint64_t first = 0;
          int count = 0;
          if (!parse_chunk(line, first, count)) return "E" + me + ": bad chunk '" + line + "'";
          return examples_answer(
              world.rank(), train::play_games(w, st, provider ? &*provider : nullptr, first, count,
                                              {}, nullptr, race_sides));
        },
        [](const std::string&) {});
  }
}

}  // namespace tavla::cli
