// SPDX-License-Identifier: GPL-3.0-or-later
// The training loop: rounds of self-play games (several threads) followed by stochastic-gradient
// passes over the round's examples, with a checkpoint after every round.
//
// Reproducibility: game g of the run uses its own random stream (from the seed and g), a round's
// examples are gathered in game order and shuffled by a stream of (seed, round), so a run gives
// the same nets whatever the thread count, and a run resumed from a checkpoint continues exactly
// as the uninterrupted run would have.
//
// Two kinds of round:
//   * td: targets are the games' TD(lambda) returns (self_play.h). Starts from random weights.
//   * supervised: a sample of each game's positions is labelled with tavla's own n-ply cubeless
//     evaluation (eval::Search with the current nets) and the nets are fitted to those labels for
//     a few epochs, or with a truncated rollout of it (0-ply cubeless play, the current nets);
//     optionally also the positions after the best alternative plays of a roll from each
//     sampled position (labelled the same way; rollouts of them share their dice). Never uses
//     any net but the one being trained.
// Each example also trains the pruning net of its class (200 base inputs) on the same target.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "eval/bearoff_provider.h"
#include "eval/net_set.h"
#include "eval/weights.h"
#include "rollout/rollout.h"
#include "train/self_play.h"

namespace tavla::train {

enum class RoundKind { kTd, kSupervised };

struct TrainSettings {
  uint64_t seed = 1;
  RoundKind kind = RoundKind::kTd;
  int games_per_round = 200;
  int threads = 1;
  float rate = 0.1f;            // step size of the first round
  float rate_floor = 0.01f;     // the step size decays as rate / sqrt(1 + round / rate_halflife)
  int rate_halflife = 200;      // ... but never below rate_floor
  // The hidden layer's step is rate * rate_hidden_scale. gnubg's beta_hidden (0.1) scales both
  // the hidden units' gradients and the effect of a weight change on them, so with one step size
  // the hidden layer moves 1/beta_hidden^2 = 100 times more slowly than the output layer. Nets
  // trained that way (the first shipped ones, scale 1) kept their hidden units in the sigmoid's
  // linear middle (median |beta * sum| 0.6 over race positions; gnubg's nets: 7); scale 100
  // trains the layers as a net without betas would be trained. Checkpoints from before the
  // setting existed read as 1.
  float rate_hidden_scale = 100.0f;
  SelfPlaySettings play;
  // Supervised rounds.
  int label_plies = 1;          // n-ply depth of the labels
  // Each n-ply label the mean of the label_plies and the (label_plies - 1)-ply evaluations. A net
  // that overrates the side on roll by b makes even plies overrate it by about b and odd plies
  // underrate it by about b (an odd search's leaves have the other side on roll), so labels of
  // one parity hand b on to the next net unseen; the mean of an odd and an even ply cancels it
  // (session 32: tavla's contact net had drifted to 0.02 points of equity between the plies
  // after rounds of 2-ply labels; weights/README.md).
  bool label_odd_even = false;
  float label_fraction = 0.25f; // share of each game's contact positions that get labelled
  // ... and of its race and crashed positions: these are fewer (about 13% and 8% of a game's
  // positions) and their nets learn from them alone, so they may be labelled more often.
  float label_fraction_race = 0.25f, label_fraction_crashed = 0.25f;
  int epochs = 2;               // passes over a round's labelled examples
  // For each labelled position, also label the positions after the best `label_alternatives`
  // plays (by the current nets at 0 ply) of a random roll from it. Self-play visits only the
  // positions its own choices lead to, but choosing a play means ranking the positions after all
  // the good candidates; these examples teach the nets to rank them as the labels' search does.
  // With rollout labels the alternatives are rolled out together, with the same dice
  // (rollout_labels), so that their differences are not lost in the trials' luck.
  int label_alternatives = 0;
  // Truncated-rollout labels instead of n-ply ones when label_rollout_trials > 0: that many
  // trials (quasi-random dice) of cubeless 0-ply self-play from the position, each cut after
  // label_truncate_plies half-moves (or at an exact bearoff position) and valued there at 0 ply,
  // with gnubg's variance reduction if label_rollout_vr.
  int label_rollout_trials = 0;
  int label_truncate_plies = 7;
  bool label_rollout_vr = false;
  // Luck-free-return labels instead of both (self_play.h): every position of the game is valued
  // by the game's outcome less the luck of the rolls from it on, for about the cost of a 1-ply
  // label each; the label fractions then only thin out what is kept.
  bool label_returns = false;
  // Net sizes for a fresh run (hidden units): contact, race, crashed, and their pruning nets.
  int hidden_contact = 128, hidden_race = 128, hidden_crashed = 128;
  int hidden_prune_contact = 16, hidden_prune_crashed = 16, hidden_prune_race = 8;
};

// What a checkpoint holds besides the weights.
struct TrainState {
  TrainSettings settings;
  int round = 0;                 // rounds completed
  uint64_t games = 0;            // games played
  uint64_t examples = 0;         // examples trained on
  double seconds = 0;            // wall time spent, over all sessions
  // Mean cross-entropy (nats per example, 5 outputs) of the last round, per main net.
  double loss_contact = 0, loss_race = 0, loss_crashed = 0;
};

struct RoundReport {
  int round = 0;
  int games = 0;
  uint64_t examples = 0;
  double seconds = 0;
  double loss_contact = 0, loss_race = 0, loss_crashed = 0;
  // The same examples' mean Kullback-Leibler divergence from their targets (cross-entropy less
  // the targets' own entropy: 0 for a perfect fit), measured in the first pass, before each
  // example is learnt from: an estimate of the error on unseen positions.
  double excess_contact = 0, excess_race = 0, excess_crashed = 0;
  uint64_t count_contact = 0, count_race = 0, count_crashed = 0;
};

// Rollout labels of `boards` (each seen from its side on roll, before rolling): one cubeless
// money rollout (`settings`) of them all, every board played with the same dice, seeded by the
// game and the first label's index in it. The probabilities are for each board's side on roll.
std::vector<eval::Probabilities> rollout_labels(const std::shared_ptr<const eval::NetSet>& nets,
                                                const eval::BearoffProvider* bearoff,
                                                rollout::RolloutSettings settings,
                                                const std::vector<engine::Board>& boards,
                                                uint64_t game, uint64_t index);

// Fresh nets of the settings' sizes (random weights from the seed), version "1.00".
eval::Weights random_weights(const TrainSettings& s);

// `w` with each main net (contact, race, crashed) widened to the settings' hidden sizes where
// those are larger: the new hidden units get random input weights (as random_weights) and zero
// output weights, so the widened nets compute exactly what `w` did and training grows the new
// units from there. Pruning nets are kept as they are.
eval::Weights widen_weights(const eval::Weights& w, const TrainSettings& s);

// A checkpoint directory holds `nets.wd` (gnubg's binary weights format) and `state.txt`
// (key = value lines). Both are replaced atomically (written aside, then renamed).
std::optional<std::string> save_checkpoint(const std::filesystem::path& dir,
                                           const eval::Weights& w, const TrainState& st);
engine::Result<std::pair<eval::Weights, TrainState>> load_checkpoint(
    const std::filesystem::path& dir);

// Plays games [first, first + count) of the run with the nets `w` on st.settings.threads threads
// and returns their examples in game order (in supervised rounds: the labelled sample). A game's
// examples depend only on `w`, the settings and its index, so any split of a round's games (over
// threads, calls, or MPI ranks) gives the same examples. `progress` (may be empty) is told the
// games done so far.
//
// `label_bearoff` (may be null; supervised rounds) holds a larger one-sided database used for
// labels only: every race position of the games that it covers (and `bearoff` does not) is
// labelled with that database's value, whatever the label fractions, so that the race net learns
// the database's answers where no database answers in play. The other positions are labelled as
// the settings say, by searches and rollouts that also end in that database where it covers
// their leaves (so n-ply labels carry its values one band further out, round after round).
//
// `race_sides` (may be null) values races beyond the databases, in play and in labels' searches
// and rollouts, as the evaluator does with tavla.race-sides beside tavla.wd (the race net being
// trained is then used only for pruning). It is not trained: `tavla race-sides` makes it.
std::vector<Example> play_games(const eval::Weights& w, const TrainState& st,
                                const eval::BearoffProvider* bearoff, uint64_t first, int count,
                                const std::function<void(int games_done)>& progress = {},
                                const eval::BearoffProvider* label_bearoff = nullptr,
                                std::shared_ptr<const eval::RaceSidesNet> race_sides = nullptr);

// Who plays a round's games: empty for play_games in this process; an MPI job shares them among
// its ranks (tools/tavla/train_ranks.h). It must return play_games's examples, in game order.
using GamePlayer = std::function<std::vector<Example>(
    const eval::Weights& w, const TrainState& st, uint64_t first, int count,
    const std::function<void(int games_done)>& progress)>;

// Plays and trains one round, updating `w` and `st`. `bearoff` (may be null) makes race endings
// exact; `race_sides` (may be null) is play_games's. `progress` (may be empty) is told the games done so far in the round. In supervised
// rounds, `labelled` (may be null) receives the round's labelled examples, in game order.
RoundReport train_round(eval::Weights& w, TrainState& st, const eval::BearoffProvider* bearoff,
                        const std::function<void(int games_done)>& progress,
                        std::vector<Example>* labelled = nullptr,
                        const GamePlayer& player = {},
                        const eval::BearoffProvider* label_bearoff = nullptr,
                        std::shared_ptr<const eval::RaceSidesNet> race_sides = nullptr);

}  // namespace tavla::train
