// SPDX-License-Identifier: GPL-3.0-or-later
// Reading .mat files: the layout gnubg 1.07's importer understands (import.c, ImportMat), every
// game replayed under the rules through GameFlow. See mat_file.h for what is accepted.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/mat_file.h"
#include "engine/move_text.h"
#include "engine/movegen.h"

namespace tavla::engine {

namespace {

constexpr size_t kMaxName = 31;   // gnubg's MAX_NAME_LEN - 1
constexpr int kRightColumn = 16;  // a lone action starting at or after this column is player 1's

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  return true;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A number of at most 9 digits (no overflow), or nullopt.
std::optional<int> number(std::string_view s) {
  if (!all_digits(s) || s.size() > 9) return std::nullopt;
  return std::atoi(std::string(s).c_str());
}

struct Line {
  std::string text;  // without the line end
  int number;        // 1-based
};

// Lines ended by LF, CRLF or CR; a UTF-8 byte order mark at the start is dropped.
std::vector<Line> split_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xef\xbb\xbf") text.remove_prefix(3);
  std::vector<Line> lines;
  std::string cur;
  int n = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back({std::move(cur), n++});
      cur.clear();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) lines.push_back({std::move(cur), n});
  return lines;
}

// The column where s[pos] shows, tabs at 8-column stops.
int column_of(const std::string& s, size_t pos) {
  int col = 0;
  for (size_t i = 0; i < pos && i < s.size(); ++i) col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
  return col;
}

// ---- actions ------------------------------------------------------------------------------------

enum class Act { kRoll, kDouble, kBeaver, kTake, kDrop, kWin };

struct Action {
  Act kind = Act::kRoll;
  int player = 0;
  int column = 0;
  std::array<int, 2> dice{0, 0};  // kRoll
  std::string play;               // kRoll: the play as written ("" = none)
  int value = 0;                  // kDouble/kBeaver: "=> N" (0 = not written); kWin: points
  bool and_the_match = false;     // kWin
  int line = 0;
  int move_number = 0;
};

// A word of a play: points joined by '/', with '*' and "(n)"; "bar" and "off" for 25 and 0.
bool is_play_word(std::string_view w) {
  std::string s;
  for (size_t i = 0; i < w.size();) {
    if (starts_with_ci(w.substr(i), "bar")) {
      s += "25";
      i += 3;
    } else if (starts_with_ci(w.substr(i), "off")) {
      s += "0";
      i += 3;
    } else {
      s += w[i++];
    }
  }
  return s.find('/') != std::string::npos &&
         s.find_first_not_of("0123456789/*()") == std::string::npos;
}

class LineParser {
 public:
  LineParser(const std::string& s, size_t pos) : s_(s), pos_(pos) {}

  void skip_blanks() {
    while (pos_ < s_.size() && blank(s_[pos_])) ++pos_;
  }
  bool done() {
    skip_blanks();
    return pos_ >= s_.size();
  }
  size_t pos() const { return pos_; }
  std::string_view rest() const { return std::string_view(s_).substr(pos_); }
  std::string_view peek_word() const {
    size_t e = pos_;
    while (e < s_.size() && !blank(s_[e])) ++e;
    return std::string_view(s_).substr(pos_, e - pos_);
  }
  void advance(size_t n) { pos_ = std::min(s_.size(), pos_ + n); }

 private:
  const std::string& s_;
  size_t pos_;
};

// ---- the reader ---------------------------------------------------------------------------------

class MatReader {
 public:
  MatReader(std::string_view text, std::string_view name, const FlowRules& rules)
      : lines_(split_lines(text)), name_(name), rules_(rules) {}

  Result<MatchRecord> read();

 private:
  Error error_at(int line, const std::string& what) const {
    return Error{name_ + ":" + std::to_string(line) + ": " + what};
  }
  Error game_error(const Action& a, const std::string& what) const {
    return error_at(a.line, "game " + std::to_string(game_number_) + ", move " +
                                std::to_string(a.move_number) + ": " + what);
  }

  std::optional<Error> read_header(size_t& i);
  std::optional<Error> read_game(size_t& i, int number, int line, bool* last);
  std::optional<Error> parse_scores(const Line& line, std::array<int, 2>& score);
  std::optional<Error> parse_actions(const Line& line, int& move_number, std::vector<Action>& out);
  std::optional<Error> play(const Action& a);
  std::optional<Error> roll(const Action& a);
  bool game_over() const;

  std::string who(int player) const { return names_[player]; }

  std::vector<Line> lines_;
  std::string name_;
  FlowRules rules_;
  MatchInfo info_;
  int length_ = 0;
  std::array<std::string, 2> names_;
  std::unique_ptr<GameFlow> flow_;
  int game_number_ = 0;
  bool post_crawford_ = false;
  bool rolled_unplayed_ = false;  // the last roll has no play: only a resignation may follow
  bool result_seen_ = false;      // the game's "Wins" line
  std::optional<std::array<int, 2>> next_score_;  // after the previous game
};

// gnubg's name clean-up: at most 31 characters, blanks as spaces, no trailing blanks, GridGammon's
// ", rating" split off.
std::string clean_name(std::string name, std::string* rating) {
  if (name.size() > kMaxName) name.resize(kMaxName);
  for (char& c : name)
    if (std::isspace(static_cast<unsigned char>(c))) c = ' ';
  while (!name.empty() && name.back() == ' ') name.pop_back();
  for (size_t k = name.size(); k-- > 0;)
    if (name[k] == ',' && std::strtol(name.c_str() + k + 1, nullptr, 10) > 0) {
      *rating = trim(name.substr(k + 1));
      name.resize(k);
    }
  return name;
}

std::optional<Error> MatReader::read_header(size_t& i) {
  std::string comment;
  for (; i < lines_.size(); ++i) {
    const std::string t = trim(lines_[i].text);
    if (t.empty()) continue;
    if (t[0] == ';' || t[0] == '#') {
      const std::string c = trim(std::string_view(t).substr(1));
      if (c.empty()) continue;
      auto value = [&](size_t skip) {
        std::string v = c.size() > skip ? c.substr(skip) : "";
        const size_t end = v.rfind("\"]");
        return end == std::string::npos ? v : v.substr(0, end);
      };
      if (c.rfind("[Event ", 0) == 0) {
        info_.event = value(8);
      } else if (c.rfind("[Round ", 0) == 0) {
        info_.round = value(8);
      } else if (c.rfind("[Site ", 0) == 0) {
        info_.place = value(7);
      } else if (c.rfind("[Transcriber ", 0) == 0) {
        info_.annotator = value(14);
      } else if (c.rfind("[EventDate ", 0) == 0) {
        unsigned y = 0, m = 0, d = 0;
        if (std::sscanf(c.c_str() + std::min<size_t>(12, c.size()), "%4u.%2u.%2u", &y, &m, &d) ==
                3 &&
            y > 1900 && m >= 1 && m <= 12 && d >= 1 && d <= 31) {
          char date[32];
          std::snprintf(date, sizeof date, "%04u-%02u-%02u", y, m, d);
          info_.date = date;
        }
      } else if (c.rfind("[Variation \"", 0) == 0) {
        const std::string v = c.substr(12);
        if (v.rfind("Backgammon", 0) == 0) {
          info_.variant = Variant::kStandard;
        } else if (v.rfind("NackGammon", 0) == 0) {
          info_.variant = Variant::kNackgammon;
        } else if (v.rfind("HyperGammon (", 0) == 0 && v.size() > 13 && v[13] >= '1' &&
                   v[13] <= '3') {
          info_.variant = *hypergammon_variant(v[13] - '0');
        } else {
          comment += c + "\n";
        }
      } else if (c.rfind("[EventTime ", 0) == 0 || c.rfind("[Unrated ", 0) == 0 ||
                 c.rfind("[Player ", 0) == 0 || c.rfind("[Match ID ", 0) == 0 ||
                 c.rfind("[CubeLimit ", 0) == 0 || c.rfind("[Crawford ", 0) == 0 ||
                 c.rfind("[Jacoby ", 0) == 0 || c.rfind("[Beaver ", 0) == 0) {
        // gnubg discards these (the rules come from the settings, as here from `rules`)
      } else if (c.rfind("[Game ", 0) == 0 && c.find(" Move ") != std::string::npos &&
                 c.find(": Dice set to") != std::string::npos) {
        // BGNJ's dice notes: discarded
      } else {
        comment += c + "\n";
      }
      continue;
    }
    // " 7 point match" (gnubg: "%d %*1[Pp]oint %*1[Mm]atch")
    size_t k = 0;
    while (k < t.size() && (t[k] == '-' || std::isdigit(static_cast<unsigned char>(t[k])))) ++k;
    std::string rest = trim(std::string_view(t).substr(k));
    if (k > 0 && (rest.rfind("point", 0) == 0 || rest.rfind("Point", 0) == 0)) {
      rest = trim(std::string_view(rest).substr(5));
      if (rest.rfind("match", 0) == 0 || rest.rfind("Match", 0) == 0) {
        const std::optional<int> n = number(t.substr(0, k));
        if (!n || *n > kMaxMatchLength)
          return error_at(lines_[i].number, "invalid match length " + t.substr(0, k) +
                                                " (0 for a money session, at most " +
                                                std::to_string(kMaxMatchLength) + ")");
        length_ = *n;
        if (!comment.empty()) comment.pop_back();  // the last line's newline
        info_.comment = comment;
        ++i;
        return std::nullopt;
      }
    }
    // other lines before the match line: ignored, as gnubg does
  }
  return Error{name_ + ": not a .mat file (no \"N point match\" line)"};
}

// "Game N" (gnubg: any line containing "Game "; here the whole line).
std::optional<int> game_line(const std::string& text) {
  const std::string t = trim(text);
  if (t.rfind("Game ", 0) != 0) return std::nullopt;
  return number(trim(std::string_view(t).substr(5)));
}

std::optional<Error> MatReader::parse_scores(const Line& line, std::array<int, 2>& score) {
  const std::string& s = line.text;
  auto bad = [&] {
    return error_at(line.number, "game " + std::to_string(game_number_) +
                                     ": expected the players' names and scores "
                                     "(\"name : score   name : score\")");
  };
  const size_t c0 = s.find(':');
  if (c0 == std::string::npos) return bad();
  size_t p = c0 + 1;
  while (p < s.size() && blank(s[p])) ++p;
  size_t q = p;
  while (q < s.size() && !blank(s[q])) ++q;
  const std::optional<int> s0 = number(s.substr(p, q - p));
  while (q < s.size() && blank(s[q])) ++q;
  const size_t c1 = s.find(':', q);
  if (!s0 || c1 == std::string::npos) return bad();
  const std::optional<int> s1 = number(trim(std::string_view(s).substr(c1 + 1)));
  if (!s1) return bad();
  names_[0] = clean_name(trim(std::string_view(s).substr(0, c0)), &info_.ratings[0]);
  names_[1] = clean_name(trim(std::string_view(s).substr(q, c1 - q)), &info_.ratings[1]);
  if (names_[0].empty() || names_[1].empty()) return bad();
  score = {*s0, *s1};
  return std::nullopt;
}

std::optional<Error> MatReader::parse_actions(const Line& line, int& move_number,
                                              std::vector<Action>& out) {
  const std::string& s = line.text;
  size_t start = 0;
  while (start < s.size() && blank(s[start])) ++start;
  {
    size_t k = start;
    while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
    if (k > start && k < s.size() && s[k] == ')') {
      if (const std::optional<int> n = number(s.substr(start, k - start))) move_number = *n;
      start = k + 1;
    } else {
      start = 0;
    }
  }
  auto fail = [&](const std::string& what) {
    return error_at(line.number, "game " + std::to_string(game_number_) + ", move " +
                                     std::to_string(move_number) + ": " + what);
  };
  std::vector<Action> acts;
  LineParser p(s, start);
  while (!p.done()) {
    Action a;
    a.line = line.number;
    a.move_number = move_number;
    a.column = column_of(s, p.pos());
    const std::string_view r = p.rest();
    if (r.size() >= 3 && r[0] >= '1' && r[0] <= '6' && r[1] >= '1' && r[1] <= '6' && r[2] == ':') {
      a.kind = Act::kRoll;
      a.dice = {r[0] - '0', r[1] - '0'};
      p.advance(3);
      std::string play;
      bool no_play = false;
      while (!p.done()) {
        const std::string_view w = p.peek_word();
        if (is_play_word(w)) {
          if (no_play) return fail("a play after \"Cannot Move\"");
          play += (play.empty() ? "" : " ") + std::string(w);
          p.advance(w.size());
        } else if (starts_with_ci(p.rest(), "cannot move")) {
          no_play = true;
          p.advance(11);
        } else if (w.rfind("???", 0) == 0 && play.empty()) {
          no_play = true;  // XG: a roll before a resignation
          p.advance(w.size());
        } else if (starts_with_ci(p.rest(), "illegal play")) {
          return fail("\"Illegal play\" (a position edited during play) cannot be replayed");
        } else {
          break;
        }
      }
      a.play = play;
    } else if (starts_with_ci(r, "double") || starts_with_ci(r, "beaver") ||
               starts_with_ci(r, "raccoon")) {
      a.kind = starts_with_ci(r, "double") ? Act::kDouble : Act::kBeaver;
      p.advance(p.peek_word().size());
      if (!p.done() && p.rest().substr(0, 2) == "=>") {
        p.advance(2);
        p.skip_blanks();
        const std::string_view w = p.peek_word();
        const std::optional<int> n = number(w);
        if (!n) return fail("expected the cube value after \"=>\"");
        a.value = *n;
        p.advance(w.size());
      }
    } else if (starts_with_ci(r, "take")) {
      a.kind = Act::kTake;
      p.advance(p.peek_word().size());
    } else if (starts_with_ci(r, "drop") || starts_with_ci(r, "pass")) {
      a.kind = Act::kDrop;
      p.advance(p.peek_word().size());
    } else if (starts_with_ci(r, "win")) {
      a.kind = Act::kWin;
      p.advance(p.peek_word().size());
      p.skip_blanks();
      const std::string_view w = p.peek_word();
      const std::optional<int> n = number(w);
      if (!n) return fail("expected the points after \"Wins\"");
      a.value = *n;
      p.advance(w.size());
      if (!p.done() && starts_with_ci(p.peek_word(), "point")) p.advance(p.peek_word().size());
      if (!p.done() && starts_with_ci(p.rest(), "and the match")) {
        a.and_the_match = true;
        p.advance(13);
      }
    } else if (starts_with_ci(r, "resign")) {
      p.advance(p.peek_word().size());  // .gam "Resigns": the "Wins" line says what counts
      continue;
    } else {
      return fail("unrecognised \"" + trim(r) + "\"");
    }
    acts.push_back(std::move(a));
  }
  if (acts.size() > 2) return fail("more than two actions on one line");
  if (acts.size() == 2) {
    acts[0].player = 0;
    acts[1].player = 1;
  } else if (acts.size() == 1) {
    acts[0].player = acts[0].column >= kRightColumn ? 1 : 0;
  }
  out.insert(out.end(), acts.begin(), acts.end());
  return std::nullopt;
}

std::string refusal_text(Refusal r) {
  switch (r) {
    case Refusal::kCrawford:
      return "doubling is forbidden in the Crawford game";
    case Refusal::kCubeDisabled:
      return "the cube is not in use";
    case Refusal::kDoublePending:
      return "a double awaits an answer";
    case Refusal::kResignationPending:
      return "a resignation awaits an answer";
    case Refusal::kNotOnRoll:
      return "only the player on roll may double";
    case Refusal::kDoubleAfterRoll:
      return "the dice are already rolled";
    case Refusal::kAlreadyRolled:
      return "the dice are already rolled";
    case Refusal::kNotCubeOwner:
      return "the opponent owns the cube";
    case Refusal::kCubeAtMaximum:
      return "the cube is at its maximum";
    case Refusal::kDeadCube:
      return "the cube is dead (it already wins the match)";
    case Refusal::kBeaversInMatch:
      return "beavers are allowed in money play only";
    case Refusal::kBeaversDisabled:
      return "beavers are not allowed";
    case Refusal::kTooManyBeavers:
      return "no more beavers are allowed";
    default:
      return refusal_name(r);
  }
}

// The steps of a play written one step a word ("24/18 6/1*", as gnubg writes them), in the
// order written; nullopt for any other notation ("24/13", "6/2(2)", "13/7*/5").
std::optional<Move> written_steps(std::string_view play) {
  Move m;
  int n = 0;
  size_t i = 0;
  auto point = [&](int max) -> std::optional<int> {
    if (starts_with_ci(play.substr(i), "bar")) {
      i += 3;
      return 25;
    }
    if (starts_with_ci(play.substr(i), "off")) {
      i += 3;
      return 0;
    }
    size_t k = i;
    while (k < play.size() && k < i + 2 && std::isdigit(static_cast<unsigned char>(play[k]))) ++k;
    if (k == i) return std::nullopt;
    const int v = std::atoi(std::string(play.substr(i, k - i)).c_str());
    i = k;
    if (v > max) return std::nullopt;
    return v;
  };
  while (i < play.size()) {
    if (blank(play[i])) {
      ++i;
      continue;
    }
    if (n == Move::kMaxSteps) return std::nullopt;
    const std::optional<int> from = point(25);
    if (!from || *from == 0 || i >= play.size() || play[i] != '/') return std::nullopt;
    ++i;
    const std::optional<int> to = point(24);
    if (!to) return std::nullopt;
    if (i < play.size() && play[i] == '*') ++i;
    if (i < play.size() && !blank(play[i])) return std::nullopt;
    m.steps[2 * n] = static_cast<int8_t>(*from - 1);
    m.steps[2 * n + 1] = static_cast<int8_t>(*to - 1);
    ++n;
  }
  if (!n) return std::nullopt;
  return m;
}

std::string roll_text(std::array<int, 2> d) {
  return std::to_string(d[0]) + std::to_string(d[1]);
}

std::optional<Error> MatReader::roll(const Action& a) {
  GameFlow& flow = *flow_;
  const int p = a.player;
  if (flow.match().game_state == GameState::kNone) {
    if (a.dice[0] == a.dice[1])
      return game_error(a, "the opening roll " + roll_text(a.dice) + " is a doublet");
    flow.set_turn(p);
  } else {
    const MatchState& ms = flow.match();
    // gnubg and Jellyfish write no "Takes" after a beaver: the doubler's next roll says it.
    // (After a raccoon the beaverer's take is left out the same way.)
    if (ms.doubled && flow.beavers_used() > 0 && p == ms.on_roll) flow.take();
    if (flow.match().doubled)
      return game_error(a, who(p) + " rolls " + roll_text(a.dice) + " but " +
                               who(flow.match().turn) + " has not answered the double");
    if (p != flow.match().turn)
      return game_error(a, who(p) + " rolls " + roll_text(a.dice) + " but it is " +
                               who(flow.match().turn) + "'s turn");
    if (const Refusal r = flow.check_roll(); r != Refusal::kNone)
      return game_error(a, who(p) + " cannot roll: " + refusal_text(r));
  }
  flow.roll(a.dice);
  const Board board = flow.board();  // seen from p
  auto list = std::make_unique<MoveList>();
  const int legal = generate_moves(board, a.dice[0], a.dice[1], *list);
  if (a.play.empty()) {
    if (legal == 0)
      flow.move(Move{});
    else
      rolled_unplayed_ = true;  // only a resignation may follow
    return std::nullopt;
  }
  const std::string what = who(p) + "'s play " + a.play + " of " + roll_text(a.dice);
  if (legal == 0) return game_error(a, what + ": no play is possible");
  auto parsed = parse_move(a.play);
  if (!parsed) return game_error(a, what + ": " + parsed.error());
  Board after = board;
  if (!apply_move(after, *parsed)) return game_error(a, what + " is impossible");
  // The steps as written when they are those of a legal play: gnubg records the steps its move
  // generator found for the dice in the order rolled (which the file does not keep: it writes the
  // larger die first), and writes them as recorded.
  if (const std::optional<Move> steps = written_steps(a.play)) {
    for (const std::array<int, 2> dice : {a.dice, std::array<int, 2>{a.dice[1], a.dice[0]}}) {
      generate_moves(board, dice[0], dice[1], *list);
      for (const LegalMove& m : *list)
        if (m.move == *steps) {
          flow.move(m.move);
          return std::nullopt;
        }
    }
  }
  // Any other way of writing a legal play (steps joined or in another order): the play of the
  // same position.
  auto found = find_legal_move(board, a.dice[0], a.dice[1], a.play);
  if (!found) return game_error(a, what + " is not a legal play");
  flow.move(found->move);
  return std::nullopt;
}

bool MatReader::game_over() const {
  const GameState gs = flow_->match().game_state;
  return gs == GameState::kOver || gs == GameState::kDropped || gs == GameState::kResigned;
}

std::optional<Error> MatReader::play(const Action& a) {
  GameFlow& flow = *flow_;
  const int p = a.player;
  if (a.kind != Act::kWin) {
    if (game_over()) return game_error(a, "the game is already over");
    if (rolled_unplayed_)
      return game_error(a, who(flow.match().on_roll) + " rolled " + roll_text(flow.match().dice) +
                               " and did not play it");
  }
  if (a.kind != Act::kRoll && flow.match().game_state == GameState::kNone)
    return game_error(a, "the game must begin with the opening roll");
  const MatchState& ms = flow.match();
  switch (a.kind) {
    case Act::kRoll:
      return roll(a);
    case Act::kDouble:
    case Act::kBeaver:
      if (p != ms.turn)
        return game_error(a, who(p) + " doubles but it is " + who(ms.turn) + "'s turn");
      if (!ms.doubled) {
        if (a.kind == Act::kBeaver)
          return game_error(a, who(p) + " beavers but there is no double to beaver");
        if (const Refusal r = flow.check_double(); r != Refusal::kNone)
          return game_error(a, who(p) + " cannot double: " + refusal_text(r));
        if (a.value && a.value != ms.cube * 2)
          return game_error(a, "the cube goes to " + std::to_string(ms.cube * 2) + ", not " +
                                   std::to_string(a.value));
        flow.double_cube();
      } else {
        if (const Refusal r = flow.check_redouble(); r != Refusal::kNone)
          return game_error(a, who(p) + " cannot beaver: " + refusal_text(r));
        if (a.value && a.value != ms.cube * 4)
          return game_error(a, "the beaver turns the cube to " + std::to_string(ms.cube * 4) +
                                   ", not " + std::to_string(a.value));
        flow.redouble();
      }
      return std::nullopt;
    case Act::kTake:
    case Act::kDrop:
      if (!ms.doubled)
        return game_error(a, who(p) + (a.kind == Act::kTake ? " takes" : " drops") +
                                 " but no double was offered");
      if (p != ms.turn)
        return game_error(a, who(p) + (a.kind == Act::kTake ? " takes" : " drops") +
                                 " but the double was offered to " + who(ms.turn));
      if (a.kind == Act::kTake)
        flow.take();
      else
        flow.drop();
      return std::nullopt;
    case Act::kWin:
      break;
  }
  if (result_seen_) return game_error(a, "a second result for the game");
  result_seen_ = true;
  if (game_over()) {
    const GameInfo& g = flow.games().back().info;
    if (p != g.winner)
      return game_error(a, "the file says " + who(p) + " wins, but " + who(g.winner) + " won");
    // gnubg writes a bear-off's points without the Jacoby rule
    const int raw = ms.game_state == GameState::kOver
                        ? game_points(flow.board(), flow.variant()) * ms.cube
                        : g.points;
    if (a.value != g.points && a.value != raw)
      return game_error(a, who(p) + " wins " + std::to_string(g.points) + " point" +
                               (g.points > 1 ? "s" : "") + ", not " + std::to_string(a.value));
  } else {
    // A result before the game is over: the loser resigned.
    const int loser = 1 - p;
    if (loser != ms.turn)
      return game_error(a, who(p) + " wins by resignation but it is " + who(ms.turn) +
                               "'s turn, not " + who(loser) + "'s, to resign");
    const int cube = ms.cube;
    if (a.value % cube || a.value / cube < 1 || a.value / cube > 3)
      return game_error(a, std::to_string(a.value) +
                               " points is not a resignation of a single game, gammon or "
                               "backgammon at cube " +
                               std::to_string(cube));
    const int level = a.value / cube;
    if (const Refusal r = flow.check_resign(level); r != Refusal::kNone)
      return game_error(a, who(loser) + " cannot resign: " + refusal_text(r));
    flow.resign(level);
    flow.agree();
    rolled_unplayed_ = false;
  }
  if (a.and_the_match &&
      (length_ == 0 || std::max(flow.match().score[0], flow.match().score[1]) < length_))
    return game_error(a, "\"and the match\" but the match is not over");
  return std::nullopt;
}

std::optional<Error> MatReader::read_game(size_t& i, int number, int line, bool* last) {
  // The score line: the first non-blank line after "Game N".
  while (i < lines_.size() && trim(lines_[i].text).empty()) ++i;
  if (i >= lines_.size() || game_line(lines_[i].text))
    return error_at(line, "game " + std::to_string(number) + " has no score line");
  std::array<int, 2> score{};
  if (auto e = parse_scores(lines_[i], score)) return e;
  const int score_line = lines_[i].number;
  ++i;
  if (length_ && (score[0] >= length_ || score[1] >= length_)) {
    if (next_score_)
      return error_at(score_line,
                      "game " + std::to_string(number) + " follows the end of the match");
    return error_at(score_line, "game " + std::to_string(number) + " starts at a score of " +
                                    std::to_string(score[0]) + "-" + std::to_string(score[1]) +
                                    " in a " + std::to_string(length_) + "-point match");
  }
  if (next_score_ && score != *next_score_)
    return error_at(score_line, "game " + std::to_string(number) + " starts at " +
                                    std::to_string(score[0]) + "-" + std::to_string(score[1]) +
                                    ", but game " + std::to_string(number - 1) + " left " +
                                    std::to_string((*next_score_)[0]) + "-" +
                                    std::to_string((*next_score_)[1]));

  GameInfo g;
  g.index = number - 1;
  g.match_length = length_;
  g.score = score;
  g.crawford_rule = length_ > 1;
  // gnubg's import: the first game with exactly one player one point away is the Crawford game.
  g.crawford_game = g.crawford_rule && !post_crawford_ &&
                    ((score[0] == length_ - 1) != (score[1] == length_ - 1));
  if (g.crawford_game) post_crawford_ = true;
  g.jacoby = rules_.jacoby && length_ == 0;
  g.cube_use = rules_.cube_use;
  flow_->append_game(g);
  rolled_unplayed_ = result_seen_ = false;

  // The actions, up to the next game, played as they are read.
  std::vector<Action> actions;
  int move_number = 0;
  for (; i < lines_.size() && !game_line(lines_[i].text); ++i) {
    const std::string t = trim(lines_[i].text);
    if (t.empty()) continue;
    if (t[0] == ';' || t[0] == '#') {
      if (t.rfind("; Set Pos=", 0) == 0)
        return error_at(lines_[i].number, "game " + std::to_string(number) +
                                              ": an edited position (\"Set Pos\") cannot be "
                                              "replayed");
      continue;
    }
    actions.clear();
    if (auto e = parse_actions(lines_[i], move_number, actions)) return e;
    for (const Action& a : actions)
      if (auto e = play(a)) return e;
  }
  *last = i >= lines_.size();
  if (!game_over() && !*last)
    return error_at(score_line, "game " + std::to_string(number) +
                                    " ends without a result (no bear-off, drop or resignation)");
  const GameInfo& done = flow_->games().back().info;
  std::array<int, 2> next = score;
  if (done.winner >= 0) next[done.winner] += done.points;
  next_score_ = next;
  return std::nullopt;
}

Result<MatchRecord> MatReader::read() {
  size_t i = 0;
  if (auto e = read_header(i)) return *e;
  FlowRules rules = rules_;
  rules.variant = info_.variant;
  flow_ = std::make_unique<GameFlow>(rules);
  flow_->new_match(length_);
  int previous = 0;
  while (i < lines_.size()) {
    const std::optional<int> n = game_line(lines_[i].text);
    if (!n) {  // text before the first game (gnubg skips it); none can follow a game
      ++i;
      continue;
    }
    const int line = lines_[i].number;
    if (*n < 1) return error_at(line, "games are numbered from 1");
    if (previous && *n != previous + 1)
      return error_at(line,
                      "game " + std::to_string(*n) + " follows game " + std::to_string(previous));
    if (previous && length_ && flow_->match_over())
      return error_at(line, "game " + std::to_string(*n) + " follows the end of the match");
    game_number_ = previous = *n;
    ++i;
    bool last = false;
    if (auto e = read_game(i, *n, line, &last)) return *e;
  }
  if (!previous) return Error{name_ + ": no games in the .mat file"};
  info_.names = names_;
  return MatchRecord{info_, flow_->games()};
}

}  // namespace

Result<MatchRecord> read_mat(std::string_view text, std::string_view name, const FlowRules& rules) {
  return MatReader(text, name, rules).read();
}

}  // namespace tavla::engine
