// SPDX-License-Identifier: GPL-3.0-or-later
// The input encodings of gnubg 1.07's nets (eval.c and lib/inputs.c). Layout, per net:
//
//   base (pruning nets), 200: side not on roll (sides[0]) inputs 0..99, side on roll 100..199;
//       4 per slot: point i at 4i..4i+3, the bar at 96..99 (see encode_slot / encode_bar).
//   race, 214: 107 per side, side not on roll first: points 0..22 (4 each, the point encoding),
//       92..105 "exactly k+1 chequers off" one-hot (k = 0..13), 106 crossovers / 10.
//   contact and crashed, 250: the 200 base inputs, then block A (200..224) and block B (225..249)
//       of 25 inputs each (HalfInput order). Block A describes the side on roll against its
//       opponent, block B the opponent against the side on roll. The borne-off inputs (kOff1..3)
//       of the contact net are crossed over: block A carries the opponent's, block B the side on
//       roll's (gnubg: "I accidentally switched sides when I trained the net"); the crashed net
//       does not cross them and encodes them on a different scale.
//
// All values are computed in float with gnubg's constants and operation order, divisions by
// constants as multiplications by their reciprocals (gnubg is built with -ffast-math; see
// inputs.cpp).
#pragma once

#include <cstdint>

#include "engine/board.h"
#include "eval/position_class.h"

namespace tavla::eval {

inline constexpr int kSlotInputs = 4;
inline constexpr int kBaseInputs = 2 * engine::kSlots * kSlotInputs;  // 200
inline constexpr int kHalfRaceInputs = 107;
inline constexpr int kRaceInputs = 2 * kHalfRaceInputs;  // 214
inline constexpr int kRaceOffInput = 92;                 // first "chequers off" input of a side
inline constexpr int kRaceCrossInput = 106;
inline constexpr int kHalfInputs = 25;
inline constexpr int kContactInputs = kBaseInputs + 2 * kHalfInputs;  // 250
inline constexpr int kMaxInputs = kContactInputs;

// The heuristic inputs of one block, in gnubg's order. "A" is the side the block describes, "O"
// its opponent; b is O's rearmost chequer (O's index, 24 = bar) and k0 = 23 - b the same chequer
// seen by A.
enum HalfInput : int {
  kOff1,  // chequers borne off, piecewise (contact: /3 per segment, crashed: /5)
  kOff2,
  kOff3,
  kBreakContact,   // pips A needs to pass O's rear chequer: sum (i + 1 - k0) A[i], i > k0, / 167
  kBackChequer,    // A's rearmost index / 24
  kBackAnchor,     // A's rearmost point with 2+ chequers / 24 (-1/24 if none)
  kForwardAnchor,  // most forward anchor in O's home or outer board, (24 - i) / 6; 2 if none
  kPipLoss,        // average pips O loses to A's shots, / (12 * 36)
  kP1,             // rolls that hit at least one O blot / 36
  kP2,             // rolls that hit two / 36
  kBackEscapes,    // rolls with which O's rear chequer escapes A's points / 36
  kAContain,       // (36 - min escapes from O's indices 15..b) / 36
  kAContain2,      // its square
  kContain,        // (36 - min escapes from O's indices 15..23) / 36
  kContain2,       // its square
  kMobility,       // sum over A's chequers beyond index 5 of (i - 5) A[i] escapes(O, i), / 3600
  kMoment2,        // one-sided second moment of A's chequers beyond their mean, / 400
  kEnter,          // pips lost entering from the bar (0 when A is not on the bar), / 294
  kEnter2,         // (36 - (n - 6)^2) / 36 with n = O's closed home points
  kTiming,         // spare pips A can play without breaking its position, / 100
  kBackbone,       // 1 - connectivity of A's points (0 with fewer than two points)
  kBackG,          // back game with 2+ anchors in O's home: (chequers there - 3) / 4
  kBackG1,         // back game with one anchor: chequers there / 8
  kFreePip,        // pips of A's chequers already past O's rear chequer / 100
  kBackREscapes,   // like kBackEscapes, counting only rolls that pass the nearest blocker / 36
};

// The 4 inputs of a point (index 0..23) holding c chequers of one side: (c == 1, c == 2, c >= 3,
// (c - 3) / 2 when c >= 3).
void encode_point(int c, float out[4]);
// The 4 bar inputs, cumulative: (c >= 1, c >= 2, c >= 3, (c - 3) / 2 when c >= 3).
void encode_bar(int c, float out[4]);

// Dense encoders; `out` must hold the net's input count.
void encode_base(const engine::Board& board, float* out);     // 200 inputs
void encode_race(const engine::Board& board, float* out);     // 214; requires no contact
void encode_contact(const engine::Board& board, float* out);  // 250, contact net
void encode_crashed(const engine::Board& board, float* out);  // 250, crashed net

// Inputs kBreakContact..kBackREscapes of one block (out[0..24]; out[kOff1..kOff3] untouched).
// `us` is A, `them` is O. Requires chequers on both sides.
void encode_half(const engine::SideCounts& us, const engine::SideCounts& them, float* out);
// The borne-off inputs out[0..2] of a side as the contact net (at most 8 off) and the crashed
// net encode them.
void encode_off_contact(const engine::SideCounts& side, float* out);
void encode_off_crashed(const engine::SideCounts& side, float* out);

// The input count of the main net of a class (race, crashed, contact), 0 for other classes.
int input_count(PositionClass c);
// The encoder of the main net of a class (race, crashed, contact).
void encode_inputs(PositionClass c, const engine::Board& board, float* out);

// Nonzero inputs in increasing index order: the unit of work of the sparse first layer.
struct SparseInputs {
  int count = 0;
  uint16_t index[kMaxInputs];
  float value[kMaxInputs];
};

// The same inputs as the dense encoders, keeping only the nonzero ones.
void encode_sparse(PositionClass c, const engine::Board& board, SparseInputs& out);
// The 200 base inputs only (pruning nets).
void encode_base_sparse(const engine::Board& board, SparseInputs& out);
// The nonzero inputs of a contact or crashed board past the 200 base inputs (those of
// encode_sparse with index >= 200).
void encode_block_sparse(PositionClass c, const engine::Board& board, SparseInputs& out);

}  // namespace tavla::eval
