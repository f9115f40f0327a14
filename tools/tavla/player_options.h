// SPDX-License-Identifier: GPL-3.0-or-later
// Command-line options naming a playing configuration (weights, level or plies, noise), shared by
// `tavla duel` (two configurations: suffixes -a and -b) and `tavla errors`.
#pragma once

#include <boost/program_options.hpp>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/result.h"
#include "strength/player.h"

namespace tavla::cli {

// Adds --weights<suffix>, --level<suffix>, --plies<suffix>, --noise<suffix>.
void add_player_options(boost::program_options::options_description& opts,
                        const std::string& suffix, const std::string& who);

// Loads each weights file once, so that configurations naming the same file share one net set.
class NetLoader {
 public:
  engine::Result<std::shared_ptr<const eval::NetSet>> get(
      const std::optional<std::string>& file);

 private:
  std::map<std::string, std::shared_ptr<const eval::NetSet>> loaded_;
};

// The configuration the options describe: default gnubg's expert (0 ply); --plies alone gives
// world class's settings (pruning, normal filters) at that depth; --noise is gnubg's
// deterministic noise (standard deviation, in probability units). Errors name the option.
// Without --weights<suffix>, the option `shared_weights` (when given) names the weights file.
engine::Result<strength::PlayerConfig> player_from_options(
    const boost::program_options::variables_map& vm, const std::string& suffix, NetLoader& nets,
    const std::string& shared_weights = "");

}  // namespace tavla::cli
