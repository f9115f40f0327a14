// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla errors --cube`: cube error rates on a set of money cube decisions (strength/cube_set.h),
// building such a set, and rolling out its references (cmd_errors_cube.cpp).
#pragma once

#include <boost/program_options.hpp>
#include <optional>

#include "tavla/player_options.h"

namespace tavla::bearoff {
class DatabaseBearoffProvider;
}

namespace tavla::cli {

// The positions of OUT (a stopped run's output) checked against the first positions of IN, by
// their IDs; the number finished, or an error naming the first that differs.
engine::Result<size_t> finished_positions(const std::string& out_path, const std::string& in_path,
                                          size_t in_count,
                                          const std::function<std::string(size_t)>& in_id);

int errors_cube(const boost::program_options::variables_map& vm, NetLoader& loader,
                const bearoff::DatabaseBearoffProvider* bo, bool show,
                const std::optional<strength::PlayerConfig>& player);

}  // namespace tavla::cli
