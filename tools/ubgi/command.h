// SPDX-License-Identifier: GPL-3.0-or-later
// The lines a controller sends to a UBGI engine (the Universal Backgammon Interface, draft v0.2
// of the bgci project, with its v0.1 forms still accepted; README "tavla ubgi"), parsed into
// plain commands. Parsing checks the syntax only: what a command means in the engine's state
// (a position to play, a key's range) is the session's business (session.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace tavla::ubgi {

// The draft's four error codes, as they appear after "error ".
enum class ErrorCode { kBadCommand, kBadValue, kBadState, kUnsupported };
std::string_view error_code_name(ErrorCode code);  // "bad_command", ...

struct ProtocolError {
  ErrorCode code = ErrorCode::kBadCommand;
  std::string detail;  // one line, printable ASCII
};
// "error <code> <detail>": one line whatever the detail holds.
std::string error_line(const ProtocolError& e);

// What `go` asks for: the chequer play of the dice, the cube action (double or not, or the answer
// to a double offered), or the whole turn (cube, then the play). kAny: whichever the position
// calls for (the draft's bare `go`).
enum class Role { kAny, kChequer, kCube, kTurn };

struct UbgiHello {};
struct IsReady {};
struct Quit {};
struct NewGame {};
struct Stop {};
struct ListKeys {};
struct SetPosition {
  bool xgid = false;  // `position xgid ...`, else `position gnubgid ...`
  std::string id;     // as given (an XGID may keep or drop its "XGID=")
};
struct SetDice {
  int d1 = 0;
  int d2 = 0;
};
struct Go {
  Role role = Role::kAny;
  // v0.1's `depth <n>`: the draft's root-inclusive plies (1 = gnubg's 0 ply) for this `go` only.
  std::optional<int> depth;
};
// `set <key> <value>`, or v0.1's `setoption name <Name> value <Value>` (v0_1 = true: the name is
// one of the v0.1 option names, mapped to a key by the session).
struct SetKey {
  std::string key;
  std::string value;
  bool v0_1 = false;
};
struct GetKey {
  std::string key;
};

using Command = std::variant<UbgiHello, IsReady, Quit, NewGame, Stop, ListKeys, SetPosition,
                             SetDice, Go, SetKey, GetKey>;

// A line (without its newline; a trailing '\r' and surrounding blanks ignored) is a command, an
// error to answer, or nothing at all (a blank line, which the draft leaves unanswered as UCI does).
using Parsed = std::variant<std::monostate, Command, ProtocolError>;
Parsed parse_line(std::string_view line);

// Text from the input quoted in an error detail: at most 40 characters, anything outside
// printable ASCII shown as '?', so that an answer is always one short printable line.
std::string quote_input(std::string_view text);

}  // namespace tavla::ubgi
