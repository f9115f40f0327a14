// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/rollout_checkpoint.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace tavla::analysis {

namespace {

constexpr const char* kMagic = "tavla-rollout-checkpoint 1";

engine::Error error_at(const std::filesystem::path& file, int line, const std::string& what) {
  return engine::Error{file.string() + ":" + std::to_string(line) + ": " + what};
}

}  // namespace

std::string checkpoint_signature(const std::string& position, const RolloutRequest& r,
                                 const std::vector<RolloutCandidate>& candidates) {
  std::ostringstream s;
  const auto opt = [](const std::optional<int>& v) { return v ? std::to_string(*v) : "-"; };
  s << "position=" << position << " cubeful=" << r.cubeful << " vr=" << r.variance_reduction
    << " random_dice=" << r.random_dice << " initial=" << r.initial << " truncate=" << opt(r.truncate)
    << " plies=" << opt(r.plies) << " cube_plies=" << opt(r.cube_plies) << " cube=" << r.cube
    << " candidates=";
  for (size_t i = 0; i < candidates.size(); ++i) s << (i ? "|" : "") << candidates[i].label;
  return s.str();
}

engine::Result<RolloutCheckpoint> read_rollout_checkpoint(const std::filesystem::path& file,
                                                          int alternatives) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return engine::Error{file.string() + ": cannot read the checkpoint"};
  RolloutCheckpoint cp;
  std::string line;
  int n = 0;
  uintmax_t offset = 0;
  bool have_signature = false, have_seed = false;
  while (std::getline(in, line)) {
    ++n;
    if (in.eof()) break;  // no newline: a line cut short by a kill, dropped
    const uintmax_t end = offset + line.size() + 1;
    if (n == 1) {
      if (line != kMagic) return error_at(file, n, "not a tavla rollout checkpoint");
    } else if (line.rfind("signature ", 0) == 0) {
      cp.signature = line.substr(10);
      have_signature = true;
    } else if (line.rfind("seed ", 0) == 0) {
      char* e = nullptr;
      const unsigned long long s = std::strtoull(line.c_str() + 5, &e, 10);
      if (*e != '\0' || s > UINT32_MAX) return error_at(file, n, "bad seed");
      cp.seed = static_cast<uint32_t>(s);
      have_seed = true;
    } else if (line.rfind("trial ", 0) == 0) {
      const char* p = line.c_str() + 6;
      char* e = nullptr;
      const long index = std::strtol(p, &e, 10);
      if (e == p || index < 0 || index > INT32_MAX) return error_at(file, n, "bad trial index");
      CheckpointTrial t{static_cast<int>(index), std::vector<rollout::Outputs>(alternatives)};
      p = e;
      for (auto& out : t.results)
        for (float& v : out) {
          v = std::strtof(p, &e);
          if (e == p) return error_at(file, n, "expected " + std::to_string(alternatives * 7) + " numbers");
          p = e;
        }
      while (*p == ' ') ++p;
      if (*p != '\0') return error_at(file, n, "more numbers than " + std::to_string(alternatives * 7));
      cp.trials.push_back(std::move(t));
    } else {
      return error_at(file, n, "unknown line");
    }
    offset = end;
  }
  if (n == 0) return engine::Error{file.string() + ": empty checkpoint"};
  if (!have_signature || !have_seed) return engine::Error{file.string() + ": no signature or seed line"};
  cp.valid_bytes = offset;
  return cp;
}

CheckpointWriter::~CheckpointWriter() {
  if (f_) std::fclose(f_);
}

std::optional<std::string> CheckpointWriter::open(const std::filesystem::path& file,
                                                  const std::string& signature, uint32_t seed,
                                                  const RolloutCheckpoint* resume) {
  if (resume) {
    std::error_code ec;
    std::filesystem::resize_file(file, resume->valid_bytes, ec);
    if (ec) return file.string() + ": " + ec.message();
    f_ = std::fopen(file.c_str(), "ab");
  } else {
    f_ = std::fopen(file.c_str(), "wb");
    if (f_) std::fprintf(f_, "%s\nsignature %s\nseed %u\n", kMagic, signature.c_str(), seed);
  }
  if (!f_) return file.string() + ": cannot write the checkpoint";
  flush();
  return std::nullopt;
}

void CheckpointWriter::append(int index, const std::vector<rollout::Outputs>& results) {
  std::fprintf(f_, "trial %d", index);
  for (const auto& out : results)
    for (float v : out) std::fprintf(f_, " %a", static_cast<double>(v));
  std::fputc('\n', f_);
}

void CheckpointWriter::flush() { std::fflush(f_); }

bool CheckpointWriter::failed() const { return f_ && std::ferror(f_); }

}  // namespace tavla::analysis
