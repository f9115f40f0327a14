// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/sgf_rollout_read.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace tavla::text {

namespace {

using engine::Error;

// The words of an entry; a quoted name ("Mersenne Twister") is one word, quotes kept.
std::vector<std::string> words(std::string_view v) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < v.size()) {
    while (i < v.size() && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r')) ++i;
    if (i >= v.size()) break;
    size_t j = i;
    if (v[i] == '"') {
      j = v.find('"', i + 1);
      j = j == std::string_view::npos ? v.size() : j + 1;
    } else {
      while (j < v.size() && v[j] != ' ' && v[j] != '\t' && v[j] != '\n' && v[j] != '\r') ++j;
    }
    out.emplace_back(v.substr(i, j - i));
    i = j;
  }
  return out;
}

// Reads the words in order; the first problem is kept as the error.
class Reader {
 public:
  explicit Reader(std::vector<std::string> w) : w_(std::move(w)) {}
  bool done() const { return at_ >= w_.size(); }
  const std::string& peek() const {
    static const std::string none;
    return done() ? none : w_[at_];
  }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = what;
    return false;
  }
  const std::string& error() const { return error_; }

  bool keyword(const char* k) {
    if (peek() != k) return fail(std::string("\"") + k + "\" expected" + where());
    ++at_;
    return true;
  }
  bool number(float& x, const char* what) {
    const std::string& w = peek();
    char* end = nullptr;
    const double d = w.empty() ? 0.0 : std::strtod(w.c_str(), &end);
    // Finite as a float too: a number beyond float's range would be written back as "inf".
    if (w.empty() || end != w.c_str() + w.size() || !std::isfinite(static_cast<float>(d)))
      return fail(std::string("number expected for ") + what + where());
    x = static_cast<float>(d);
    ++at_;
    return true;
  }
  // A whole number in [lo, hi].
  bool integer(long long& x, long long lo, long long hi, const char* what) {
    const std::string& w = peek();
    char* end = nullptr;
    const long long n = w.empty() ? 0 : std::strtoll(w.c_str(), &end, 10);
    if (w.empty() || end != w.c_str() + w.size() || n < lo || n > hi)
      return fail(std::string("whole number ") + std::to_string(lo) + ".." + std::to_string(hi) +
                  " expected for " + what + where());
    x = n;
    ++at_;
    return true;
  }
  bool flag(bool& b, const char* what) {
    long long n = 0;
    if (!integer(n, 0, 1, what)) return false;
    b = n != 0;
    return true;
  }
  bool outputs(rollout::Outputs& o, const char* what) {
    for (float& x : o)
      if (!number(x, what)) return false;
    return true;
  }
  bool quoted() {
    const std::string& w = peek();
    if (w.size() < 2 || w.front() != '"' || w.back() != '"')
      return fail("the quoted dice generator expected" + where());
    ++at_;
    return true;
  }
  // "ver N": gnubg's versions 2 and 3 (tavla and gnubg 1.07 write 3).
  bool version(int& v) {
    long long n = 0;
    if (!keyword("ver") || !integer(n, 2, 3, "the version")) return false;
    v = static_cast<int>(n);
    return true;
  }
  // gnubg's RestoreEvalContext: "ver N <plies>[C] ..." (version 3: deterministic noise prune;
  // version 2: the old "reduced" flag, deterministic, noise).
  bool context(eval::EvalContext& ec, const char* what) {
    int v = 0;
    if (!version(v)) return false;
    std::string plies = peek();
    ec = eval::EvalContext{0, false, false, false, 0.0f};  // gnubg's InitEvalContext
    if (!plies.empty() && plies.back() == 'C') {
      ec.cubeful = true;
      plies.pop_back();
    }
    char* end = nullptr;
    const long n = plies.empty() ? -1 : std::strtol(plies.c_str(), &end, 10);
    if (plies.empty() || end != plies.c_str() + plies.size() || n < 0 || n > eval::kMaxFilterPlies)
      return fail(std::string("plies 0..") + std::to_string(eval::kMaxFilterPlies) +
                  " expected for " + what + where());
    ec.plies = static_cast<int>(n);
    ++at_;
    long long x = 0;
    if (v < 3 && !integer(x, 0, 1, what)) return false;  // "reduced", no longer used
    if (!flag(ec.deterministic, what) || !number(ec.noise, what)) return false;
    if (v >= 3 && !flag(ec.prune, what)) return false;
    return true;
  }
  // gnubg's WriteMoveFilters of a chequer context at `plies`.
  bool filters(eval::MoveFilters& f, int plies, const char* what) {
    for (int i = 0; i < plies; ++i) {
      eval::MoveFilter& m = f[static_cast<size_t>(plies - 1)][static_cast<size_t>(i)];
      long long accept = 0, extra = 0;
      if (!integer(accept, -1, 1000, what) || !integer(extra, 0, 1000, what) ||
          !number(m.threshold, what))
        return false;
      m.accept = static_cast<int>(accept);
      m.extra = static_cast<int>(extra);
    }
    return true;
  }

 private:
  std::string where() const {
    return done() ? " at the end" : " at \"" + w_[at_].substr(0, 30) + "\"";
  }
  std::vector<std::string> w_;
  size_t at_ = 0;
  std::string error_;
};

// "SK <n>" (gnubg's nSkip, unused: written 0) and gnubg's WriteRolloutContext.
bool read_context(Reader& r, rollout::RolloutSettings& rc) {
  long long n = 0;
  if (r.peek() == "SK" && (!r.keyword("SK") || !r.integer(n, 0, 1LL << 31, "SK"))) return false;
  if (!r.keyword("RC") || !r.flag(rc.cubeful, "RC cubeful") ||
      !r.flag(rc.variance_reduction, "RC variance reduction") ||
      !r.flag(rc.initial, "RC initial") || !r.flag(rc.rotate, "RC rotate") ||
      !r.flag(rc.late_evaluations, "RC late evaluations") || !r.flag(rc.truncate, "RC truncate"))
    return false;
  if (!r.integer(n, 0, 65535, "RC truncation plies")) return false;
  rc.truncate_plies = static_cast<int>(n);
  if (!r.flag(rc.truncate_bearoff2, "RC bearoff2") ||
      !r.flag(rc.truncate_bearoff_os, "RC bearoff one-sided") ||
      !r.integer(n, 0, 65535, "RC late turn"))
    return false;
  rc.late_turn = static_cast<int>(n);
  if (!r.quoted() || !r.integer(n, 0, 0xffffffffLL, "RC seed")) return false;
  rc.seed = static_cast<uint32_t>(n);
  // Contexts gnubg does not find stay as its InitEvalContext leaves them.
  const eval::EvalContext zero{0, false, false, false, 0.0f};
  for (int i = 0; i < 2; ++i) {
    rc.cube[i] = rc.cube_late[i] = zero;
    rc.chequer[i].context = rc.chequer_late[i].context = zero;
  }
  rc.truncation = zero;
  // gnubg stops its rule on standard errors when it restores a rollout (not written).
  rc.stop_on_std_error = false;
  rc.min_trials = 324;
  rc.std_error_limit = 0.01f;
  std::array<bool, 2> cheq{}, late_cheq{};
  eval::EvalContext chequer_trunc = zero;
  while (!r.done()) {
    const std::string k = r.peek();
    const char last = k.empty() ? 0 : k.back();
    const int i = last == '1' ? 1 : 0;
    const std::string base = (last == '0' || last == '1') ? k.substr(0, k.size() - 1) : k;
    bool ok = false;
    r.keyword(k.c_str());
    if (base == "cube") {
      ok = r.context(rc.cube[i], "cube");
    } else if (base == "cheq") {
      ok = r.context(rc.chequer[i].context, "cheq");
      cheq[i] = true;
    } else if (base == "latecube") {
      ok = r.context(rc.cube_late[i], "latecube");
    } else if (base == "latecheq") {
      ok = r.context(rc.chequer_late[i].context, "latecheq");
      late_cheq[i] = true;
    } else if ((base == "filt" && !cheq[i]) || (base == "latefilt" && !late_cheq[i])) {
      return r.fail("\"" + k + "\" before the chequer context it filters");
    } else if (base == "filt") {
      ok = r.filters(rc.chequer[i].filters, rc.chequer[i].context.plies, "filt");
    } else if (base == "latefilt") {
      ok = r.filters(rc.chequer_late[i].filters, rc.chequer_late[i].context.plies, "latefilt");
    } else if (k == "cubetrunc") {
      ok = r.context(rc.truncation, "cubetrunc");
    } else if (k == "cheqtrunc") {
      ok = r.context(chequer_trunc, "cheqtrunc");
    } else {
      return r.fail("unknown rollout setting \"" + k.substr(0, 30) + "\"");
    }
    if (!ok) return false;
  }
  return true;
}

template <typename T>
engine::Result<T> result(bool ok, const Reader& r, T value) {
  if (!ok) return Error{r.error()};
  return value;
}

}  // namespace

engine::Result<SgfMoveRollout> read_sgf_move_rollout(std::string_view value) {
  Reader r(words(value));
  SgfMoveRollout m;
  int v = 0;
  long long trials = 0;
  float score = 0, score2 = 0;
  const bool ok = r.keyword("X") && r.version(v) && r.keyword("Score") &&
                  r.number(score, "Score") && r.number(score2, "Score") && r.keyword("Trials") &&
                  r.integer(trials, 0, (1LL << 31) - 1, "Trials") && r.keyword("Output") &&
                  r.outputs(m.mean, "Output") && r.keyword("StdDev") &&
                  r.outputs(m.std_error, "StdDev") && read_context(r, m.settings);
  m.score = score;
  m.score2 = score2;
  m.games = static_cast<int>(trials);
  m.settings.trials = m.games;
  return result(ok, r, m);
}

engine::Result<SgfCubeRollout> read_sgf_cube_rollout(std::string_view value) {
  Reader r(words(value));
  SgfCubeRollout c;
  int v = 0;
  long long trials = 0;
  const bool ok = r.keyword("X") && r.version(v) && r.keyword("Eq") && r.keyword("Trials") &&
                  r.integer(trials, 0, (1LL << 31) - 1, "Trials") && r.keyword("NoDouble") &&
                  r.keyword("Output") && r.outputs(c.mean[0], "Output") &&
                  r.keyword("StdDev") && r.outputs(c.std_error[0], "StdDev") &&
                  r.keyword("DoubleTake") && r.keyword("Output") &&
                  r.outputs(c.mean[1], "Output") && r.keyword("StdDev") &&
                  r.outputs(c.std_error[1], "StdDev") && read_context(r, c.settings);
  c.games = static_cast<int>(trials);
  c.settings.trials = c.games;
  return result(ok, r, c);
}

}  // namespace tavla::text
