// SPDX-License-Identifier: GPL-3.0-or-later
#include "cube_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "../engine/fixtures.h"

namespace tavla::test {

std::optional<eval::MatchEquityTable> try_met_by_name(const std::string& name) {
  if (name == "Kazaross-XG2") return eval::MatchEquityTable::kazaross_xg2();
  if (name == "fallback") return eval::MatchEquityTable::zadeh_default();
  std::filesystem::path file = fixture_path("cube/met_inputs/" + name + ".xml");
  if (!std::filesystem::exists(file)) file = "/usr/share/gnubg/met/" + name + ".xml";
  if (!std::filesystem::exists(file)) return std::nullopt;
  auto t = eval::MatchEquityTable::load(file);
  if (!t.ok()) {
    ADD_FAILURE() << t.error();
    return std::nullopt;
  }
  return std::move(t).value();
}

eval::MatchEquityTable met_by_name(const std::string& name) {
  auto t = try_met_by_name(name);
  if (!t) {
    ADD_FAILURE() << "MET " << name << " unavailable";
    return eval::MatchEquityTable::kazaross_xg2();
  }
  return std::move(*t);
}

}  // namespace tavla::test
