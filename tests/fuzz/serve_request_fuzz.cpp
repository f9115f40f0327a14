// SPDX-License-Identifier: GPL-3.0-or-later
// The body of a `tavla serve` request (tools/serve/request_json.h), read as the server reads
// it: parsed, then every field the API knows read with its type and range.
#include "fuzz_support.h"
#include "serve/request_json.h"

using namespace tavla;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto f = serve::RequestFields::parse(fuzz::as_text(data, size));
  if (!f) return 0;
  (void)f->unknown_field({"position", "plies", "level"});
  (void)f->text("position");
  (void)f->text("level");
  (void)f->integer("plies", 0, 6);
  (void)f->integer("seed", 0, 4294967295LL);
  (void)f->flag("cube");
  (void)f->number("std_error");
  return 0;
}
