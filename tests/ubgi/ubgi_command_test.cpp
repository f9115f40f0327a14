// SPDX-License-Identifier: GPL-3.0-or-later
// The UBGI line parser (tools/ubgi/command.h) on well-formed and malformed lines, and the session's
// answers that need no analysis (tools/ubgi/session.h): every bad line gets exactly one error line.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "engine/move_text.h"
#include "ubgi/command.h"
#include "ubgi/session.h"

namespace tavla::ubgi {
namespace {

template <typename T>
T command_of(std::string_view line) {
  const Parsed p = parse_line(line);
  const auto* c = std::get_if<Command>(&p);
  EXPECT_NE(c, nullptr) << line;
  if (!c) return T{};
  const T* t = std::get_if<T>(c);
  EXPECT_NE(t, nullptr) << line;
  return t ? *t : T{};
}

ErrorCode error_of(std::string_view line) {
  const Parsed p = parse_line(line);
  const auto* e = std::get_if<ProtocolError>(&p);
  EXPECT_NE(e, nullptr) << line;
  return e ? e->code : ErrorCode::kBadCommand;
}

TEST(UbgiParse, WellFormedLines) {
  command_of<UbgiHello>("ubgi");
  command_of<IsReady>("  isready\r");
  command_of<Quit>("quit");
  command_of<NewGame>("newgame");
  command_of<ListKeys>("keys");
  auto pos = command_of<SetPosition>("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA");
  EXPECT_FALSE(pos.xgid);
  EXPECT_EQ(pos.id, "4HPwATDgc/ABMA:cAkAAAAAAAAA");
  pos =
      command_of<SetPosition>("position\txgid XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10");
  EXPECT_TRUE(pos.xgid);
  auto dice = command_of<SetDice>("dice 6 5");
  EXPECT_EQ(dice.d1, 6);
  EXPECT_EQ(dice.d2, 5);
  EXPECT_EQ(command_of<Go>("go").role, Role::kAny);
  EXPECT_EQ(command_of<Go>("go chequer").role, Role::kChequer);
  EXPECT_EQ(command_of<Go>("go cube").role, Role::kCube);
  EXPECT_EQ(command_of<Go>("go turn").role, Role::kTurn);
  auto go = command_of<Go>("go role cube movetime 1000 depth 3 nodes 5 trials 7");
  EXPECT_EQ(go.role, Role::kCube);
  EXPECT_EQ(go.depth, 3);
  EXPECT_EQ(command_of<Go>("go depth 2").depth, 2);
  auto set = command_of<SetKey>("set engine.ply 2");
  EXPECT_EQ(set.key, "engine.ply");
  EXPECT_EQ(set.value, "2");
  EXPECT_FALSE(set.v0_1);
  set = command_of<SetKey>("setoption name Eval Mode value cube ful");  // UCI: blanks allowed
  EXPECT_EQ(set.key, "Eval Mode");
  EXPECT_EQ(set.value, "cube ful");
  EXPECT_TRUE(set.v0_1);
  EXPECT_EQ(command_of<GetKey>("get engine.level").key, "engine.level");
  EXPECT_TRUE(std::holds_alternative<std::monostate>(parse_line("")));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(parse_line(" \t\r")));
}

TEST(UbgiParse, MalformedLinesAreErrors) {
  EXPECT_EQ(error_of("foo"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("UBGI"), ErrorCode::kBadCommand);  // keywords are case-sensitive
  EXPECT_EQ(error_of("quit now"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("position"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("position gnubgid"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("position gnubgid a b"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("position fen x"), ErrorCode::kUnsupported);
  EXPECT_EQ(error_of("dice"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("dice 1 2 3"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("dice 0 1"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("dice 1 7"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("dice -1 2"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("dice 1x 2"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("dice 99999999999999999999 2"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("go role"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("go role queen"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("go queen"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("go chequer depth"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("go chequer depth 0"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("go chequer movetime -5"), ErrorCode::kBadValue);
  EXPECT_EQ(error_of("go chequer chequer"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("set"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("set engine.ply"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("get"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("get a b"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("setoption"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("setoption name Threads"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("setoption name value 3"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("setoption name Threads value"), ErrorCode::kBadCommand);
  EXPECT_EQ(error_of("setoption Threads value 2"), ErrorCode::kBadCommand);
}

TEST(UbgiParse, ErrorLinesAreOnePrintableLine) {
  const std::string nasty = std::string("\x01\xff\n\x7f", 4) + std::string(500, 'x');
  const Parsed p = parse_line(nasty);
  const auto* e = std::get_if<ProtocolError>(&p);
  ASSERT_NE(e, nullptr);
  const std::string line = error_line(*e);
  EXPECT_TRUE(line.starts_with("error bad_command unknown command '"));
  EXPECT_LT(line.size(), 100u);
  for (char c : line) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << int(c);
  EXPECT_EQ(error_line({ErrorCode::kBadState, "a\nb"}), "error bad_state a b");
}

TEST(UbgiPayload, OneStepPerDie) {
  const auto start = engine::Board::starting_position();
  auto m = engine::find_legal_move(start, 6, 6, "24/18(2) 13/7(2)");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(move_payload(m->move), "24/18 24/18 13/7 13/7");
  m = engine::find_legal_move(start, 6, 5, "24/13");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(move_payload(m->move), "24/18 18/13");
  EXPECT_EQ(move_payload(engine::Move{}), "pass");
  engine::Move bar_off;  // gnubg's indices: 24 = the bar, -1 = off
  bar_off.steps = {24, 20, 3, -1, -1, -1, -1, -1};
  EXPECT_EQ(move_payload(bar_off), "bar/21 4/off");
}

// Lines answered without the analyser: no weights are opened for them.
TEST(UbgiSession, ErrorsAndSettingsNeedNoAnalysis) {
  SessionSettings settings;
  settings.analyser.weights = "/nonexistent/weights.wd";  // opening would fail: nothing opens
  Session s(settings);
  auto one_error = [&](std::string_view line, std::string_view code) {
    auto out = s.answer(line);
    ASSERT_EQ(out.size(), 1u) << line;
    EXPECT_TRUE(out[0].starts_with("error " + std::string(code) + " ")) << line << ": " << out[0];
  };
  auto hello = s.answer("ubgi");
  ASSERT_GE(hello.size(), 4u);
  EXPECT_EQ(hello.front(), "id name tavla");
  EXPECT_EQ(hello.back(), "ubgiok");
  one_error("go", "bad_state");
  one_error("dice 3 1", "bad_state");
  one_error("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA:x", "bad_value");
  one_error("position gnubgid XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "bad_value");
  one_error("position xgid 4HPwATDgc/ABMA", "bad_value");
  // 16 chequers for the player on roll: not a legal board.
  one_error("position xgid XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10", "bad_value");
  EXPECT_TRUE(s.answer("position gnubgid 4HPwATDgc/ABMA").empty());
  one_error("go chequer", "bad_state");  // no dice
  EXPECT_TRUE(s.answer("dice 3 1").empty());
  one_error("go depth 8", "bad_value");
  EXPECT_TRUE(s.answer("position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10").empty());
  one_error("go chequer", "bad_state");  // a double is pending
  one_error("go turn", "bad_state");
  one_error("set engine.ply 0", "bad_value");
  one_error("set engine.ply 8", "bad_value");
  one_error("set engine.threads 65", "bad_value");
  one_error("set game.variant nackgammon", "unsupported");
  one_error("setoption name Seed value 1", "unsupported");
  one_error("get engine.nothing", "unsupported");
  EXPECT_EQ(s.answer("get engine.ply"), std::vector<std::string>{"value engine.ply 1"});
  EXPECT_TRUE(s.answer("setoption name plies value 4").empty());
  EXPECT_EQ(s.answer("get engine.ply"), std::vector<std::string>{"value engine.ply 4"});
  EXPECT_TRUE(s.answer("set engine.level supremo").empty());  // a level names its own depth
  EXPECT_EQ(s.answer("get engine.level"), std::vector<std::string>{"value engine.level supremo"});
  EXPECT_TRUE(s.answer("").empty());
  EXPECT_FALSE(s.quit_requested());
  EXPECT_TRUE(s.answer("quit").empty());
  EXPECT_TRUE(s.quit_requested());
}

TEST(UbgiSession, AnalyserThatCannotOpenIsAnErrorNotACrash) {
  SessionSettings settings;
  settings.analyser.weights = "/nonexistent/weights.wd";
  Session s(settings);
  auto out = s.answer("isready");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].starts_with("error bad_state engine not ready: ")) << out[0];
  EXPECT_TRUE(s.answer("position gnubgid 4HPwATDgc/ABMA").empty());
  out = s.answer("go cube");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].starts_with("error bad_state engine not ready: ")) << out[0];
}

}  // namespace
}  // namespace tavla::ubgi
