// SPDX-License-Identifier: GPL-3.0-or-later
// The player's theory tools of gnubg's tty: `show gammonvalues`, `show marketwindow`, `show
// matchequitytable` (`show met`), `eq2mwc` and `mwc2eq` (gnubg's show.c and gnubg.c). The numbers
// come from eval/ (market_window.h, cube_info.h, match_equity.h); this file only words them.
#include <string>

#include "eval/market_window.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

constexpr const char* kNoGame = "No game in progress (type `new game' to start one).\n";

// gnubg's ParseReal failure value: an argument that is missing or not a number.
constexpr float kErrVal = -99999.0f;

float real_or_err(std::string& args) {
  return parse_real(args).value_or(kErrVal);
}

}  // namespace

eval::CubeInfo Shell::match_state_cube_info() const {
  const engine::Game g = analysis_game();
  return cube_info_for(g, std::max(g.match.on_roll, 0), g.match.beavers > 0);
}

void Shell::cmd_show_gammonvalues(std::string&) {
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  const eval::CubeInfo ci = match_state_cube_info();
  // Half the gnubg gammon price: the value of a gammon (and of a backgammon) over a single game,
  // in units of the cube won or lost.
  std::string s = strf("%-12s     %7s    %s\n", "Player", "Gammon value", "Backgammon value");
  for (int i = 0; i < 2; ++i)
    s += strf("%-12s     %7.5f         %7.5f\n", name(i).c_str(), 0.5f * ci.gammon_price[i],
              0.5f * (ci.gammon_price[2 + i] + ci.gammon_price[i]));
  out(s);
}

void Shell::cmd_show_marketwindow(std::string& args) {
  if (!flow_.playing()) {
    out(kNoGame);
    return;
  }
  const eval::CubeInfo ci = match_state_cube_info();
  const int on_roll = ci.on_roll;
  eval::GammonRates rates{};
  eval::Probabilities p;
  rates[0][0] = real_or_err(args);
  if (rates[0][0] >= 0) {
    // Rates typed as: gammon rate of player 0 and 1, then backgammon rate of player 0 and 1;
    // percentages when any is above 1.
    auto next = [&] {
      const float r = real_or_err(args);
      return r > 0.0f ? r : 0.0f;
    };
    rates[1][0] = next();
    rates[0][1] = next();
    rates[1][1] = next();
    if (rates[0][0] > 1.0f || rates[1][0] > 1.0f || rates[0][1] > 1.0f || rates[1][1] > 1.0f)
      for (auto& r : rates)
        for (float& x : r) x /= 100.0f;
    for (int i = 0; i < 2; ++i) {
      if (rates[i][0] > 1.0f) {
        outf("illegal gammon ratio for player %i: %f\n", i, rates[i][0]);
        return;
      }
      if (rates[i][1] > 1.0f) {
        outf("illegal backgammon ratio for player %i: %f\n", i, rates[i][1]);
        return;
      }
    }
    p = eval::probabilities_from_rates(rates, on_roll);
  } else {
    Analyzer* a = analyzer();
    if (!a) return;
    // gnubg's getCurrentGammonRates: the position evaluated with the cube evaluation settings
    // (`set evaluation cubedecision ...`), as `eval' evaluates it.
    p = a->evaluate(analysis_game(), hint_settings().cube).probs;
    rates = eval::gammon_rates(p, on_roll);
  }
  std::string s;
  for (int i = 0; i < 2; ++i)
    s += strf("Player %-25s: gammon rate %6.2f%%, bg rate %6.2f%%\n", name(i).c_str(),
              rates[i][0] * 100.0f, rates[i][1] * 100.0f);
  if (!ci.is_money()) {
    const auto w = eval::match_market_window(ci, p, rates);
    s += "\n\n";
    for (int i = 0; i < 2; ++i) {
      s += strf("Player %s market window:\n\n", name(i).c_str());
      s += w[i].auto_redouble ? "Dead cube (opponent doesn't redouble): " : "Dead cube: ";
      s += strf("%6.2f%% - %6.2f%%\n", 100.0f * w[i].double_point_dead,
                100.0f * w[i].cash_point_dead);
      if (w[i].auto_redouble)
        s += strf("Dead cube (opponent redoubles):%6.2f%% - %6.2f%%\n\n",
                  100.0f * w[i].double_point_live, 100.0f * w[i].cash_point_live);
      else if (!w[i].dead)
        s += strf("Live cube:%6.2f%% - %6.2f%%\n\n", 100.0f * w[i].double_point_live,
                  100.0f * w[i].cash_point_live);
    }
  } else {
    static const char* const kLabels[eval::kMoneyPointCount] = {
        "Take Point (TP)",      "Beaver Point (BP)",
        "Raccoon Point (RP)",   "Initial Double Point (IDP)",
        "Redouble Point (RDP)", "Cash Point (CP)",
        "Too good Point (TGP)"};
    const auto pts = eval::money_points(ci.jacoby, ci.beavers, rates);
    for (int i = 0; i < 2; ++i) {
      s += strf("\nPlayer %s cube parameters:\n\n", name(i).c_str());
      s += strf("%-27s  %7s      %s\n", "Cube parameter", "Dead Cube", "Live Cube");
      for (int j = 0; j < eval::kMoneyPointCount; ++j)
        s += strf("%-27s  %7.3f%%     %7.3f%%\n", kLabels[j], pts[i][j][0] * 100.0f,
                  pts[i][j][1] * 100.0f);
    }
  }
  out(s);
}

void Shell::cmd_show_matchequitytable(std::string& args) {
  // n x n, the match length in a match, else all of it (64 x 64).
  int n = parse_number(args).value_or(0);
  const int length = flow_.match().match_length;
  if (n <= 0 || n > eval::kMetMaxAway) n = length > 0 ? length : eval::kMetMaxAway;
  const eval::MatchEquityTable& met = this->met();
  // The built-in table is a copy of gnubg's default file: named by that file, as gnubg names it.
  const std::string file =
      met.info().file.empty() ? "/usr/share/gnubg/met/Kazaross-XG2.xml" : met.info().file;
  std::string s = "Match equity table: " + met.info().name + "\n(" + file + ")\n" +
                  met.info().description + "\n\n";
  auto header = [&] {
    s += "          ";
    for (int j = 1; j <= n; ++j) s += strf(" %3i-away ", j);
    s += "\n";
  };
  s += "Pre-Crawford table:\n\n";
  header();
  for (int i = 1; i <= n; ++i) {
    s += strf(" %3i-away ", i);
    for (int j = 1; j <= n; ++j) s += strf(" %8.4f ", met.pre_crawford(i, j) * 100.0f);
    s += "\n";
  }
  s += "\n";
  for (int p = 0; p < 2; ++p) {
    s += strf("Post-Crawford table for player %d (%s):\n\n", p, name(p).c_str());
    header();
    s += strf(" %3i-away ", 1);
    for (int j = 1; j <= n; ++j) s += strf(" %8.4f ", met.post_crawford(p, j) * 100.0f);
    s += "\n\n";
  }
  out(s);
}

void Shell::cmd_eq2mwc(std::string& args) {
  if (flow_.match().is_money()) {
    out("Command only valid in match play\n");
    return;
  }
  float eq = real_or_err(args);
  if (eq == kErrVal) eq = 0.0f;
  const eval::CubeInfo ci = match_state_cube_info();
  std::string s;
  for (float e : {-1.0f, 1.0f})
    s += strf("%s = %+6.3f: %6.2f%%\n", "MWC for equity", e, 100.0f * eval::equity_to_mwc(e, ci));
  s += "By linear interpolation:\n";
  s += strf("%s = %+6.3f: %6.2f%%\n", "MWC for equity", eq, 100.0f * eval::equity_to_mwc(eq, ci));
  out(s);
}

void Shell::cmd_mwc2eq(std::string& args) {
  if (flow_.match().is_money()) {
    out("Command only valid in match play\n");
    return;
  }
  const eval::CubeInfo ci = match_state_cube_info();
  float mwc = real_or_err(args);
  if (mwc == kErrVal) mwc = eval::equity_to_mwc(0.0f, ci);
  if (mwc > 1.0f) mwc /= 100.0f;  // typed as a percentage
  std::string s;
  for (float e : {-1.0f, 1.0f})
    s += strf("%s = %6.2f%%: %+6.3f\n", "Equity for MWC", 100.0f * eval::equity_to_mwc(e, ci), e);
  s += "By linear interpolation:\n";
  s += strf("%s = %6.2f%%: %+6.3f\n", "Equity for MWC", 100.0f * mwc, eval::mwc_to_equity(mwc, ci));
  out(s);
}

void Shell::cmd_not_implemented(std::string&) {
  // gnubg 1.07 draws these maps only in its GUI; its tty answers this during a game.
  if (!flow_.playing())
    out(kNoGame);
  else
    out("That command is not yet implemented.\n");
}

}  // namespace tavla::shell
