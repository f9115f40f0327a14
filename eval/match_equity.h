// SPDX-License-Identifier: GPL-3.0-or-later
// Match equity tables (METs) as gnubg 1.07 holds them: a pre-Crawford table and two post-Crawford
// rows, always 64 x 64 (gnubg's MAXSCORE), filled from an XML file of gnubg's met/ folder and
// extended beyond the file's length exactly as gnubg extends it.
//
// Indexing: everything here speaks of "away" = points a player still needs (1 = one point away).
// Values are match-winning chances (MWC) in [0, 1]:
//   pre_crawford(a0, a1)   MWC of player 0 when player 0 is a0-away and player 1 a1-away, before
//                          a game that is not post-Crawford (a Crawford game at 1-away included);
//   post_crawford(p, a)    MWC of player p, a-away, when the other player is 1-away and the
//                          Crawford game has been played (a = 1: 1-away/1-away, 0.5).
// gnubg's arrays are the same shifted by one (aafMET[a0 - 1][a1 - 1], aafMETPostCrawford[p][a -
// 1]).
//
// How gnubg fills the tables (InitMatchEquity), reproduced by MatchEquityTable::from_spec:
//   1. each post-Crawford row: explicit values for 1 .. length-1 away, continued with the Zadeh
//      post-Crawford recursion (gammon rate 0.25, free-drop corrections 0.015 / 0.004); or computed
//      from parameters ("zadeh" or "mec");
//   2. the pre-Crawford table: explicit values up to length x length, or computed from parameters
//      ("zadeh", or "mec" which also uses the post-Crawford rows);
//   3. every pre-Crawford entry with an away beyond the file's length is replaced by Montgomery's
//      normal-distribution extension. A file whose length is -1 (zadeh.xml, mec.xml) therefore ends
//      up with a pre-Crawford table that is *entirely* Montgomery's formula: gnubg computes the
//      parameterised table and then overwrites it. This is gnubg's behaviour and is kept.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/result.h"
#include "eval/score_mwcs.h"

namespace tavla::eval {

inline constexpr int kMetMaxAway = 64;    // gnubg's MAXSCORE: tables cover 1..64 away
inline constexpr int kMetCubeLevels = 7;  // gnubg's MAXCUBELEVEL: cubes 1..64 in Zadeh's model

// What a MET file says about itself.
struct MetInfo {
  std::string name;
  std::string description;
  std::string file;  // where it was read from ("" for built-in tables)
  int length = 0;    // the file's native length; -1 = purely computed table
};

// One table of a MET file before gnubg's processing: explicit rows, or a formula with parameters.
struct MetTableSpec {
  enum class Type { kExplicit, kZadeh, kMec };
  Type type = Type::kExplicit;
  // Explicit: pre-Crawford rows (row r = player 0 is r+1 away, entry c = player 1 is c+1 away);
  // a post-Crawford table has a single row (entry k = the trailer is k+1 away).
  std::vector<std::vector<float>> rows;
  // Formula parameters by name, in file order (a later duplicate wins, as in gnubg).
  std::vector<std::pair<std::string, float>> parameters;
};

// A MET file as read, before the tables are computed and extended.
struct MetSpec {
  MetInfo info;
  MetTableSpec pre_crawford;
  std::array<MetTableSpec, 2> post_crawford;  // per trailing player
};

// Reads gnubg's MET XML format. Errors name `name` (the file) and what is wrong.
engine::Result<MetSpec> parse_met_xml(std::string_view xml, std::string_view name);

class MatchEquityTable {
 public:
  using PreTable = std::array<std::array<float, kMetMaxAway>, kMetMaxAway>;
  using PostTable = std::array<std::array<float, kMetMaxAway>, 2>;

  // Builds the 64 x 64 tables from a parsed file as gnubg does (see the top of this file).
  static engine::Result<MatchEquityTable> from_spec(const MetSpec& spec);
  // Parses and builds; `name` names the source in error messages.
  static engine::Result<MatchEquityTable> parse(std::string_view xml, std::string_view name);
  // Reads a MET file of gnubg's met/ folder (or any file in that format).
  static engine::Result<MatchEquityTable> load(const std::filesystem::path& file);

  // tavla's default: Kazaross-XG2 (gnubg 1.07's default), built in (eval/met_kazaross_xg2.cpp), so
  // no gnubg installation is needed. Built once, on first use; thread-safe.
  static const MatchEquityTable& kazaross_xg2();
  // The table gnubg falls back to when its MET file cannot be read: Zadeh's formula with gammon
  // rates 0.25 (leader) / 0.15 (trailer), delta 0.08, delta-bar 0.06, post-Crawford gammon rate
  // 0.25 and free drops 0.015 (2-away) / 0.004 (4-away), 64 long, not extended.
  static MatchEquityTable zadeh_default();

  const MetInfo& info() const { return info_; }

  // Table entries (see the top of this file); aways 1..64.
  float pre_crawford(int away0, int away1) const { return pre_[away0 - 1][away1 - 1]; }
  float post_crawford(int player, int away) const { return post_[player][away - 1]; }
  const PreTable& pre_table() const { return pre_; }
  const PostTable& post_table() const { return post_; }

  // MWC of `player` after `winner` wins `points` more points, the score before being `score` in a
  // match to `match_length` (gnubg's getME). Reaching the length gives 1 or 0. If this game is the
  // Crawford game or either player is now 1-away, the game after is post-Crawford and the
  // post-Crawford rows are used.
  float mwc_after(const std::array<int, 2>& score, int match_length, int player, int points,
                  int winner, bool crawford) const;
  // MWC of `player` at this score before the game starts (gnubg's getMEAtScore): post-Crawford
  // rows when a player is 1-away and this is not the Crawford game.
  float mwc_at_score(const std::array<int, 2>& score, int match_length, int player,
                     bool crawford) const;

  // gnubg's gammon and backgammon prices at a score for a cube value ([0] gammon price of player 0,
  // [1] of player 1, [2] backgammon price of player 0, [3] of player 1; negatives clamped to 0).
  // These are the values gnubg's SetCubeInfo takes from its precomputed tables.
  std::array<float, 4> gammon_prices(const std::array<int, 2>& score, int match_length,
                                     int cube) const;

  // The table seen with the players exchanged (gnubg's "set invert matchequitytable").
  MatchEquityTable inverted() const;

  // The values of this table that one score needs (eval/score_mwcs.h), computed on first use and
  // kept while the table lives, at the same address (a CubeInfo points at them); thread-safe.
  // Precondition: 1 <= match_length <= 64, 0 <= score[p] < match_length.
  const ScoreMwcs& score_mwcs(const std::array<int, 2>& score, int match_length,
                              bool crawford) const;

 private:
  // The ScoreMwcs already computed. A copy of a table starts empty (its entries belong to the
  // original); assigning over a table keeps the old entries alive (a CubeInfo may still point
  // at them) but out of reach of later look-ups.
  class ScoreCache {
   public:
    ScoreCache() = default;
    ScoreCache(const ScoreCache&) {}
    ScoreCache& operator=(const ScoreCache&);
    const ScoreMwcs& get(const MatchEquityTable& met, const std::array<int, 2>& score,
                         int match_length, bool crawford);

   private:
    std::mutex mutex_;
    std::map<int, std::unique_ptr<const ScoreMwcs>> entries_;
    std::vector<std::unique_ptr<const ScoreMwcs>> retired_;
  };

  PreTable pre_{};
  PostTable post_{};
  MetInfo info_;
  mutable ScoreCache score_cache_;
};

namespace met_formulas {
// The formulas gnubg uses to compute and extend tables, exposed for tests. Arrays are indexed by
// away - 1, as gnubg's.

// Zadeh's post-Crawford recursion from index `start` on (entries before it are inputs).
void zadeh_post_crawford(std::array<float, kMetMaxAway>& post, int start, float gammon_rate,
                         float free_drop_2away, float free_drop_4away);
// Zadeh's pre-Crawford table from the post-Crawford row of player 0.
void zadeh_pre_crawford(MatchEquityTable::PreTable& pre, const std::array<float, kMetMaxAway>& post,
                        float gammon_rate_leader, float gammon_rate_trailer, float delta,
                        float delta_bar);
// Tornberg's mec: post-Crawford row, and the pre-Crawford table from both post-Crawford rows.
void mec_post_crawford(std::array<float, kMetMaxAway>& post, float gammon_rate,
                       float free_drop_2away, float free_drop_4away, float win_rate);
void mec_pre_crawford(MatchEquityTable::PreTable& pre, const MatchEquityTable::PostTable& post,
                      float gammon_rate, float win_rate);
// Montgomery's extension of every entry with an away beyond `length` (see the top of this file).
void montgomery_extend(MatchEquityTable::PreTable& pre, int length);
}  // namespace met_formulas

}  // namespace tavla::eval
