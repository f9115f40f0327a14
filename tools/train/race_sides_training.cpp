// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/race_sides_training.h"

#include <Eigen/Dense>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <numeric>
#include <random>
#include <thread>
#include <unordered_set>

#include "bearoff/bearoff_moves.h"
#include "engine/move.h"
#include "engine/movegen.h"
#include "engine/side_key.h"

namespace tavla::train {

namespace {

using eval::kSideRolls;
using eval::RaceSidesNet;
using eval::SideRolls;
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Matrix = Eigen::MatrixXf;

int chequers_on(const engine::SideCounts& side) {
  int n = 0;
  for (int i = 0; i < engine::kPoints; ++i) n += side[i];
  return n;
}

int pips_of(const engine::SideCounts& side) {
  int n = 0;
  for (int i = 0; i < engine::kPoints; ++i) n += side[i] * (i + 1);
  return n;
}

using engine::SideKey;
using engine::SideKeyHash;

// The legal moves of a side alone on the board, as the sides after them.
int side_moves(const engine::SideCounts& side, int high, int low, engine::MoveList& list,
               std::vector<engine::SideCounts>& out) {
  engine::Board board;
  board.on_roll() = side;
  const int n = engine::generate_moves(board, high, low, list);
  out.resize(n);
  for (int i = 0; i < n; ++i) out[i] = list[i].after.on_roll();
  return n;
}

// A cheap stand-in for the expected rolls of a side the database does not cover (walks only):
// pips at 8.17 a roll, plus a little for chequers still outside the home board.
float heuristic_rolls(const engine::SideCounts& side) {
  int outside = 0;
  for (int i = 6; i < engine::kPoints; ++i) outside += side[i];
  return pips_of(side) / 8.17f + 0.1f * outside;
}

void raw_to_rolls(const bearoff::OneSidedRaw& raw, bool gammon, SideRolls& out) {
  out.off.fill(0.0f);
  out.gammon.fill(0.0f);
  for (int k = 0; k < bearoff::kMaxRolls; ++k) out.off[k] = raw.bear_off[k] / 65535.0f;
  if (gammon) {
    for (int k = 0; k < bearoff::kMaxRolls; ++k) out.gammon[k] = raw.save_gammon[k] / 65535.0f;
  } else {
    out.gammon[0] = 1.0f;
  }
}

}  // namespace

eval::SideRolls exact_side_rolls(const bearoff::OneSidedDatabase& db,
                                 const engine::SideCounts& side) {
  SideRolls r;
  raw_to_rolls(*db.raw(side), chequers_on(side) == engine::kCheckersPerSide, r);
  return r;
}

std::vector<engine::SideCounts> sample_sides(const std::vector<engine::Board>& races,
                                             const bearoff::OneSidedDatabase& db,
                                             const SideSampling& s) {
  std::mt19937_64 rng(s.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::unordered_set<SideKey, SideKeyHash> seen;
  std::vector<engine::SideCounts> out;
  auto keep = [&](const engine::SideCounts& side) {
    if (chequers_on(side) == 0) return;
    if (seen.insert(engine::side_key(side)).second) out.push_back(side);
  };
  auto value = [&](const engine::SideCounts& side) -> float {
    if (db.covers(side)) return *db.mean_rolls(side);
    return heuristic_rolls(side);
  };
  auto list = std::make_unique<engine::MoveList>();
  std::vector<engine::SideCounts> children;
  for (int walk = 0; walk < s.walks; ++walk)
    for (const engine::Board& b : races)
      for (const engine::SideCounts& start : b.sides) {
        if (start[engine::kBar]) continue;
        engine::SideCounts side = start;
        keep(side);
        while (chequers_on(side) > 0) {
          const int d1 = static_cast<int>(rng() % 6) + 1, d2 = static_cast<int>(rng() % 6) + 1;
          const int n = side_moves(side, std::max(d1, d2), std::min(d1, d2), *list, children);
          if (n == 0) break;
          keep(children[rng() % n]);
          int pick = static_cast<int>(rng() % n);
          if (unit(rng) < s.greedy_share) {
            float best = 1e9f;
            for (int i = 0; i < n; ++i)
              if (const float v = value(children[i]); v < best) best = v, pick = i;
          }
          side = children[pick];
          keep(side);
        }
      }
  return out;
}

eval::SideRolls lookahead_side_rolls(const eval::RaceSidesNet& net,
                                     const bearoff::OneSidedDatabase& db,
                                     const engine::SideCounts& side) {
  const bool gammon = chequers_on(side) == engine::kCheckersPerSide;
  double acc_off[kSideRolls] = {}, acc_gammon[kSideRolls] = {};
  auto list = std::make_unique<engine::MoveList>();
  std::vector<engine::SideCounts> children;
  std::vector<float> h(net.hidden()), best_h_off(net.hidden()), best_h_gammon(net.hidden());
  for (const bearoff::Roll& roll : bearoff::kRolls) {
    const int n = side_moves(side, roll.high, roll.low, *list, children);
    float best_off = 1e9f, best_gammon = 1e9f;
    int i_off = -1, i_gammon = -1;
    for (int i = 0; i < n; ++i) {
      float off, gam;
      if (db.covers(children[i])) {
        const auto st = db.roll_statistics(bearoff::bearoff_index(children[i], db.points()));
        off = st.mean;
        gam = chequers_on(children[i]) == engine::kCheckersPerSide ? st.gammon_mean : 0.0f;
      } else {
        net.hidden_layer(children[i], h.data());
        off = net.mean_off(h.data());
        gam = net.mean_gammon(h.data());
      }
      if (off < best_off) best_off = off, i_off = i;
      if (gammon && gam < best_gammon) best_gammon = gam, i_gammon = i;
    }
    auto rolls_of = [&](const engine::SideCounts& c) {
      if (db.covers(c)) return exact_side_rolls(db, c);
      SideRolls r;
      net.evaluate(c, r);
      return r;
    };
    const SideRolls r_off = rolls_of(children[i_off]);
    for (int k = 0; k < kSideRolls; ++k)
      acc_off[std::min(k + 1, kSideRolls - 1)] += roll.weight * static_cast<double>(r_off.off[k]);
    if (gammon) {
      const SideRolls r_g = i_gammon == i_off ? r_off : rolls_of(children[i_gammon]);
      for (int k = 0; k < kSideRolls; ++k)
        acc_gammon[std::min(k + 1, kSideRolls - 1)] +=
            roll.weight * static_cast<double>(r_g.gammon[k]);
    }
  }
  SideRolls out;
  for (int k = 0; k < kSideRolls; ++k) {
    out.off[k] = static_cast<float>(acc_off[k] / 36.0);
    out.gammon[k] = gammon ? static_cast<float>(acc_gammon[k] / 36.0) : (k == 0 ? 1.0f : 0.0f);
  }
  return out;
}

eval::SideRolls trajectory_side_rolls(const eval::RaceSidesNet& net,
                                      const bearoff::OneSidedDatabase& db,
                                      const engine::SideCounts& side, int trials, uint64_t seed) {
  const bool gammon = chequers_on(side) == engine::kCheckersPerSide;
  const SideKey key = engine::side_key(side);
  std::mt19937_64 rng(seed ^ SideKeyHash{}(key));
  double acc[2][kSideRolls] = {};
  auto list = std::make_unique<engine::MoveList>();
  std::vector<engine::SideCounts> children;
  std::vector<float> h(net.hidden());
  // The child with the fewest expected rolls by `part` (0: all off, 1: first off).
  auto best = [&](const engine::SideCounts& from, int high, int low, int part) {
    const int n = side_moves(from, high, low, *list, children);
    float best_value = 1e9f;
    int pick = 0;
    for (int i = 0; i < n; ++i) {
      float v;
      if (db.covers(children[i])) {
        const auto st = db.roll_statistics(bearoff::bearoff_index(children[i], db.points()));
        v = part == 0 ? st.mean
                      : (chequers_on(children[i]) == engine::kCheckersPerSide ? st.gammon_mean : 0);
      } else {
        net.hidden_layer(children[i], h.data());
        v = part == 0 ? net.mean_off(h.data()) : net.mean_gammon(h.data());
      }
      if (v < best_value) best_value = v, pick = i;
    }
    return children[pick];
  };
  for (const bearoff::Roll& roll : bearoff::kRolls)
    for (int t = 0; t < trials; ++t)
      for (int part = 0; part < (gammon ? 2 : 1); ++part) {
        engine::SideCounts s = best(side, roll.high, roll.low, part);
        int rolls = 1;
        while (!db.covers(s)) {
          const int d1 = static_cast<int>(rng() % 6) + 1, d2 = static_cast<int>(rng() % 6) + 1;
          s = best(s, std::max(d1, d2), std::min(d1, d2), part);
          ++rolls;
        }
        const SideRolls end = exact_side_rolls(db, s);
        const auto& d = part == 0 ? end.off : end.gammon;
        const double w = roll.weight / (36.0 * trials);
        for (int k = 0; k < kSideRolls; ++k)
          if (d[k] > 0) acc[part][std::min(k + rolls, kSideRolls - 1)] += w * d[k];
      }
  SideRolls out;
  for (int k = 0; k < kSideRolls; ++k) {
    out.off[k] = static_cast<float>(acc[0][k]);
    out.gammon[k] = gammon ? static_cast<float>(acc[1][k]) : (k == 0 ? 1.0f : 0.0f);
  }
  return out;
}

std::vector<SideExample> side_labels(const eval::RaceSidesNet& net,
                                     const bearoff::OneSidedDatabase& db,
                                     const std::vector<engine::SideCounts>& sides, int trials,
                                     uint64_t seed, int threads,
                                     const std::function<void(size_t)>& progress) {
  std::vector<SideExample> out(sides.size());
  std::atomic<size_t> next{0}, done{0};
  auto work = [&] {
    for (;;) {
      const size_t i = next.fetch_add(64);
      if (i >= sides.size()) return;
      const size_t end = std::min(sides.size(), i + 64);
      for (size_t j = i; j < end; ++j) {
        out[j].side = sides[j];
        out[j].target = trials > 0 ? trajectory_side_rolls(net, db, sides[j], trials, seed)
                                   : lookahead_side_rolls(net, db, sides[j]);
      }
      done += end - i;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  std::thread reporter([&] {
    while (done.load() < sides.size()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      if (progress) progress(done.load());
    }
  });
  work();
  for (auto& t : pool) t.join();
  reporter.join();
  return out;
}

namespace {

// Loss and gradient of a batch; returns the summed cross-entropy. grads (if not null) are added
// into gw1, gb1, gw2, gb2 (averaged over the batch).
double batch_pass(const RaceSidesNet& net, const std::vector<const SideExample*>& batch,
                  RowMatrix* gw1, Eigen::VectorXf* gb1, RowMatrix* gw2, Eigen::VectorXf* gb2,
                  double* mean_err, double* gammon_err, int* gammon_count) {
  const int B = static_cast<int>(batch.size()), H = net.hidden();
  constexpr int I = RaceSidesNet::kInputs, O = RaceSidesNet::kOutputs;
  Matrix X(I, B);
  for (int b = 0; b < B; ++b) RaceSidesNet::encode(batch[b]->side, X.col(b).data());
  Eigen::Map<const RowMatrix> W1(net.w1.data(), I, H);
  Eigen::Map<const RowMatrix> W2(net.w2.data(), O, H);
  Eigen::Map<const Eigen::VectorXf> b1(net.b1.data(), H), b2(net.b2.data(), O);
  Matrix Hd = (W1.transpose() * X).colwise() + b1;
  Hd = (1.0f + (-Hd.array()).exp()).inverse().matrix();
  Matrix Z = (W2 * Hd).colwise() + b2;
  Matrix dZ = Matrix::Zero(O, B);
  double loss = 0;
  for (int b = 0; b < B; ++b) {
    const SideRolls& t = batch[b]->target;
    const bool gammon = chequers_on(batch[b]->side) == engine::kCheckersPerSide;
    double mean_p[2] = {0, 0}, mean_t[2] = {0, 0};
    for (int part = 0; part < (gammon ? 2 : 1); ++part) {
      float* z = Z.col(b).data() + part * kSideRolls;
      const float* target = part ? t.gammon.data() : t.off.data();
      float m = z[0];
      for (int k = 1; k < kSideRolls; ++k) m = std::max(m, z[k]);
      double s = 0;
      for (int k = 0; k < kSideRolls; ++k) s += std::exp(static_cast<double>(z[k] - m));
      const double log_s = std::log(s);
      for (int k = 0; k < kSideRolls; ++k) {
        const double logp = z[k] - m - log_s;
        const double p = std::exp(logp);
        if (target[k] > 0) loss -= target[k] * logp;
        dZ(part * kSideRolls + k, b) = static_cast<float>(p - target[k]);
        mean_p[part] += k * p;
        mean_t[part] += k * static_cast<double>(target[k]);
      }
      // The mean head learns the target's mean (in units of kMeanScale rolls).
      const int head = part ? RaceSidesNet::kMeanGammon : RaceSidesNet::kMeanOff;
      const double d = Z(head, b) - mean_t[part] / RaceSidesNet::kMeanScale;
      dZ(head, b) = static_cast<float>(2.0 * d);
      loss += d * d;
    }
    if (mean_err) *mean_err += std::abs(mean_p[0] - mean_t[0]);
    if (gammon && gammon_err) {
      *gammon_err += std::abs(mean_p[1] - mean_t[1]);
      ++*gammon_count;
    }
  }
  if (gw1) {
    dZ /= static_cast<float>(B);
    *gw2 += dZ * Hd.transpose();
    *gb2 += dZ.rowwise().sum();
    Matrix dH = (W2.transpose() * dZ).array() * Hd.array() * (1.0f - Hd.array());
    *gw1 += X * dH.transpose();
    *gb1 += dH.rowwise().sum();
  }
  return loss;
}

}  // namespace

SideFitReport check_sides(const eval::RaceSidesNet& net, const std::vector<SideExample>& check) {
  SideFitReport r;
  double loss = 0, err = 0, gerr = 0;
  int gcount = 0;
  std::vector<const SideExample*> batch;
  for (size_t i = 0; i < check.size(); i += 256) {
    batch.clear();
    for (size_t j = i; j < std::min(check.size(), i + 256); ++j) batch.push_back(&check[j]);
    loss += batch_pass(net, batch, nullptr, nullptr, nullptr, nullptr, &err, &gerr, &gcount);
  }
  if (!check.empty()) {
    r.check_loss = loss / check.size();
    r.check_mean_error = err / check.size();
  }
  if (gcount) r.check_gammon_error = gerr / gcount;
  return r;
}

SideFitReport fit_sides(eval::RaceSidesNet& net, const std::vector<SideExample>& train,
                        const std::vector<SideExample>& check, const SideFitSettings& s,
                        const std::function<void(int, const SideFitReport&)>& epoch_done) {
  const int H = net.hidden();
  constexpr int I = RaceSidesNet::kInputs, O = RaceSidesNet::kOutputs;
  std::vector<float>* params[4] = {&net.w1, &net.b1, &net.w2, &net.b2};
  std::vector<std::vector<float>> m(4), v(4);
  for (int p = 0; p < 4; ++p) m[p].assign(params[p]->size(), 0), v[p].assign(params[p]->size(), 0);
  RowMatrix gw1(I, H), gw2(O, H);
  Eigen::VectorXf gb1(H), gb2(O);
  float* grads[4] = {gw1.data(), gb1.data(), gw2.data(), gb2.data()};
  std::mt19937_64 rng(s.seed);
  std::vector<size_t> order(train.size());
  std::iota(order.begin(), order.end(), size_t{0});
  constexpr float kBeta1 = 0.9f, kBeta2 = 0.999f, kEps = 1e-8f;
  int64_t step = 0;
  SideFitReport report;
  for (int epoch = 0; epoch < s.epochs; ++epoch) {
    const float rate = s.epochs > 1
                           ? s.rate * std::pow(s.final_rate / s.rate, epoch / float(s.epochs - 1))
                           : s.rate;
    std::shuffle(order.begin(), order.end(), rng);
    double loss = 0;
    std::vector<const SideExample*> batch;
    for (size_t i = 0; i < order.size(); i += s.batch) {
      batch.clear();
      for (size_t j = i; j < std::min(order.size(), i + s.batch); ++j)
        batch.push_back(&train[order[j]]);
      gw1.setZero(), gb1.setZero(), gw2.setZero(), gb2.setZero();
      loss += batch_pass(net, batch, &gw1, &gb1, &gw2, &gb2, nullptr, nullptr, nullptr);
      ++step;
      const float c1 = 1.0f / (1.0f - std::pow(kBeta1, static_cast<float>(step)));
      const float c2 = 1.0f / (1.0f - std::pow(kBeta2, static_cast<float>(step)));
      for (int p = 0; p < 4; ++p) {
        float* w = params[p]->data();
        float* mm = m[p].data();
        float* vv = v[p].data();
        const float* g = grads[p];
        const size_t n = params[p]->size();
        for (size_t k = 0; k < n; ++k) {
          mm[k] = kBeta1 * mm[k] + (1 - kBeta1) * g[k];
          vv[k] = kBeta2 * vv[k] + (1 - kBeta2) * g[k] * g[k];
          w[k] -= rate * (mm[k] * c1) / (std::sqrt(vv[k] * c2) + kEps);
        }
      }
    }
    net.refresh();
    report = check_sides(net, check);
    report.train_loss = train.empty() ? 0 : loss / train.size();
    if (epoch_done) epoch_done(epoch, report);
  }
  return report;
}

}  // namespace tavla::train
