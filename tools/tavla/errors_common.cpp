// SPDX-License-Identifier: GPL-3.0-or-later
#include "tavla/errors_common.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace tavla::cli {

engine::Result<std::shared_ptr<const eval::NetSet>> errors_nets(
    const boost::program_options::variables_map& vm, NetLoader& loader, std::string& name) {
  std::optional<std::string> file;
  if (vm.count("weights")) file = vm["weights"].as<std::string>();
  name = file ? std::filesystem::path(*file).filename().string() : "default";
  return loader.get(file);
}

engine::Result<size_t> finished_positions(const std::string& out_path, const std::string& in_path,
                                          size_t in_count,
                                          const std::function<std::string(size_t)>& in_id) {
  size_t first = 0;
  if (!std::filesystem::exists(out_path)) return first;
  std::ifstream old(out_path);
  for (std::string l; std::getline(old, l);) {
    if (l.empty() || l[0] == '#' || l.rfind("reference ", 0) == 0) continue;
    std::istringstream ls(l);
    std::string id;
    ls >> id;
    if (first >= in_count || id != in_id(first))
      return engine::Error{"'" + out_path + "' holds positions that are not those of '" + in_path +
                           "' (position " + std::to_string(first + 1) +
                           "); remove it to start again"};
    ++first;
  }
  return first;
}

int close_positions_file(std::ofstream& out, const std::string& path, size_t positions,
                         bool continued_file) {
  out.close();
  if (!out) {
    std::fprintf(stderr, "tavla errors: error writing '%s'\n", path.c_str());
    return 1;
  }
  std::printf(continued_file ? "%zu positions in %s\n" : "%zu positions written to %s\n", positions,
              path.c_str());
  return 0;
}

void print_rollout_progress(size_t i, size_t first, size_t n,
                            std::chrono::steady_clock::time_point t0) {
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double rate = (i + 1 - first) / std::max(secs, 1e-9);
  std::fprintf(stderr, "\rrolled out %zu/%zu positions  ETA %.0f s   ", i + 1, n,
               (n - i - 1) / rate);
  std::fflush(stderr);
}

}  // namespace tavla::cli
