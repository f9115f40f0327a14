// SPDX-License-Identifier: GPL-3.0-or-later
// A fixed set of money cube decisions for measuring cube error rates: positions before the roll,
// each with the reference equities of "no double" and "double, take" (cubeful money equity for
// the player on roll, per unit of the cube in play; "double, pass" is +1).
//
// File format (text, one position per line; '#' starts a comment line):
//   reference <free text: how the equities were made>
//   <POSID:MATCHID> <class> <no_double> <double_take> <se_no_double> <se_double_take>
// The gnubg ID is a money game (no Jacoby rule, no beavers) with no dice, the player on roll to
// decide, the cube centred or his; <class> is contact, crashed or race; the equities have 6
// decimals, the standard errors are those of the rollout (0 for a reference that is not one).
//
// Every position holds two decisions: the doubler's (double or not; a double is then worth
// min(double/take, double/pass), the opponent answering well) and the taker's (take or pass, as if
// doubled). The positions are chosen where at least one of them is close, so that the set measures
// judgement rather than the obvious.
//
// Building (build_cube_set): positions are sampled before the roll from self-play games between
// 0-ply players with gnubg's deterministic noise; a quarter (by default) get the cube at 2 on the
// roller's side instead of centred; a sampled position is kept when the screening analysis
// (cubeful, 2 ply) finds either decision close and the game not simply won (cube_set.cpp:
// kept_by_screen). Positions stay in the order they were sampled, so that the classes are mixed
// and any leading part of the set (a reference rollout stopped early) is a sample of the whole.
#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "eval/cube_info.h"
#include "eval/eval_settings.h"
#include "eval/net_set.h"
#include "eval/position_class.h"

namespace tavla::eval {
class BearoffProvider;
}

namespace tavla::strength {

struct CubePosition {
  engine::Board board;  // seen from the player on roll, before his roll
  int cube = 1;         // the cube in play, a power of two
  bool owned = false;   // the player on roll owns the cube (else it is centred)
  eval::PositionClass cls = eval::PositionClass::kContact;
  // Cubeful money equities for the player on roll, per unit of `cube`.
  float no_double = 0, double_take = 0;
  float se_no_double = 0, se_double_take = 0;  // standard errors of the reference
};

struct CubeSet {
  std::string reference;  // how the equities were made
  std::vector<CubePosition> positions;
};

// The cube situation of a position: money play without the Jacoby rule or beavers, player 1 on
// roll (the board is seen from him).
eval::CubeInfo cube_info_of(const CubePosition& p);

// The committed set: $TAVLA_CUBE_POSITIONS if set, else bench/cube_positions.txt of the source
// tree tavla was built from.
std::filesystem::path default_cube_set_path();

engine::Result<CubeSet> read_cube_set(std::istream& in, const std::string& source_name);
engine::Result<CubeSet> read_cube_set(const std::filesystem::path& file);
void write_cube_set(std::ostream& out, const CubeSet& set, const std::string& header_comment);
void write_cube_position(std::ostream& out, const CubePosition& p);
std::string cube_position_id(const CubePosition& p);

struct CubeSetBuildSettings {
  int contact = 200, crashed = 60, race = 60;  // positions wanted per class
  uint32_t seed = 1;
  float sample_noise = 0.04f;  // noise of the self-play players (gnubg's "intermediate")
  // Chance that a turn's position of the class is screened when it comes up.
  float screen_contact = 0.1f, screen_crashed = 0.5f, screen_race = 0.3f;
  float owned_fraction = 0.25f;  // screened with the cube at 2 on the roller's side
  // Kept when |min(DT, DP) - ND| < double_window or |DT - DP| < take_window (equity per cube).
  float double_window = 0.08f, take_window = 0.2f;
  // ...but not when ND >= dead_cash_no_double and DT >= dead_cash_double_take: a won game.
  float dead_cash_no_double = 0.995f, dead_cash_double_take = 1.5f;
  int max_games = 100000;  // stop sampling after this many games even if short
  eval::EvalContext screen{2, true, true, true, 0.0f};  // cubeful 2 ply with pruning
  std::string nets_name;                                // for the set's reference line
};

struct CubeSetProgress {
  int kept = 0, wanted = 0, screened = 0, games = 0;
};

// The sampled positions with the screening analysis's equities as their reference.
CubeSet build_cube_set(std::shared_ptr<const eval::NetSet> nets,
                       const eval::BearoffProvider* bearoff, const CubeSetBuildSettings& st,
                       const std::function<void(const CubeSetProgress&)>& progress = {});

}  // namespace tavla::strength
