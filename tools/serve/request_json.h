// SPDX-License-Identifier: GPL-3.0-or-later
// The body of a `tavla serve` request: one flat JSON object whose values are strings, numbers,
// booleans or null (every request of the API is such an object). Anything else -- nesting,
// trailing text, bad escapes, unknown fields -- is refused with a message that says what and at
// which byte, so that a bad request gets a 400 and never reaches the engine.
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/result.h"

namespace tavla::serve {

using JsonScalar = std::variant<std::nullptr_t, bool, double, std::string>;

class RequestFields {
 public:
  // Parses `body`; errors name the byte offset.
  static engine::Result<RequestFields> parse(std::string_view body);

  // Typed reads: a missing (or null) field is nullopt; a field of the wrong type or out of range
  // is nullopt too and records the first such error, which `error()` returns after the reads.
  std::optional<std::string> text(std::string_view key) const;
  std::optional<bool> flag(std::string_view key) const;
  std::optional<long long> integer(std::string_view key, long long lo, long long hi) const;
  std::optional<double> number(std::string_view key) const;
  const std::optional<std::string>& error() const { return error_; }

  // The first field not among `known`, if any (a misspelt option is an error, not ignored).
  std::optional<std::string> unknown_field(std::initializer_list<std::string_view> known) const;

 private:
  const JsonScalar* find(std::string_view key) const;
  void fail(std::string message) const;

  std::map<std::string, JsonScalar, std::less<>> fields_;
  mutable std::optional<std::string> error_;
};

}  // namespace tavla::serve
