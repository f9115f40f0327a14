// SPDX-License-Identifier: GPL-3.0-or-later
// Lines of the UBGI protocol (`tavla ubgi`, tools/ubgi/): the input split at newlines and fed to a
// session as a controller would, every answer checked to be printable single lines. The session's
// weights do not exist, so `go` and `isready` stop at the analyser (an error line) and the fuzzer
// exercises the parsing, IDs, dice and keys, not the nets.
#include <cstdlib>

#include "fuzz_support.h"
#include "ubgi/session.h"

using namespace tavla;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ubgi::SessionSettings settings;
  settings.analyser.weights = "/nonexistent/tavla-fuzz.wd";
  ubgi::Session session(settings);
  std::string_view text = fuzz::as_text(data, size);
  while (!text.empty() && !session.quit_requested()) {
    const size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    for (const std::string& reply : session.answer(line))
      for (char c : reply)
        if (c < 0x20 || c >= 0x7f) std::abort();  // an answer is one printable line
  }
  return 0;
}
