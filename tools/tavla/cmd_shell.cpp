// SPDX-License-Identifier: GPL-3.0-or-later
// tavla [options] [file.sgf]: the interactive shell, gnubg's tty mode (`gnubg -t`). Commands come
// from the terminal (with line editing), from a pipe (one per line), or from a file (-c).
#include <pwd.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "shell/line_input.h"
#include "shell/shell.h"
#include "tavla/commands.h"

namespace po = boost::program_options;

namespace tavla::cli {

namespace {

constexpr const char* kBanner =
    "tavla 0.1.0 -- a backgammon engine compatible with GNU Backgammon 1.07\n\n";

std::string login_name() {
  if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_name && *pw->pw_name) return pw->pw_name;
  if (const char* u = std::getenv("USER"); u && *u) return u;
  return "user";
}

}  // namespace

int cmd_shell(int argc, char** argv) {
  po::options_description opts(
      "usage: tavla [options] [file.sgf]\n"
      "       tavla COMMAND [options]    (tavla COMMAND --help)\n\n"
      "Starts the interactive shell: gnubg's commands and board (type `help' in it). Commands\n"
      "are read from the terminal with line editing, or one per line from a pipe. A match file\n"
      "given is loaded first.\n\noptions");
  opts.add_options()("help,h", "show this help")("version,v", "show the version and exit")(
      "tty,t", "use the command line (always; accepted for gnubg compatibility)")(
      "quiet,q", "no sound (always; accepted for gnubg compatibility)")(
      "no-rc,r", "do not read the settings file that `save settings' writes "
                 "($XDG_CONFIG_HOME/tavla/tavlarc, else ~/.config/tavla/tavlarc)")(
      "commands,c", po::value<std::string>(), "run the commands in FILE and exit")(
      "weights", po::value<std::string>(),
      "neural-net weights file (default: $TAVLA_WEIGHTS, then tavla's own nets weights/tavla.wd, "
      "then gnubg's installed gnubg.wd)")(
      "match", po::value<std::string>(), "match file to load (SGF)");
  po::positional_options_description pos;
  pos.add("match", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "tavla: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    print_command_list(std::cout);
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "tavla 0.1.0\n";
    return 0;
  }

  const bool script = vm.count("commands") > 0;
  shell::ShellOptions options;
  options.interactive = !script && isatty(STDIN_FILENO);
  options.user_name = login_name();
  if (vm.count("weights")) options.weights = vm["weights"].as<std::string>();
  options.calibrate = [](const std::vector<std::string>& args) {
    std::vector<std::string> words{"calibrate"};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    cmd_calibrate(static_cast<int>(words.size()), argv.data());
  };

  shell::Shell sh(std::cout, std::cerr, options);
  shell::LineInput input(options.interactive);
  input.set_completer(
      [&sh](const std::vector<std::string>& words) { return sh.completions(words); });
  sh.set_line_source([&input](const std::string& prompt) { return input.read(prompt, true); });

  std::cout << kBanner;
  std::cout.flush();
  // gnubg reads its saved settings (~/.gnubg/gnubgautorc) quietly at start-up; so does tavla.
  if (vm.count("no-rc")) {
    sh.set_no_rc(true);
  } else if (std::string error;
             !sh.load_settings_file(shell::Shell::default_settings_file(), error)) {
    std::cerr << "tavla: " << error << "\n";
  }
  if (vm.count("match")) {
    std::string file = vm["match"].as<std::string>();
    std::string quoted = "\"";
    for (char c : file)
      quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    sh.execute("load match " + quoted + "\"");
  }
  if (script) {
    std::ifstream in(vm["commands"].as<std::string>());
    if (!in) {
      std::cerr << vm["commands"].as<std::string>() << ": cannot open\n";
      return 1;
    }
    sh.run_script(in);
    std::cout.flush();
    return 0;
  }
  if (options.interactive) shell::install_interrupt_handler();
  for (;;) {
    std::optional<std::string> line = input.read(sh.prompt());
    if (!line) {
      if (options.interactive) std::cout << "\n";
      break;
    }
    if (!sh.execute(*line)) break;
  }
  std::cout.flush();
  return 0;
}

}  // namespace tavla::cli
