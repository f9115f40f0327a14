// SPDX-License-Identifier: GPL-3.0-or-later
// The formulas gnubg 1.07 uses to compute match equity tables: Zadeh's model (Management Science
// 23, 986 (1977)), Tornberg's "mec" match equity calculator and Montgomery's normal-distribution
// extension. Arithmetic follows gnubg's precision (float for Zadeh and Montgomery, double inside
// mec) and its evaluation order, so the tables agree with gnubg's to a float's rounding.
#include <cmath>
#include <memory>
#include <vector>

#include "eval/match_equity.h"

namespace tavla::eval::met_formulas {

namespace {

constexpr int N = kMetMaxAway;

// gnubg's GET_MET: an index below 0 means that player has won (1 for player 0, 0 for player 1).
float get(const MatchEquityTable::PreTable& m, int i, int j) {
  if (i < 0) return 1.0f;
  if (j < 0) return 0.0f;
  return m[i][j];
}

// The cube value after an automatic redouble: when the side at index i would reach the match with
// a doubled cube but the other would not, the taker redoubles at once.
int cube_prime(int i, int j, int cube) {
  return (i < 2 * cube && j >= 2 * cube) ? 2 * cube : cube;
}

}  // namespace

void zadeh_post_crawford(std::array<float, kMetMaxAway>& post, int start, float g, float fd2,
                         float fd4) {
  // The trailer doubles at once; a gammon wins him 4 points (the cube is on 2), a single win 2.
  for (int i = std::max(start, 0); i < N; ++i) {
    post[i] = g * 0.5f * (i - 4 >= 0 ? post[i - 4] : 1.0f) +
              (1.0f - g) * 0.5f * (i - 2 >= 0 ? post[i - 2] : 1.0f);
    // The leader's free drop at 2-away and 4-away (index 1 and 3).
    if (i == 1) post[i] -= fd2;
    if (i == 3) post[i] -= fd4;
  }
}

void zadeh_pre_crawford(MatchEquityTable::PreTable& met, const std::array<float, kMetMaxAway>& post,
                        float g1, float g2, float delta, float delta_bar) {
  // Crawford games (one side 1-away): the trailer's gammons count double.
  for (int i = 0; i < N; ++i) {
    met[i][0] = g1 * 0.5f * (i - 2 >= 0 ? post[i - 2] : 1.0f) +
                (1.0f - g1) * 0.5f * (i - 1 >= 0 ? post[i - 1] : 1.0f);
    met[0][i] = 1.0f - met[i][0];
  }

  // D1bar/D2bar: player 0's (1's) equity at the drop point of the other with dead recubes;
  // D1/D2: the same with semi-efficient recubes. Indexed [i][j][cube level].
  constexpr int L = kMetCubeLevels;
  using Cube = std::array<float, L + 1>;
  std::vector<std::array<Cube, N>> d1(N), d2(N), d1bar(N), d2bar(N);

  // Dead-cube drop point of the side at (a, b) doubled to 2 * cube (Zadeh's D-bar).
  auto dead_drop = [&](int a, int b, int cube) {
    const int cp = cube_prime(a, b, cube);
    return (get(met, a - cube, b) - g2 * get(met, a, b - 4 * cp) -
            (1.0f - g2) * get(met, a, b - 2 * cp)) /
           (g1 * get(met, a - 4 * cp, b) + (1.0f - g1) * get(met, a - 2 * cp, b) -
            g2 * get(met, a, b - 4 * cp) - (1.0f - g2) * get(met, a, b - 2 * cp));
  };

  for (int i = 0; i < N; ++i) {
    for (int j = 0; j <= i; ++j) {
      for (int level = L - 1; level >= 0; --level) {
        const int cube = 1 << level;
        d1bar[i][j][level] = dead_drop(i, j, cube);
        if (i != j) d1bar[j][i][level] = dead_drop(j, i, cube);
        d2bar[i][j][level] = dead_drop(j, i, cube);
        if (i != j) d2bar[j][i][level] = dead_drop(i, j, cube);

        const bool dead = i < 2 * cube || j < 2 * cube;  // the redoubled cube would be dead
        if (dead) {
          d1[i][j][level] = d1bar[i][j][level];
          if (i != j) d1[j][i][level] = d1bar[j][i][level];
          d2[i][j][level] = d2bar[i][j][level];
          if (i != j) d2[j][i][level] = d2bar[j][i][level];
        } else {
          d1[i][j][level] = 1.0f + (d2[i][j][level + 1] + delta) * (d1bar[i][j][level] - 1.0f);
          if (i != j)
            d1[j][i][level] = 1.0f + (d2[j][i][level + 1] + delta) * (d1bar[j][i][level] - 1.0f);
          d2[i][j][level] = 1.0f + (d1[i][j][level + 1] + delta) * (d2bar[i][j][level] - 1.0f);
          if (i != j)
            d2[j][i][level] = 1.0f + (d1[j][i][level + 1] + delta) * (d2bar[j][i][level] - 1.0f);
        }

        if (level == 0 && i > 0 && j > 0) {
          met[i][j] = ((d2[i][j][0] + delta_bar - 0.5f) * get(met, i - 1, j) +
                       (d1[i][j][0] + delta_bar - 0.5f) * get(met, i, j - 1)) /
                      (d1[i][j][0] + delta_bar + d2[i][j][0] + delta_bar - 1.0f);
          if (i != j) met[j][i] = 1.0f - met[i][j];
        }
      }
    }
  }
}

namespace {

// Tornberg's mec works on E[p][o] = equity of the game favourite p when p is p-away and o is
// o-away, 0..64 (0-away = won), in double precision.
class Mec {
 public:
  static constexpr int kLength = N;  // gnubg runs mec for a 64-point match

  Mec() : e_((kLength + 1) * (kLength + 1), 0.0) {
    for (int i = 1; i <= kLength; ++i) {
      at(0, i) = 1.0;
      at(i, 0) = 0.0;
    }
  }

  double& at(int p, int o) { return e_[p * (kLength + 1) + o]; }

  void post_crawford(double gr, double wpf, double fd2, double fd4) {
    at(1, 1) = wpf;
    for (int i = 2; i <= kLength; ++i) {
      if (i % 2 == 0) {
        // Even away: the leader has a free drop, so the trailer gains nothing from the point.
        at(1, i) = at(1, i - 1);
        at(i, 1) = at(i - 1, 1);
        if (i == 2) {
          at(1, i) += fd2;
          at(i, 1) -= fd2;
        } else if (i == 4) {
          at(1, i) += fd4;
          at(i, 1) += fd4;  // sic: gnubg adds it on both sides at 4-away
        }
      } else {
        at(1, i) = at(0, i) * wpf + at(1, pos(i - 2)) * (1 - wpf) * (1 - gr) +
                   at(1, pos(i - 4)) * (1 - wpf) * gr;
        at(i, 1) = at(i, 0) * (1 - wpf) + at(pos(i - 2), 1) * wpf * (1 - gr) +
                   at(pos(i - 4), 1) * wpf * gr;
      }
    }
  }

  // Crawford games, backwards so that post-Crawford values are overwritten only once used.
  void crawford(double gr, double wpf) {
    for (int i = kLength; i >= 2; --i) {
      at(1, i) =
          at(0, i) * wpf + at(1, i - 1) * (1 - wpf) * (1 - gr) + at(1, i - 2) * (1 - wpf) * gr;
      at(i, 1) = at(i, 0) * (1 - wpf) + at(i - 1, 1) * wpf * (1 - gr) + at(i - 2, 1) * wpf * gr;
    }
  }

  void pre_crawford(double gr, double wpf) {
    for (int i = 2; i <= kLength; ++i) {
      for (int j = i; j <= kLength; ++j) {
        at(i, j) = interpolate(i, j, gr, wpf);
        if (i != j) at(j, i) = interpolate(j, i, gr, wpf);
      }
    }
  }

 private:
  struct DoublePoint {
    double e;  // equity of the doubler at the point
    double w;  // his winning chance there
  };

  static int pos(int x) { return x > 0 ? x : 0; }

  // Equity at p-away, o-away: linear between the underdog's and the favourite's double points.
  double interpolate(int p, int o, double gr, double wpf) {
    const DoublePoint fav = double_point(p, o, 2, gr, wpf);
    DoublePoint dog = double_point(o, p, 2, gr, 1 - wpf);
    dog.e = 1 - dog.e;
    dog.w = 1 - dog.w;
    return dog.e + (fav.e - dog.e) * (wpf - dog.w) / (fav.w - dog.w);
  }

  // Where p (winning wpp of the games) doubles o to cube c: o is indifferent between passing
  // (losing c/2) and taking, o redoubling at his own point to 2c.
  DoublePoint double_point(int p, int o, int c, double gr, double wpp) {
    if (p <= c / 2) return {1.0, 1.0};  // a single win is enough: no reason to double
    const DoublePoint redouble = double_point(o, p, 2 * c, gr, 1 - wpp);
    // o's equity when p wins every game on the c-cube, and when o passes.
    double e0, edp;
    if (wpp > 0.5) {
      e0 = (1 - at(pos(p - c), o)) * (1 - gr) + (1 - at(pos(p - 2 * c), o)) * gr;
      edp = 1 - at(pos(p - c / 2), o);
    } else {
      e0 = at(o, pos(p - c)) * (1 - gr) + at(o, pos(p - 2 * c)) * gr;
      edp = at(o, pos(p - c / 2));
    }
    const double wdp = (edp - e0) * redouble.w / (redouble.e - e0);
    return {1 - edp, 1 - wdp};
  }

  std::vector<double> e_;
};

}  // namespace

void mec_post_crawford(std::array<float, kMetMaxAway>& post, float gammon_rate, float fd2,
                       float fd4, float win_rate) {
  Mec mec;
  mec.post_crawford(gammon_rate, win_rate, fd2, fd4);
  for (int i = 0; i < N; ++i) post[i] = static_cast<float>(mec.at(i + 1, 1));
}

void mec_pre_crawford(MatchEquityTable::PreTable& pre, const MatchEquityTable::PostTable& post,
                      float gammon_rate, float win_rate) {
  Mec mec;
  for (int i = 0; i < N; ++i) mec.at(i + 1, 1) = post[0][i];
  for (int i = 0; i < N; ++i) mec.at(1, i + 1) = 1.0 - static_cast<double>(post[1][i]);
  mec.crawford(gammon_rate, win_rate);
  mec.pre_crawford(gammon_rate, win_rate);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) pre[i][j] = static_cast<float>(mec.at(i + 1, j + 1));
}

namespace {

// Area under N(0, sigma) between lo and hi. gnubg states this as the difference of two
// cumulative distributions, (erf(hi / sigma / sqrt 2) + 1) / 2 - (erf(lo / sigma / sqrt 2) + 1)
// / 2; its build (-ffast-math) folds that into the form below, and only this form reproduces its
// tables bit for bit (checked against all 1755 extended entries of gnubg's Kazaross-XG2 table).
float normal_area(float lo, float hi, float sigma) {
  const float inv_sqrt2 = 1.0f / std::sqrt(2.0f);
  const float e_lo = std::erf(lo / sigma * inv_sqrt2);
  const float e_hi = std::erf(hi / sigma * inv_sqrt2);
  return (e_hi - e_lo) * 0.5f;
}

// Montgomery's standard deviation of the points won per game by a player n-away (n = 1..10;
// 1.77 beyond).
float away_sd(int away) {
  static constexpr std::array<float, 11> kSd = {0.0f,  1.24f, 1.27f, 1.47f, 1.50f, 1.60f,
                                                1.61f, 1.66f, 1.68f, 1.70f, 1.72f};
  return away > 10 ? 1.77f : kSd[away];
}

}  // namespace

void montgomery_extend(MatchEquityTable::PreTable& met, int length) {
  // Player 0's MWC at (a0, a1) with a0 > length (and a1 <= a0): the chance that a normal random
  // walk with variance (sd0^2 + sd1^2) per game over (a0 + a1)/2 games gains more than a0 - a1,
  // capped at six sigma.
  for (int i = std::max(length, 0); i < N; ++i) {
    const int a0 = i + 1;
    const float sd0 = away_sd(a0);
    for (int j = 0; j <= i; ++j) {
      const int a1 = j + 1;
      const float games = static_cast<float>(a0 + a1) / 2.0f;
      const float sd1 = away_sd(a1);
      // sqrt(sd0^2 + sd1^2) * sqrt(games), as one square root (gnubg's build merges them).
      const float sigma = std::sqrt((sd0 * sd0 + sd1 * sd1) * games);
      const float gap = static_cast<float>(a0 - a1);
      met[i][j] = 6.0f * sigma > gap ? normal_area(gap, 6.0f * sigma, sigma) : 0.0f;
    }
  }
  // The other half by symmetry.
  for (int i = 0; i < N; ++i)
    for (int j = i < length ? length : i + 1; j < N; ++j) met[i][j] = 1.0f - met[j][i];
}

}  // namespace tavla::eval::met_formulas
