// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's `set variation` and `show variation` (set.c SetVariation, show.c CommandShowVariation):
// the variation is the default for the next new match or session; the match in progress keeps
// the one it was started with. Hypergammon is evaluated from its database (shell.cpp); nackgammon
// with the standard nets, as gnubg.
#include "engine/variant.h"
#include "shell/shell.h"

namespace tavla::shell {

void Shell::cmd_show_variation(std::string&) {
  if (flow_.match().game_state != engine::GameState::kNone)
    outf("You are playing: %s\n",
         std::string(engine::variant_description(flow_.variant())).c_str());
  outf("Default variation is: %s\n",
       std::string(engine::variant_description(flow_.rules().variant)).c_str());
}

void Shell::set_variation(engine::Variant v) {
  flow_.rules().variant = v;
  std::string none;
  cmd_show_variation(none);
  if (flow_.match().game_state != engine::GameState::kNone)
    outf("The current match or session is being played as `%s'.\n",
         std::string(engine::variant_description(flow_.variant())).c_str());
  outf("Please start a new match or session to play `%s'\n",
       std::string(engine::variant_description(v)).c_str());
}

void Shell::cmd_set_variation_standard(std::string&) {
  set_variation(engine::Variant::kStandard);
}
void Shell::cmd_set_variation_nackgammon(std::string&) {
  set_variation(engine::Variant::kNackgammon);
}
void Shell::cmd_set_variation_hyper1(std::string&) {
  set_variation(engine::Variant::kHypergammon1);
}
void Shell::cmd_set_variation_hyper2(std::string&) {
  set_variation(engine::Variant::kHypergammon2);
}
void Shell::cmd_set_variation_hyper3(std::string&) {
  set_variation(engine::Variant::kHypergammon3);
}

}  // namespace tavla::shell
