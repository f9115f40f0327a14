// SPDX-License-Identifier: GPL-3.0-or-later
#include "strength/error_rate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "eval/search.h"

namespace tavla::strength {

std::optional<float> play_loss(const ErrorPosition& p, const engine::Board& chosen) {
  for (const ReferenceMove& m : p.moves)
    if (m.after == chosen) return p.moves.front().equity - m.equity;
  return std::nullopt;
}

engine::Result<ErrorReport> tally_errors(const ErrorSet& set,
                                         std::span<const engine::Board> chosen) {
  if (chosen.size() != set.positions.size())
    return engine::Error{"tally_errors: " + std::to_string(chosen.size()) + " plays for " +
                         std::to_string(set.positions.size()) + " positions"};
  ErrorReport r;
  for (size_t i = 0; i < chosen.size(); ++i) {
    const ErrorPosition& p = set.positions[i];
    auto loss = play_loss(p, chosen[i]);
    if (!loss)
      return engine::Error{"position " + std::to_string(i + 1) +
                           ": the chosen play is not a legal play of the roll"};
    int k = 0;
    while (k < 2 && kErrorClasses[k] != p.cls) ++k;
    auto add = [&](ErrorTally& t) {
      ++t.decisions;
      t.total_loss += *loss;
      t.errors += *loss > kErrorLoss;
      t.best += *loss == 0.0f;
    };
    add(r.all);
    add(r.by_class[k]);
    for (int t = 0; t < kThemeCount; ++t)
      if (has_theme(p.board, p.cls, kThemes[t])) add(r.by_theme[t]);
  }
  return r;
}

std::vector<LostDecision> lost_decisions(const ErrorSet& set,
                                         std::span<const engine::Board> chosen) {
  std::vector<LostDecision> lost;
  for (size_t i = 0; i < chosen.size() && i < set.positions.size(); ++i) {
    auto loss = play_loss(set.positions[i], chosen[i]);
    if (loss && *loss > 0) lost.push_back({static_cast<int>(i), *loss});
  }
  std::stable_sort(lost.begin(), lost.end(),
                   [](const LostDecision& a, const LostDecision& b) { return a.loss > b.loss; });
  return lost;
}

std::vector<engine::Board> choose_plays(const ErrorSet& set, const PlayerConfig& player,
                                        const eval::BearoffProvider* bearoff, int threads,
                                        const std::function<void(int, int)>& progress) {
  const int n = static_cast<int>(set.positions.size());
  std::vector<engine::Board> chosen(set.positions.size());
  std::atomic<int> next{0}, done{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, threads); ++t)
    pool.emplace_back([&] {
      eval::Search search(player.nets, bearoff, size_t{1} << 20);
      for (int i; (i = next.fetch_add(1)) < n;) {
        const ErrorPosition& p = set.positions[i];
        chosen[i] = choose_move(search, player, p.board, p.d1, p.d2, 1);
        done.fetch_add(1);
      }
    });
  auto last = std::chrono::steady_clock::now();
  while (done.load() < n) {  // poll often (callers time the run), report every 200 ms
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const auto now = std::chrono::steady_clock::now();
    if (progress && now - last >= std::chrono::milliseconds(200)) {
      progress(done.load(), n);
      last = now;
    }
  }
  for (auto& t : pool) t.join();
  if (progress) progress(n, n);
  return chosen;
}

}  // namespace tavla::strength
