// SPDX-License-Identifier: GPL-3.0-or-later
// Reading command lines: GNU readline (line editing, history kept in ~/.tavla_history, tab
// completion of command words) when stdin is a terminal and readline is available; plain lines
// otherwise, so that piped scripts work. Ctrl-C at the prompt clears the line; during a
// computation it interrupts the shell's work (Shell::interrupt) without ending the program.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tavla::shell {

class LineInput {
 public:
  // Command words that may follow the given words (for tab completion).
  using Completer = std::function<std::vector<std::string>(const std::vector<std::string>&)>;

  explicit LineInput(bool interactive);
  ~LineInput();
  LineInput(const LineInput&) = delete;
  LineInput& operator=(const LineInput&) = delete;

  // A line without its newline, or nullopt at end of input. `prompt` is printed when the input
  // is interactive, or when `always_prompt` (gnubg prompts for questions even when piped).
  std::optional<std::string> read(const std::string& prompt, bool always_prompt = false);
  void set_completer(Completer c);
  bool uses_readline() const { return readline_; }

 private:
  bool interactive_;
  bool readline_ = false;
  std::string history_file_;
};

// SIGINT calls Shell::interrupt() instead of ending the program (only for interactive use).
void install_interrupt_handler();

}  // namespace tavla::shell
