// SPDX-License-Identifier: GPL-3.0-or-later
// `export position text`: the position shown in gnubg 1.07's text export layout (text.c:
// CommandExportPositionText, TextPrologue, TextMatchInfo, TextBoardHeader, printTextBoard,
// TextAnalysis, TextEpilogue).
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "engine/move_text.h"
#include "shell/about.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

// gnubg's TextMatchInfo prints the date with strftime's %x, in the C locale "MM/DD/YY".
std::string c_locale_date(const std::string& iso) {
  unsigned y = 0, m = 0, d = 0;
  if (std::sscanf(iso.c_str(), "%u-%u-%u", &y, &m, &d) != 3) return "";
  return strf("%02u/%02u/%02u", m, d, y % 100);
}

}  // namespace

// What gnubg writes after the board is the record "after" the position: while reviewing, the
// next record of the game (its play, or its cube action); otherwise gnubg's hint record for the
// position (a play not yet made, "cannot move" until a hint fills it; the double or take that
// would come). tavla's records keep no analysis, and a hint given in the position is not
// written (gnubg writes its ranked plays there).
void Shell::cmd_export_position_text(std::string& args) {
  std::optional<std::string> file = next_token(args);
  const engine::MatchState& ms = flow_.match();
  if (!flow_.has_game() || ms.game_state == engine::GameState::kNone || ms.on_roll < 0) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to export to (see `help export position text').\n");
    return;
  }
  std::error_code ec;
  if (*file != "-" && confirm_save_ && std::filesystem::exists(*file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file->c_str())))
    return;

  std::string s;
  // TextPrologue.
  const int games = flow_.games_played();
  s += strf(games == 1 ? "The score (after %d game) is: %s %d, %s %d"
                       : "The score (after %d games) is: %s %d, %s %d",
            games, name(0).c_str(), ms.score[0], name(1).c_str(), ms.score[1]);
  if (ms.match_length > 0) {
    s += strf(ms.match_length == 1 ? " (match to %d point)" : " (match to %d points)",
              ms.match_length);
    if (ms.crawford) s += ", Crawford game";
    if (ms.post_crawford) s += ", post-Crawford play";
  }
  s += "\n\n";
  // TextMatchInfo.
  s += "Match Information:\n";
  for (int p = 0; p < 2; ++p)
    if (!match_info_.ratings[p].empty())
      s += strf("%s's rating: %s\n", name(p).c_str(), match_info_.ratings[p].c_str());
  if (const std::string date = c_locale_date(match_info_.date); !date.empty())
    s += "Date: " + date + "\n";
  if (!match_info_.event.empty()) s += "Event: " + match_info_.event + "\n";
  if (!match_info_.round.empty()) s += "Round: " + match_info_.round + "\n";
  if (!match_info_.place.empty()) s += "Place: " + match_info_.place + "\n";
  if (!match_info_.annotator.empty()) s += "Annotator: " + match_info_.annotator + "\n";
  if (!match_info_.comment.empty()) s += "Comments: " + match_info_.comment + "\n";

  // TextBoardHeader: the move number counts gnubg's records of the game up to the position
  // (its game record first), so records applied + 1.
  const engine::MoveRecord* next = next_record();
  const engine::GameRecord* game = flow_.current_game();
  const size_t applied = next && review_ ? review_->applied : (game ? game->records.size() : 0);
  s += strf("Move number %d: ", static_cast<int>(applied) + 1);
  if (ms.resigned)
    s += strf(ms.resigned * ms.cube == 1 ? " %s resigns %d point" : " %s resigns %d points",
              name(ms.turn).c_str(), ms.resigned * ms.cube);
  else if (ms.dice_rolled())
    s += strf(" %s to play %d%d\n\n", name(ms.on_roll).c_str(), ms.dice[0], ms.dice[1]);
  else if (ms.doubled)
    s += strf(" %s doubles to %d\n\n", name(!ms.turn).c_str(), ms.cube * 2);
  else
    s += strf(" %s on roll, cube decision?\n\n", name(ms.on_roll).c_str());

  // printTextBoard: the board as `show board` draws it, then the pip counts of O and X.
  const engine::Board& board = flow_.board();  // seen from the player on roll
  s += text::draw_board(board, ms, names_, engine::chequers(flow_.variant()));
  const int pips0 = board.pip_count(ms.on_roll == 0 ? 1 : 0);
  const int pips1 = board.pip_count(ms.on_roll == 0 ? 0 : 1);
  s += strf("Pip counts: O %d, X %d\n\n", pips0, pips1);

  // TextAnalysis of the record after the position, and its comment (TextPrintComment).
  auto play = [&](int player, const engine::Move* move, std::array<int, 2> dice) {
    std::string moved;
    if (move) {
      engine::Board before = board;
      if (player != ms.on_roll) before.swap_sides();
      moved = engine::format_move(before, *move);
      s += strf("* %s moves %s\n", name(player).c_str(), moved.c_str());
    } else {
      s += strf("* %s cannot move\n", name(player).c_str());
    }
    s += strf("\nRolled %d%d:\n*    %s\n\n\n", dice[0], dice[1],
              move ? moved.c_str() : "Cannot move");
  };
  if (next) {
    switch (next->kind) {
      case engine::RecordKind::kMove:
        play(next->player, next->move.steps[0] >= 0 ? &next->move : nullptr, next->dice);
        break;
      case engine::RecordKind::kDouble:
        s += strf("* %s doubles\n\n", name(next->player).c_str());
        break;
      case engine::RecordKind::kTake:
        s += strf("* %s accepts\n\n", name(next->player).c_str());
        break;
      case engine::RecordKind::kDrop:
        s += strf("* %s rejects\n\n", name(next->player).c_str());
        break;
      default:
        break;
    }
    if (!next->comment.empty()) s += "Annotation:\n" + next->comment + "\n";
  } else if (ms.game_state == engine::GameState::kPlaying) {
    // gnubg's hint record: the play of the dice (sorted, larger first), else the take of a
    // pending double, else a double; by the player who must act, but for the take: gnubg makes
    // the record when the double is recorded (for the doubler) and keeps it, so the doubler
    // "accepts" (after a beaver gnubg names the first doubler; tavla the last).
    if (ms.dice_rolled())
      play(ms.turn, nullptr, {std::max(ms.dice[0], ms.dice[1]), std::min(ms.dice[0], ms.dice[1])});
    else if (ms.doubled)
      s += strf("* %s accepts\n\n", name(!ms.turn).c_str());
    else
      s += strf("* %s doubles\n\n", name(ms.turn).c_str());
  }

  // TextEpilogue: gnubg names itself and its text export's revision; tavla names itself.
  const std::time_t t = std::time(nullptr);
  char when[64];
  ctime_r(&t, when);
  s += strf("Output generated %s by tavla %s (Text Export version 1.128)\n\n", when,
            about::version());

  if (*file == "-") {
    out(s);
    return;
  }
  errno = 0;
  std::FILE* f = std::fopen(file->c_str(), "wb");
  bool ok = f != nullptr;
  if (f) {
    ok = std::fwrite(s.data(), 1, s.size(), f) == s.size();
    ok = std::fclose(f) == 0 && ok;
  }
  if (!ok) errf("%s: %s", file->c_str(), std::strerror(errno ? errno : EIO));
}

}  // namespace tavla::shell
