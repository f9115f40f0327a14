// SPDX-License-Identifier: GPL-3.0-or-later
#include "ubgi/command.h"

#include <charconv>
#include <vector>

namespace tavla::ubgi {

namespace {

std::vector<std::string_view> split_blanks(std::string_view line) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

// The rest of the line after the first `n` words, blanks around it dropped (option values and
// v0.1 option names may hold blanks, as in UCI).
std::string_view rest_after(std::string_view line, const std::vector<std::string_view>& words,
                            size_t n) {
  if (n >= words.size()) return {};
  const size_t start = static_cast<size_t>(words[n].data() - line.data());
  const auto& last = words.back();
  const size_t end = static_cast<size_t>(last.data() - line.data()) + last.size();
  return line.substr(start, end - start);
}

std::optional<int> small_int(std::string_view word) {
  int v = 0;
  auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (ec != std::errc() || p != word.data() + word.size()) return std::nullopt;
  return v;
}

ProtocolError bad(ErrorCode code, std::string detail) {
  return {code, std::move(detail)};
}

Parsed parse_position(const std::vector<std::string_view>& w) {
  if (w.size() != 3)
    return bad(ErrorCode::kBadCommand, "expected: position gnubgid <ID> | position xgid <XGID>");
  if (w[1] == "gnubgid") return Command{SetPosition{false, std::string(w[2])}};
  if (w[1] == "xgid") return Command{SetPosition{true, std::string(w[2])}};
  return bad(ErrorCode::kUnsupported, "position format " + quote_input(w[1]) + " (gnubgid, xgid)");
}

Parsed parse_dice(const std::vector<std::string_view>& w) {
  if (w.size() != 3) return bad(ErrorCode::kBadCommand, "expected: dice <d1> <d2>");
  const auto d1 = small_int(w[1]);
  const auto d2 = small_int(w[2]);
  if (!d1 || !d2 || *d1 < 1 || *d1 > 6 || *d2 < 1 || *d2 > 6)
    return bad(ErrorCode::kBadValue,
               "dice must be two numbers 1..6, got " + quote_input(w[1]) + " " + quote_input(w[2]));
  return Command{SetDice{*d1, *d2}};
}

std::optional<Role> role_named(std::string_view word) {
  if (word == "chequer" || word == "checker") return Role::kChequer;
  if (word == "cube") return Role::kCube;
  if (word == "turn") return Role::kTurn;
  return std::nullopt;
}

// v0.2: go | go chequer | go cube | go turn. v0.1: go role <r> [movetime|depth|nodes|trials <n>]...
Parsed parse_go(const std::vector<std::string_view>& w) {
  Go go;
  size_t i = 1;
  if (i < w.size() && w[i] == "role") {
    if (i + 1 >= w.size())
      return bad(ErrorCode::kBadCommand, "expected: go role <chequer|cube|turn>");
    ++i;
  }
  const bool role_given = w.size() > 1 && w[1] == "role";
  if (i < w.size()) {
    if (auto role = role_named(w[i])) {
      go.role = *role;
      ++i;
    } else if (role_given) {
      return bad(ErrorCode::kBadCommand,
                 "unknown role " + quote_input(w[i]) + " (expected chequer, cube or turn)");
    }
  }
  while (i < w.size()) {
    const std::string_view limit = w[i];
    if (limit != "movetime" && limit != "depth" && limit != "nodes" && limit != "trials")
      return bad(ErrorCode::kBadCommand,
                 "unknown go argument " + quote_input(limit) +
                     " (chequer, cube, turn; movetime, depth, nodes or trials N)");
    if (i + 1 >= w.size())
      return bad(ErrorCode::kBadCommand, "go " + std::string(limit) + " needs a number");
    const auto n = small_int(w[i + 1]);
    if (!n || *n < 1)
      return bad(
          ErrorCode::kBadValue,
          "go " + std::string(limit) + " must be a positive number, got " + quote_input(w[i + 1]));
    // movetime, nodes and trials bound searches that tavla does not run: its levels are fixed
    // depths, so they are read and ignored (README).
    if (limit == "depth") go.depth = *n;
    i += 2;
  }
  return Command{go};
}

Parsed parse_setoption(std::string_view line, const std::vector<std::string_view>& w) {
  // setoption name <Name...> value <Value...>
  size_t value_at = 0;
  for (size_t i = 2; i < w.size(); ++i)
    if (w[i] == "value") {
      value_at = i;
      break;
    }
  if (w.size() < 5 || w[1] != "name" || value_at < 3 || value_at + 1 >= w.size())
    return bad(ErrorCode::kBadCommand, "expected: setoption name <Name> value <Value>");
  const size_t name_start = static_cast<size_t>(w[2].data() - line.data());
  const auto& last = w[value_at - 1];
  const size_t name_end = static_cast<size_t>(last.data() - line.data()) + last.size();
  std::string name(line.substr(name_start, name_end - name_start));
  return Command{SetKey{std::move(name), std::string(rest_after(line, w, value_at + 1)), true}};
}

}  // namespace

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadCommand:
      return "bad_command";
    case ErrorCode::kBadValue:
      return "bad_value";
    case ErrorCode::kBadState:
      return "bad_state";
    case ErrorCode::kUnsupported:
      return "unsupported";
  }
  return "bad_command";
}

std::string error_line(const ProtocolError& e) {
  std::string line = "error " + std::string(error_code_name(e.code));
  if (!e.detail.empty()) {
    line += ' ';
    for (char c : e.detail) line += (c >= 0x20 && c < 0x7f) ? c : ' ';
  }
  return line;
}

std::string quote_input(std::string_view text) {
  constexpr size_t kMax = 40;
  std::string out = "'";
  for (size_t i = 0; i < text.size() && i < kMax; ++i) {
    const char c = text[i];
    out += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  if (text.size() > kMax) out += "...";
  return out + "'";
}

Parsed parse_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const auto w = split_blanks(line);
  if (w.empty()) return std::monostate{};
  const std::string_view cmd = w[0];
  const bool bare = w.size() == 1;
  auto no_arguments = [&](Command c) -> Parsed {
    if (!bare) return bad(ErrorCode::kBadCommand, std::string(cmd) + " takes no arguments");
    return c;
  };
  if (cmd == "ubgi") return no_arguments(UbgiHello{});
  if (cmd == "isready") return no_arguments(IsReady{});
  if (cmd == "quit") return no_arguments(Quit{});
  if (cmd == "newgame") return no_arguments(NewGame{});
  if (cmd == "stop") return no_arguments(Stop{});
  if (cmd == "keys") return no_arguments(ListKeys{});
  if (cmd == "position") return parse_position(w);
  if (cmd == "dice") return parse_dice(w);
  if (cmd == "go") return parse_go(w);
  if (cmd == "set") {
    if (w.size() < 3) return bad(ErrorCode::kBadCommand, "expected: set <key> <value>");
    return Command{SetKey{std::string(w[1]), std::string(rest_after(line, w, 2)), false}};
  }
  if (cmd == "get") {
    if (w.size() != 2) return bad(ErrorCode::kBadCommand, "expected: get <key>");
    return Command{GetKey{std::string(w[1])}};
  }
  if (cmd == "setoption") return parse_setoption(line, w);
  return bad(ErrorCode::kBadCommand, "unknown command " + quote_input(cmd));
}

}  // namespace tavla::ubgi
