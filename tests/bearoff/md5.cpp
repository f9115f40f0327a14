// SPDX-License-Identifier: GPL-3.0-or-later
#include "md5.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <span>

#include "eval/md5.h"

namespace tavla::test {

std::string md5_hex(std::string_view bytes) {
  return eval::md5_hex(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

std::string md5_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return "";
  const std::string content((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (f.bad()) return "";
  return md5_hex(content);
}

}  // namespace tavla::test
