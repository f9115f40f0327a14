// SPDX-License-Identifier: GPL-3.0-or-later
// Small text helpers of the shell: printf-style formatting (gnubg's messages are printf formats),
// gnubg's tokenizer and its case-insensitive prefix matching.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tavla::shell {

std::string strf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// gnubg's NextToken: skips blanks, then reads up to the next blank; "..." quotes blanks, a
// backslash makes the next character literal. Consumes the token and the blanks after it from
// `rest`; nullopt when nothing is left.
std::optional<std::string> next_token(std::string& rest);

// gnubg's ParseNumber: the next token as an integer, or nullopt when it is missing or has a
// character other than digits and '-' (the token is consumed either way).
std::optional<int> parse_number(std::string& rest);

// gnubg's ParseReal: the next token as a number, nullopt if it is not one entirely.
std::optional<float> parse_real(std::string& rest);

// `word` (non-empty) is a case-insensitive prefix of `name` (gnubg's StrNCaseCmp(word, name, len)).
bool is_prefix_ci(std::string_view word, std::string_view name);
bool equals_ci(std::string_view a, std::string_view b);

// gnubg's CompareNames: player names are equal ignoring case, with blanks and '_' all alike.
bool same_name(std::string_view a, std::string_view b);

// Removes leading and trailing blanks.
std::string trim(std::string_view s);

}  // namespace tavla::shell
