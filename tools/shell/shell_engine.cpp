// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's engine settings: `set threads` / `show threads`, `set cache` and `set cubeefficiency ...`
// / `show cubeefficiency` (gnubg's set.c and show.c). They reach the engine through
// Analyzer::set_engine and Analyzer::set_cube_efficiency, now and whenever the analyzer is made
// again (Shell::analyzer()).
#include <bit>

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

constexpr int kMaxThreads = 48;  // gnubg's MAX_NUMTHREADS

// gnubg's SetEfficiency: a value in [0, 1], echoed with its description.
bool set_efficiency(std::string& args, const char* what, float& x, std::string& message) {
  const std::optional<float> r = parse_real(args);
  if (r && *r >= 0.0f && *r <= 1.0f) {
    x = *r;
    message = strf("%s: %7.5f\n", what, x);
    return true;
  }
  message = "Cube efficiency must be between 0 and 1\n";
  return false;
}

}  // namespace

void Shell::apply_engine_settings() {
  if (!analyzer_) return;
  analyzer_->set_cube_efficiency(cube_efficiency_);
  if (threads_ != 1 || cache_entries_ != kDefaultCacheEntries)
    analyzer_->set_engine(threads_, cache_entries_);
}

void Shell::cmd_set_threads(std::string& args) {
  int n = parse_number(args).value_or(0);
  if (n <= 0) {
    out("You must specify the number of threads to use.\n");
    return;
  }
  if (n > kMaxThreads) {
    outf("%d is the maximum number of threads supported.\n", kMaxThreads);
    n = kMaxThreads;
  }
  threads_ = n;
  if (analyzer_) analyzer_->set_engine(threads_, cache_entries_);
  outf("The number of threads has been set to %d.\n", n);
}

void Shell::cmd_show_threads(std::string&) {
  outf(threads_ == 1 ? "%d calculation thread.\n" : "%d calculation threads.\n", threads_);
}

void Shell::cmd_set_cache(std::string& args) {
  const int n = parse_number(args).value_or(-1);
  if (n < 0) {
    out("You must specify the number of cache entries to use.\n");
    return;
  }
  // tavla's cache, like gnubg's, has a power of two of entries; its smallest has two.
  const size_t entries = std::bit_ceil(std::max<size_t>(static_cast<size_t>(n), 2));
  if (analyzer_ && !analyzer_->set_engine(threads_, entries)) {
    errf("Evaluation cache allocation failed\n");
    return;
  }
  cache_entries_ = entries;
  outf("The position cache has been sized to %zu entries.\n", entries);
}

void Shell::cmd_set_cubeefficiency_os(std::string& args) {
  set_cube_efficiency(args, "Cube efficiency for one sided bearoff positions",
                      cube_efficiency_.one_sided_bearoff);
}

void Shell::cmd_set_cubeefficiency_crashed(std::string& args) {
  set_cube_efficiency(args, "Cube efficiency for crashed positions", cube_efficiency_.crashed);
}

void Shell::cmd_set_cubeefficiency_contact(std::string& args) {
  set_cube_efficiency(args, "Cube efficiency for contact positions", cube_efficiency_.contact);
}

void Shell::cmd_set_cubeefficiency_race_min(std::string& args) {
  set_cube_efficiency(args, "Cube efficiency race min", cube_efficiency_.race_min);
}

void Shell::cmd_set_cubeefficiency_race_max(std::string& args) {
  set_cube_efficiency(args, "Cube efficiency race max", cube_efficiency_.race_max);
}

void Shell::cmd_set_cubeefficiency_race_factor(std::string& args) {
  const std::optional<float> r = parse_real(args);
  if (r && *r >= 0.0f) {
    cube_efficiency_.race_factor = *r;
    apply_engine_settings();
    outf("Cube efficiency race factor set to %7.5f\n", *r);
  } else {
    out("Cube efficiency race factor must be larger than 0.\n");
  }
}

void Shell::cmd_set_cubeefficiency_race_coefficient(std::string& args) {
  const std::optional<float> r = parse_real(args);
  if (r && *r >= 0.0f) {
    cube_efficiency_.race_coefficient = *r;
    apply_engine_settings();
    outf("Cube efficiency race coefficient set to %7.5f\n", *r);
  } else {
    out("Cube efficiency race coefficient must be larger than 0.\n");
  }
}

void Shell::set_cube_efficiency(std::string& args, const char* what, float& x) {
  std::string message;
  if (set_efficiency(args, what, x, message) && analyzer_)
    analyzer_->set_cube_efficiency(cube_efficiency_);
  out(message);
}

void Shell::cmd_show_cubeefficiency(std::string&) {
  const eval::CubeEfficiencySettings& e = cube_efficiency_;
  std::string s = "Parameters for cube evaluations:\n";
  s += strf("%s :%7.4f\n", "Cube efficiency for crashed positions", e.crashed);
  s += strf("%s :%7.4f\n", "Cube efficiency for contact positions", e.contact);
  s += strf("%s :%7.4f\n", "Cube efficiency for one sided bearoff positions", e.one_sided_bearoff);
  s += strf("%s * %.5f + %.5f\n", "Cube efficiency for race: x = pips", e.race_factor,
            e.race_coefficient);
  s += strf("(min value %.4f, max value %.4f)\n", e.race_min, e.race_max);
  out(s);
}

}  // namespace tavla::shell
