// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's command tables: names in gnubg's order (a typed word selects the first entry it is a
// prefix of, so the order decides abbreviations: `d` is `decline`, `r` is `roll`), help texts and
// usage strings as gnubg prints them, and the handler or the table of subcommands.
#pragma once

#include <string>

namespace tavla::shell {

class Shell;
using Handler = void (Shell::*)(std::string& args);

struct CommandEntry {
  const char* name;         // nullptr ends a table
  Handler handler;          // nullptr: dispatch to `sub` (or "not available in tavla")
  const char* help;         // nullptr: not listed by `help` (synonyms such as `r`)
  const char* usage;        // nullptr: none
  const CommandEntry* sub;  // subcommands (or, with a handler, the words it accepts next)
};

const CommandEntry* top_commands();
// The words after `annotate move|cube|double|...' (gnubg's acAnnotateMove).
const CommandEntry* annotate_move_commands();
// The entry of `table` that `word` selects, or nullptr.
const CommandEntry* find_command(const CommandEntry* table, const std::string& word);

}  // namespace tavla::shell
