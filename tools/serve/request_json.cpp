// SPDX-License-Identifier: GPL-3.0-or-later
#include "serve/request_json.h"

#include <charconv>
#include <cmath>

namespace tavla::serve {

namespace {

// A recursive-descent reader of the flat object; `pos` is the byte offset of the next character.
class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}

  std::optional<std::string> read_object(std::map<std::string, JsonScalar, std::less<>>& out) {
    skip_space();
    if (!eat('{')) return at("expected a JSON object '{'");
    skip_space();
    if (eat('}')) return finish();
    for (;;) {
      skip_space();
      std::string key;
      if (auto e = read_string(key)) return e;
      skip_space();
      if (!eat(':')) return at("expected ':' after the key");
      skip_space();
      JsonScalar v;
      if (auto e = read_value(v)) return e;
      if (!out.emplace(key, std::move(v)).second) return at("duplicate key \"" + key + "\"");
      skip_space();
      if (eat('}')) return finish();
      if (!eat(',')) return at("expected ',' or '}'");
    }
  }

 private:
  std::optional<std::string> finish() {
    skip_space();
    if (pos_ != s_.size()) return at("unexpected text after the object");
    return std::nullopt;
  }
  std::string at(const std::string& what) const {
    return what + " at byte " + std::to_string(pos_);
  }
  void skip_space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool eat(char c) {
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool eat_word(std::string_view w) {
    if (s_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }

  std::optional<std::string> read_value(JsonScalar& v) {
    if (pos_ >= s_.size()) return at("expected a value");
    const char c = s_[pos_];
    if (c == '"') {
      std::string str;
      if (auto e = read_string(str)) return e;
      v = std::move(str);
      return std::nullopt;
    }
    if (c == '{' || c == '[') return at("nested objects and arrays are not accepted");
    if (eat_word("true")) return v = true, std::nullopt;
    if (eat_word("false")) return v = false, std::nullopt;
    if (eat_word("null")) return v = nullptr, std::nullopt;
    if (c == '-' || (c >= '0' && c <= '9')) {
      // JSON's number grammar is a subset of what from_chars reads; the extra forms it takes
      // (leading zeros) are harmless here.
      double d = 0;
      auto [end, ec] = std::from_chars(s_.data() + pos_, s_.data() + s_.size(), d);
      if (ec != std::errc() || !std::isfinite(d)) return at("bad number");
      pos_ = static_cast<size_t>(end - s_.data());
      v = d;
      return std::nullopt;
    }
    return at("expected a string, number, true, false or null");
  }

  // A string with JSON's escapes; \u escapes (with surrogate pairs) become UTF-8.
  std::optional<std::string> read_string(std::string& out) {
    if (!eat('"')) return at("expected a string");
    for (;;) {
      if (pos_ >= s_.size()) return at("unterminated string");
      const char c = s_[pos_++];
      if (c == '"') return std::nullopt;
      if (static_cast<unsigned char>(c) < 0x20) return at("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) return at("unterminated string");
      const char e = s_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!read_hex4(cp)) return at("bad \\u escape");
          if (cp >= 0xD800 && cp < 0xDC00) {
            unsigned lo = 0;
            if (!eat('\\') || !eat('u') || !read_hex4(lo) || lo < 0xDC00 || lo >= 0xE000)
              return at("unpaired surrogate in a \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp < 0xE000) {
            return at("unpaired surrogate in a \\u escape");
          }
          append_utf8(out, cp);
          break;
        }
        default:
          return at("bad escape in a string");
      }
    }
  }
  bool read_hex4(unsigned& cp) {
    if (s_.size() - pos_ < 4) return false;
    for (int i = 0; i < 4; ++i) {
      const char h = s_[pos_++];
      cp <<= 4;
      if (h >= '0' && h <= '9') cp |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f') cp |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') cp |= static_cast<unsigned>(h - 'A' + 10);
      else return false;
    }
    return true;
  }
  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

engine::Result<RequestFields> RequestFields::parse(std::string_view body) {
  RequestFields r;
  Reader reader(body);
  if (auto e = reader.read_object(r.fields_)) return engine::Error{"bad JSON: " + *e};
  return r;
}

const JsonScalar* RequestFields::find(std::string_view key) const {
  auto it = fields_.find(key);
  if (it == fields_.end() || std::holds_alternative<std::nullptr_t>(it->second)) return nullptr;
  return &it->second;
}

void RequestFields::fail(std::string message) const {
  if (!error_) error_ = std::move(message);
}

std::optional<std::string> RequestFields::text(std::string_view key) const {
  const JsonScalar* v = find(key);
  if (!v) return std::nullopt;
  if (auto* s = std::get_if<std::string>(v)) return *s;
  fail("\"" + std::string(key) + "\" must be a string");
  return std::nullopt;
}

std::optional<bool> RequestFields::flag(std::string_view key) const {
  const JsonScalar* v = find(key);
  if (!v) return std::nullopt;
  if (auto* b = std::get_if<bool>(v)) return *b;
  fail("\"" + std::string(key) + "\" must be true or false");
  return std::nullopt;
}

std::optional<double> RequestFields::number(std::string_view key) const {
  const JsonScalar* v = find(key);
  if (!v) return std::nullopt;
  if (auto* d = std::get_if<double>(v)) return *d;
  fail("\"" + std::string(key) + "\" must be a number");
  return std::nullopt;
}

std::optional<long long> RequestFields::integer(std::string_view key, long long lo,
                                                long long hi) const {
  const JsonScalar* v = find(key);
  if (!v) return std::nullopt;
  const double* d = std::get_if<double>(v);
  if (!d || *d != std::floor(*d) || *d < static_cast<double>(lo) || *d > static_cast<double>(hi)) {
    fail("\"" + std::string(key) + "\" must be an integer in " + std::to_string(lo) + ".." +
         std::to_string(hi));
    return std::nullopt;
  }
  return static_cast<long long>(*d);
}

std::optional<std::string> RequestFields::unknown_field(
    std::initializer_list<std::string_view> known) const {
  for (const auto& [k, v] : fields_) {
    bool found = false;
    for (auto n : known) found = found || n == k;
    if (!found) return k;
  }
  return std::nullopt;
}

}  // namespace tavla::serve
