// SPDX-License-Identifier: GPL-3.0-or-later
// What `tavla errors`'s chequer and cube modes share (cmd_errors.cpp, cmd_errors_cube.cpp): the
// nets of --weights, resuming a stopped reference rollout, and its progress line.
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstddef>
#include <fstream>
#include <functional>
#include <memory>
#include <string>

#include "engine/result.h"
#include "tavla/player_options.h"

namespace tavla::cli {

// The nets of --weights (the default nets without it), and in `name` the file's name or
// "default", for the reference lines of the files made.
engine::Result<std::shared_ptr<const eval::NetSet>> errors_nets(
    const boost::program_options::variables_map& vm, NetLoader& loader, std::string& name);

// The positions of OUT (a stopped run's output) checked against the first positions of IN, by
// their IDs; the number finished, or an error naming the first that differs.
engine::Result<size_t> finished_positions(const std::string& out_path, const std::string& in_path,
                                          size_t in_count,
                                          const std::function<std::string(size_t)>& in_id);

// Closes a positions file made by `tavla errors` and says "N positions written to PATH" (or, for a
// rollout that continued an earlier file, "N positions in PATH"); 0, or 1 after an error message
// when the file could not be written.
int close_positions_file(std::ofstream& out, const std::string& path, size_t positions,
                         bool continued_file);

// "rolled out I/N positions  ETA S s" on stderr, for position i (0-based) of n, the run having
// started at t0 after `first` positions finished earlier.
void print_rollout_progress(size_t i, size_t first, size_t n,
                            std::chrono::steady_clock::time_point t0);

}  // namespace tavla::cli
