// SPDX-License-Identifier: GPL-3.0-or-later
// Which nets learn from a position of a class: its main net and its pruning net.
#pragma once

#include "eval/weights.h"
#include "eval/position_class.h"

namespace tavla::train {

inline eval::NetId main_net_of(eval::PositionClass c) {
  return c == eval::PositionClass::kRace      ? eval::NetId::kRace
         : c == eval::PositionClass::kCrashed ? eval::NetId::kCrashed
                                              : eval::NetId::kContact;
}
inline eval::NetId pruning_net_of(eval::PositionClass c) {
  return c == eval::PositionClass::kRace      ? eval::NetId::kPruneRace
         : c == eval::PositionClass::kCrashed ? eval::NetId::kPruneCrashed
                                              : eval::NetId::kPruneContact;
}

}  // namespace tavla::train
