// SPDX-License-Identifier: GPL-3.0-or-later
#include "bearoff/database_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace tavla::bearoff {

namespace {
constexpr size_t kBufferSize = size_t{1} << 20;
std::atomic<unsigned> temp_counter{0};
}  // namespace

Result<AtomicFile> AtomicFile::create(const std::filesystem::path& path) {
  AtomicFile f;
  f.target_ = path.string();
  for (int attempt = 0; attempt < 100; ++attempt) {
    f.temp_ = f.target_ + ".tmp." + std::to_string(::getpid()) + "." +
              std::to_string(temp_counter.fetch_add(1));
    f.fd_ = ::open(f.temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (f.fd_ >= 0) break;
    if (errno != EEXIST)
      return Error{f.target_ + ": cannot create temporary file " + f.temp_ + ": " +
                   std::strerror(errno)};
  }
  if (f.fd_ < 0) return Error{f.target_ + ": cannot find a free temporary file name"};
  f.buffer_.reserve(kBufferSize);
  return f;
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      target_(std::move(other.target_)),
      temp_(std::move(other.temp_)),
      buffer_(std::move(other.buffer_)),
      committed_(std::exchange(other.committed_, true)) {}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

MaybeError AtomicFile::flush() {
  const char* p = buffer_.data();
  size_t left = buffer_.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{target_ + ": write failed: " + std::strerror(errno)};
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  buffer_.clear();
  return std::nullopt;
}

MaybeError AtomicFile::write(const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const size_t take = std::min(size, kBufferSize - buffer_.size());
    buffer_.append(p, take);
    p += take;
    size -= take;
    if (buffer_.size() == kBufferSize)
      if (auto e = flush()) return e;
  }
  return std::nullopt;
}

MaybeError AtomicFile::commit() {
  if (auto e = flush()) return e;
  if (::close(std::exchange(fd_, -1)) != 0)
    return Error{target_ + ": closing failed: " + std::strerror(errno)};
  if (std::rename(temp_.c_str(), target_.c_str()) != 0)
    return Error{target_ + ": cannot rename " + temp_ + " to it: " + std::strerror(errno)};
  committed_ = true;
  return std::nullopt;
}

}  // namespace tavla::bearoff
