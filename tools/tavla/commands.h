// SPDX-License-Identifier: GPL-3.0-or-later
// tavla's subcommands: one file each (cmd_<name>.cpp), each with its own options and --help.
// A command returns the process exit status; only tools/ code prints or exits.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

namespace tavla::cli {

int cmd_analyze(int argc, char** argv);
int cmd_perft(int argc, char** argv);
int cmd_rollout(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_bearoff(int argc, char** argv);
int cmd_calibrate(int argc, char** argv);
int cmd_duel(int argc, char** argv);
int cmd_errors(int argc, char** argv);
int cmd_train(int argc, char** argv);
int cmd_external(int argc, char** argv);
int cmd_fit(int argc, char** argv);
int cmd_race_sides(int argc, char** argv);
int cmd_ubgi(int argc, char** argv);
int cmd_serve(int argc, char** argv);
// The interactive shell; also what `tavla` runs with no command or with gnubg's options.
int cmd_shell(int argc, char** argv);

// The next non-blank line of standard input (a trailing CR dropped): what the --batch commands
// answer (cmd_analyze.cpp).
std::optional<std::string> read_batch_line();

// The list of subcommands with their summaries (main.cpp).
void print_command_list(std::ostream& os);

}  // namespace tavla::cli
