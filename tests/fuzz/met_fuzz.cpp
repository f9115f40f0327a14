// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's match equity table XML: parsed, then the table computed and extended to 64 points as
// `set matchequitytable FILE` does.
#include "eval/match_equity.h"
#include "fuzz_support.h"

using namespace tavla::eval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto spec = parse_met_xml(tavla::fuzz::as_text(data, size), "fuzz.xml");
  if (spec) (void)MatchEquityTable::from_spec(*spec);
  return 0;
}
