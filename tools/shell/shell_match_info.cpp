// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's `set matchinfo ...' and `show matchinfo' (set.c CommandSetMatch*, show.c
// CommandShowMatchInfo) on the match's information that SGF and .mat files carry, and `show
// scoresheet' (CommandShowScoreSheet): the score after every game.
#include <cctype>
#include <cstdio>

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

// gnubg's SetMatchInfo: the rest of the line (blanks around it dropped) sets the field, nothing
// clears it; returns the message.
std::string set_info(std::string& field, const std::string& args, const std::string& what) {
  field = trim(args);
  return field.empty() ? what + " cleared.\n" : what + " set to: " + field + "\n";
}

bool leap(int y) {
  return !(y % 4 || (!(y % 100) && y % 400));
}

int days_in_month(int y, int m) {
  static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

}  // namespace

void Shell::cmd_set_matchinfo_annotator(std::string& args) {
  out(set_info(match_info_.annotator, args, "Match annotator"));
}

void Shell::cmd_set_matchinfo_comment(std::string& args) {
  out(set_info(match_info_.comment, args, "Match comment"));
}

void Shell::cmd_set_matchinfo_event(std::string& args) {
  out(set_info(match_info_.event, args, "Match event"));
}

void Shell::cmd_set_matchinfo_place(std::string& args) {
  out(set_info(match_info_.place, args, "Match place"));
}

void Shell::cmd_set_matchinfo_round(std::string& args) {
  out(set_info(match_info_.round, args, "Match round"));
}

void Shell::cmd_set_matchinfo_rating(std::string& args) {
  std::optional<std::string> w = next_token(args);
  const int p = w ? parse_player(*w) : -1;
  if (p != 0 && p != 1) {  // gnubg reads past its two players for `both'
    out("You must specify which player's rating to set (see `help set matchinfo rating').\n");
    return;
  }
  out(set_info(match_info_.ratings[p], args, "Rating for " + name(p)));
}

// gnubg's CommandSetMatchDate: YYYY-MM-DD from 1753 (the Gregorian calendar in Britain) on.
void Shell::cmd_set_matchinfo_date(std::string& args) {
  const std::string s = trim(args);
  if (s.empty()) {
    match_info_.date.clear();
    out("Match date cleared.\n");
    return;
  }
  int y = 0, m = 0, d = 0;
  if (std::sscanf(s.c_str(), "%4d-%2d-%2d", &y, &m, &d) < 3 || y < 1753 || m < 1 || m > 12 ||
      d < 1 || d > days_in_month(y, m)) {
    outf("%s is not a valid date (see `help set matchinfo date').\n", s.c_str());
    return;
  }
  match_info_.date = strf("%04d-%02d-%02d", y, m, d);
  outf("Match date set to %s.\n", match_info_.date.c_str());
}

void Shell::cmd_show_matchinfo(std::string&) {
  const auto& mi = match_info_;
  std::string s =
      strf("%s (%s) vs. %s (%s)", name(0).c_str(),
           mi.ratings[0].empty() ? "unknown rating" : mi.ratings[0].c_str(), name(1).c_str(),
           mi.ratings[1].empty() ? "unknown rating" : mi.ratings[1].c_str());
  s += mi.date.empty() ? "\n" : ", " + mi.date + "\n";
  if (!mi.event.empty()) s += "Event: " + mi.event + "\n";
  if (!mi.round.empty()) s += "Round: " + mi.round + "\n";
  if (!mi.place.empty()) s += "Place: " + mi.place + "\n";
  if (!mi.annotator.empty()) s += "Annotator: " + mi.annotator + "\n";
  if (!mi.comment.empty()) s += "\n" + mi.comment + "\n";
  out(s);
}

// The score after each game: the next game's starting score, or for the last game its start
// plus what its winner scored (a last game still being played adds no line, except a first game,
// which shows 0 | 0).
void Shell::cmd_show_scoresheet(std::string&) {
  const int length = flow_.match().match_length;
  std::string s = "Score Sheet - ";
  s += length > 0 ? strf(length == 1 ? "Match to %d point" : "Match to %d points", length)
                  : "Money Session";
  s += "\n\n" + name(0) + " | " + name(1) + "\n" +
       std::string(name(0).size() + name(1).size() + 3, '-') + "\n";
  const auto& games = all_games();
  for (size_t g = 0; g < games.size(); ++g) {
    std::array<int, 2> score = games[g].info.score;
    if (g + 1 < games.size()) {
      score = games[g + 1].info.score;
    } else if (games[g].info.winner >= 0) {
      score[games[g].info.winner] += games[g].info.points;
    } else if (g == 0) {
      score = {0, 0};
    } else {
      continue;
    }
    s += strf("%*d | %d\n", static_cast<int>(name(0).size()), score[0], score[1]);
  }
  out(s + "\n");
}

}  // namespace tavla::shell
