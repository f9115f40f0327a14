// SPDX-License-Identifier: GPL-3.0-or-later
// The files of the web page (tools/serve/page/), compiled into the binary by embed_assets.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace tavla::serve {

struct PageAsset {
  std::string_view name;  // the file name in page/, e.g. "index.html"
  std::string_view content;
};

const std::vector<PageAsset>& page_assets();

}  // namespace tavla::serve
