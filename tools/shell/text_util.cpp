// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell/text_util.h"

#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace tavla::shell {

std::string strf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[512];
  va_list ap2;
  va_copy(ap2, ap);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  std::string out;
  if (n < static_cast<int>(sizeof buf)) {
    out.assign(buf, n < 0 ? 0 : n);
  } else {
    out.resize(n + 1);
    std::vsnprintf(out.data(), out.size(), fmt, ap2);
    out.resize(n);
  }
  va_end(ap2);
  return out;
}

namespace {
bool blank(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}
}  // namespace

std::optional<std::string> next_token(std::string& rest) {
  size_t i = 0;
  while (i < rest.size() && blank(rest[i])) ++i;
  if (i == rest.size()) {
    rest.clear();
    return std::nullopt;
  }
  std::string tok;
  char quote = 0;
  for (; i < rest.size(); ++i) {
    const char c = rest[i];
    if (!quote && blank(c)) break;
    if (c == '"') {
      if (!quote)
        quote = c;
      else if (quote == c)
        quote = 0;
      else
        tok += c;
    } else if (c == '\\' && quote != '\'') {
      if (i + 1 < rest.size())
        tok += rest[++i];
      else
        tok += c;
    } else {
      tok += c;
    }
  }
  while (i < rest.size() && blank(rest[i])) ++i;
  rest.erase(0, i);
  return tok;
}

std::optional<int> parse_number(std::string& rest) {
  auto tok = next_token(rest);
  if (!tok) return std::nullopt;
  for (char c : *tok)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-') return std::nullopt;
  return std::atoi(tok->c_str());
}

std::optional<float> parse_real(std::string& rest) {
  auto tok = next_token(rest);
  if (!tok || tok->empty()) return std::nullopt;
  char* end = nullptr;
  float r = std::strtof(tok->c_str(), &end);
  if (*end) return std::nullopt;
  return r;
}

bool is_prefix_ci(std::string_view word, std::string_view name) {
  if (word.size() > name.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(word[i])) !=
        std::tolower(static_cast<unsigned char>(name[i])))
      return false;
  return true;
}

bool equals_ci(std::string_view a, std::string_view b) {
  return a.size() == b.size() && is_prefix_ci(a, b);
}

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  auto blankish = [](char c) { return c == '_' || blank(c); };
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) ==
        std::toupper(static_cast<unsigned char>(b[i])))
      continue;
    if (!(blankish(a[i]) && blankish(b[i]))) return false;
  }
  return true;
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && blank(s[b])) ++b;
  while (e > b && blank(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

}  // namespace tavla::shell
