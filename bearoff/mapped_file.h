// SPDX-License-Identifier: GPL-3.0-or-later
// A read-only memory-mapped file. Move-only; unmaps on destruction. Thread-safe to read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "bearoff/result.h"

namespace tavla::bearoff {

class MappedFile {
 public:
  // Maps the whole file. Fails with an error naming the file (missing, not a regular file,
  // unreadable, empty).
  static Result<MappedFile> open(const std::filesystem::path& path);

  MappedFile() = default;
  MappedFile(MappedFile&& other) noexcept { *this = std::move(other); }
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  const uint8_t* data() const { return data_; }
  uint64_t size() const { return size_; }
  std::string_view bytes() const {
    return {reinterpret_cast<const char*>(data_), static_cast<size_t>(size_)};
  }
  const std::string& name() const { return name_; }

 private:
  const uint8_t* data_ = nullptr;
  uint64_t size_ = 0;
  std::string name_;
};

}  // namespace tavla::bearoff
