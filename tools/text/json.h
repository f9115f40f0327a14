// SPDX-License-Identifier: GPL-3.0-or-later
// A small streaming JSON writer for the batch protocol and --json output: objects and arrays are
// opened and closed explicitly; commas are placed automatically. Single line, no whitespace.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tavla::text {

std::string json_escape(std::string_view s);  // with the surrounding quotes

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(int v);
  JsonWriter& value(long long v);
  JsonWriter& value(unsigned long long v);
  JsonWriter& value(double v);  // shortest form that reads back to the same double
  JsonWriter& null();
  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  const std::string& str() const { return out_; }

 private:
  void separate();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace tavla::text
