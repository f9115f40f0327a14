// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the fuzz targets: the readers that take a file path get the fuzzer's bytes through a
// scratch file of this process (one per target, rewritten for every input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace tavla::fuzz {

inline std::filesystem::path scratch_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() /
             ("tavla-fuzz-" + std::to_string(static_cast<long>(getpid())));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

// Writes the input to `name` in the scratch directory and returns its path.
inline std::filesystem::path write_scratch(const std::string& name, const uint8_t* data,
                                           size_t size) {
  const auto path = scratch_dir() / name;
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace tavla::fuzz
