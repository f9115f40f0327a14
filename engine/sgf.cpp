// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/sgf.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "engine/variant.h"

namespace tavla::engine {

namespace {

// ---- writing -----------------------------------------------------------------------------------

std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

void property(std::string& out, const char* name, const std::string& value) {
  if (value.empty()) return;
  out += name;
  out += '[' + escaped(value) + ']';
}

char side_letter(int player) {
  return player ? 'B' : 'W';
}

}  // namespace

// gnubg's WriteMove: stops at the first unused step.
std::string sgf_move_letters(int player, const Move& m) {
  std::string s;
  for (int i = 0; i < 8; ++i) {
    const int v = m.steps[i];
    if (v == 24) {
      s += 'y';
    } else if (v == -1) {
      if (!(i & 1)) break;
      s += 'z';
    } else {
      s += static_cast<char>(player ? 'x' - v : 'a' + v);
    }
  }
  return s;
}

namespace {

void write_game(std::string& out, const GameRecord& game, const MatchInfo& mi,
                std::string_view application, const SgfGameExtras* extras) {
  const GameInfo& g = game.info;
  out += "(;FF[4]GM[6]CA[UTF-8]AP[";
  out += escaped(application);
  out += "]MI[length:" + std::to_string(g.match_length) + "][game:" + std::to_string(g.index) +
         "][ws:" + std::to_string(g.score[0]) + "][bs:" + std::to_string(g.score[1]) + "]";
  out += "PW[" + escaped(mi.names[0]) + "]PB[" + escaped(mi.names[1]) + "]";
  if (g.index == 0) {
    property(out, "WR", mi.ratings[0]);
    property(out, "BR", mi.ratings[1]);
    property(out, "DT", mi.date);
    property(out, "EV", mi.event);
    property(out, "RO", mi.round);
    property(out, "PC", mi.place);
    property(out, "AN", mi.annotator);
    property(out, "GC", mi.comment);
  }
  if (g.crawford_rule || g.jacoby || mi.variant != Variant::kStandard || !g.cube_use) {
    std::vector<std::string> rules;
    if (!g.cube_use) rules.push_back("NoCube");
    if (g.crawford_rule) rules.push_back("Crawford");
    if (g.crawford_game) rules.push_back("CrawfordGame");
    if (g.jacoby) rules.push_back("Jacoby");
    // gnubg's aszSGFVariation.
    if (mi.variant == Variant::kNackgammon)
      rules.push_back("Nackgammon");
    else if (is_hypergammon(mi.variant))
      rules.push_back("Hypergammon" + std::to_string(chequers(mi.variant)));
    out += "RU[";
    for (size_t i = 0; i < rules.size(); ++i) out += (i ? ":" : "") + rules[i];
    out += "]";
  }
  if (g.auto_doubles) out += "CV[" + std::to_string(1 << g.auto_doubles) + "]";
  if (g.winner >= 0)
    out += std::string("RE[") + side_letter(g.winner) + "+" + std::to_string(g.points) +
           (g.resigned ? "R" : "") + "]";
  if (extras) out += extras->root;

  const auto& records = game.records;
  for (size_t k = 0; k < records.size(); ++k) {
    const MoveRecord& r = records[k];
    const char who = side_letter(r.player);
    switch (r.kind) {
      case RecordKind::kMove:
        out += std::string("\n;") + who + "[" + std::to_string(r.dice[0]) +
               std::to_string(r.dice[1]) + sgf_move_letters(r.player, r.move) + "]";
        break;
      case RecordKind::kDouble:
        // A double that is the last record is still pending: gnubg leaves it out, unless no
        // play came before it and it carries an analysis (the hint record of a position saved
        // after a cube hint, gnubg's exception to its bug #36716).
        if (k + 1 == records.size() &&
            !(extras && k < extras->records.size() && !extras->records[k].empty() &&
              std::none_of(records.begin(), records.end(),
                           [](const MoveRecord& m) { return m.kind == RecordKind::kMove; })))
          continue;
        out += std::string("\n;") + who + "[double]";
        break;
      case RecordKind::kTake:
        out += std::string("\n;") + who + "[take]";
        break;
      case RecordKind::kDrop:
        out += std::string("\n;") + who + "[drop]";
        break;
      case RecordKind::kResign:
        continue;  // only the result (RE[..R]) records it
      case RecordKind::kSetBoard: {
        out += std::string("\n;PL[") + who + "]AE[a:y]";
        const auto& white = r.board.sides[1];  // player 0
        const auto& black = r.board.sides[0];  // player 1
        std::string w, b;
        for (int i = 0; i < kSlots; ++i)
          for (int n = 0; n < white[i]; ++n) w += std::string("[") + char('a' + i) + "]";
        for (int i = 0; i < kSlots; ++i)
          for (int n = 0; n < black[i]; ++n)
            b += std::string("[") + (i == 24 ? 'y' : char('x' - i)) + "]";
        if (!w.empty()) out += "AW" + w;
        if (!b.empty()) out += "AB" + b;
        break;
      }
      case RecordKind::kSetDice:
        out += std::string("\n;PL[") + who + "]DI[" + std::to_string(r.dice[0]) +
               std::to_string(r.dice[1]) + "]";
        break;
      case RecordKind::kSetCubeValue:
        out += "\n;CV[" + std::to_string(r.cube) + "]";
        break;
      case RecordKind::kSetCubeOwner:
        out += std::string("\n;CP[") + "cwb"[r.cube_owner + 1] + "]";
        break;
    }
    if (extras && k < extras->records.size()) out += extras->records[k];
    if (!r.comment.empty()) out += "C[" + escaped(r.comment) + "]";
  }
  out += ")\n";
}

// ---- reading -----------------------------------------------------------------------------------

using Property = SgfProperty;
using Node = std::vector<Property>;
struct Tree {
  std::vector<Node> nodes;
  std::vector<Tree> children;
};

class Parser {
 public:
  Parser(std::string_view text, std::string_view name) : s_(text), name_(name) {}

  Result<std::vector<Tree>> collection() {
    std::vector<Tree> trees;
    for (;;) {
      skip_space();
      if (pos_ >= s_.size()) break;
      if (s_[pos_] != '(') return error("expected '(' to start a game tree");
      auto t = tree();
      if (!t) return Error{t.error()};
      trees.push_back(std::move(t).value());
    }
    return trees;
  }

 private:
  Result<Tree> tree() {
    ++pos_;  // '('
    Tree t;
    for (;;) {
      skip_space();
      if (pos_ >= s_.size()) return error("game tree not closed by ')'");
      const char c = s_[pos_];
      if (c == ')') {
        ++pos_;
        return t;
      }
      if (c == '(') {
        auto child = tree();
        if (!child) return Error{child.error()};
        t.children.push_back(std::move(child).value());
      } else if (c == ';') {
        ++pos_;
        auto n = node();
        if (!n) return Error{n.error()};
        t.nodes.push_back(std::move(n).value());
      } else {
        return error(std::string("unexpected '") + c + "'");
      }
    }
  }

  Result<Node> node() {
    Node n;
    for (;;) {
      skip_space();
      if (pos_ >= s_.size() || !std::isalpha(static_cast<unsigned char>(s_[pos_]))) return n;
      Property p;
      while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_]))) {
        if (std::isupper(static_cast<unsigned char>(s_[pos_]))) p.name += s_[pos_];
        ++pos_;
      }
      skip_space();
      while (pos_ < s_.size() && s_[pos_] == '[') {
        ++pos_;
        std::string v;
        while (pos_ < s_.size() && s_[pos_] != ']') {
          if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ++pos_;
          v += s_[pos_++];
        }
        if (pos_ >= s_.size()) return error("property value of " + p.name + " not closed");
        ++pos_;
        p.values.push_back(std::move(v));
        skip_space();
      }
      if (p.values.empty()) return error("property " + p.name + " has no value");
      n.push_back(std::move(p));
    }
  }

  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  Error error(const std::string& what) const {
    int line =
        1 + static_cast<int>(std::count(s_.begin(), s_.begin() + std::min(pos_, s_.size()), '\n'));
    return Error{std::string(name_) + ":" + std::to_string(line) + ": " + what};
  }

  std::string_view s_;
  std::string_view name_;
  size_t pos_ = 0;
};

// gnubg's Point: a letter of a move in the mover's coordinates.
int point(char c, int player) {
  if (c == 'y') return 24;
  if (c >= 'a' && c <= 'x') return player ? 'x' - c : c - 'a';
  return -1;  // off
}

void read_root(const Node& root, GameInfo& g, MatchInfo& mi) {
  for (const Property& p : root) {
    const std::string& v = p.values.front();
    if (p.name == "MI") {
      for (const std::string& item : p.values) {
        if (item.rfind("length:", 0) == 0) {
          g.match_length = std::max(0, std::atoi(item.c_str() + 7));
        } else if (item.rfind("game:", 0) == 0) {
          g.index = std::max(0, std::atoi(item.c_str() + 5));
        } else if (item.rfind("ws:", 0) == 0 || item.rfind("bs:", 0) == 0) {
          int n = std::atoi(item.c_str() + 3);
          if (n >= 0 && (!g.match_length || n < g.match_length)) g.score[item[0] == 'b'] = n;
        }
      }
    } else if (p.name == "PW" || p.name == "PB") {
      mi.names[p.name == "PB"] = v.substr(0, 31);
    } else if (p.name == "RE") {
      const char c =
          static_cast<char>(std::toupper(static_cast<unsigned char>(v.empty() ? ' ' : v[0])));
      if ((c == 'B' || c == 'W') && v.size() > 1 && v[1] == '+') {
        g.winner = c == 'B';
        char* end = nullptr;
        g.points = std::max(1, static_cast<int>(std::strtol(v.c_str() + 2, &end, 10)));
        g.resigned = end && std::toupper(static_cast<unsigned char>(*end)) == 'R';
      }
    } else if (p.name == "RU") {
      size_t start = 0;
      while (start <= v.size()) {
        size_t end = v.find(':', start);
        std::string rule =
            v.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (rule == "Crawford")
          g.crawford_rule = true;
        else if (rule == "CrawfordGame")
          g.crawford_game = true;
        else if (rule == "Jacoby")
          g.jacoby = true;
        else if (rule == "NoCube")
          g.cube_use = false;
        else if (rule == "Nackgammon")
          mi.variant = Variant::kNackgammon;
        else if (rule.size() == 12 && rule.rfind("Hypergammon", 0) == 0 &&
                 hypergammon_variant(rule[11] - '0'))
          mi.variant = *hypergammon_variant(rule[11] - '0');
        if (end == std::string::npos) break;
        start = end + 1;
      }
    } else if (p.name == "CV") {
      const int cube = std::atoi(v.c_str());
      for (int i = 0; (1 << i) <= kMaxCube; ++i)
        if (cube == 1 << i) g.auto_doubles = i;
    } else if (p.name == "WR" || p.name == "BR") {
      mi.ratings[p.name == "BR"] = v;
    } else if (p.name == "DT") {
      mi.date = v;
    } else if (p.name == "EV") {
      mi.event = v;
    } else if (p.name == "RO") {
      mi.round = v;
    } else if (p.name == "PC") {
      mi.place = v;
    } else if (p.name == "AN") {
      mi.annotator = v;
    } else if (p.name == "GC") {
      mi.comment = v;
    }
  }
}

// Counts per letter of a point list ("a", "a:y").
std::array<int, 25> point_list(const Property& p) {
  std::array<int, 25> an{};
  for (const std::string& v : p.values) {
    if (v.size() == 3 && v[1] == ':') {
      if (v[0] >= 'a' && v[2] <= 'y' && v[0] < v[2])
        for (int i = v[0] - 'a'; i <= v[2] - 'a'; ++i) ++an[i];
    } else if (!v.empty() && v[0] >= 'a' && v[0] <= 'y') {
      ++an[v[0] - 'a'];
    }
  }
  return an;
}

// The analysis properties gnubg writes on a record's node (sgf.c: RestoreNode reads these).
bool analysis_property(const std::string& name) {
  static const char* const kNames[] = {"A",  "DA", "MR", "CR", "LU", "GW",
                                       "GB", "BM", "DO", "BC", "DC"};
  for (const char* n : kNames)
    if (name == n) return true;
  return false;
}

// One node after the root: at most one record (gnubg's RestoreNode). `to_play` tracks PL[].
// `analysis` (may be null) gets one entry per record added, the node's analysis properties on
// the record the node is for (its move, cube action or dice).
void read_node(const Node& node, int& to_play, std::vector<MoveRecord>& out,
               std::vector<std::vector<Property>>* analysis) {
  const size_t before = out.size();
  std::optional<MoveRecord> rec;
  bool set_board = false;
  Board board;  // player 0 in sides[1]; edits start from an empty board (AE[a:y] as gnubg writes)
  std::string comment;
  for (const Property& p : node) {
    const std::string& v = p.values.front();
    if (p.name == "B" || p.name == "W") {
      if (rec) continue;  // a second move in one node is ignored
      MoveRecord r;
      r.player = p.name == "B";
      if (v == "double") {
        r.kind = RecordKind::kDouble;
      } else if (v == "take") {
        r.kind = RecordKind::kTake;
      } else if (v == "drop") {
        r.kind = RecordKind::kDrop;
      } else {
        r.kind = RecordKind::kMove;
        size_t i = 0;
        for (; i < 2 && i < v.size(); ++i) r.dice[i] = v[i] - '0';
        int step = 0;
        for (; step < 4 && i + 1 < v.size(); i += 2, ++step) {
          r.move.steps[2 * step] = static_cast<int8_t>(point(v[i], r.player));
          r.move.steps[2 * step + 1] = static_cast<int8_t>(point(v[i + 1], r.player));
        }
        if (step < 4) r.move.steps[2 * step] = -1;
        if (r.dice[0] < 1 || r.dice[0] > 6 || r.dice[1] < 1 || r.dice[1] > 6) continue;
      }
      rec = r;
      to_play = 1 - r.player;
    } else if (p.name == "AE") {
      set_board = true;
      const auto an = point_list(p);
      for (int i = 0; i < 25; ++i)
        if (an[i]) {
          board.sides[0][i == 24 ? 24 : 23 - i] = 0;
          board.sides[1][i] = 0;
        }
    } else if (p.name == "AB") {
      set_board = true;
      const auto an = point_list(p);
      for (int i = 0; i < 25; ++i) board.sides[0][i == 24 ? 24 : 23 - i] += an[i];
    } else if (p.name == "AW") {
      set_board = true;
      const auto an = point_list(p);
      for (int i = 0; i < 25; ++i) board.sides[1][i] += an[i];
    } else if (p.name == "PL") {
      to_play = !v.empty() && v[0] == 'B';
    } else if (p.name == "CV") {
      const int cube = std::atoi(v.c_str());
      for (int c = 1; c <= kMaxCube; c <<= 1)
        if (cube == c) {
          MoveRecord r;
          r.kind = RecordKind::kSetCubeValue;
          r.player = to_play;
          r.cube = c;
          out.push_back(r);
        }
    } else if (p.name == "CP") {
      MoveRecord r;
      r.kind = RecordKind::kSetCubeOwner;
      r.player = to_play;
      if (v == "c")
        r.cube_owner = kCubeCentred;
      else if (v == "b")
        r.cube_owner = 1;
      else if (v == "w")
        r.cube_owner = 0;
      else
        continue;
      out.push_back(r);
    } else if (p.name == "DI") {
      if (v.size() >= 2 && v[0] >= '1' && v[0] <= '6' && v[1] >= '1' && v[1] <= '6') {
        MoveRecord r;
        r.kind = RecordKind::kSetDice;
        r.player = to_play;
        r.dice = {v[0] - '0', v[1] - '0'};
        rec = r;
      }
    } else if (p.name == "C") {
      comment = v;
    }
  }
  if (set_board && !rec) {
    MoveRecord r;
    r.kind = RecordKind::kSetBoard;
    r.player = to_play;
    r.board = board;
    if (!board_error(board)) rec = r;
  }
  if (rec) {
    rec->comment = comment;
    out.push_back(*rec);
  }
  if (!analysis) return;
  analysis->resize(out.size());
  if (!rec || out.size() == before) return;
  for (const Property& p : node)
    if (analysis_property(p.name)) analysis->back().push_back(p);
}

}  // namespace

std::string write_sgf(const SgfMatch& match, std::string_view application,
                      const std::vector<SgfGameExtras>* extras) {
  std::string out;
  for (size_t i = 0; i < match.games.size(); ++i)
    write_game(out, match.games[i], match.info, application,
               extras && i < extras->size() ? &(*extras)[i] : nullptr);
  return out;
}

std::optional<Move> sgf_move_from_letters(int player, std::string_view v) {
  Move m;
  int step = 0;
  size_t i = 0;
  for (; step < Move::kMaxSteps && i + 1 < v.size(); i += 2, ++step) {
    for (size_t k = i; k < i + 2; ++k)
      if (v[k] < 'a' || v[k] > 'z') return std::nullopt;
    m.steps[2 * step] = static_cast<int8_t>(point(v[i], player));
    m.steps[2 * step + 1] = static_cast<int8_t>(point(v[i + 1], player));
  }
  if (i != v.size()) return std::nullopt;
  return m;
}

Result<SgfMatch> read_sgf(std::string_view text, std::string_view name,
                          std::vector<SgfGameProperties>* analysis) {
  auto trees = Parser(text, name).collection();
  if (!trees) return Error{trees.error()};
  SgfMatch match;
  for (const Tree& t : trees.value()) {
    if (t.nodes.empty()) continue;
    bool backgammon = false;
    for (const Property& p : t.nodes.front())
      if (p.name == "GM" && std::atoi(p.values.front().c_str()) == 6) backgammon = true;
    if (!backgammon) continue;
    GameRecord g;
    read_root(t.nodes.front(), g.info, match.info);
    SgfGameProperties props;
    for (const Property& p : t.nodes.front())
      if (p.name == "GS") props.root.push_back(p);
    int to_play = 0;
    // The main line: this sequence, then the first variation, recursively.
    const Tree* cur = &t;
    bool first = true;
    while (cur) {
      for (size_t i = first ? 1 : 0; i < cur->nodes.size(); ++i)
        read_node(cur->nodes[i], to_play, g.records, analysis ? &props.records : nullptr);
      first = false;
      cur = cur->children.empty() ? nullptr : &cur->children.front();
    }
    match.games.push_back(std::move(g));
    if (analysis) analysis->push_back(std::move(props));
  }
  if (match.games.empty()) return Error{std::string(name) + ": no backgammon games in SGF file"};
  return match;
}

}  // namespace tavla::engine
