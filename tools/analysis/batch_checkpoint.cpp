// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/batch_checkpoint.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace tavla::analysis {

namespace {

constexpr const char* kMagic = "tavla-batch-checkpoint 1";

engine::Error error_at(const std::filesystem::path& file, int line, const std::string& what) {
  return engine::Error{file.string() + ":" + std::to_string(line) + ": " + what};
}

}  // namespace

std::string batch_signature(const RolloutRequest& r, const std::string& weights) {
  std::ostringstream s;
  s.precision(9);  // a float's shortest round trip
  const auto opt = [](const std::optional<int>& v) { return v ? std::to_string(*v) : "-"; };
  s << "trials=" << r.trials << " cubeful=" << r.cubeful << " vr=" << r.variance_reduction
    << " random_dice=" << r.random_dice << " initial=" << r.initial << " truncate=" << opt(r.truncate)
    << " plies=" << opt(r.plies) << " cube_plies=" << opt(r.cube_plies) << " cube=" << r.cube
    << " moves=" << r.moves << " std_error=";
  if (r.std_error)
    s << *r.std_error;
  else
    s << "-";
  s << " weights=" << weights;
  return s.str();
}

engine::Result<BatchCheckpoint> read_batch_checkpoint(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return engine::Error{file.string() + ": cannot read the checkpoint"};
  BatchCheckpoint cp;
  std::string line;
  int n = 0;
  uintmax_t offset = 0;
  bool have_signature = false, have_seed = false;
  while (std::getline(in, line)) {
    ++n;
    if (in.eof()) break;  // no newline: a line cut short by a kill, dropped
    const uintmax_t end = offset + line.size() + 1;
    if (n == 1) {
      if (line != kMagic) return error_at(file, n, "not a tavla batch checkpoint");
    } else if (line.rfind("signature ", 0) == 0) {
      cp.signature = line.substr(10);
      have_signature = true;
    } else if (line.rfind("seed ", 0) == 0) {
      char* e = nullptr;
      const unsigned long long s = std::strtoull(line.c_str() + 5, &e, 10);
      if (*e != '\0' || s > UINT32_MAX) return error_at(file, n, "bad seed");
      cp.seed = static_cast<uint32_t>(s);
      have_seed = true;
    } else if (line.rfind("answer ", 0) == 0) {
      const char* p = line.c_str() + 7;
      char* e = nullptr;
      const long index = std::strtol(p, &e, 10);
      if (e == p || *e != ' ' || index < 0 || index > INT32_MAX)
        return error_at(file, n, "bad answer index");
      p = e + 1;
      const long length = std::strtol(p, &e, 10);
      const size_t at = static_cast<size_t>(e - line.c_str()) + 1;
      if (e == p || *e != ' ' || length < 0 || at + static_cast<size_t>(length) >= line.size() ||
          line[at + length] != ' ')
        return error_at(file, n, "bad input length");
      cp.answers[static_cast<int>(index)] = {line.substr(at, length), line.substr(at + length + 1)};
    } else {
      return error_at(file, n, "unknown line");
    }
    offset = end;
  }
  if (n == 0) return engine::Error{file.string() + ": empty checkpoint"};
  if (!have_signature || !have_seed)
    return engine::Error{file.string() + ": no signature or seed line"};
  cp.valid_bytes = offset;
  return cp;
}

BatchCheckpointWriter::~BatchCheckpointWriter() {
  if (f_) std::fclose(f_);
}

std::optional<std::string> BatchCheckpointWriter::open(const std::filesystem::path& file,
                                                       const std::string& signature, uint32_t seed,
                                                       const BatchCheckpoint* resume) {
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
  std::fflush(f_);
  return std::nullopt;
}

void BatchCheckpointWriter::append(int index, const std::string& line, const std::string& answer) {
  std::fprintf(f_, "answer %d %zu ", index, line.size());
  std::fwrite(line.data(), 1, line.size(), f_);
  std::fputc(' ', f_);
  std::fwrite(answer.data(), 1, answer.size(), f_);
  std::fputc('\n', f_);
  std::fflush(f_);
}

bool BatchCheckpointWriter::failed() const { return f_ && std::ferror(f_); }

}  // namespace tavla::analysis
