// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's dice manipulation: `set cheat enable on|off', `set cheat player P roll N' and
// `show cheat' (set.c, show.c), and the roll it then gives (play.c: CheatDice, OptimumRoll,
// EvaluateRoll): the 21 rolls ranked for the player on roll by the 0-ply cubeless evaluation,
// from the opponent's side, of the position after the roll's best 0-ply play; player P gets the
// N-th of them (1 best, 21 worst) at every roll of a game in progress (not the opening roll).
#include <algorithm>

#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

// gnubg's PrintCheatRoll names.
constexpr const char* kRollRank[21] = {
    "best",       "second best", "third best",   "4th best",   "5th best",    "6th best",
    "7th best",   "8th best",    "9th best",     "10th best",  "median",      "10th worst",
    "9th worst",  "8th worst",   "7th worst",    "6th worst",  "5th worst",   "4th worst",
    "third worst", "second worst", "worst"};

}  // namespace

void Shell::print_cheat_roll(int player) {
  outf("%s will get the %s roll on each turn.\n", name(player).c_str(),
       kRollRank[cheat_.roll[player]]);
}

void Shell::cmd_set_cheat_enable(std::string& args) {
  toggle("cheat enable", cheat_.enable, args, "Allow GNU Backgammon to manipulate the dice.",
         "Disallow GNU Backgammon to manipulate the dice.");
}

void Shell::cmd_set_cheat_player(std::string& args) {
  std::optional<std::string> w = next_token(args);
  if (!w) {
    out("You must specify a player (see `help set cheat player').\n");
    return;
  }
  const int p = parse_player(*w);
  const CommandEntry* table = nullptr;
  for (const CommandEntry* c = top_commands(); c->name && !table; ++c) {
    if (std::string(c->name) != "set") continue;
    table = find_command(find_command(c->sub, "cheat")->sub, "player")->sub;
  }
  if (hand_to_players(p, player_set_, args, table)) return;
  // gnubg prints its szSetCommand here, which no command has set: glibc writes "(null)".
  outf("Unknown player `%s'\n(see `help set (null) player').\n", w->c_str());
}

void Shell::cmd_set_cheat_player_roll(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < 1 || *n > 21) {
    out("You must specify a size between 1 and 21.\n");
    return;
  }
  cheat_.roll[player_set_] = *n - 1;
  print_cheat_roll(player_set_);
}

void Shell::cmd_show_cheat(std::string&) {
  outf("Manipulation with dice is %s.\n", cheat_.enable ? "enabled" : "disabled");
  if (!cheat_.enable) return;
  print_cheat_roll(0);
  print_cheat_roll(1);
}

std::optional<std::array<int, 2>> Shell::cheat_dice() {
  Analyzer* a = analyzer();
  if (!a) return std::nullopt;
  engine::Game game = analysis_game();
  const int roller = game.match.on_roll;
  if (roller < 0) return std::nullopt;
  // gnubg's ecBasic (FindBestMove without an evaluation context) and ec0ply: 0 ply, cubeless,
  // no pruning.
  eval::EvalSetup basic = eval::level_setup(eval::Level::kBeginner);
  basic.context = {0, false, false, true, 0.0f};
  struct RollValue {
    float value;  // for the roller: minus the opponent's equity (match play: 1 - his MWC)
    std::array<int, 2> dice;
  };
  std::vector<RollValue> rolls;
  for (int i = 1; i <= 6; ++i)
    for (int j = 1; j <= i; ++j) {
      game.match.dice = {i, j};
      const std::vector<RankedMove> moves = a->rank_moves(game, basic);
      if (interrupted_) return std::nullopt;
      engine::Game after = game;
      after.board = (moves.empty() ? game.board : moves[0].after).swapped();
      after.match.on_roll = after.match.turn = 1 - roller;
      after.match.dice = {0, 0};
      const PositionEvaluation e = a->evaluate(after, basic.context);
      const float r = game.match.is_money() ? -e.cubeless_equity : 1.0f - e.cubeless_equity;
      rolls.push_back({r, {i, j}});
    }
  // gnubg's qsort (glibc's is a merge sort, which keeps ties in order), best first.
  std::stable_sort(rolls.begin(), rolls.end(),
                   [](const RollValue& x, const RollValue& y) { return x.value > y.value; });
  return rolls[cheat_.roll[roller]].dice;
}

}  // namespace tavla::shell
