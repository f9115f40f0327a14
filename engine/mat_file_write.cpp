// SPDX-License-Identifier: GPL-3.0-or-later
// Writing .mat files: gnubg 1.07's ExportMatchMat and ExportGameJF (export.c), their layout and
// their quirks kept (see the comments), so that the bytes are gnubg's.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/mat_file.h"
#include "engine/movegen.h"

namespace tavla::engine {

namespace {

std::string padded(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

// gnubg's FormatMovePlain: every step as written ("25" the bar, "0" off), a '*' after the first
// step that lands on a point the opponent holds, a blank after each of the first three steps.
std::string format_move_plain(const Board& before, const Move& m) {
  std::string s;
  for (int i = 0; i < 8 && m.steps[i] >= 0; i += 2) {
    const int to = m.steps[i + 1];
    s += std::to_string(m.steps[i] + 1) + "/" + std::to_string(to + 1);
    if (to >= 0 && before.sides[Board::kOpponent][23 - to]) {
      for (int j = 1;; j += 2) {
        if (j > i) {
          s += '*';
          break;
        }
        if (m.steps[j] == to) break;
      }
    }
    if (i < 6) s += ' ';
  }
  return s;
}

const char* plural(int n) {
  return n > 1 ? "s" : "";
}

std::string wins(int points) {
  return "Wins " + std::to_string(points) + " point" + plural(points);
}

// `number` counts the games of the record from 1 (gnubg numbers its list, not GameInfo::index);
// 0 writes the game alone, as `export game gam` does (gnubg's ExportGameJF with iGame -1 and no
// score): no "Game N" line, and the names without the score.
void write_game(std::string& out, int number, const GameRecord& game, const MatchInfo& mi,
                Variant variant, std::vector<size_t>* warnings) {
  if (number > 0) {
    out += " Game " + std::to_string(number) + "\n";
    out += " " + padded(mi.names[0] + " : " + std::to_string(game.info.score[0]), 31) +
           mi.names[1] + " : " + std::to_string(game.info.score[1]) + "\n";
  } else {
    out += " " + padded(mi.names[0], 31) + mi.names[1] + "\n";
  }

  Board board = starting_position(variant);  // seen from the side gnubg thinks is on roll
  int i = 0;                                 // printed actions: even left, odd right
  int file_cube = 1, doubles = 0;
  bool dice_rolled = false, warned = false;
  for (const MoveRecord& r : game.records) {
    std::string sz;
    switch (r.kind) {
      case RecordKind::kMove:
        dice_rolled = false;
        sz = std::to_string(r.dice[0]) + std::to_string(r.dice[1]) + ": " +
             format_move_plain(board, r.move);
        apply_move(board, r.move);
        board.swap_sides();
        doubles = 0;
        break;
      case RecordKind::kDouble:
        file_cube <<= 1;
        sz = (doubles ? " Beavers => " : " Doubles => ") + std::to_string(file_cube);
        ++doubles;
        break;
      case RecordKind::kTake:
        // After a beaver Jellyfish writes no "Takes" (the columns would swap players): nothing
        // after an even number of doubles, blanks after a raccoon.
        if (!(doubles % 2)) {
          doubles = 0;
          continue;
        }
        sz = doubles == 1 ? " Takes" : "  ";
        doubles = 0;
        break;
      case RecordKind::kDrop:
        sz = " Drops" + std::string((i & 1) ? "\n      " : "                       ") + "Wins " +
             std::to_string(file_cube / 2) + " point" + (file_cube == 2 ? "" : "s");
        break;
      case RecordKind::kResign: {
        const int points = r.resigned * file_cube;
        if (r.player)
          sz = std::string(((i & 1) ^ dice_rolled) ? "\n" : "") + "      " + wins(points) + "\n";
        else if (i & 1)
          sz = std::string(((i & 1) ^ dice_rolled) ? " " : "                        ") +
               wins(points) + "\n";
        else
          sz = std::string(((i & 1) ^ dice_rolled) ? " " : "                                  ") +
               wins(points) + "\n";
        break;
      }
      case RecordKind::kSetDice:
        sz = std::to_string(r.dice[0]) + std::to_string(r.dice[1]) + ": ";
        dice_rolled = true;
        break;
      case RecordKind::kSetBoard:
      case RecordKind::kSetCubeValue:
      case RecordKind::kSetCubeOwner:
        // gnubg warns once, takes the board of the edit (for cube edits it reads whatever the
        // record's union holds; tavla keeps the board) and leaves a line break or padding.
        if (!warned && warnings) warnings->push_back(out.size());
        warned = true;
        if (r.kind == RecordKind::kSetBoard) {
          board = r.board;
          if (i & 1) board.swap_sides();
        }
        out += (i & 1) ? std::string(24, ' ') : "\n";
        continue;
    }

    if (!i && r.kind == RecordKind::kMove && r.player) {
      out += "  1)                             ";
      ++i;
    }
    if ((i & 1) || r.kind == RecordKind::kResign) {
      out += sz;
      if (r.kind != RecordKind::kSetDice) out += '\n';
    } else if (r.kind != RecordKind::kSetDice) {
      char num[16];
      std::snprintf(num, sizeof num, "%3d) ", (i >> 1) + 1);
      out += num + padded(sz, 27) + " ";
    } else {
      char num[16];
      std::snprintf(num, sizeof num, "%3d) ", (i >> 1) + 1);
      out += num + padded(sz, 3);
    }
    if (r.kind == RecordKind::kDrop) {
      out += '\n';
      if (!(i & 1)) out += '\n';
    }
    // gnubg counts a finished board's points without the Jacoby rule.
    if (const int n = game_points(board, variant))
      out += std::string((i & 1) ? "                                  " : "\n      ") +
             wins(n * file_cube) + "\n\n";
    ++i;
  }
}

}  // namespace

std::string write_mat(const MatchRecord& match, std::vector<size_t>* edit_warnings) {
  const MatchInfo& mi = match.info;
  std::string out;
  auto tag = [&](const char* key, const std::string& value) {
    out += std::string("; [") + key + " \"" + value + "\"]\n";
  };
  if (!mi.place.empty()) tag("Site", mi.place);
  if (!mi.event.empty()) tag("Event", mi.event);
  if (!mi.round.empty()) tag("Round", mi.round);
  unsigned year = 0, month = 0, day = 0;
  if (std::sscanf(mi.date.c_str(), "%u-%u-%u", &year, &month, &day) == 3 && year > 1900) {
    char date[48];
    std::snprintf(date, sizeof date, "%4u.%02u.%02u", year, month, day);
    tag("EventDate", date);
  }
  if (is_hypergammon(mi.variant))
    tag("Variation", "HyperGammon (" + std::to_string(chequers(mi.variant)) + ")");
  else if (mi.variant == Variant::kNackgammon)
    tag("Variation", "NackGammon");
  if (!mi.annotator.empty()) tag("Transcriber", mi.annotator);
  if (!mi.comment.empty()) {
    out += "\n; ";
    for (size_t k = 0; k < mi.comment.size(); ++k)
      if (mi.comment[k] == '\n' && k + 1 < mi.comment.size())
        out += "\n; ";
      else
        out += mi.comment[k];
  }
  out += "\n";
  const int length = match.games.empty() ? 0 : match.games.front().info.match_length;
  out += ' ';
  out += std::to_string(length);
  out += " point match\n\n";
  if (edit_warnings) edit_warnings->clear();
  for (size_t k = 0; k < match.games.size(); ++k)
    write_game(out, static_cast<int>(k) + 1, match.games[k], mi, mi.variant, edit_warnings);
  return out;
}

std::string write_gam(const GameRecord& game, const MatchInfo& info,
                      std::vector<size_t>* edit_warnings) {
  std::string out;
  if (edit_warnings) edit_warnings->clear();
  write_game(out, 0, game, info, info.variant, edit_warnings);
  return out;
}

}  // namespace tavla::engine
