// SPDX-License-Identifier: GPL-3.0-or-later
#include "tavla/player_options.h"

#include <cstdio>
#include <filesystem>

#include "eval/eval_settings.h"

namespace po = boost::program_options;

namespace tavla::cli {

void add_player_options(po::options_description& opts, const std::string& suffix,
                        const std::string& who) {
  opts.add_options()(("weights" + suffix).c_str(), po::value<std::string>(),
                     ("weights file of " + who + " (default: $TAVLA_WEIGHTS, weights/, then gnubg's)").c_str())(
      ("level" + suffix).c_str(), po::value<std::string>(),
      ("gnubg level of " + who +
       ": beginner, casual, intermediate, advanced, expert (default), world-class, supremo, "
       "grandmaster, 4ply")
          .c_str())(("plies" + suffix).c_str(), po::value<int>(),
                    ("plies of " + who + " (0..4; alone: world class's filters and pruning)").c_str())(
      ("noise" + suffix).c_str(), po::value<float>(),
      ("evaluation noise of " + who + " (gnubg's deterministic noise, e.g. 0.04)").c_str());
}

engine::Result<std::shared_ptr<const eval::NetSet>> NetLoader::get(
    const std::optional<std::string>& file) {
  const std::string key = file ? *file : std::string();
  if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
  std::optional<std::filesystem::path> path;
  if (file) path = *file;
  auto nets = eval::NetSet::find(path);
  if (!nets) return engine::Error{nets.error()};
  loaded_[key] = *nets;
  return *nets;
}

engine::Result<strength::PlayerConfig> player_from_options(const po::variables_map& vm,
                                                           const std::string& suffix,
                                                           NetLoader& loader,
                                                           const std::string& shared_weights) {
  strength::PlayerConfig p;
  p.setup = eval::level_setup(eval::Level::kExpert);
  std::string name = "expert (0-ply)";
  if (vm.count("level" + suffix)) {
    const std::string level = vm["level" + suffix].as<std::string>();
    auto l = eval::level_from_name(level);
    if (!l) return engine::Error{"--level" + suffix + ": unknown level '" + level + "'"};
    p.setup = eval::level_setup(*l);
    name = std::string(eval::level_name(*l));
  }
  if (vm.count("plies" + suffix)) {
    const int plies = vm["plies" + suffix].as<int>();
    if (plies < 0 || plies > 4)
      return engine::Error{"--plies" + suffix + " must be 0..4, got " + std::to_string(plies)};
    if (!vm.count("level" + suffix)) p.setup = eval::level_setup(eval::Level::kWorldClass);
    p.setup.context.plies = plies;
    name = std::to_string(plies) + "-ply";
  }
  if (vm.count("noise" + suffix)) {
    const float noise = vm["noise" + suffix].as<float>();
    if (!(noise >= 0.0f && noise <= 1.0f))
      return engine::Error{"--noise" + suffix + " must be 0..1, got " + std::to_string(noise)};
    p.setup.context.noise = noise;
    p.setup.context.deterministic = true;
  }
  if (p.setup.context.noise > 0.0f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, ", noise %.3g", p.setup.context.noise);
    name += buf;
  }
  std::optional<std::string> file;
  if (vm.count("weights" + suffix))
    file = vm["weights" + suffix].as<std::string>();
  else if (!shared_weights.empty() && vm.count(shared_weights))
    file = vm[shared_weights].as<std::string>();
  auto nets = loader.get(file);
  if (!nets) return engine::Error{nets.error()};
  p.nets = *nets;
  name += file ? ", " + std::filesystem::path(*file).filename().string()
               : ", default weights (version " + (*nets)->version() + ")";
  p.name = name;
  return p;
}

}  // namespace tavla::cli
