// SPDX-License-Identifier: GPL-3.0-or-later
// Match files: tavla writes and reads gnubg's SGF dialect; gnubg 1.07 opens what tavla saves and
// tavla opens what gnubg saves.
#include <gtest/gtest.h>

#include <filesystem>

#include <memory>
#include <regex>
#include <utility>
#include <vector>

#include "engine/dice.h"
#include "engine/game_flow.h"
#include "engine/movegen.h"
#include "engine/sgf.h"
#include "shell_test_support.h"

namespace tavla::test {
namespace {

using engine::GameFlow;
using engine::RecordKind;

engine::Move first_legal_move(const GameFlow& flow) {
  auto moves = std::make_unique<engine::MoveList>();
  const auto& d = flow.match().dice;
  if (engine::generate_moves(flow.board(), d[0], d[1], *moves) == 0) return engine::Move{};
  return (*moves)[(d[0] + d[1]) % engine::generate_moves(flow.board(), d[0], d[1], *moves)].move;
}

// A match of a few games with every kind of record: moves, doubles, takes, drops, resignations,
// edits of board, dice and cube.
GameFlow sample_match() {
  GameFlow flow;
  flow.new_match(7);
  engine::DiceGenerator dice(2024);
  auto roll = [&]() -> std::optional<std::array<int, 2>> { return dice.roll(); };
  auto ignore = [](const GameFlow::OpeningRoll&) {};
  // Game 1: 20 moves, a double and a take, then a drop.
  flow.start_game(roll, ignore);
  for (int i = 0; i < 20; ++i) {
    if (i == 8) {
      flow.double_cube();
      flow.take();
    }
    if (!flow.match().dice_rolled()) flow.roll(dice.roll());
    flow.move(first_legal_move(flow));
  }
  if (flow.check_double() != engine::Refusal::kNone) {  // the other side owns the cube
    flow.roll(dice.roll());
    flow.move(first_legal_move(flow));
  }
  flow.double_cube();
  flow.drop();
  flow.finish_game();
  // Game 2: edits, then a resignation.
  flow.start_game(roll, ignore);
  flow.move(first_legal_move(flow));
  flow.set_cube_value(2);
  flow.set_cube_owner(flow.match().on_roll);
  flow.set_board(flow.board());
  flow.set_dice({5, 3});
  flow.move(first_legal_move(flow));
  flow.resign(1);
  flow.agree();
  flow.finish_game();
  // Game 3: in progress, with the dice rolled.
  flow.start_game(roll, ignore);
  flow.move(first_legal_move(flow));
  flow.roll({6, 6});
  return flow;
}

TEST(Sgf, WriteThenReadReproducesTheMatch) {
  GameFlow flow = sample_match();
  engine::SgfMatch m;
  m.info.names = {"alice", "bob"};
  m.info.date = "2024-01-02";
  m.info.event = "tests [with] brackets\\";
  m.games = flow.games();
  const std::string text = engine::write_sgf(m, "tavla:test");
  auto back = engine::read_sgf(text, "sample");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->info.names, m.info.names);
  EXPECT_EQ(back->info.date, "2024-01-02");
  EXPECT_EQ(back->info.event, m.info.event);
  ASSERT_EQ(back->games.size(), 3u);
  for (size_t g = 0; g < 3; ++g) {
    EXPECT_EQ(back->games[g].info, m.games[g].info) << "game " << g;
    // Resignations are kept only as the result.
    std::vector<engine::MoveRecord> expected;
    for (const auto& r : m.games[g].records)
      if (r.kind != RecordKind::kResign) expected.push_back(r);
    ASSERT_EQ(back->games[g].records.size(), expected.size()) << "game " << g;
    for (size_t i = 0; i < expected.size(); ++i)
      EXPECT_EQ(back->games[g].records[i], expected[i]) << "game " << g << " record " << i;
  }
  GameFlow loaded;
  loaded.load(back->games);
  EXPECT_EQ(loaded.game(), flow.game());
  EXPECT_EQ(loaded.games_played(), flow.games_played());
  EXPECT_EQ(loaded.games()[1].info.winner, flow.games()[1].info.winner);
  // Writing again gives the same file.
  engine::SgfMatch again{back->info, loaded.games()};
  EXPECT_EQ(engine::write_sgf(again, "tavla:test"), text);
}

// The variation goes in RU[] as gnubg writes it (sgf.c aszSGFVariation; the transcript
// gnubg_nackgammon compares whole files with gnubg's) and is read back.
TEST(Sgf, VariationInRules) {
  for (engine::Variant v :
       {engine::Variant::kNackgammon, engine::Variant::kHypergammon3, engine::Variant::kStandard}) {
    engine::SgfMatch m;
    m.info.names = {"alice", "bob"};
    m.info.variant = v;
    m.games.emplace_back();
    m.games.back().info.match_length = 3;
    m.games.back().info.crawford_rule = true;
    const std::string text = engine::write_sgf(m, "tavla:test");
    const char* rule = v == engine::Variant::kNackgammon     ? "RU[Crawford:Nackgammon]"
                       : v == engine::Variant::kHypergammon3 ? "RU[Crawford:Hypergammon3]"
                                                             : "RU[Crawford]";
    EXPECT_NE(text.find(rule), std::string::npos) << text;
    auto back = engine::read_sgf(text, "v.sgf");
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->info.variant, v);
  }
}

TEST(Sgf, PendingDoubleIsNotWritten) {
  GameFlow flow;
  flow.new_match(0);
  engine::DiceGenerator dice(5);
  flow.start_game([&]() -> std::optional<std::array<int, 2>> { return dice.roll(); },
                  [](const GameFlow::OpeningRoll&) {});
  flow.move(first_legal_move(flow));
  flow.double_cube();
  const std::string text = engine::write_sgf({{}, flow.games()}, "t");
  EXPECT_EQ(text.find("[double]"), std::string::npos) << text;
}

TEST(Sgf, Errors) {
  EXPECT_FALSE(engine::read_sgf("", "empty"));
  auto r = engine::read_sgf("(;FF[4]GM[1]SZ[19])", "go.sgf");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("go.sgf"), std::string::npos);
  r = engine::read_sgf("(;FF[4]GM[6]\n;B[52", "cut.sgf");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("cut.sgf:2"), std::string::npos) << r.error();
}

// What gnubg writes beyond tavla: analysis, statistics and its own name.
std::string without_analysis(const std::string& sgf) {
  std::string s = std::regex_replace(sgf, std::regex(R"(A\[0\](\[[^\]]*\])*)"), "");
  s = std::regex_replace(s, std::regex(R"(DA\[[^\]]*\])"), "");
  s = std::regex_replace(s, std::regex(R"(GS(\[[^\]]*\])*)"), "");
  s = std::regex_replace(s, std::regex(R"(MR\[\])"), "");
  s = std::regex_replace(s, std::regex(R"(AP\[[^\]]*\])"), "AP[]");
  return normalise(s);
}

TEST(Sgf, ReadsWhatGnubgWrote) {
  const std::string text = read_text(shell_fixtures() + "/gnubg_match.sgf");
  ASSERT_FALSE(text.empty());
  auto m = engine::read_sgf(text, "gnubg_match.sgf");
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->info.names[0], "alice");
  EXPECT_EQ(m->info.names[1], "bob");
  // Written back, it is gnubg's file without the analysis.
  EXPECT_EQ(without_analysis(engine::write_sgf(*m, "x")), without_analysis(text));
}

// A match played and saved by tavla, opened by gnubg 1.07: gnubg must reach the same state as
// tavla (score, board, cube, dice, turn), and gnubg's own file of the same match must be the same
// apart from its analysis.
TEST(Sgf, GnubgOpensWhatTavlaSaved) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("sgf_interop");
  const std::string play =
      "set defaultnames alice bob\n"
      "set player both chequerplay evaluation plies 0\n"
      "set player both cubedecision evaluation plies 0\n"
      "set player 1 gnubg\n"
      "set seed 7\n"
      "new match 3\n";
  write_text(dir + "/play_tavla.cmds", play + "save match tavla.sgf\n");
  write_text(dir + "/play_gnubg.cmds", play + "save match gnubg.sgf\n");
  run_tavla_script(dir + "/play_tavla.cmds", dir);
  run_gnubg_script(dir + "/play_gnubg.cmds", dir);
  const std::string tavla_sgf = read_text(dir + "/tavla.sgf");
  ASSERT_FALSE(tavla_sgf.empty());
  EXPECT_EQ(without_analysis(tavla_sgf), without_analysis(read_text(dir + "/gnubg.sgf")));

  const std::string look =
      "load match tavla.sgf\nshow score\n\nshow board\nshow turn\nshow cube\n\nshow dice\n";
  write_text(dir + "/look.cmds", look);
  const std::string by_gnubg = normalise(run_gnubg_script(dir + "/look.cmds", dir));
  const std::string by_tavla = normalise(run_tavla_script(dir + "/look.cmds", dir));
  EXPECT_NE(by_gnubg.find("The score (after 2 games) is: alice 5, bob 0"), std::string::npos)
      << by_gnubg;
  EXPECT_EQ(by_tavla, by_gnubg);

  // A game in progress (a money game stopped after a few moves and a take) as well.
  write_text(dir + "/money.cmds",
             "set defaultnames alice bob\nset player 0 name alice\nset player 1 name bob\n"
             "set player 0 human\nset seed 3\nnew session\n24/23 13/9\nroll\n24/13\n"
             "double\ntake\nroll\nsave match money.sgf\n");
  run_tavla_script(dir + "/money.cmds", dir);
  write_text(dir + "/look2.cmds", "load match money.sgf\nshow board\nshow turn\nshow dice\n");
  const std::string g2 = normalise(run_gnubg_script(dir + "/look2.cmds", dir));
  EXPECT_NE(g2.find("Position ID"), std::string::npos) << g2;
  EXPECT_EQ(normalise(run_tavla_script(dir + "/look2.cmds", dir)), g2);
}

// save position, export game gam and export position text into files: tavla's files equal
// gnubg 1.07's for the same commands (dates, program name and the text export's closing lines
// normalised), and loading tavla's position file back shows the same board as before saving.
TEST(Sgf, PositionFilesAsGnubgWritesThem) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("position_files");
  const std::string play =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set seed 5\n"
      "new match 5\n"
      "13/11 6/5\n"
      "set dice 6 5\n"
      "24/13\n"
      "double\n"
      "take\n"
      "roll\n";
  const std::string save =
      "save position P.sgf\nexport game gam P.gam\nexport position text P.txt\n";
  std::string tavla_cmds = play, gnubg_cmds = play;
  for (const char* who : {"tavla", "gnubg"}) {
    std::string s = save;
    for (size_t at; (at = s.find("P.")) != std::string::npos;) s.replace(at, 1, who);
    (std::string(who) == "tavla" ? tavla_cmds : gnubg_cmds) += s;
  }
  tavla_cmds += "show board\nload position tavla.sgf\nshow board\n";
  write_text(dir + "/tavla.cmds", tavla_cmds);
  write_text(dir + "/gnubg.cmds", gnubg_cmds);
  const std::string tavla_out = run_tavla_script(dir + "/tavla.cmds", dir);
  run_gnubg_script(dir + "/gnubg.cmds", dir);
  for (const char* ext : {".sgf", ".gam", ".txt"}) {
    const std::string mine = read_text(dir + "/tavla" + ext);
    ASSERT_FALSE(mine.empty()) << ext;
    EXPECT_EQ(normalise(mine), normalise(read_text(dir + "/gnubg" + ext))) << ext;
  }
  // The board shown before saving and after loading the file back.
  const std::string marker = " GNU Backgammon  Position ID: ";
  const size_t second = tavla_out.rfind(marker);
  const size_t first = tavla_out.rfind(marker, second - 1);
  ASSERT_NE(first, std::string::npos) << tavla_out;
  const std::string before = tavla_out.substr(first, second - first);
  EXPECT_EQ(tavla_out.substr(second, before.size()), before);
  EXPECT_NE(before.find("Rolled"), std::string::npos) << before;
}

// export match text into files: one file per game as gnubg names them (FILE, then FILE_002
// before the extension, or at the end of a name without one), the last with the match
// statistics; tavla's files equal gnubg 1.07's for a two-game match between humans and for a
// match loaded with gnubg's analysis (its plays and cube decisions at 0 ply).
TEST(Sgf, MatchTextExportsAsGnubgWritesThem) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("match_text");
  for (const char* f : {"gnubg_human.sgf", "gnubg_match.sgf"})
    write_text(dir + "/" + f, read_text(shell_fixtures() + "/" + f));
  const std::string cmds =
      "set defaultnames alice bob\n"
      "load match gnubg_human.sgf\n"
      "export match text P-human.txt\n"
      "export match text P-noext\n"
      "set analysis chequerplay evaluation plies 0\n"
      "set analysis cubedecision evaluation plies 0\n"
      "load match gnubg_match.sgf\n"
      "export match text P-analysed.txt\n";
  for (const char* who : {"tavla", "gnubg"}) {
    std::string s = cmds;
    for (size_t at; (at = s.find("P-")) != std::string::npos;) s.replace(at, 1, who);
    write_text(dir + "/" + who + ".cmds", s);
  }
  run_tavla_script(dir + "/tavla.cmds", dir);
  run_gnubg_script(dir + "/gnubg.cmds", dir);
  for (const char* file :
       {"-human.txt", "-human_002.txt", "-noext", "-noext_002", "-analysed.txt"}) {
    const std::string mine = read_text(dir + "/tavla" + file);
    const std::string theirs = read_text(dir + "/gnubg" + file);
    ASSERT_FALSE(theirs.empty()) << file;
    EXPECT_EQ(normalise(mine), normalise(theirs)) << file;
  }
  // Only the last game's file has the match statistics; no third file.
  EXPECT_EQ(read_text(dir + "/tavla-human.txt").find("Match statistics"), std::string::npos);
  EXPECT_NE(read_text(dir + "/tavla-human_002.txt").find("Match statistics"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir + "/tavla-human_003.txt"));
}

// Files equal gnubg's but for the evaluations' last digits: the numbers with six decimals
// replaced, the rest is the same, and the numbers agree within 1e-3 (this CPU's evaluations differ
// from gnubg's in the 5th-6th decimal). `numbers` (may be null) receives tavla's numbers.
void expect_like_gnubg_file(const std::string& mine_raw, const std::string& theirs_raw,
                            const std::string& must_hold, std::vector<double>* numbers = nullptr) {
  const std::string mine = normalise(mine_raw), theirs = normalise(theirs_raw);
  ASSERT_NE(theirs.find(must_hold), std::string::npos) << theirs;
  const std::regex number(R"(-?[0-9]+\.[0-9]{6})");
  EXPECT_EQ(std::regex_replace(mine, number, "#"), std::regex_replace(theirs, number, "#"));
  std::vector<double> a, b;
  for (auto [text, out] : {std::pair{&mine, &a}, std::pair{&theirs, &b}})
    for (std::sregex_iterator it(text->begin(), text->end(), number), end; it != end; ++it)
      out->push_back(std::stod(it->str()));
  if (numbers) *numbers = a;
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-3) << "number " << i;
}

// save position after a hint on the dice: as gnubg, the file holds the hint record (the best
// play as the play, every ranked play in A[...]) in place of the dice, and the statistics count
// it. tavla's file equals gnubg's but for the evaluations' last digits (%.6f of each
// probability and score; tavla's evaluations agree with gnubg's to about 1e-4 there).
TEST(Sgf, PositionFileAfterAHintHoldsTheRankedPlays) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("hint_position");
  const std::string play =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set seed 5\n"
      "new match 3\n"
      "13/11 6/5\n"
      "roll\n"
      "24/13\n"
      "roll\n"
      "hint\n";
  write_text(dir + "/tavla.cmds", play + "save position tavla.sgf\n");
  write_text(dir + "/gnubg.cmds", play + "save position gnubg.sgf\n");
  run_tavla_script(dir + "/tavla.cmds", dir);
  run_gnubg_script(dir + "/gnubg.cmds", dir);
  std::vector<double> numbers;
  expect_like_gnubg_file(read_text(dir + "/tavla.sgf"), read_text(dir + "/gnubg.sgf"), "A[0][",
                         &numbers);
  EXPECT_GT(numbers.size(), 100u);
}

// A hint's analysis kept in the record of the action made after it, as gnubg's save game writes
// it: the cube analysis with the double (and its skill mark) and its answer, the ranked plays
// with the play. (The script ends after a play, so that gnubg appends no hint record, which
// tavla's save does not write yet.)
TEST(Sgf, GameFileKeepsTheHintsOfItsActions) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("kept_hints_game");
  const std::string play =
      "set defaultnames alice bob\nset player both human\nset seed 5\nnew match 3\n"
      "13/11 6/5\nhint\ndouble\nhint\ntake\nhint\n24/13\n";
  write_text(dir + "/tavla.cmds", play + "save game tavla.sgf\n");
  write_text(dir + "/gnubg.cmds", play + "save game gnubg.sgf\n");
  run_tavla_script(dir + "/tavla.cmds", dir);
  run_gnubg_script(dir + "/gnubg.cmds", dir);
  expect_like_gnubg_file(read_text(dir + "/tavla.sgf"), read_text(dir + "/gnubg.sgf"), "BM[2]");
}

// save position after a cube hint: gnubg writes its hint record, the double with its analysis
// (before the roll), and after the roll the roll with that analysis, with the ranked plays too
// after a hint on the dice.
TEST(Sgf, PositionFileAfterACubeHintHoldsItsAnalysis) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("cube_hint_position");
  const std::string start =
      "set defaultnames alice bob\nset player both human\nset seed 5\nnew match 3\n"
      "13/11 6/5\nhint\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", ";B[double]DA["}, {"roll\n", ";B[65]DA["}, {"roll\nhint\n", "]A[0]["}};
  for (const auto& [more, must_hold] : cases) {
    write_text(dir + "/tavla.cmds", start + more + "save position tavla.sgf\n");
    write_text(dir + "/gnubg.cmds", start + more + "save position gnubg.sgf\n");
    std::filesystem::remove(dir + "/tavla.sgf");
    std::filesystem::remove(dir + "/gnubg.sgf");
    run_tavla_script(dir + "/tavla.cmds", dir);
    run_gnubg_script(dir + "/gnubg.cmds", dir);
    SCOPED_TRACE(more);
    expect_like_gnubg_file(read_text(dir + "/tavla.sgf"), read_text(dir + "/gnubg.sgf"), must_hold);
  }
}

// `analyse rollout cube' before the dice and `analyse rollout move' on them (a bearoff position:
// the figures are gnubg's), then the play: `save game' writes the rollouts as gnubg 1.07 does
// (sgf.c WriteRolloutAnalysis: DA[X ver 3 Eq ...] and A[]'s "X ver 3 Score ..." entries with the
// rollout context), and gnubg opens tavla's file with them: its text export of tavla's file is
// that of its own.
TEST(Sgf, RolloutsSavedAsGnubgSavesThem) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("sgf_rollouts");
  const std::string play =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set seed 3\n"
      "set rollout trials 36\n"
      "set rollout seed 1\n"
      "new match 5\n"
      "set board simple 0 0 2 2 2 3 3 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -2 -2 -2 -2 0\n"
      "set turn bob\n"
      "set turn alice\n"
      "analyse rollout cube\n"
      "set dice 5 2\n"
      "hint 3\n"
      "analyse rollout move 1 3\n"
      "move 5/off 2/off\n";
  write_text(dir + "/tavla.cmds", play + "save game tavla.sgf\n");
  write_text(dir + "/gnubg.cmds", play + "save game gnubg.sgf\n");
  run_tavla_script(dir + "/tavla.cmds", dir);
  run_gnubg_script(dir + "/gnubg.cmds", dir);
  const std::string tavla_sgf = read_text(dir + "/tavla.sgf");
  const std::string gnubg_sgf = read_text(dir + "/gnubg.sgf");
  ASSERT_NE(gnubg_sgf.find("DA[X ver 3 Eq Trials 36"), std::string::npos) << gnubg_sgf;
  ASSERT_NE(gnubg_sgf.find("[ezbz X ver 3 Score"), std::string::npos) << gnubg_sgf;
  EXPECT_EQ(differs_but_numbers(plain_sgf(tavla_sgf), plain_sgf(gnubg_sgf), 2e-6), "");

  write_text(dir + "/look_tavla.cmds", "load match tavla.sgf\nexport game text -\n");
  write_text(dir + "/look_gnubg.cmds", "load match gnubg.sgf\nexport game text -\n");
  const std::string of_tavla = normalise(run_gnubg_script(dir + "/look_tavla.cmds", dir));
  const std::string of_gnubg = normalise(run_gnubg_script(dir + "/look_gnubg.cmds", dir));
  EXPECT_NE(of_gnubg.find("Rollout"), std::string::npos) << of_gnubg;
  EXPECT_EQ(of_tavla, of_gnubg);

  // A cube rollout reaches the double, the take and the play of the next roll (DA[X ...] on
  // each); a 1-ply chequer setting writes its move filters ("filt0 0 8 0.16000").
  const std::string doubled =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set seed 3\n"
      "set rollout trials 36\n"
      "set rollout seed 1\n"
      "set rollout cubedecision plies 0\n"
      "set rollout chequerplay plies 1\n"
      "new match 5\n"
      "set board simple 0 0 2 2 2 3 3 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -2 -2 -2 -2 0\n"
      "set turn bob\n"
      "set turn alice\n"
      "analyse rollout cube\n"
      "double\n"
      "take\n"
      "set dice 5 2\n"
      "move 5/off 2/off\n";
  write_text(dir + "/tavla2.cmds", doubled + "save match tavla2.sgf\n");
  write_text(dir + "/gnubg2.cmds", doubled + "save match gnubg2.sgf\n");
  run_tavla_script(dir + "/tavla2.cmds", dir);
  run_gnubg_script(dir + "/gnubg2.cmds", dir);
  const std::string gnubg2 = read_text(dir + "/gnubg2.sgf");
  ASSERT_NE(gnubg2.find("filt0 0 8 0.16000"), std::string::npos) << gnubg2;
  EXPECT_EQ(differs_but_numbers(plain_sgf(read_text(dir + "/tavla2.sgf")), plain_sgf(gnubg2), 2e-6),
            "");
}

// The commands that make gnubg's files with rollouts: a bearoff position (the figures are
// gnubg's), `analyse rollout cube' before the dice and `analyse rollout move' on them, or the
// cube rollout then a double, its take and a play.
std::string rollout_play_commands(bool doubled, bool money = false,
                                  const std::string& settings = "") {
  std::string s =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set seed 3\n"
      "set rollout trials 36\n"
      "set rollout seed 1\n";
  if (doubled) s += "set rollout cubedecision plies 0\nset rollout chequerplay plies 1\n";
  s += settings;
  s += std::string(money ? "set player 0 name alice\nset player 1 name bob\nnew session\n"
                         : "new match 5\n") +
       "set board simple 0 0 2 2 2 3 3 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -2 -2 -2 -2 0\n"
       "set turn bob\n"
       "set turn alice\n"
       "analyse rollout cube\n";
  if (doubled) return s + "double\ntake\nset dice 5 2\nmove 5/off 2/off\n";
  // bob's play after it: gnubg reviews a file of one play from its start after loading it.
  return s +
         "set dice 5 2\nhint 3\nanalyse rollout move 1 3\nmove 5/off 2/off\n"
         "set dice 6 5\nmove 6/off 5/off\n";
}

// `load match' of a file with rollouts (gnubg's "X ver 3" entries of A[] and DA[]) keeps them:
// for gnubg's files of a move rollout and of a cube rollout reaching a double and its take,
// tavla's `save match' after loading writes what gnubg's does (numbers within 2e-6), its text
// export and `show statistics game' equal gnubg's (which counts a rolled-out play as analysed),
// and tavla's own file loads and saves again unchanged; in money play too, and with rollout
// settings that differ per player, change after a few plies and truncate (gnubg's text shows
// "Player 0:", "Different evaluations after 3 plies:", the move filters).
TEST(Sgf, LoadedRolloutsAreKeptAsGnubgKeepsThem) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("sgf_load_rollouts");
  const std::string settings =
      "set rollout cubedecision plies 0\n"
      "set rollout players-are-same off\n"
      "set rollout player 1 chequerplay plies 1\n"
      "set rollout later enable on\n"
      "set rollout later plies 3\n"
      "set rollout later cubedecision plies 1\n"
      "set rollout truncation enable on\n"
      "set rollout truncation plies 9\n";
  for (int kind = 0; kind < 4; ++kind) {
    const bool doubled = kind == 1, money = kind == 2;
    static constexpr const char* kWhat[] = {"move and cube rollouts", "cube rollout, double, take",
                                            "money: move and cube rollouts",
                                            "settings per player, later, truncated"};
    SCOPED_TRACE(kWhat[kind]);
    const std::string src = "src" + std::to_string(kind) + ".sgf";
    write_text(dir + "/make.cmds",
               rollout_play_commands(doubled, money, kind == 3 ? settings : "") + "save match " +
                   src + "\n");
    run_gnubg_script(dir + "/make.cmds", dir);
    const std::string made = read_text(dir + "/" + src);
    ASSERT_NE(made.find("X ver 3 Eq Trials 36"), std::string::npos) << made;
    for (const char* who : {"tavla", "gnubg"})
      write_text(dir + "/" + who + ".cmds", "load match " + src +
                                                "\nshow statistics game\nexport game text -\n"
                                                "save match " +
                                                who + ".sgf\n");
    const std::string by_tavla = normalise(run_tavla_script(dir + "/tavla.cmds", dir));
    const std::string by_gnubg = normalise(run_gnubg_script(dir + "/gnubg.cmds", dir));
    EXPECT_NE(by_gnubg.find("Rollout details"), std::string::npos) << by_gnubg;
    if (kind == 3) {
      EXPECT_NE(by_gnubg.find("Player 1:\nPlay:  1-ply cubeful prune\nkeep the first 0 0-ply "
                              "moves and up to 8 more moves within equity 0.16\nCube: 0-ply "
                              "cubeful prune [expert]\nDifferent evaluations after 3 plies:"),
                std::string::npos)
          << by_gnubg;
    }
    EXPECT_EQ(by_tavla, by_gnubg);
    const std::string tavla_sgf = read_text(dir + "/tavla.sgf");
    const std::string gnubg_sgf = read_text(dir + "/gnubg.sgf");
    ASSERT_NE(gnubg_sgf.find("X ver 3 Eq Trials 36"), std::string::npos) << gnubg_sgf;
    EXPECT_EQ(differs_but_numbers(plain_sgf(tavla_sgf), plain_sgf(gnubg_sgf), 2e-6), "");
    // tavla's file read back by tavla and written again: the same file.
    write_text(dir + "/again.cmds", "load match tavla.sgf\nsave match again.sgf\n");
    run_tavla_script(dir + "/again.cmds", dir);
    EXPECT_EQ(plain_sgf(read_text(dir + "/again.sgf")), plain_sgf(tavla_sgf));
  }
}

// A rollout entry that does not parse: `load match' says which file, game, action and what is
// wrong, loads nothing, and the shell goes on. An entry in gnubg's older form is left out, said.
TEST(Sgf, BadRolloutEntryIsRefusedWithItsPlace) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("sgf_bad_rollout");
  write_text(dir + "/make.cmds", rollout_play_commands(false) + "save match good.sgf\n");
  run_gnubg_script(dir + "/make.cmds", dir);
  const std::string good = read_text(dir + "/good.sgf");
  const size_t play = good.find("[ezbz X ver 3 Score");
  const size_t cube = good.find("DA[X ver 3 Eq");
  ASSERT_NE(play, std::string::npos) << good;
  ASSERT_NE(cube, std::string::npos) << good;
  std::string bad_play = good, bad_cube = good;
  bad_play.replace(bad_play.find("Trials 36", play), 9, "Trials x");
  bad_cube.replace(bad_cube.find("StdDev", cube), 6, "Stdev");
  write_text(dir + "/bad_play.sgf", bad_play);
  write_text(dir + "/bad_cube.sgf", bad_cube);
  write_text(dir + "/look.cmds",
             "load match bad_play.sgf\nshow board\nload match bad_cube.sgf\nshow score\n");
  const std::string out = run_tavla_script(dir + "/look.cmds", dir);
  // The action: the play's node is the file's third record (the dice, the board, the play).
  EXPECT_NE(out.find("bad_play.sgf: game 1, action 3: bad rollout in A[]: play 1 (ezbz): "
                     "whole number 0..2147483647 expected for Trials at \"x\""),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("bad_cube.sgf: game 1, action 3: bad rollout in DA[]: \"StdDev\" expected "
                     "at \"Stdev\""),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("The score (after 0 games) is"), std::string::npos) << out;

  // gnubg's older form "R" is not read: the match loads, and tavla says what it left out.
  std::string old = good;
  old.replace(old.find("X ver 3 Score", play), 13, "R Score");
  write_text(dir + "/old.sgf", old);
  write_text(dir + "/old.cmds", "load match old.sgf\nshow score\n");
  const std::string out_old = run_tavla_script(dir + "/old.cmds", dir);
  EXPECT_NE(out_old.find("old.sgf: game 1, action 3: tavla does not read gnubg's older rollout "
                         "entries (\"R\"); that analysis is left out"),
            std::string::npos)
      << out_old;
  EXPECT_NE(out_old.find("(match to 5 points)"), std::string::npos) << out_old;
}

// Candidates marked for a rollout (`cmark') are saved as gnubg 1.07 saves them: the plays marked
// in MR[2 4 ], a marked cube decision as CR[] after its DA[] (on the roll's play when the mark
// was made before the roll, on a double and its answer); tavla's file equals gnubg's but for the
// evaluations' last digits. Loaded back, tavla's `cmark game show' and `save match' equal
// gnubg's for the same file.
TEST(Sgf, CmarksSavedAndLoadedAsGnubgDoes) {
  TAVLA_REQUIRE_GNUBG();
  TAVLA_REQUIRE_WEIGHTS();
  const std::string dir = temp_dir("sgf_cmarks");
  const std::string play =
      "set defaultnames alice bob\n"
      "set player both human\n"
      "set automatic roll off\n"
      "set seed 3\n"
      "new match 5\n"
      "set board simple 0 0 2 2 2 3 3 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -2 -2 -2 -2 0\n"
      "set turn bob\n"
      "set turn alice\n"
      "hint\n"
      "cmark cube set rollout\n"
      "set dice 5 2\n"
      "hint 3\n"
      "cmark move set rollout 2 4\n"
      "move 5/off 2/off\n"
      "hint\n"
      "cmark cube set rollout\n"
      "double\n"
      "take\n"
      "set dice 6 5\n"
      "move 6/off 5/off\n";
  write_text(dir + "/tavla.cmds", play + "save game tavla.sgf\n");
  write_text(dir + "/gnubg.cmds", play + "save game gnubg.sgf\n");
  run_tavla_script(dir + "/tavla.cmds", dir);
  run_gnubg_script(dir + "/gnubg.cmds", dir);
  const std::string gnubg_sgf = read_text(dir + "/gnubg.sgf");
  ASSERT_NE(gnubg_sgf.find("]CR[]A[0]"), std::string::npos) << gnubg_sgf;
  ASSERT_NE(gnubg_sgf.find("[take]DA["), std::string::npos) << gnubg_sgf;
  expect_like_gnubg_file(read_text(dir + "/tavla.sgf"), gnubg_sgf, "MR[2 4 ]");

  for (const char* who : {"tavla", "gnubg"})
    write_text(dir + "/load_" + who + ".cmds", std::string("load match tavla.sgf\ncmark game show\n"
                                                           "save match again_") +
                                                   who + ".sgf\n");
  const std::string by_tavla = normalise(run_tavla_script(dir + "/load_tavla.cmds", dir));
  const std::string by_gnubg = normalise(run_gnubg_script(dir + "/load_gnubg.cmds", dir));
  EXPECT_NE(by_gnubg.find("Cube marked"), std::string::npos) << by_gnubg;
  EXPECT_NE(by_gnubg.find("4 (6/4 5/off) marked"), std::string::npos) << by_gnubg;
  EXPECT_EQ(by_tavla, by_gnubg);
  const std::string again = normalise(read_text(dir + "/again_gnubg.sgf"));
  ASSERT_NE(again.find("MR[2 4 ]"), std::string::npos) << again;
  EXPECT_EQ(normalise(read_text(dir + "/again_tavla.sgf")), again);

  // A mark that is no play of the list: refused with its place, the shell goes on.
  std::string bad = read_text(dir + "/tavla.sgf");
  bad.replace(bad.find("MR[2 4 ]"), 8, "MR[2 40 ]");
  write_text(dir + "/bad.sgf", bad);
  write_text(dir + "/bad.cmds", "load match bad.sgf\nshow score\n");
  const std::string out = run_tavla_script(dir + "/bad.cmds", dir);
  EXPECT_NE(out.find("bad.sgf: game 1, action 3: bad MR[2 40 ] (40 is not the number of a play "
                     "of A[])"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("The score (after 0 games) is"), std::string::npos) << out;
}

}  // namespace
}  // namespace tavla::test
