// SPDX-License-Identifier: GPL-3.0-or-later
// Errors in bearoff/ use the engine's value-or-error type: nothing here throws on a bad file or
// bad settings, and the message names the file and what is wrong with it.
#pragma once

#include <optional>

#include "engine/result.h"

namespace tavla::bearoff {

using engine::Error;
using engine::Result;

// For operations without a value: nullopt means success.
using MaybeError = std::optional<Error>;

}  // namespace tavla::bearoff
