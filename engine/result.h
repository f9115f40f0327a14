// SPDX-License-Identifier: GPL-3.0-or-later
// A value or an error message: what decoding IDs, move text and files returns (C++20 has no
// std::expected). The message names what is wrong and where, ready to be shown to a user.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tavla::engine {

struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  const std::string& error() const { return std::get<1>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

}  // namespace tavla::engine
