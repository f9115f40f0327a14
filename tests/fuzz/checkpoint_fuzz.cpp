// SPDX-License-Identifier: GPL-3.0-or-later
// Training checkpoints (`tavla train --dir`): state.txt as the fuzzer writes it, beside a valid
// nets.wd (tavla's shipped nets), loaded as a resumed run loads them.
#include <filesystem>

#include "fuzz_support.h"
#include "train/trainer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path dir = [] {
    const auto d = tavla::fuzz::scratch_dir() / "checkpoint";
    std::filesystem::create_directories(d);
    std::filesystem::copy_file(std::filesystem::path(TAVLA_SOURCE_DIR) / "weights" / "tavla.wd",
                               d / "nets.wd",
                               std::filesystem::copy_options::overwrite_existing);
    return d;
  }();
  tavla::fuzz::write_scratch("checkpoint/state.txt", data, size);
  (void)tavla::train::load_checkpoint(dir);
  return 0;
}
