// SPDX-License-Identifier: GPL-3.0-or-later
// tavla: a backgammon engine compatible with GNU Backgammon. `tavla COMMAND [options]`; with no
// command (or with gnubg's options such as -t, -q, -c FILE, or a match file) the shell.
#include <cstring>
#include <iostream>
#include <string_view>

#include "mpi/world.h"
#include "tavla/commands.h"

namespace {

struct Command {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
};

constexpr Command kCommands[] = {
    {"analyze", tavla::cli::cmd_analyze,
     "analyse a position given as POSID:MATCHID, position ID or XGID (--batch: JSON lines)"},
    {"perft", tavla::cli::cmd_perft, "count move-generation nodes over the 21 rolls"},
    {"bearoff", tavla::cli::cmd_bearoff, "bearoff database entries of a position, as bearoffdump"},
    {"bench", tavla::cli::cmd_bench, "fixed workload: integer signature and speeds"},
    {"calibrate", tavla::cli::cmd_calibrate, "static evaluations per second, as gnubg's calibrate"},
    {"rollout", tavla::cli::cmd_rollout,
     "roll out a position, the moves of a roll or a cube decision"},
    {"duel", tavla::cli::cmd_duel,
     "two configurations head to head: mirrored dice, luck-adjusted points per game"},
    {"errors", tavla::cli::cmd_errors,
     "chequer-play error rate on a fixed set of deeply analysed positions"},
    {"train", tavla::cli::cmd_train, "train tavla's own nets by self-play (resumable checkpoints)"},
    {"fit", tavla::cli::cmd_fit, "fit nets to labelled positions on disk (tavla train --save-labels)"},
    {"race-sides", tavla::cli::cmd_race_sides,
     "make the race evaluator by sides (one-sided roll distributions beyond the databases)"},
    {"external", tavla::cli::cmd_external,
     "play as gnubg's external player (gnubg: set player N external HOST:PORT)"},
    {"ubgi", tavla::cli::cmd_ubgi,
     "the Universal Backgammon Interface on stdin/stdout (engine-versus-engine harnesses)"},
    {"serve", tavla::cli::cmd_serve,
     "HTTP JSON service and web page: analysis and rollout jobs (localhost by default)"},
};

void usage(std::ostream& os) {
  os << "usage: tavla [options] [file.sgf]   the interactive shell (tavla --help for its options)\n"
        "       tavla COMMAND [options]     (tavla COMMAND --help for its options)\n\n";
  tavla::cli::print_command_list(os);
}

}  // namespace

void tavla::cli::print_command_list(std::ostream& os) {
  os << "commands:\n";
  for (const Command& c : kCommands) {
    os << "  " << c.name;
    for (size_t n = std::strlen(c.name); n < 12; ++n) os << ' ';
    os << c.summary << "\n";
  }
}

int main(int argc, char** argv) {
  // Several processes started by mpirun/srun of a build without MPI would each do the whole job.
  if (auto e = tavla::mpi::launch_error()) {
    std::cerr << "tavla: " << *e << "\n";
    return 2;
  }
  // The shell: no command, an option (gnubg's -t, -q, -c FILE, --help, --version), or a file.
  if (argc < 2 || argv[1][0] == '-' ||
      std::string_view(argv[1]).find('.') != std::string_view::npos)
    return tavla::cli::cmd_shell(argc, argv);
  std::string_view cmd = argv[1];
  if (cmd == "help") {
    usage(std::cout);
    return 0;
  }
  for (const Command& c : kCommands)
    if (cmd == c.name) return c.run(argc - 1, argv + 1);
  std::cerr << "tavla: unknown command '" << cmd << "'\n\n";
  usage(std::cerr);
  return 2;
}
