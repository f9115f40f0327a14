// SPDX-License-Identifier: GPL-3.0-or-later
// Labelled positions kept on disk, so that expensive labels (rollouts) outlive the training run
// that made them and can be fitted again (`tavla fit`). One position per line:
//     CLASS POSID WIN WINGAMMON WINBACKGAMMON LOSEGAMMON LOSEBACKGAMMON
// CLASS is contact, crashed or race; POSID is gnubg's position ID of the board with the side on
// roll to play, before rolling; the five probabilities are for that side (cubeless). '#' lines are
// comments.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "train/self_play.h"

namespace tavla::train {

std::string label_line(const Example& e);

// Appends the examples' lines to `file` (created with a header comment when new).
std::optional<std::string> append_labels(const std::filesystem::path& file,
                                         const std::vector<Example>& examples,
                                         const std::string& header);

// Reads a label file. Errors name the file, the line and what is wrong with it.
engine::Result<std::vector<Example>> read_labels(const std::filesystem::path& file);

}  // namespace tavla::train
