// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/move_text.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "engine/movegen.h"

namespace tavla::engine {

namespace {

void append_point(std::string& s, int point) {  // 1-based point; 0 = off, 25 = bar
  if (point == 0)
    s += "off";
  else if (point == 25)
    s += "bar";
  else
    s += std::to_string(point);
}

// Sort (from, to) pairs as gnubg's CanonicalMoveOrder: from descending, then to descending.
template <typename Pair>
void sort_steps(Pair* pairs, int n) {
  std::sort(pairs, pairs + n, [](const Pair& a, const Pair& b) {
    return a[0] != b[0] ? a[0] > b[0] : a[1] > b[1];
  });
}

}  // namespace

std::string format_move(const Board& before, const Move& move) {
  // Each row is one chequer's path of 1-based points: row[0] the source, row[1..len] the points
  // it stops on. gnubg keeps only the hit intermediate points.
  struct Path {
    std::array<int, 6> pt{};
    int len = 1;  // index of the destination in pt
    int count = 1;
    bool alive = false;
  };
  std::array<std::array<int, 2>, 4> raw{};
  int n = 0;
  for (; n < Move::kMaxSteps && move.from(n) >= 0; ++n) raw[n] = {move.from(n) + 1, move.to(n) + 1};
  sort_steps(raw.data(), n);

  std::array<Path, 4> p;
  for (int i = 0; i < n; ++i) {
    p[i].pt[0] = raw[i][0];
    p[i].pt[1] = raw[i][1];
    p[i].alive = true;
  }
  auto opponent_on = [&](int point) {  // opponent chequers on our 1-based point before the move
    return point >= 1 && point <= 24 && before.opponent()[24 - point] > 0;
  };

  // Join steps where one step starts where an earlier (further back) one ended.
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      if (p[i].alive && p[j].alive && i != j && p[i].pt[p[i].len] == p[j].pt[0]) {
        if (opponent_on(p[i].pt[p[i].len]))
          p[i].pt[++p[i].len] = p[j].pt[1];  // hit on the way: keep the intermediate point
        else
          p[i].pt[p[i].len] = p[j].pt[1];
        p[j].alive = false;
      }
  std::array<Path, 4> q;
  int m = 0;
  for (int i = 0; i < n; ++i)
    if (p[i].alive) q[m++] = p[i];

  // Count identical paths.
  for (int i = 0; i < m; ++i) {
    if (!q[i].alive) continue;
    for (int j = i + 1; j < m; ++j)
      if (q[j].alive && q[j].len == q[i].len &&
          std::equal(q[i].pt.begin(), q[i].pt.begin() + q[i].len + 1, q[j].pt.begin())) {
        ++q[i].count;
        q[j].alive = false;
      }
  }

  std::string s;
  unsigned hit_points = 0;  // bit per 1-based point already marked with '*'
  bool first = true;
  for (int i = 0; i < m; ++i) {
    if (!q[i].alive) continue;
    if (!first) s += ' ';
    first = false;
    append_point(s, q[i].pt[0]);
    for (int k = 1; k < q[i].len; ++k) {
      s += '/';
      append_point(s, q[i].pt[k]);
      s += '*';
      hit_points |= 1u << q[i].pt[k];
    }
    s += '/';
    int dest = q[i].pt[q[i].len];
    append_point(s, dest);
    if (dest && opponent_on(dest) && !(hit_points & (1u << dest))) {
      s += '*';
      hit_points |= 1u << dest;
    }
    if (q[i].count > 1) s += "(" + std::to_string(q[i].count) + ")";
  }
  return s;
}

Result<Move> parse_move(std::string_view text) {
  const std::string what = "move '" + std::string(text) + "'";
  // Points as typed (1-based, 0 = off, 25 = bar) and, per position, whether a '/' follows it.
  std::array<int, 17> pts{};
  unsigned slash = 0;  // bit c: a '/' stands before point c
  int c = 0;
  size_t i = 0;
  auto bad = [&](const std::string& why) { return Error{what + ": " + why}; };
  while (i < text.size()) {
    char ch = text[i];
    if (std::isspace(static_cast<unsigned char>(ch))) {
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      if (c == 8) return bad("too many points");
      int v = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && v <= 25)
        v = 10 * v + (text[i++] - '0');
      if (v > 25) return bad("point numbers go from 0 (off) to 25 (bar)");
      pts[c++] = v;
    } else {
      char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (lower == 'o' || ch == '-') {
        if (c == 8) return bad("too many points");
        pts[c++] = 0;
        ++i;
        if (lower == 'o')
          for (int k = 0; k < 2 && i < text.size() && std::tolower(text[i]) == 'f'; ++k) ++i;
      } else if (lower == 'b') {
        if (c == 8) return bad("too many points");
        pts[c++] = 25;
        ++i;
        if (i < text.size() && std::tolower(text[i]) == 'a') {
          ++i;
          if (i < text.size() && std::tolower(text[i]) == 'r') ++i;
        }
      } else if (ch == '/') {
        if (!c || (slash & (1u << c))) return bad("'/' without a point before it");
        slash |= 1u << c;
        ++i;
      } else if (ch == '*' || ch == ',' || ch == ')') {
        ++i;
      } else if (ch == '(') {
        ++i;
        int v = 0;
        bool digits = false;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && v < 100)
          v = 10 * v + (text[i++] - '0'), digits = true;
        int repeat = v - 1;
        if (!digits || repeat < 1) return bad("the count in '(n)' must be 2 or more");
        if (c < 2) return bad("'(' must follow a complete step");
        if (slash & (1u << c)) return bad("'/' just before '('");
        int begin = c - 1;
        while (begin >= 0 && (slash & (1u << begin))) --begin;
        if (begin < 0) return bad("no step before '('");
        int end = c;
        if (c + (end - begin) * repeat > 8) return bad("too many steps");
        for (int r = 0; r < repeat; ++r)
          for (int j = begin; j < end; ++j) {
            if (slash & (1u << j)) slash |= 1u << c;
            pts[c++] = pts[j];
          }
      } else {
        return bad("unexpected character '" + std::string(1, ch) + "'");
      }
    }
  }
  if (slash & (1u << c)) return bad("it ends with '/'");

  // Turn the points into (from, to) pairs; "a/b/c" is the two steps a/b and b/c.
  std::array<int, 8> an{};
  int k = 0;
  for (int j = 0; j < c; ++j) {
    if (k == 8) return bad("more than four steps");
    if ((k & 1) && pts[j] == 25) return bad("a step cannot end on the bar");
    if (!(k & 1) && pts[j] == 0) return bad("a step cannot start from off the board");
    an[k] = pts[j];
    if ((k & 1) && (slash & (1u << (j + 1)))) {
      if (k == 7) return bad("more than four steps");
      if (an[k] == 0 || an[k] == 25) return bad("a chequer cannot move on from off or the bar");
      an[++k] = pts[j];
    }
    ++k;
  }
  if (k & 1) return bad("the last step has no destination");
  if (k == 0) return bad("no steps");

  std::array<std::array<int, 2>, 4> pairs{};
  int n = k / 2;
  for (int s = 0; s < n; ++s) pairs[s] = {an[2 * s] - 1, an[2 * s + 1] - 1};  // to 0-based
  sort_steps(pairs.data(), n);
  Move mv;
  for (int s = 0; s < n; ++s) {
    mv.steps[2 * s] = static_cast<int8_t>(pairs[s][0]);
    mv.steps[2 * s + 1] = static_cast<int8_t>(pairs[s][1]);
  }
  return mv;
}

Result<LegalMove> find_legal_move(const Board& board, int d1, int d2, std::string_view text) {
  auto parsed = parse_move(text);
  if (!parsed) return Error{parsed.error()};
  Board after = board;
  apply_move(after, *parsed);  // as gnubg: stop at the first impossible step, compare what remains
  static thread_local MoveList list;
  generate_moves(board, d1, d2, list);
  for (const LegalMove& m : list)
    if (m.after == after) return m;
  return Error{"illegal move '" + std::string(text) + "' for the roll " + std::to_string(d1) +
               "-" + std::to_string(d2)};
}

}  // namespace tavla::engine
