// A small MD5 (RFC 1321) for comparing generated databases with published checksums.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tavla::test {

class Md5 {
 public:
  Md5();
  void update(const void* data, size_t size);
  std::string hex_digest();  // finishes the computation; lower-case hex

 private:
  void block(const uint8_t* p);
  uint32_t h_[4];
  uint8_t buffer_[64];
  uint64_t length_ = 0;  // bytes
};

std::string md5_hex(std::string_view bytes);
// The md5 of a file's contents, or "" when it cannot be read.
std::string md5_file(const std::string& path);

}  // namespace tavla::test
