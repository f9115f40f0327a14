// SPDX-License-Identifier: GPL-3.0-or-later
// The arithmetic of one net, in two implementations that must agree:
//   * the reference: dense inputs, plain loops in gnubg's order (one position at a time);
//   * the fast kernels: sparse first layer with the accumulators kept in vector registers, a
//     vectorised hidden sigmoid, and the output layer of a whole batch as one matrix product.
// Internal to eval/ (used by the evaluator, the tests and the benchmarks).
#pragma once

#include <cstdint>

#include "eval/inputs.h"
#include "eval/net_set.h"
#include "eval/sigmoid.h"

namespace tavla::eval::kernels {

// outputs[0..4] of `net` for dense `inputs` (net.inputs() floats). Inputs equal to 0 are skipped.
void forward_reference(const Net& net, const float* inputs, float* outputs, Reciprocal mode);

// sums[0..padded_hidden) = hidden bias + sum over the sparse inputs of value x row(index).
void first_layer(const Net& net, const SparseInputs& in, float* sums);

// first_layer of encode_sparse(c, board) for a contact or crashed board, the same sums bit for
// bit: the base inputs are summed straight from the board, only the others go through `scratch`.
void first_layer_board(const Net& net, PositionClass c, const engine::Board& board,
                       SparseInputs& scratch, float* sums);
// first_layer of the 200 base inputs of `board` (pruning nets), the same sums bit for bit,
// summed straight from the board.
void first_layer_base(const Net& net, const engine::Board& board, SparseInputs& scratch,
                      float* sums);

// h[i] = logistic(beta_hidden x sums[i]) for count floats (a multiple of 8), gnubg's vector form.
void hidden_activation(const float* sums, float* h, int count, float beta_hidden, Reciprocal mode);

// out[r * 5 + k] = logistic(beta_output x (h_r . output_row(k) + output_bias(k))) for the rows
// h_r = h + r x padded_hidden, r < rows.
void output_layer(const Net& net, const float* h, int rows, float* out);

}  // namespace tavla::eval::kernels
