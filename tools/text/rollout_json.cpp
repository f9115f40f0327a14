// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/rollout_json.h"

#include "text/json.h"

namespace tavla::text {

std::string rollout_json(const std::string& id, const std::vector<analysis::RolloutCandidate>& cands,
                         const std::vector<rollout::AlternativeStats>& stats,
                         const rollout::RolloutSettings& st) {
  JsonWriter w;
  w.begin_object();
  w.field("id", id);
  w.field("trials", stats.empty() ? 0 : stats[0].trials);
  w.field("seed", static_cast<long long>(st.seed));
  w.field("cubeful", st.cubeful);
  w.field("variance_reduction", st.variance_reduction);
  w.key("results").begin_array();
  for (size_t i = 0; i < cands.size() && i < stats.size(); ++i) {
    w.begin_object();
    w.field("label", cands[i].label);
    w.key("mean").begin_array();
    for (float v : stats[i].mean) w.value(static_cast<double>(v));
    w.end_array();
    w.key("std_error").begin_array();
    for (float v : stats[i].std_error) w.value(static_cast<double>(v));
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace tavla::text
