// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/bearoff_text.h"

#include <cstdio>

namespace tavla::text {

namespace {

template <typename... A>
std::string f(const char* format, A... a) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, a...);
  return buf;
}

}  // namespace

std::string format_one_sided_bearoff(const OneSidedBearoffEntry& e) {
  // gnubg's x: the average pips of a roll, 8.167.
  const float x = (2 * 3 + 3 * 4 + 4 * 5 + 4 * 6 + 6 * 7 + 5 * 8 + 4 * 9 + 2 * 10 + 2 * 11 +
                   1 * 12 + 1 * 16 + 1 * 20 + 1 * 24) /
                  36.0f;
  std::string s = f("%19s %14s\n%s %12u  %12u\n\n", "Player", "Opponent", "Position", e.index[0],
                    e.index[1]);
  s += "Bearing off \t\t\t\tBearing at least one chequer off\n";
  s += "Rolls\tPlayer\tOpponent\tPlayer\tOpponent\n";
  // Rows from the first number of rolls with a chance, until every distribution has begun and
  // all are zero again (gnubg's f0..f3).
  bool f0 = false, f1 = false, f2 = false, f3 = false;
  size_t last_gammon_columns = std::string::npos;  // where the last row's gammon columns start
  for (unsigned i = 0; i < 32; ++i) {
    f0 = f0 || e.bear_off[0][i] > 0.0f;
    f1 = f1 || e.bear_off[1][i] > 0.0f;
    f2 = f2 || e.save_gammon[0][i] > 0.0f;
    f3 = f3 || e.save_gammon[1][i] > 0.0f;
    if (!(f0 || f1 || f2 || f3)) continue;
    if (f0 && f1 && ((f2 && f3) || !e.gammon) && e.bear_off[0][i] == 0.0f &&
        e.bear_off[1][i] == 0.0f &&
        ((e.save_gammon[0][i] == 0.0f && e.save_gammon[1][i] == 0.0f) || !e.gammon))
      break;
    s += f("%5u\t%7.3f\t%7.3f\t\t", i, static_cast<double>(e.bear_off[0][i] * 100.0f),
           static_cast<double>(e.bear_off[1][i] * 100.0f));
    last_gammon_columns = s.size();
    s += e.gammon ? f("%7.3f\t%7.3f\n", static_cast<double>(e.save_gammon[0][i] * 100.0f),
                      static_cast<double>(e.save_gammon[1][i] * 100.0f))
                  : f("%-7.7s\t%-7.7s\n", "n/a", "n/a");
  }
  if (last_gammon_columns != std::string::npos) s.resize(last_gammon_columns);
  s += "\nAverage rolls\n";
  s += "Bearing off\t\t\t\tSaving gammon\n";
  s += "\tPlayer\tOpponent\tPlayer\tOpponent\n";
  s += f("Mean\t%7.3f\t%7.3f\t\t", static_cast<double>(e.mean[0]), static_cast<double>(e.mean[1]));
  s += e.gammon ? f("%7.3f\t%7.3f\n", static_cast<double>(e.gammon_mean[0]),
                    static_cast<double>(e.gammon_mean[1]))
                : f("%-7.7s\t%-7.7s\n", "n/a", "n/a");
  s += f("Std dev\t%7.3f\t%7.3f\t\t", static_cast<double>(e.sd[0]), static_cast<double>(e.sd[1]));
  s += e.gammon ? f("%7.3f\t%7.3f\n", static_cast<double>(e.gammon_sd[0]),
                    static_cast<double>(e.gammon_sd[1]))
                : f("%-7.7s\t%-7.7s\n", "n/a", "n/a");
  s += "\nEffective pip count:\n\tPlayer\tOpponent\n";
  s += f("EPC\t%7.3f\t%7.3f\nWastage\t%7.3f\t%7.3f\n\n", static_cast<double>(e.mean[0] * x),
         static_cast<double>(e.mean[1] * x), static_cast<double>(e.mean[0] * x - e.pips[0]),
         static_cast<double>(e.mean[1] * x - e.pips[1]));
  s += f("EPC = %5.3f * Average rolls\nWastage = EPC - pips\n\n", static_cast<double>(x));
  return s;
}

}  // namespace tavla::text
