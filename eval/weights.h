// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's neural-net weight files, as plain data: reading, validating and writing both formats.
//
// Text (gnubg.weights): the line "GNU Backgammon <version>", then for each of the six nets a
// header line "<inputs> <hidden> <outputs> <flag> <beta_hidden> <beta_output>" followed by one
// number per line: hidden weights (input-major), output weights (output-major), hidden biases,
// output biases. Parsed in the C locale whatever the process locale.
//
// Binary (gnubg.wd, written by gnubg's makeweights), little-endian: float magic 472.3782, float
// version (1.00), then per net int32 inputs, hidden, outputs, trained flag (1), float betas, and
// the same four float arrays.
//
// Nets in file order: contact (250 inputs), race (214), crashed (250), and the pruning nets for
// contact, crashed and race (200 inputs each); 5 outputs each. A file that fails any check
// yields an error naming the file and the problem, never a partly loaded set.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tavla::eval {

// The six nets, in file order.
enum class NetId { kContact, kRace, kCrashed, kPruneContact, kPruneCrashed, kPruneRace };
inline constexpr int kNetCount = 6;
std::string_view net_name(NetId id);
// Required input counts, in NetId order; all nets have 5 outputs.
inline constexpr std::array<int, kNetCount> kNetInputs = {250, 214, 250, 200, 200, 200};
inline constexpr int kNetOutputs = 5;
inline constexpr int kMaxHidden = 4096;  // a sanity bound for reading, not a property of gnubg

struct NetWeights {
  int inputs = 0;
  int hidden = 0;
  int outputs = 0;
  float beta_hidden = 0.0f;
  float beta_output = 0.0f;
  std::vector<float> hidden_weights;  // [i * hidden + j]: input i to hidden unit j
  std::vector<float> output_weights;  // [k * hidden + j]: hidden unit j to output k
  std::vector<float> hidden_bias;     // [j]
  std::vector<float> output_bias;     // [k]

  friend bool operator==(const NetWeights&, const NetWeights&) = default;
};

struct Weights {
  std::string version;  // "1.00" for gnubg 1.07's nets
  std::array<NetWeights, kNetCount> nets;

  const NetWeights& net(NetId id) const { return nets[static_cast<int>(id)]; }
  friend bool operator==(const Weights&, const Weights&) = default;
};

inline constexpr float kBinaryMagic = 472.3782f;
inline constexpr std::string_view kTextMagic = "GNU Backgammon ";
// Versions tavla can evaluate correctly (the 1.01 nets of gnubg >= 1.08 need another PIPLOSS rule).
inline constexpr std::array<std::string_view, 1> kSupportedVersions = {"1.00"};

// Checks sizes, betas, version and that every number is finite. Returns the first problem.
std::optional<std::string> validate(const Weights& w);

// Parsing from memory; `name` names the source in error messages.
engine::Result<Weights> parse_weights_text(std::string_view content, std::string_view name);
engine::Result<Weights> parse_weights_binary(std::span<const std::byte> content,
                                             std::string_view name);

// Reads a file in either format (recognised by its first bytes).
engine::Result<Weights> read_weights(const std::filesystem::path& file);

// Writing. Text numbers are the shortest decimal forms that read back to the same floats.
std::string format_weights_text(const Weights& w);
std::vector<std::byte> format_weights_binary(const Weights& w);
// Writes to `file` (replaced); returns an error message naming the file on failure.
std::optional<std::string> write_weights_text(const Weights& w, const std::filesystem::path& file);
std::optional<std::string> write_weights_binary(const Weights& w,
                                                const std::filesystem::path& file);

// Where weights are looked for, in order: `explicit_file` (the --weights option), then the file
// named by $TAVLA_WEIGHTS, then tavla's own nets (weights/tavla.wd of the source tree, or
// <prefix>/share/tavla/tavla.wd next to an installed program), then gnubg's installed files
// (/usr/lib/gnubg/gnubg.wd, /usr/share/gnubg/gnubg.wd, /usr/share/gnubg/gnubg.weights).
// An explicit file or $TAVLA_WEIGHTS that cannot be read is an error (no silent fallback);
// when nothing is found the error says what to do.
engine::Result<Weights> find_weights(const std::optional<std::filesystem::path>& explicit_file);
// The file find_weights reads (whether or not it is valid); nullopt when none is found.
std::optional<std::filesystem::path> weights_file(
    const std::optional<std::filesystem::path>& explicit_file);
std::vector<std::filesystem::path> default_weight_paths();
// gnubg's installed weight files only (the last entries of default_weight_paths()).
std::vector<std::filesystem::path> gnubg_weight_paths();
inline constexpr const char* kTavlaWeightsFile = "tavla.wd";

}  // namespace tavla::eval
