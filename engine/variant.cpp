// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/variant.h"

#include <algorithm>
#include <cctype>

namespace tavla::engine {

namespace {

// In the order of Variant.
constexpr std::array<std::string_view, 5> kCommands = {
    "standard", "1-chequer-hypergammon", "2-chequer-hypergammon", "3-chequer-hypergammon",
    "nackgammon"};
constexpr std::array<std::string_view, 5> kDescriptions = {
    "Standard backgammon", "1-chequer hypergammon", "2-chequer hypergammon",
    "3-chequer hypergammon", "Nackgammon"};

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// A loser's chequer on the winner's home board (its own indices 18..23) or on the bar.
bool in_winners_home_or_bar(const SideCounts& loser) {
  return std::any_of(loser.begin() + 18, loser.end(), [](uint8_t n) { return n > 0; });
}

bool has_chequers(const SideCounts& side) {
  return std::any_of(side.begin(), side.end(), [](uint8_t n) { return n > 0; });
}

}  // namespace

std::string_view variant_command(Variant v) {
  return kCommands[static_cast<int>(v)];
}

std::string_view variant_description(Variant v) {
  return kDescriptions[static_cast<int>(v)];
}

std::optional<Variant> variant_from_command(std::string_view word) {
  for (Variant v : kAllVariants)
    if (equal_ignoring_case(word, variant_command(v))) return v;
  // tavla's short names: hypergammon1, hypergammon2, hypergammon3.
  constexpr std::string_view kShort = "hypergammon";
  if (word.size() == kShort.size() + 1 && equal_ignoring_case(word.substr(0, kShort.size()), kShort))
    return hypergammon_variant(word.back() - '0');
  return std::nullopt;
}

Board starting_position(Variant v) {
  if (v == Variant::kStandard) return Board::starting_position();
  Board b;
  if (v == Variant::kNackgammon) {
    for (auto& side : b.sides) {
      side[23] = side[22] = 2;  // 24- and 23-points
      side[12] = 4;
      side[7] = 3;
      side[5] = 4;
    }
    return b;
  }
  for (auto& side : b.sides)
    for (int i = 0; i < chequers(v); ++i) side[kPoints - 1 - i] = 1;  // 24-, 23-, 22-points
  return b;
}

std::optional<std::string> board_error(const Board& board, Variant v) {
  if (auto e = board_error(board)) return e;
  for (int side = 0; side < 2; ++side) {
    const int n = board.checkers_on_board(side);
    if (n > chequers(v))
      return std::string(side == Board::kOnRoll ? "the side on roll" : "the side not on roll") +
             " has " + std::to_string(n) + " chequers (" + std::string(variant_description(v)) +
             " has " + std::to_string(chequers(v)) + ")";
  }
  return std::nullopt;
}

std::array<float, 5> game_over_outputs(const Board& board, Variant v) {
  std::array<float, 5> out{};  // win, win gammon, win bg, lose gammon, lose bg
  const int n = chequers(v);
  if (!has_chequers(board.opponent())) {  // the opponent is off: the side on roll has lost
    if (board.checkers_on_board(Board::kOnRoll) == n) {
      out[3] = 1;
      out[4] = in_winners_home_or_bar(board.on_roll()) ? 1.0f : 0.0f;
    }
    return out;
  }
  if (!has_chequers(board.on_roll())) {
    out[0] = 1;
    if (board.checkers_on_board(Board::kOpponent) == n) {
      out[1] = 1;
      out[2] = in_winners_home_or_bar(board.opponent()) ? 1.0f : 0.0f;
    }
  }
  return out;
}

int game_points(const Board& board, Variant v) {
  if (has_chequers(board.opponent()) && has_chequers(board.on_roll())) return 0;
  const auto out = game_over_outputs(board, v);
  if (out[2] > 0 || out[4] > 0) return 3;
  if (out[1] > 0 || out[3] > 0) return 2;
  return 1;
}

}  // namespace tavla::engine
