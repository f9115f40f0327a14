// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/label_file.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/position_id.h"

namespace tavla::train {

namespace {

const char* class_name(eval::PositionClass c) {
  return c == eval::PositionClass::kRace ? "race"
         : c == eval::PositionClass::kCrashed ? "crashed"
                                              : "contact";
}

}  // namespace

std::string label_line(const Example& e) {
  char probs[96];
  std::snprintf(probs, sizeof probs, " %.6f %.6f %.6f %.6f %.6f", e.target[0], e.target[1],
                e.target[2], e.target[3], e.target[4]);
  return std::string(class_name(e.cls)) + " " + engine::position_id(e.board) + probs;
}

std::optional<std::string> append_labels(const std::filesystem::path& file,
                                         const std::vector<Example>& examples,
                                         const std::string& header) {
  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  const bool fresh = !std::filesystem::exists(file);
  std::ofstream f(file, std::ios::app);
  if (!f) return "cannot write " + file.string();
  if (fresh && !header.empty()) f << header;
  for (const Example& e : examples) f << label_line(e) << "\n";
  f.flush();
  if (!f) return "cannot write " + file.string();
  return std::nullopt;
}

engine::Result<std::vector<Example>> read_labels(const std::filesystem::path& file) {
  std::ifstream f(file);
  if (!f) return engine::Error{"cannot read " + file.string()};
  std::vector<Example> out;
  std::string line;
  int lineno = 0;
  while (std::getline(f, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string where = file.string() + ":" + std::to_string(lineno) + ": ";
    std::istringstream in(line);
    std::string cls, id;
    Example e;
    in >> cls >> id;
    for (int k = 0; k < eval::Probabilities::kCount; ++k) in >> e.target[k];
    if (!in) return engine::Error{where + "expected CLASS POSID and five probabilities"};
    if (!(in >> std::ws).eof()) return engine::Error{where + "more than seven fields"};
    if (cls == "race")
      e.cls = eval::PositionClass::kRace;
    else if (cls == "crashed")
      e.cls = eval::PositionClass::kCrashed;
    else if (cls == "contact")
      e.cls = eval::PositionClass::kContact;
    else
      return engine::Error{where + "unknown class '" + cls + "' (contact, crashed or race)"};
    auto board = engine::board_from_position_id(id);
    if (!board) return engine::Error{where + board.error()};
    e.board = *board;
    for (int k = 0; k < eval::Probabilities::kCount; ++k)
      if (!(e.target[k] >= 0.0f && e.target[k] <= 1.0f))
        return engine::Error{where + "a probability outside 0..1"};
    out.push_back(e);
  }
  return out;
}

}  // namespace tavla::train
