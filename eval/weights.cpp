// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/weights.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

namespace tavla::eval {

namespace fs = std::filesystem;
using engine::Error;
using engine::Result;

std::string_view net_name(NetId id) {
  switch (id) {
    case NetId::kContact:
      return "contact";
    case NetId::kRace:
      return "race";
    case NetId::kCrashed:
      return "crashed";
    case NetId::kPruneContact:
      return "pruning contact";
    case NetId::kPruneCrashed:
      return "pruning crashed";
    case NetId::kPruneRace:
      return "pruning race";
  }
  return "?";
}

namespace {

std::string net_label(int n) {
  return "net " + std::to_string(n + 1) + " (" + std::string(net_name(static_cast<NetId>(n))) + ")";
}

// The problem with one net's header, if any.
std::optional<std::string> check_header(int n, int inputs, int hidden, int outputs, float beta_h,
                                        float beta_o) {
  const std::string what = net_label(n);
  if (inputs != kNetInputs[n])
    return what + " has " + std::to_string(inputs) + " inputs, expected " +
           std::to_string(kNetInputs[n]);
  if (outputs != kNetOutputs)
    return what + " has " + std::to_string(outputs) + " outputs, expected " +
           std::to_string(kNetOutputs);
  if (hidden < 1 || hidden > kMaxHidden)
    return what + " has " + std::to_string(hidden) + " hidden units, expected 1.." +
           std::to_string(kMaxHidden);
  if (!std::isfinite(beta_h) || beta_h <= 0.0f || !std::isfinite(beta_o) || beta_o <= 0.0f)
    return what + " has a hidden or output beta that is not a positive number";
  return std::nullopt;
}

bool supported_version(std::string_view v) {
  for (auto s : kSupportedVersions)
    if (v == s) return true;
  return false;
}

std::string unsupported_version(std::string_view v) {
  std::string expected;
  for (auto s : kSupportedVersions) expected += (expected.empty() ? "" : " or ") + std::string(s);
  return "weights version " + std::string(v) + " is not supported (expected " + expected + ")";
}

// The four arrays of a net in file order.
std::array<std::vector<float>*, 4> arrays(NetWeights& w) {
  return {&w.hidden_weights, &w.output_weights, &w.hidden_bias, &w.output_bias};
}
std::array<const std::vector<float>*, 4> arrays(const NetWeights& w) {
  return {&w.hidden_weights, &w.output_weights, &w.hidden_bias, &w.output_bias};
}
constexpr const char* kArrayNames[4] = {"hidden weight", "output weight", "hidden bias",
                                        "output bias"};
constexpr const char* kArrayPlurals[4] = {"hidden weights", "output weights", "hidden biases",
                                          "output biases"};

void size_arrays(NetWeights& w) {
  w.hidden_weights.resize(static_cast<size_t>(w.inputs) * w.hidden);
  w.output_weights.resize(static_cast<size_t>(w.outputs) * w.hidden);
  w.hidden_bias.resize(w.hidden);
  w.output_bias.resize(w.outputs);
}

// ------------------------------------------------------------------------------------------
// Text format

// Whitespace-separated tokens with line numbers.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view s) : s_(s) {}
  // The next token, or an empty view at the end.
  std::string_view next() {
    while (pos_ < s_.size() && is_space(s_[pos_])) {
      if (s_[pos_] == '\n') ++line_;
      ++pos_;
    }
    token_line_ = line_;
    const size_t start = pos_;
    while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
    return s_.substr(start, pos_ - start);
  }
  int line() const { return token_line_; }

 private:
  static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  }
  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1;
  int token_line_ = 1;
};

bool parse_float(std::string_view t, float& out) {
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
  return ec == std::errc() && p == t.data() + t.size();
}

bool parse_int(std::string_view t, int& out) {
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
  return ec == std::errc() && p == t.data() + t.size();
}

// ------------------------------------------------------------------------------------------
// Binary format (little-endian)

class Reader {
 public:
  explicit Reader(std::span<const std::byte> b) : b_(b) {}
  bool u32(uint32_t& v) {
    if (b_.size() - pos_ < 4) return false;
    v = 0;
    for (int i = 0; i < 4; ++i) v |= std::to_integer<uint32_t>(b_[pos_ + i]) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool i32(int& v) {
    uint32_t u;
    if (!u32(u)) return false;
    v = static_cast<int32_t>(u);
    return true;
  }
  bool f32(float& v) {
    uint32_t u;
    if (!u32(u)) return false;
    v = std::bit_cast<float>(u);
    return true;
  }
  size_t remaining() const { return b_.size() - pos_; }

 private:
  std::span<const std::byte> b_;
  size_t pos_ = 0;
};

void put_u32(std::vector<std::byte>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xff));
}
void put_f32(std::vector<std::byte>& out, float v) {
  put_u32(out, std::bit_cast<uint32_t>(v));
}

std::string format_version(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

Result<Weights> fail(std::string_view name, const std::string& what) {
  return Error{std::string(name) + ": " + what};
}

}  // namespace

std::optional<std::string> validate(const Weights& w) {
  if (!supported_version(w.version)) return unsupported_version(w.version);
  for (int n = 0; n < kNetCount; ++n) {
    const NetWeights& net = w.nets[n];
    if (auto e =
            check_header(n, net.inputs, net.hidden, net.outputs, net.beta_hidden, net.beta_output))
      return e;
    const size_t want[4] = {static_cast<size_t>(net.inputs) * net.hidden,
                            static_cast<size_t>(net.outputs) * net.hidden,
                            static_cast<size_t>(net.hidden), static_cast<size_t>(net.outputs)};
    auto a = arrays(net);
    for (int k = 0; k < 4; ++k) {
      if (a[k]->size() != want[k])
        return net_label(n) + " has " + std::to_string(a[k]->size()) + " " + kArrayPlurals[k] +
               ", expected " + std::to_string(want[k]);
      for (size_t i = 0; i < a[k]->size(); ++i)
        if (!std::isfinite((*a[k])[i]))
          return net_label(n) + ": " + kArrayNames[k] + " " + std::to_string(i) +
                 " is not a finite number";
    }
  }
  return std::nullopt;
}

Result<Weights> parse_weights_text(std::string_view content, std::string_view name) {
  Weights w;
  Tokenizer tok(content);
  auto at = [&](const std::string& what) {
    return fail(name, "line " + std::to_string(tok.line()) + ": " + what);
  };
  // "GNU Backgammon <version>"
  if (tok.next() != "GNU" || tok.next() != "Backgammon")
    return fail(name, "not a gnubg weights file (it does not start with \"GNU Backgammon\")");
  w.version = std::string(tok.next());
  if (!supported_version(w.version)) return fail(name, unsupported_version(w.version));

  for (int n = 0; n < kNetCount; ++n) {
    NetWeights& net = w.nets[n];
    std::string_view t[6];
    for (auto& x : t) x = tok.next();
    if (t[0].empty()) return at(net_label(n) + " is missing (file ends early)");
    if (!parse_int(t[0], net.inputs) || !parse_int(t[1], net.hidden) ||
        !parse_int(t[2], net.outputs) || t[3].empty() || !parse_float(t[4], net.beta_hidden) ||
        !parse_float(t[5], net.beta_output))
      return at("malformed header of " + net_label(n) +
                " (expected: inputs hidden outputs flag beta_hidden beta_output)");
    if (auto e =
            check_header(n, net.inputs, net.hidden, net.outputs, net.beta_hidden, net.beta_output))
      return at(*e);
    size_arrays(net);
    auto a = arrays(net);
    for (int k = 0; k < 4; ++k)
      for (size_t i = 0; i < a[k]->size(); ++i) {
        const std::string_view v = tok.next();
        if (v.empty())
          return at(net_label(n) + " ends early: " + kArrayNames[k] + " " + std::to_string(i) +
                    " is missing");
        float& f = (*a[k])[i];
        if (!parse_float(v, f))
          return at(net_label(n) + ": \"" + std::string(v.substr(0, 32)) + "\" is not a number");
        if (!std::isfinite(f))
          return at(net_label(n) + ": " + kArrayNames[k] + " " + std::to_string(i) +
                    " is not a finite number");
      }
  }
  if (!tok.next().empty()) return at("unexpected data after the last net");
  return w;
}

Result<Weights> parse_weights_binary(std::span<const std::byte> content, std::string_view name) {
  Reader r(content);
  float magic, version;
  if (!r.f32(magic)) return fail(name, "too short to be a weights file");
  if (magic != kBinaryMagic) return fail(name, "not a gnubg binary weights file (bad magic)");
  if (!r.f32(version)) return fail(name, "ends before the version");
  Weights w;
  w.version = format_version(version);
  if (!supported_version(w.version) ||
      std::bit_cast<uint32_t>(version) != std::bit_cast<uint32_t>(1.00f))
    return fail(name, unsupported_version(w.version));
  for (int n = 0; n < kNetCount; ++n) {
    NetWeights& net = w.nets[n];
    int trained;
    if (!r.i32(net.inputs) || !r.i32(net.hidden) || !r.i32(net.outputs) || !r.i32(trained) ||
        !r.f32(net.beta_hidden) || !r.f32(net.beta_output))
      return fail(name, net_label(n) + " is missing or truncated (file ends early)");
    if (auto e =
            check_header(n, net.inputs, net.hidden, net.outputs, net.beta_hidden, net.beta_output))
      return fail(name, *e);
    size_arrays(net);
    auto a = arrays(net);
    for (int k = 0; k < 4; ++k) {
      if (r.remaining() / 4 < a[k]->size())
        return fail(name, net_label(n) + " is truncated in its " + kArrayPlurals[k]);
      for (size_t i = 0; i < a[k]->size(); ++i) {
        float& f = (*a[k])[i];
        r.f32(f);
        if (!std::isfinite(f))
          return fail(name, net_label(n) + ": " + kArrayNames[k] + " " + std::to_string(i) +
                                " is not a finite number");
      }
    }
  }
  if (r.remaining() != 0)
    return fail(name, std::to_string(r.remaining()) + " unexpected bytes after the last net");
  return w;
}

Result<Weights> read_weights(const fs::path& file) {
  const std::string name = file.string();
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail(name, "cannot open the file");
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return fail(name, "read error");
  if (data.size() >= 4) {
    float magic;
    std::memcpy(&magic, data.data(), 4);
    if (std::bit_cast<uint32_t>(magic) == std::bit_cast<uint32_t>(kBinaryMagic))
      return parse_weights_binary(std::as_bytes(std::span(data.data(), data.size())), name);
  }
  if (data.starts_with(kTextMagic)) return parse_weights_text(data, name);
  return fail(name, "not a gnubg weights file (neither the binary magic nor \"GNU Backgammon\")");
}

std::string format_weights_text(const Weights& w) {
  std::string out = "GNU Backgammon " + w.version + "\n";
  char buf[64];
  auto number = [&](float f) {
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, f);
    out.append(buf, p);
  };
  for (const NetWeights& net : w.nets) {
    out += std::to_string(net.inputs) + " " + std::to_string(net.hidden) + " " +
           std::to_string(net.outputs) + " 0 ";
    number(net.beta_hidden);
    out += ' ';
    number(net.beta_output);
    out += '\n';
    for (const auto* a : arrays(net))
      for (float f : *a) {
        number(f);
        out += '\n';
      }
  }
  return out;
}

std::vector<std::byte> format_weights_binary(const Weights& w) {
  std::vector<std::byte> out;
  put_f32(out, kBinaryMagic);
  float version = 0.0f;
  std::from_chars(w.version.data(), w.version.data() + w.version.size(), version);
  put_f32(out, version);
  for (const NetWeights& net : w.nets) {
    put_u32(out, static_cast<uint32_t>(net.inputs));
    put_u32(out, static_cast<uint32_t>(net.hidden));
    put_u32(out, static_cast<uint32_t>(net.outputs));
    put_u32(out, 1);  // "trained", as gnubg's makeweights writes it
    put_f32(out, net.beta_hidden);
    put_f32(out, net.beta_output);
    for (const auto* a : arrays(net))
      for (float f : *a) put_f32(out, f);
  }
  return out;
}

namespace {

std::optional<std::string> write_file(const fs::path& file, const char* data, size_t size) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) return file.string() + ": cannot open for writing";
  out.write(data, static_cast<std::streamsize>(size));
  out.close();
  if (!out) return file.string() + ": write error";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> write_weights_text(const Weights& w, const fs::path& file) {
  const std::string s = format_weights_text(w);
  return write_file(file, s.data(), s.size());
}

std::optional<std::string> write_weights_binary(const Weights& w, const fs::path& file) {
  const std::vector<std::byte> b = format_weights_binary(w);
  return write_file(file, reinterpret_cast<const char*>(b.data()), b.size());
}

std::vector<fs::path> default_weight_paths() {
  std::vector<fs::path> paths;
  // tavla's own nets: weights/ of the source tree the program was built from, then an installed
  // copy next to the program (<prefix>/bin/tavla, <prefix>/share/tavla/tavla.wd).
#ifdef TAVLA_WEIGHTS_DIR
  paths.push_back(fs::path(TAVLA_WEIGHTS_DIR) / kTavlaWeightsFile);
#endif
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) paths.push_back(exe.parent_path().parent_path() / "share" / "tavla" / kTavlaWeightsFile);
  for (const char* p :
       {"/usr/lib/gnubg/gnubg.wd", "/usr/share/gnubg/gnubg.wd", "/usr/share/gnubg/gnubg.weights"})
    paths.push_back(p);
  return paths;
}

std::vector<fs::path> gnubg_weight_paths() {
  return {"/usr/lib/gnubg/gnubg.wd", "/usr/share/gnubg/gnubg.wd", "/usr/share/gnubg/gnubg.weights"};
}

std::optional<fs::path> weights_file(const std::optional<fs::path>& explicit_file) {
  if (explicit_file) return *explicit_file;
  if (const char* env = std::getenv("TAVLA_WEIGHTS"); env && *env) return fs::path(env);
  for (const fs::path& p : default_weight_paths()) {
    std::error_code ec;
    if (fs::exists(p, ec)) return p;
  }
  return std::nullopt;
}

Result<Weights> find_weights(const std::optional<fs::path>& explicit_file) {
  if (explicit_file) return read_weights(*explicit_file);
  if (const char* env = std::getenv("TAVLA_WEIGHTS"); env && *env) {
    auto w = read_weights(env);
    if (!w) return Error{"$TAVLA_WEIGHTS: " + w.error()};
    return w;
  }
  std::string looked;
  for (const fs::path& p : default_weight_paths()) {
    std::error_code ec;
    if (fs::exists(p, ec)) return read_weights(p);
    looked += (looked.empty() ? "" : ", ") + p.string();
  }
  return Error{"no neural-net weights found (looked in " + looked +
               "). Install gnubg (on Debian: apt install gnubg), or pass --weights FILE, or set "
               "TAVLA_WEIGHTS to a gnubg.wd or gnubg.weights file."};
}

}  // namespace tavla::eval
