// SPDX-License-Identifier: GPL-3.0-or-later
// `tavla errors --cube`: cube error rates on a set of money cube decisions (strength/cube_set.h),
// building such a set, and rolling out its references (cmd_errors_cube.cpp).
#pragma once

#include <boost/program_options.hpp>
#include <optional>

#include "tavla/errors_common.h"

namespace tavla::bearoff {
class DatabaseBearoffProvider;
}

namespace tavla::cli {

int errors_cube(const boost::program_options::variables_map& vm, NetLoader& loader,
                const bearoff::DatabaseBearoffProvider* bo, bool show,
                const std::optional<strength::PlayerConfig>& player);

}  // namespace tavla::cli
