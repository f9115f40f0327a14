// SPDX-License-Identifier: GPL-3.0-or-later
// A pending resignation judged as gnubg judges it (getResignEquities in gnubg's eval.c and
// HintResigned): the resigner's cubeless utility of playing on against that of losing the
// resigned value (1 single game, 2 gammon, 3 backgammon) now. The opponent accepts when playing
// on is worth at least as much to the resigner, i.e. when accepting gains the opponent something.
#pragma once

#include "eval/cube_info.h"
#include "eval/probabilities.h"

namespace tavla::eval {

struct ResignationAnswer {
  // Both from the resigner's point of view, in the units of cubeless_utility (money: points per
  // unit cube; match play: normalised equity).
  float equity_playing_on = 0.0f;
  float equity_resigned = 0.0f;
  bool accept = false;  // the opponent's right answer
};

// `resigner_probs` and `resigner_ci` are seen from the resigner (ci.on_roll = resigner);
// `value` is 1, 2 or 3.
ResignationAnswer judge_resignation(const Probabilities& resigner_probs,
                                    const CubeInfo& resigner_ci, int value);

}  // namespace tavla::eval
