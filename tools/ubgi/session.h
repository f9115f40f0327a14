// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's side of a UBGI conversation (command.h): the position, dice and settings a
// controller has sent so far, and the answer lines to each new line. A thin layer over the
// analysis every door shares (analysis/position_analysis.h): `go chequer` plays the move
// `tavla analyze` ranks first, `go cube` follows that analysis's cube decision the way gnubg's
// computer player does (eval::doubler_doubles, eval::taker_response).
//
// Not thread-safe: one line at a time, answered before the next is read. The analyser (nets,
// databases, threads) is opened when first needed (isready or go), so that a controller's
// `ubgi` is answered at once and malformed lines never cost a net load.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/position_analysis.h"
#include "engine/move.h"
#include "engine/xgid.h"
#include "eval/eval_settings.h"
#include "ubgi/command.h"

namespace tavla::ubgi {

struct SessionSettings {
  analysis::AnalyserOptions analyser;  // weights, threads, variant
  eval::Level level = eval::Level::kExpert;
  std::optional<int> plies;  // gnubg's plies (0..6) replacing the level's, as analyze --plies
};

class Session {
 public:
  explicit Session(SessionSettings settings);
  ~Session();

  // The answer to one line (without its newline): zero or more lines, each without a newline.
  // Never throws for any input; a malformed or inapplicable line gets one "error ..." line.
  std::vector<std::string> answer(std::string_view line);
  bool quit_requested() const { return quit_; }

 private:
  std::vector<std::string> apply(const Command& c);
  std::vector<std::string> key_lines() const;
  std::optional<ProtocolError> set_key(const SetKey& s);
  engine::Result<analysis::Analyser*> analyser();
  std::vector<std::string> go(const Go& g);

  SessionSettings settings_;
  const SessionSettings defaults_;  // the command line's settings: the keys' defaults
  std::unique_ptr<analysis::Analyser> analyser_;
  std::optional<engine::Game> game_;  // the last `position`, dice as the ID gave them
  bool quit_ = false;
};

// A play as the draft's bestmove payload: one "from/to" per die in the order gnubg records the
// steps, points 1..24 from the mover's side, "bar" and "off"; "pass" when there is no move.
std::string move_payload(const engine::Move& move);

}  // namespace tavla::ubgi
