// SPDX-License-Identifier: GPL-3.0-or-later
// Writing a database file so that a partial file never looks complete: the bytes go to a
// temporary file next to the target, which is renamed over the target only on commit().
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "bearoff/result.h"

namespace tavla::bearoff {

class AtomicFile {
 public:
  // Creates "<path>.tmp.<pid>.<n>" in the target's directory (permissions as for a new file).
  static Result<AtomicFile> create(const std::filesystem::path& path);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // removes the temporary file unless committed

  MaybeError write(const void* data, size_t size);
  // Flushes, closes and renames the temporary file to the target.
  MaybeError commit();

  const std::string& temporary_name() const { return temp_; }

 private:
  AtomicFile() = default;
  MaybeError flush();

  int fd_ = -1;
  std::string target_;
  std::string temp_;
  std::string buffer_;
  bool committed_ = false;
};

}  // namespace tavla::bearoff
