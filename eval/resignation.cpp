// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/resignation.h"

#include "eval/cube_info.h"

namespace tavla::eval {

ResignationAnswer judge_resignation(const Probabilities& resigner_probs,
                                    const CubeInfo& resigner_ci, int value) {
  // Losing the resigned value for sure: no wins, and a gammon / backgammon loss as offered.
  Probabilities lost;
  if (value > 1) lost[Probabilities::kLoseGammon] = 1.0f;
  if (value > 2) lost[Probabilities::kLoseBackgammon] = 1.0f;
  ResignationAnswer a;
  a.equity_playing_on = cubeless_utility(resigner_probs, resigner_ci);
  a.equity_resigned = cubeless_utility(lost, resigner_ci);
  a.accept = a.equity_playing_on - a.equity_resigned >= 0.0f;
  return a;
}

}  // namespace tavla::eval
