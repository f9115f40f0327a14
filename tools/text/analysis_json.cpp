// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/analysis_json.h"

#include "engine/move_text.h"
#include "engine/position_id.h"
#include "eval/cubeful.h"
#include "text/game_json.h"
#include "text/json.h"

namespace tavla::text {

namespace {

std::string_view take_action_name(eval::TakeAction t) {
  switch (t) {
    case eval::TakeAction::kTake:
      return "take";
    case eval::TakeAction::kPass:
      return "pass";
    case eval::TakeAction::kBeaver:
      return "beaver";
  }
  return "take";
}

void write_probs(JsonWriter& w, const eval::Probabilities& p) {
  w.begin_array();
  for (float v : p.p) w.value(static_cast<double>(v));
  w.end_array();
}

}  // namespace

std::string analysis_json(const std::string& id, const analysis::PositionAnalysis& a) {
  JsonWriter w;
  w.begin_object();
  w.field("id", id);
  write_game_fields(w, a.game);
  w.field("class", eval::position_class_name(a.pc));
  const eval::Evaluation& e = a.rows.back()[0];
  w.key("eval").begin_object();
  w.field("plies", a.setup.context.plies);
  w.key("probs");
  write_probs(w, e.probs);
  w.field("equity", static_cast<double>(e.cubeless_equity));
  // Money: equity per unit cube; match play: normalised equity (the MWC is "cubeful_mwc").
  w.field("cubeful_equity", static_cast<double>(a.ci.is_money()
                                                    ? e.cubeful_equity
                                                    : eval::mwc_to_equity(e.cubeful_equity, a.ci)));
  if (!a.ci.is_money()) w.field("cubeful_mwc", static_cast<double>(e.cubeful_equity));
  w.end_object();
  if (a.cube) {
    // A dead cube cannot be turned: only "no double" has a value.
    auto equity_or_null = [&](float v) {
      if (a.dead_cube)
        w.null();
      else
        w.value(static_cast<double>(v));
    };
    w.key("cube").begin_object();
    w.field("no_double", static_cast<double>(a.cube->equities.no_double));
    w.key("double_take");
    equity_or_null(a.cube->equities.double_take);
    w.key("double_pass");
    equity_or_null(a.cube->equities.double_pass);
    w.field("action", eval::cube_decision_text(a.cube->decision));
    w.end_object();
  }
  if (a.take) {
    w.key("take").begin_object();
    w.field("player", a.game.match.turn);
    w.field("action", take_action_name(*a.take));
    w.end_object();
  }
  if (a.resignation) {
    // As gnubg's hint: the equities of the player deciding (the resigner's opponent).
    w.key("resignation").begin_object();
    w.field("value", a.game.match.resigned);
    w.field("player", a.game.match.turn);
    w.field("equity_playing_on", static_cast<double>(-a.resignation->equity_playing_on));
    w.field("equity_resigned", static_cast<double>(-a.resignation->equity_resigned));
    w.field("action", a.resignation->accept ? "accept" : "reject");
    w.end_object();
  }
  if (a.has_moves) {
    w.key("moves").begin_array();
    for (const eval::ScoredMove& m : a.moves) {
      w.begin_object();
      w.field("move", engine::format_move(a.game.board, m.move.move));
      w.field("position_id", engine::position_id(m.move.after));
      w.field("plies", m.plies);
      w.key("probs");
      write_probs(w, m.probs);
      w.field("equity", static_cast<double>(m.cubeless_equity));
      w.field("cubeful_equity", static_cast<double>(m.cubeful_equity));
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  return w.str();
}

std::string error_json(const std::string& id, const std::string& error) {
  JsonWriter w;
  w.begin_object().field("id", id).field("error", error).end_object();
  return w.str();
}

}  // namespace tavla::text
