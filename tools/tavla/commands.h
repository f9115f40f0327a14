// tavla's subcommands: one file each (cmd_<name>.cpp), each with its own options and --help.
// A command returns the process exit status; only tools/ code prints or exits.
#pragma once

namespace tavla::cli {

int cmd_analyze(int argc, char** argv);
int cmd_perft(int argc, char** argv);

}  // namespace tavla::cli
