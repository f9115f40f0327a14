// SPDX-License-Identifier: GPL-3.0-or-later
// Weight files, gnubg's text and binary formats: a file that parses must validate (finite
// numbers, gnubg's shapes) and write back to the same weights in both formats.
#include <cstdlib>
#include <span>

#include "eval/weights.h"
#include "fuzz_support.h"

using namespace tavla::eval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto check = [](const tavla::engine::Result<Weights>& w) {
    if (!w) return;
    if (validate(*w)) std::abort();
    auto text = parse_weights_text(format_weights_text(*w), "round trip");
    if (!text || !(*text == *w)) std::abort();
    auto bin = format_weights_binary(*w);
    auto back = parse_weights_binary(bin, "round trip");
    if (!back || !(*back == *w)) std::abort();
  };
  check(parse_weights_text(tavla::fuzz::as_text(data, size), "fuzz"));
  check(parse_weights_binary(std::as_bytes(std::span(data, size)), "fuzz"));
  return 0;
}
