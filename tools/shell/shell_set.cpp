// SPDX-License-Identifier: GPL-3.0-or-later
// `set` commands (gnubg's set.c): position, dice, turn, cube, score and rules, dice generator.
// Players and evaluation settings: shell_players.cpp.
#include <cctype>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/gnubg_id.h"
#include "engine/match_id.h"
#include "engine/position_id.h"
#include "engine/xgid.h"
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

// ---- helpers -----------------------------------------------------------------------------------

int Shell::toggle(const char* what, bool& flag, std::string& args, const char* on,
                  const char* off) {
  std::optional<std::string> w = next_token(args);
  if (!w) {
    outf("You must specify whether to set '%s' on or off.\n", what);
    return -1;
  }
  if (equals_ci(*w, "on") || is_prefix_ci(*w, "yes") || is_prefix_ci(*w, "true")) {
    out(std::string(on) + "\n");
    flag = true;
    return 1;
  }
  if (equals_ci(*w, "off") || is_prefix_ci(*w, "no") || is_prefix_ci(*w, "false")) {
    out(std::string(off) + "\n");
    flag = false;
    return 0;
  }
  outf("Illegal keyword `%s'.\n", w->c_str());
  return -1;
}

int Shell::parse_player(const std::string& word) const {
  if (word == "0" || word == "1") return word[0] - '0';
  for (int i = 0; i < 2; ++i)
    if (same_name(word, names_.name[i])) return i;
  if (is_prefix_ci(word, "both")) return 2;
  return -1;
}

bool Shell::hand_to_players(int p, int& who, std::string& args, const CommandEntry* table) {
  if (p == 0 || p == 1) {
    who = p;
    handle(args, table, false);
    return true;
  }
  if (p != 2) return false;
  std::string copy = args;
  who = 0;
  handle(args, table, false);
  who = 1;
  handle(copy, table, false);
  return true;
}

bool Shell::parse_position(std::string& args, engine::Board& board) {
  std::optional<std::string> tok = next_token(args);
  if (!tok) return true;  // the current position
  if (*tok == "simple") {
    engine::Board b;
    for (int i = 0; i < 26; ++i) {
      std::optional<int> n = parse_number(args);
      if (!n) {
        outf("`simple' must be followed by 26 integers; found only %d\n", i);
        return false;
      }
      if (i == 0) {
        b.on_roll()[engine::kBar] = static_cast<uint8_t>(std::abs(*n));
      } else if (i == 25) {
        b.opponent()[engine::kBar] = static_cast<uint8_t>(std::abs(*n));
      } else if (*n < 0) {
        b.opponent()[24 - i] = static_cast<uint8_t>(-*n);
      } else {
        b.on_roll()[i - 1] = static_cast<uint8_t>(*n);
      }
    }
    if (engine::board_error(b)) {
      out("Illegal position.\n");
      return false;
    }
    board = b;
    return true;
  }
  auto b =
      tok->size() == 20 ? engine::board_from_nibble_id(*tok) : engine::board_from_position_id(*tok);
  if (!b) {
    out("Illegal position.\n");
    return false;
  }
  board = b.value();
  return true;
}

// ---- position, dice, turn ----------------------------------------------------------------------

void Shell::cmd_set_board(std::string& args) {
  if (!flow_.playing()) {
    out("There must be a game in progress to set the board.\n");
    return;
  }
  if (trim(args).empty()) {
    out("You must specify a position (see `help set board').\n");
    return;
  }
  engine::Board b = flow_.board();
  if (!parse_position(args, b)) return;
  flow_.set_board(b);
  show_board();
}

void Shell::cmd_set_dice(std::string& args) {
  if (!flow_.playing()) {
    out("There must be a game in progress to set the dice.\n");
    return;
  }
  int n0 = parse_number(args).value_or(INT_MIN), n1;
  if (n0 > 10) {  // "52"
    n1 = n0 % 10;
    n0 /= 10;
  } else {
    n1 = parse_number(args).value_or(INT_MIN);
  }
  if (n0 < 1 || n0 > 6 || n1 < 1 || n1 > 6) {
    out("You must specify two numbers from 1 to 6 for the dice.\n");
    return;
  }
  // gnubg keeps its hint record through `set dice' as through a roll: a cube analysis made
  // before it reaches the play of these dice.
  const std::optional<HintMemo> hinted = hint_before_action();
  flow_.set_dice({n0, n1});
  keep_hint(hinted);
  outf("The dice have been set to %d and %d.\n", n0, n1);
}

// gnubg's guards of `set turn' and `clear turn' (same words): a game in play, no resignation
// pending. Says why not and returns false otherwise.
bool Shell::may_change_turn() {
  if (!flow_.playing()) {
    out("There must be a game in progress to set a player on roll.\n");
    return false;
  }
  if (flow_.match().resigned) {
    out("Please resolve the resignation first.\n");
    return false;
  }
  return true;
}

void Shell::cmd_set_turn(std::string& args) {
  std::optional<std::string> w = next_token(args);
  if (!may_change_turn()) return;
  if (!w) {
    out("Which player do you want to set on roll?\n");
    return;
  }
  const int p = parse_player(*w);
  if (p < 0) {
    outf("Unknown player `%s' (see `help set turn').\n", w->c_str());
    return;
  }
  if (p == 2) {
    out("You can't set both players on roll.\n");
    return;
  }
  flow_.set_turn(p);
  next_turn_ = false;
  outf("`%s' is now on roll.\n", name(p).c_str());
}

// gnubg's CommandClearTurn: the dice rolled or set for the player on roll are taken back (its
// PopMoveRecord of the trailing dice records), silently, and the hint record is dropped. With a
// double pending gnubg 1.07 drops the double's record but leaves the cube offered (its match
// state is not recomputed, and the next `take' goes astray); tavla refuses that case.
void Shell::cmd_clear_turn(std::string&) {
  if (!may_change_turn()) return;
  if (!confirm_not_last()) return;
  if (flow_.match().doubled) {
    errf(
        "tavla does not clear a pending double (gnubg 1.07 leaves the cube offered without its "
        "record); answer it with take or drop");
    return;
  }
  flow_.clear_turn();
  hint_memo_.reset();  // gnubg's pmr_hint_destroy
  hint_cmarks_ = {};
  next_turn_ = false;
}

// gnubg's SetMatchID: a new match at the state of `id`, keeping the current position.
void Shell::set_match_id(const std::string& id) {
  auto ms = engine::match_state_from_id(id);
  if (!ms) {
    outf("Illegal match ID '%s'\n", id.c_str());
    return;
  }
  engine::MatchState target = ms.value();
  std::optional<engine::Board> keep;
  if (flow_.playing()) keep = flow_.board();
  if (target.doubled) {
    out("SetMatchID cannot handle positions where a double has been offered.\n");
    out("Stepping back to the offering of the cube. ");
    target.on_roll = target.turn = 1 - target.turn;
    target.doubled = false;
  }
  flow_.start_position(target);
  if (target.dice_rolled()) {
    std::string d = strf("%d %d", target.dice[0], target.dice[1]);
    cmd_set_dice(d);
  }
  if (target.cube_owner != engine::kCubeCentred) flow_.set_cube_owner(target.cube_owner);
  if (target.cube != 1) {
    std::string c = std::to_string(target.cube);
    cmd_set_cube_value(c);
  }
  if (keep) {
    flow_.set_board(*keep);
    show_board();
  }
  show_board();
}

void Shell::cmd_set_matchid(std::string& args) {
  std::optional<std::string> id = next_token(args);
  if (!id) return;
  set_match_id(*id);
}

void Shell::cmd_set_xgid(std::string& args) {
  const std::string text = trim(args);
  auto game = engine::game_from_xgid(text);
  if (!game) {
    errf("Not a valid XGID '%s'", text.c_str());
    return;
  }
  // gnubg's set xgid drops a pending double: the doubler is on roll, the cube not yet turned.
  engine::MatchState ms = game->match;
  ms.doubled = false;
  ms.turn = ms.on_roll;
  set_match_id(engine::match_id(ms));
  flow_.set_board(game->board);
  show_board();
}

void Shell::cmd_set_gnubgid(std::string& args) {
  const std::string text = trim(args);
  if (engine::game_from_xgid(text)) {
    std::string xgid = text;
    cmd_set_xgid(xgid);
    return;
  }
  // Any text holding a 14-character and a 12-character Base64 token, in either order.
  std::string pos, mid;
  auto base64 = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/';
  };
  for (size_t i = 0; i < text.size();) {
    if (!base64(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && base64(text[j])) ++j;
    const std::string tok = text.substr(i, j - i);
    if (tok.size() == engine::kMatchIdLength && mid.empty()) mid = tok;
    if (tok.size() == engine::kPositionIdLength && pos.empty()) pos = tok;
    i = j;
  }
  if (pos.empty() && mid.empty()) {
    errf("No valid IDs found");
    return;
  }
  if (!mid.empty()) set_match_id(mid);
  if (!pos.empty()) {
    std::string p = pos;
    cmd_set_board(p);
  }
  outf("Setting GNUbg ID %s:%s\n", pos.c_str(), mid.c_str());
}

// ---- cube --------------------------------------------------------------------------------------

namespace {
const char* cube_refusal(const engine::GameFlow& flow) {
  if (!flow.playing()) return "There must be a game in progress to set the cube.\n";
  if (flow.match().crawford) return "The cube is disabled during the Crawford game.\n";
  if (!flow.match().cube_use) return "The cube is disabled (see `help set cube use').\n";
  return nullptr;
}
}  // namespace

void Shell::cmd_set_cube_centre(std::string&) {
  if (const char* r = cube_refusal(flow_)) {
    out(r);
    return;
  }
  flow_.set_cube_owner(engine::kCubeCentred);
  out("The cube has been centred.\n");
}

void Shell::cmd_set_cube_owner(std::string& args) {
  if (const char* r = cube_refusal(flow_)) {
    out(r);
    return;
  }
  std::optional<std::string> w = next_token(args);
  const int p = w ? parse_player(*w) : -1;
  if (p == 2) {
    std::string none;
    cmd_set_cube_centre(none);
    return;
  }
  if (p < 0) {
    out("You must specify which player owns the cube (see `help set cube owner').\n");
    return;
  }
  flow_.set_cube_owner(p);
  outf("%s now owns the cube.\n", name(p).c_str());
}

void Shell::cmd_set_cube_use(std::string& args) {
  bool use = flow_.rules().cube_use;
  if (toggle("cube use", use, args, "Use of the doubling cube is permitted.",
             "Use of the doubling cube is disabled.") < 0)
    return;
  const auto& ms = flow_.match();
  if (ms.is_money() && ms.jacoby && !use)
    out("Note that you'll have to disable the Jacoby rule if you want gammons and\nbackgammons "
        "to be scored (see `help set jacoby').\n");
  if (ms.crawford && use)
    out("(But the Crawford rule is in effect, so you won't be able to use it during\nthis "
        "game.)\n");
  flow_.set_cube_use(use);
}

void Shell::cmd_set_cube_value(std::string& args) {
  if (const char* r = cube_refusal(flow_)) {
    out(r);
    return;
  }
  const int n = parse_number(args).value_or(0);
  for (int c = engine::kMaxCube; c; c >>= 1)
    if (n == c) {
      flow_.set_cube_value(n);
      outf("The cube has been set to %d.\n", n);
      return;
    }
  out("You must specify a legal cube value (see `help set cube value').\n");
}

// ---- score and rules ---------------------------------------------------------------------------

void Shell::cmd_set_score(std::string& args) {
  const std::string t0 = next_token(args).value_or(""), t1 = next_token(args).value_or("");
  if (std::optional<std::string> t2 = next_token(args)) {
    char* end = nullptr;
    const long n = std::strtol(t2->c_str(), &end, 10);
    if (end == t2->c_str() || n < 0 || n > engine::kMaxMatchLength) {
      outf("Match length must be between 0 (unlimited session) and %d\n", engine::kMaxMatchLength);
      return;
    }
    flow_.set_match_length(static_cast<int>(n));
  }
  const int len = flow_.match().match_length;
  struct Parsed {
    int n = INT_MIN;
    bool crawford = false, post = false;
  };
  auto parse = [](const std::string& t) {
    Parsed p;
    char* end = nullptr;
    const long n = std::strtol(t.c_str(), &end, 10);
    if (end != t.c_str()) p.n = static_cast<int>(n);
    const std::string suffix = end ? end : "";
    p.crawford = suffix == "*" || (!suffix.empty() && is_prefix_ci(suffix, "crawford"));
    p.post = !suffix.empty() && is_prefix_ci(suffix, "postcrawford");
    return p;
  };
  Parsed a = parse(t0), b = parse(t1);
  auto not_one_away = [&](const Parsed& p) {
    return p.n != INT_MIN && p.n != -1 && p.n != len - 1;
  };
  const char* kOnlyOneAway =
      "The Crawford rule applies only in match play when a player's score is 1-away.\n";
  if ((a.crawford && not_one_away(a)) || (b.crawford && not_one_away(b)) ||
      (a.post && not_one_away(a)) || (b.post && not_one_away(b)) ||
      (!len && (a.crawford || b.crawford || a.post || b.post))) {
    out(kOnlyOneAway);
    return;
  }
  if (a.crawford && b.crawford) {
    out("You cannot set the Crawford rule when both players' scores are 1-away.\n");
    return;
  }
  if ((a.crawford && b.post) || (b.crawford && a.post)) {
    out("You cannot set both Crawford and post-Crawford simultaneously.\n");
    return;
  }
  if (a.crawford || a.post) a.n = -1;
  if (b.crawford || b.post) b.n = -1;
  if (a.n < 0 && a.n != INT_MIN) a.n += len;  // -n means n-away
  if (b.n < 0 && b.n != INT_MIN) b.n += len;
  if ((a.post && !b.n) || (b.post && !a.n)) {
    out("You cannot set post-Crawford play if the trailer has yet to score.\n");
    return;
  }
  if (a.n < 0 || b.n < 0) {
    out("You must specify two valid scores.\n");
    return;
  }
  if (len && (a.n >= len || b.n >= len)) {
    out("You cannot set a score where the match is already over.\n");
    return;
  }
  flow_.set_score(a.n, b.n, a.crawford || b.crawford, a.post || b.post);
  show_score();
}

void Shell::cmd_set_crawford(std::string& args) {
  const auto& ms = flow_.match();
  if (ms.match_length > 0) {
    bool crawford = ms.crawford;
    if (ms.away(0) == 1 || ms.away(1) == 1) {
      if (toggle("crawford", crawford, args,
                 "This game is the Crawford game (no doubling allowed).",
                 "This game is not the Crawford game.") < 0)
        return;
      flow_.set_crawford(crawford);
    } else if (ms.crawford) {
      if (toggle("crawford", crawford, args,
                 "This game is the Crawford game (no doubling allowed).",
                 "This game is not the Crawford game.") >= 0)
        flow_.set_crawford(crawford);
    } else {
      out("Cannot set whether this is the Crawford game\nas none of the players are 1-away from "
          "winning.\n");
    }
  } else {
    out("Cannot set Crawford play for money sessions.\n");
  }
}

void Shell::cmd_set_postcrawford(std::string& args) {
  const auto& ms = flow_.match();
  if (ms.match_length > 0) {
    if (ms.away(0) == 1 || ms.away(1) == 1) {
      bool post = ms.post_crawford;
      if (toggle("postcrawford", post, args, "This is post-Crawford play (doubling allowed).",
                 "This is not post-Crawford play.") < 0)
        return;
      flow_.set_post_crawford(post);
    } else {
      out("Cannot set whether this is post-Crawford play\nas none of the players are 1-away "
          "from winning.\n");
    }
  } else {
    out("Cannot set post-Crawford play for money sessions.\n");
  }
}

void Shell::cmd_set_jacoby(std::string& args) {
  bool jacoby = flow_.rules().jacoby;
  if (toggle("jacoby", jacoby, args, "Will use the Jacoby rule for money sessions.",
             "Will not use the Jacoby rule for money sessions.") < 0)
    return;
  flow_.rules().jacoby = jacoby;
  if (jacoby && !flow_.match().cube_use)
    out("Note that you'll have to enable the cube if you want gammons and backgammons\nto be "
        "scored (see `help set cube use').\n");
  flow_.set_jacoby(jacoby);
}

void Shell::cmd_set_beavers(std::string& args) {
  std::optional<int> n = parse_number(args);
  if (!n || *n < 0) {
    out("You must specify the number of beavers to allow.\n");
    return;
  }
  flow_.rules().beavers = *n;
  if (*n > 1)
    outf("%u beavers/raccoons allowed in money sessions.\n", static_cast<unsigned>(*n));
  else if (*n == 1)
    out("1 beaver allowed in money sessions.\n");
  else
    out("No beavers allowed in money sessions.\n");
}

void Shell::cmd_set_auto_crawford(std::string& args) {
  toggle("automatic crawford", flow_.rules().auto_crawford, args,
         "Will enable the Crawford game according to match score.",
         "Will not enable the Crawford game according to match score.");
}

void Shell::cmd_set_auto_doubles(std::string& args) {
  std::optional<int> n = parse_number(args);
  if (!n || *n < 0) {
    out("You must specify how many automatic doubles to use (see `help set automatic double').\n");
    return;
  }
  if (*n > 12) {
    out("Please specify a smaller limit (up to 12 automatic doubles).\n");
    return;
  }
  flow_.rules().auto_doubles = *n;
  if (*n > 1)
    outf("Automatic doubles will be used (up to a limit of %d).\n", *n);
  else if (*n)
    out("A single automatic double will be permitted.\n");
  else
    out("Automatic doubles will not be used.\n");
  if (*n) {
    if (flow_.match().match_length > 0)
      out("(Note that automatic doubles will have no effect until you start session play.)\n");
    else if (!flow_.match().cube_use)
      out("Note that automatic doubles will have no effect until you enable cube use\n(see "
          "`help set cube use').\n");
  }
}

void Shell::cmd_set_auto_game(std::string& args) {
  toggle("automatic game", auto_game_, args, "Will automatically start games after wins.",
         "Will not automatically start games.");
}

void Shell::cmd_set_auto_roll(std::string& args) {
  toggle("automatic roll", auto_roll_, args,
         "Will automatically roll the dice when no cube action is possible.",
         "Will not automatically roll the dice.");
}

void Shell::cmd_set_auto_bearoff(std::string& args) {
  toggle("automatic bearoff", auto_bearoff_, args,
         "Will automatically bear off as many chequers as possible.",
         "Will not automatically bear off chequers.");
}

void Shell::cmd_set_auto_move(std::string& args) {
  toggle("automatic move", auto_move_, args, "Forced moves will be made automatically.",
         "Forced moves will not be made automatically.");
}

// gnubg compares the rest of the line with the words exactly, and says nothing when it is one.
void Shell::cmd_set_confirm_default(std::string& args) {
  if (args.empty()) {
    out("Needs an argument!\n");
    return;
  }
  if (args == "yes")
    confirm_default_ = 1;
  else if (args == "no")
    confirm_default_ = 0;
  else if (args == "ask")
    confirm_default_ = -1;
  else
    out("Invalid argument\n");
}

void Shell::cmd_set_confirm_new(std::string& args) {
  toggle("confirm new", confirm_new_, args,
         "Will ask for confirmation before aborting games in progress.",
         "Will not ask for confirmation before aborting games in progress.");
}

void Shell::cmd_set_confirm_save(std::string& args) {
  toggle("confirm save", confirm_save_, args,
         "Will ask for confirmation before overwriting existing files.",
         "Will not ask for confirmation overwriting existing files.");
}

void Shell::cmd_set_display(std::string& args) {
  toggle("display", display_, args, "Will display boards for computer moves.",
         "Will not display boards for computer moves.");
}

void Shell::cmd_set_matchlength(std::string& args) {
  std::optional<int> n = parse_number(args);
  if (!n || *n < 0 || *n > engine::kMaxMatchLength) {
    outf("Match length must be between 0 (unlimited session) and %d\n", engine::kMaxMatchLength);
    return;
  }
  default_match_length_ = *n;
  outf(*n == 1 ? "New matches default to %u point.\n" : "New matches default to %u points.\n",
       static_cast<unsigned>(*n));
}

void Shell::cmd_set_prompt(std::string& args) {
  prompt_format_ = trim(args).empty() ? "(\\p) " : args;
  outf("The prompt has been set to `%s'.\n", prompt_format_.c_str());
}

// ---- dice generator ----------------------------------------------------------------------------

void Shell::cmd_set_seed(std::string& args) {
  if (rng_ != Rng::kMersenne) {
    outf("You can't set a seed if you're using %s as RNG\n",
         rng_ == Rng::kManual ? "manual dice" : "read from file");
    return;
  }
  const std::string s = trim(args);
  if (s.empty()) {
    dice_.set_seed(engine::system_seed());
    forget_dice();
    out("Seed initialised from system random data.\n");
    return;
  }
  char* end = nullptr;
  const unsigned long long n = std::strtoull(s.c_str(), &end, 10);
  if (*end || s[0] == '-' || n > 0xffffffffull) {
    out("You must specify a valid seed (see `help set seed').\n");
    return;
  }
  dice_.set_seed(static_cast<uint32_t>(n));
  forget_dice();
  outf("Seed set to %s.\n", s.c_str());
}

// gnubg's `set rollout seed' (the rollout dice come from gnubg's Mersenne Twister only).
void Shell::cmd_set_rollout_seed(std::string& args) {
  const std::string s = trim(args);
  if (s.empty()) {
    rollout_seed_ = engine::system_seed();
    out("Seed initialised from system random data.\n");
    return;
  }
  char* end = nullptr;
  const unsigned long long n = std::strtoull(s.c_str(), &end, 10);
  if (*end || s[0] == '-' || n > 0x7fffffffull) {
    out("You must specify a valid seed (see `help set seed').\n");
    return;
  }
  rollout_seed_ = static_cast<uint32_t>(n);
  outf("Rollout seed set to %u.\n", static_cast<unsigned>(n));
}

void Shell::cmd_set_rollout_trials(std::string& args) {
  std::optional<int> n = parse_number(args);
  if (!n || *n < 1) {
    out("You must specify a valid number of trials to make (see `help set rollout trials').\n");
    return;
  }
  rollout_.trials = *n;
  outf(*n == 1 ? "%d game will be played per rollout.\n" : "%d games will be played per rollout.\n",
       *n);
}

void Shell::cmd_set_rng_mersenne(std::string& args) {
  if (rng_ == Rng::kMersenne && trim(args).empty()) {
    out("You are already using the Mersenne Twister generator.\n");
    return;
  }
  out("GNU Backgammon will now use the Mersenne Twister generator.\n");
  rng_ = Rng::kMersenne;
  cmd_set_seed(args);
}

void Shell::cmd_set_rng_manual(std::string& args) {
  if (rng_ == Rng::kManual && trim(args).empty()) {
    out("You are already using the manual dice generator.\n");
    return;
  }
  out("GNU Backgammon will now use the manual dice generator.\n");
  rng_ = Rng::kManual;
  forget_dice();
}

void Shell::cmd_set_rng_file(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file) {
    out("Please enter filename!\n");
    return;
  }
  std::ifstream in(*file, std::ios::binary);
  if (!in) {
    outf("File %s does not exist or is not readable\n", file->c_str());
    return;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  dice_file_ = ss.str();
  if (dice_file_.find_first_of("123456") == std::string::npos) {
    outf("File %s does not exist or is not readable\n", file->c_str());
    return;
  }
  dice_file_name_ = *file;
  dice_file_pos_ = 0;
  out("GNU Backgammon will now use the read from file generator.\n");
  rng_ = Rng::kFile;
  forget_dice();
}

void Shell::cmd_set_rng_other(std::string&) {
  out("Only the Mersenne Twister, manual dice and dice from a file are available in tavla.\n");
}

}  // namespace tavla::shell
