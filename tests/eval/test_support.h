// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers of the eval tests: boards from compact literals, gnubg's installed files, the
// differential fixtures of tests/gnubg/make_eval_fixtures.py.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "eval/bearoff_provider.h"
#include "eval/net_set.h"
#include "eval/probabilities.h"

namespace tavla::eval::testing {

inline constexpr const char* kGnubgWeights = "/usr/lib/gnubg/gnubg.wd";

// A side from (index, chequers) pairs; index 24 is the bar.
engine::SideCounts side(std::initializer_list<std::pair<int, int>> chequers);
engine::Board board(const engine::SideCounts& opponent, const engine::SideCounts& on_roll);
// 50 hex digits: the side not on roll (25 slots), then the side on roll (the fixtures' encoding).
engine::Board board_from_hex(const std::string& hex);

// True under CI=true: a missing gnubg file is then a failure, not a skip.
bool in_ci();

// gnubg 1.07's nets, loaded once; nullptr when the file is missing (see GNUBG_NETS_OR_SKIP).
std::shared_ptr<const NetSet> gnubg_nets();
// gnubg's one-sided (and, when built, two-sided) bearoff databases as a provider; nullptr when
// the files or the bearoff library are missing.
const BearoffProvider* gnubg_bearoff();

// One line of tests/fixtures/eval/positions.txt.
struct PositionFixture {
  std::string id;
  engine::Board board;
  int gnubg_class;
  Probabilities probs;
};
std::vector<PositionFixture> position_fixtures();
// The processor the fixtures were made on (their "# cpu:" line).
std::string fixture_cpu();

// One position and roll of tests/fixtures/eval/moves.txt: gnubg's best two moves, in its
// ranking, and its count of legal moves.
struct MoveFixture {
  std::string id;
  engine::Board board;
  int d1, d2;
  int legal_moves;
  struct Move {
    engine::Board after;  // seen from the mover (not swapped)
    float equity;
    Probabilities probs;
  };
  std::vector<Move> moves;
};
std::vector<MoveFixture> move_fixtures();

}  // namespace tavla::eval::testing

// Gets gnubg's nets into `var`, or skips the test (fails it under CI) when they are missing.
#define GNUBG_NETS_OR_SKIP(var)                                                      \
  auto var = ::tavla::eval::testing::gnubg_nets();                                   \
  if (!var) {                                                                        \
    if (::tavla::eval::testing::in_ci())                                             \
      FAIL() << "gnubg's weights " << ::tavla::eval::testing::kGnubgWeights          \
             << " are missing (CI installs them with tools/setup.sh)";               \
    GTEST_SKIP() << "gnubg's weights " << ::tavla::eval::testing::kGnubgWeights      \
                 << " are not installed (apt install gnubg, or run tools/setup.sh)"; \
  }

// The same for gnubg's one-sided bearoff database (as a provider) into `var`.
#define GNUBG_BEAROFF_OR_SKIP(var)                                                             \
  const ::tavla::eval::BearoffProvider* var = ::tavla::eval::testing::gnubg_bearoff();         \
  if (!var) {                                                                                  \
    if (::tavla::eval::testing::in_ci())                                                       \
      FAIL() << "gnubg's one-sided bearoff database /usr/share/gnubg/gnubg_os0.bd is missing"; \
    GTEST_SKIP() << "needs gnubg's one-sided bearoff database (apt install gnubg)";            \
  }
