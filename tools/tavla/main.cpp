// tavla: a backgammon engine compatible with GNU Backgammon. `tavla COMMAND [options]`.
#include <cstring>
#include <iostream>
#include <string_view>

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
};

constexpr const char* kVersion = "tavla 0.1.0";
constexpr const char* kOpening = "4HPwATDgc/ABMA:cIkFAAAAAAAA";

void usage(std::ostream& os) {
  os << "usage: tavla COMMAND [options]    (tavla COMMAND --help for its options)\n\n"
        "commands:\n";
  for (const Command& c : kCommands) {
    os << "  " << c.name;
    for (size_t n = std::strlen(c.name); n < 12; ++n) os << ' ';
    os << c.summary << "\n";
  }
  os << "\nWith no command, tavla analyses the opening position with a 3-1 to play.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    // Until the interactive shell exists: something useful, the opening 3-1.
    char arg0[] = "analyze";
    char arg1[32];
    std::strcpy(arg1, kOpening);
    char* args[] = {arg0, arg1, nullptr};
    return tavla::cli::cmd_analyze(2, args);
  }
  std::string_view cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    usage(std::cout);
    return 0;
  }
  if (cmd == "--version" || cmd == "-v") {
    std::cout << kVersion << "\n";
    return 0;
  }
  for (const Command& c : kCommands)
    if (cmd == c.name) return c.run(argc - 1, argv + 1);
  std::cerr << "tavla: unknown command '" << cmd << "'\n\n";
  usage(std::cerr);
  return 2;
}
