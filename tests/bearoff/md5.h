// SPDX-License-Identifier: GPL-3.0-or-later
// md5 sums of buffers and files, for comparing generated databases with published checksums.
// The digest itself is eval/md5.h's (one MD5 in the project).
#pragma once

#include <string>
#include <string_view>

namespace tavla::test {

std::string md5_hex(std::string_view bytes);
// The md5 of a file's contents, or "" when it cannot be read.
std::string md5_file(const std::string& path);

}  // namespace tavla::test
