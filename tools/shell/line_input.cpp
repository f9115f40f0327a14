// SPDX-License-Identifier: GPL-3.0-or-later
#include "shell/line_input.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "shell/shell.h"

#if TAVLA_HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

namespace tavla::shell {

namespace {

volatile std::sig_atomic_t g_reading = 0;
LineInput::Completer g_completer;

void on_sigint(int) {
  if (g_reading) {
#if TAVLA_HAVE_READLINE
    // At the prompt: drop the line being typed and prompt again (the usual shell behaviour).
    (void)!write(STDOUT_FILENO, "\n", 1);
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
#endif
    return;
  }
  Shell::interrupt();
}

#if TAVLA_HAVE_READLINE
std::vector<std::string> g_matches;

char* completion_generator(const char* text, int state) {
  static size_t next;
  if (state == 0) next = 0;
  const size_t len = std::strlen(text);
  while (next < g_matches.size()) {
    const std::string& m = g_matches[next++];
    if (m.compare(0, len, text) == 0) return strdup(m.c_str());
  }
  return nullptr;
}

char** complete(const char* text, int start, int) {
  rl_attempted_completion_over = 1;  // no file-name completion
  g_matches.clear();
  if (!g_completer) return nullptr;
  std::vector<std::string> words;
  std::string before(rl_line_buffer, start);
  size_t i = 0;
  while (i < before.size()) {
    while (i < before.size() && before[i] == ' ') ++i;
    size_t j = i;
    while (j < before.size() && before[j] != ' ') ++j;
    if (j > i) words.push_back(before.substr(i, j - i));
    i = j;
  }
  g_matches = g_completer(words);
  return rl_completion_matches(text, completion_generator);
}
#endif

}  // namespace

LineInput::LineInput(bool interactive) : interactive_(interactive) {
#if TAVLA_HAVE_READLINE
  readline_ = interactive_;
  if (readline_) {
    rl_readline_name = "tavla";
    rl_catch_signals = 0;  // our SIGINT handler clears the line
    rl_attempted_completion_function = complete;
    if (const char* home = std::getenv("HOME")) {
      history_file_ = std::string(home) + "/.tavla_history";
      read_history(history_file_.c_str());
    }
  }
#endif
}

LineInput::~LineInput() {
#if TAVLA_HAVE_READLINE
  if (readline_ && !history_file_.empty()) {
    write_history(history_file_.c_str());
    history_truncate_file(history_file_.c_str(), 1000);
  }
#endif
}

void LineInput::set_completer(Completer c) {
  g_completer = std::move(c);
}

std::optional<std::string> LineInput::read(const std::string& prompt, bool always_prompt) {
#if TAVLA_HAVE_READLINE
  if (readline_) {
    g_reading = 1;
    char* line = readline(prompt.c_str());
    g_reading = 0;
    if (!line) return std::nullopt;
    std::string s(line);
    std::free(line);
    if (!s.empty()) add_history(s.c_str());
    return s;
  }
#endif
  if (interactive_ || always_prompt) {
    std::cout << prompt;
    std::cout.flush();
  }
  std::string s;
  g_reading = interactive_ ? 1 : 0;
  const bool ok = static_cast<bool>(std::getline(std::cin, s));
  g_reading = 0;
  if (!ok) return std::nullopt;
  if (!s.empty() && s.back() == '\r') s.pop_back();
  return s;
}

void install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, nullptr);
}

}  // namespace tavla::shell
