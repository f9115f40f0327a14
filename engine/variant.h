// SPDX-License-Identifier: GPL-3.0-or-later
// The game variants tavla plays, as gnubg 1.07's `set variation` names them: standard backgammon
// and hypergammon with 1, 2 or 3 chequers a side. A variant fixes the number of chequers and the
// starting position; the rules of movement are the same, so Board, move generation and the IDs
// work unchanged (they never assume 15 chequers beyond "at most 15").
//
// Nackgammon starts (gnubg's InitBoard, position ID 4Dl4ADbgOXgANg) with 2 chequers on each side's
// 24- and 23-points, 4 on its 13-, 3 on its 8- and 4 on its 6-point.
// Hypergammon starting positions (gnubg's InitBoard): each side has its chequers on its own 24-,
// 23- and 22-points (1 chequer: the 24-point; 2: the 24- and 23-points).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.h"

namespace tavla::engine {

// Nackgammon (gnubg's VARIATION_NACKGAMMON) is standard backgammon from another starting position:
// gnubg evaluates it with the standard nets and databases, and so does tavla.
enum class Variant : uint8_t {
  kStandard,
  kHypergammon1,
  kHypergammon2,
  kHypergammon3,
  kNackgammon
};
// The variants the programs' options name (`--variation`, ubgi, Python); nackgammon is played in
// the shell (`set variation nackgammon`) and read from match files.
inline constexpr std::array<Variant, 4> kAllVariants = {
    Variant::kStandard, Variant::kHypergammon1, Variant::kHypergammon2, Variant::kHypergammon3};

// Chequers per side at the start (gnubg's anChequers).
constexpr int chequers(Variant v) {
  switch (v) {
    case Variant::kHypergammon1:
      return 1;
    case Variant::kHypergammon2:
      return 2;
    case Variant::kHypergammon3:
      return 3;
    case Variant::kStandard:
    case Variant::kNackgammon:
      break;
  }
  return kCheckersPerSide;
}

constexpr bool is_hypergammon(Variant v) {
  return v == Variant::kHypergammon1 || v == Variant::kHypergammon2 ||
         v == Variant::kHypergammon3;
}

// The hypergammon variant with `n` chequers (1..3).
constexpr std::optional<Variant> hypergammon_variant(int n) {
  if (n < 1 || n > 3) return std::nullopt;
  return static_cast<Variant>(n);
}

// gnubg's bgvariation number: 0 standard, 1 nackgammon, 2..4 hypergammon 1..3.
constexpr int gnubg_variation_number(Variant v) {
  if (v == Variant::kNackgammon) return 1;
  return v == Variant::kStandard ? 0 : 1 + static_cast<int>(v);
}

// The word `set variation` takes ("standard", "1-chequer-hypergammon", ...) and the description
// gnubg shows ("Standard backgammon", "1-chequer hypergammon", ...).
std::string_view variant_command(Variant v);
std::string_view variant_description(Variant v);
// Inverse of variant_command: exact word, case-insensitive, or tavla's short names hypergammon1,
// hypergammon2, hypergammon3; nullopt for anything else.
std::optional<Variant> variant_from_command(std::string_view word);

// The position a new game of the variant starts from (the same for both sides).
Board starting_position(Variant v);

// Chequers a side has borne off in the variant.
inline int borne_off(const Board& board, int side, Variant v) {
  return chequers(v) - board.checkers_on_board(side);
}

// board_error plus the variant's chequer limit: neither side may have more chequers than the
// variant starts with. (gnubg 1.07 only enforces 15; tavla refuses such boards in hypergammon
// because no database covers them.)
std::optional<std::string> board_error(const Board& board, Variant v);

// gnubg's GameStatus for a variant: 0 while both sides have chequers; otherwise the points the
// game is worth, 1 (single), 2 (gammon: the loser has borne off none of the variant's chequers) or
// 3 (backgammon: gammon and a loser's chequer on the winner's home board or the bar).
int game_points(const Board& board, Variant v);

// The exact outputs of a finished game (gnubg's EvalOver) for the side on roll, in gnubg's output
// order: win, win gammon, win backgammon, lose gammon, lose backgammon. When the opponent has no
// chequers the side on roll has lost (this is checked first, so a board where neither side has
// chequers is a single loss). Only meaningful when game_points(board, v) > 0 or a side is empty.
std::array<float, 5> game_over_outputs(const Board& board, Variant v);

}  // namespace tavla::engine
