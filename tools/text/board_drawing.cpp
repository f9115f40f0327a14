// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/board_drawing.h"

#include <algorithm>

#include "engine/match_id.h"
#include "engine/position_id.h"

namespace tavla::text {

using engine::Board;
using engine::MatchState;

namespace {

std::string points(int n) { return std::to_string(n) + (n == 1 ? " point" : " points"); }

// Character for the 5th row of a point: blank below 5 chequers, then X/O, 6..9, A..F.
char tall(char who, int count) {
  static constexpr char kTall[] = "     ?6789ABCDEF";
  if (count == 5) return who;
  return count < 16 ? kTall[count] : '?';
}

}  // namespace

std::string draw_board(const Board& board, const MatchState& ms, const PlayerNames& names,
                       int chequers) {
  if (ms.game_state == engine::GameState::kNone) return "No game in progress.\n";

  // an.sides[1] = player 1 ("X"), an.sides[0] = player 0 ("O"), whoever is on roll.
  Board an = board;
  if (ms.on_roll == 0) an.swap_sides();
  const auto& x = an.sides[1];
  const auto& o = an.sides[0];
  const bool x_on_roll = ms.on_roll == 1;

  // The seven texts to the right of the board (gnubg's apch[0..6]).
  std::array<std::string, 7> side;
  side[0] = "O: " + names.name[0];
  side[6] = "X: " + names.name[1];
  side[1] = points(ms.score[0]);
  side[5] = points(ms.score[1]);
  if (ms.doubled) {
    side[ms.turn ? 4 : 2] = "Cube offered at " + std::to_string(ms.cube * 2);
  } else {
    std::string& status = side[ms.on_roll ? 4 : 2];
    bool over = board.checkers_on_board(0) == 0 || board.checkers_on_board(1) == 0;
    if (ms.dice_rolled())
      status = "Rolled " + std::to_string(ms.dice[0]) + std::to_string(ms.dice[1]);
    else if (!over)
      status = "On roll";
    if (ms.cube_owner == engine::kCubeCentred) {
      std::string& cube = side[3];
      if (ms.match_length == 0)
        cube = "(Cube: " + std::to_string(ms.cube) + ")";
      else if (ms.match_length == 1)
        cube = "1 point match";
      else if (ms.crawford)
        cube = std::to_string(ms.match_length) + " points match (Crawford game)";
      else
        cube = std::to_string(ms.match_length) + " points match (Cube: " +
               std::to_string(ms.cube) + ")";
    } else {
      const std::string& owner = names.name[ms.cube_owner];
      side[ms.cube_owner ? 6 : 0] = std::string(ms.cube_owner ? "X" : "O") + ": " +
                                    owner.substr(0, 20) + " (Cube: " + std::to_string(ms.cube) + ")";
      if (ms.match_length)
        side[3] = ms.match_length == 1 ? "1 point match"
                                       : std::to_string(ms.match_length) + " points match";
    }
    if (ms.resigned > 0) {
      static constexpr const char* kResult[] = {"single game", "gammon", "backgammon"};
      status += std::string(", resigns ") + kResult[ms.resigned - 1];
    }
  }

  int off_o = chequers - an.checkers_on_board(0);
  int off_x = chequers - an.checkers_on_board(1);

  std::string s;
  s += " GNU Backgammon  Position ID: " + engine::position_id(board) + "\n";
  s += "                 Match ID   : " + engine::match_id(ms) + "\n";
  s += x_on_roll ? " +13-14-15-16-17-18------19-20-21-22-23-24-+     "
                 : " +12-11-10--9--8--7-------6--5--4--3--2--1-+     ";
  s += side[0] + "\n";

  // A point seen from X: X's index i is O's index 23 - i.
  auto cell = [&](int i, int row) {
    return x[i] > row ? 'X' : o[23 - i] > row ? 'O' : ' ';
  };
  auto cell_tall = [&](int i) { return x[i] ? tall('X', x[i]) : tall('O', o[23 - i]); };

  for (int y = 0; y < 4; ++y) {  // top half, rows 1-4
    s += " |";
    for (int i = 12; i < 18; ++i) s += std::string{' ', cell(i, y), ' '};
    s += std::string{'|', ' ', o[24] > y ? 'O' : ' ', ' ', '|'};
    for (int i = 18; i < 24; ++i) s += std::string{' ', cell(i, y), ' '};
    s += "| ";
    for (int k = 0; k < 3; ++k) s += off_o > 5 * k + y ? 'O' : ' ';
    s += ' ';
    if (y < 2) s += side[y + 1];
    s += '\n';
  }
  s += " |";  // top half, row 5
  for (int i = 12; i < 18; ++i) s += std::string{' ', cell_tall(i), ' '};
  s += std::string{'|', ' ', o[24] ? tall('O', o[24]) : ' ', ' ', '|'};
  for (int i = 18; i < 24; ++i) s += std::string{' ', cell_tall(i), ' '};
  s += "| ";
  for (int k = 0; k < 3; ++k) s += off_o > 5 * k + 4 ? 'O' : ' ';
  s += '\n';

  s += x_on_roll ? 'v' : '^';
  s += "|                  |BAR|                  |     " + side[3] + "\n";

  s += " |";  // bottom half, row 5
  for (int i = 11; i > 5; --i) s += std::string{' ', cell_tall(i), ' '};
  s += std::string{'|', ' ', x[24] ? tall('X', x[24]) : ' ', ' ', '|'};
  for (int i = 5; i >= 0; --i) s += std::string{' ', cell_tall(i), ' '};
  s += "| ";
  for (int k = 0; k < 3; ++k) s += off_x > 5 * k + 4 ? 'X' : ' ';
  s += '\n';
  for (int y = 3; y >= 0; --y) {  // bottom half, rows 4-1
    s += " |";
    for (int i = 11; i > 5; --i) s += std::string{' ', cell(i, y), ' '};
    s += std::string{'|', ' ', x[24] > y ? 'X' : ' ', ' ', '|'};
    for (int i = 5; i >= 0; --i) s += std::string{' ', cell(i, y), ' '};
    s += "| ";
    for (int k = 0; k < 3; ++k) s += off_x > 5 * k + y ? 'X' : ' ';
    s += ' ';
    if (y < 2) s += side[5 - y];
    s += '\n';
  }
  s += x_on_roll ? " +12-11-10--9--8--7-------6--5--4--3--2--1-+     "
                 : " +13-14-15-16-17-18------19-20-21-22-23-24-+     ";
  s += side[6] + "\n";
  return s;
}

}  // namespace tavla::text
