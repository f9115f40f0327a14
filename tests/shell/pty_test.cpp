// SPDX-License-Identifier: GPL-3.0-or-later
// The shell on a terminal: prompts, line editing (readline), tab completion, Ctrl-C at the prompt
// and during a long hint, and the confirmation gnubg asks for before quitting a game in progress.
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "shell_test_support.h"

namespace tavla::test {
namespace {

class Terminal {
 public:
  explicit Terminal(const std::string& home) {
    pid_ = forkpty(&fd_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      setenv("TERM", "dumb", 1);
      setenv("HOME", home.c_str(), 1);
      const std::string bin = tavla_binary();
      execl(bin.c_str(), bin.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
  }
  bool started() const { return pid_ > 0; }

  void send(const std::string& s) { (void)!write(fd_, s.data(), s.size()); }

  // Reads until `text` has appeared in the output since the last call (or 20 s have passed).
  bool expect(const std::string& text, int seconds = 20) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (seen_.find(text, from_) == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
      char buf[4096];
      const ssize_t n = read(fd_, buf, sizeof buf);
      if (n <= 0) return false;
      seen_.append(buf, n);
    }
    from_ = seen_.find(text, from_) + text.size();
    return true;
  }

  // Waits for the program to end; its exit status, or -1.
  int wait_exit() {
    for (int i = 0; i < 200; ++i) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      char buf[4096];
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 50) > 0 && read(fd_, buf, sizeof buf) > 0) continue;
      usleep(50 * 1000);  // after the end the terminal reports a hang-up at once
    }
    return -1;
  }
  const std::string& output() const { return seen_; }

 private:
  int fd_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  std::string seen_;
  size_t from_ = 0;
};

TEST(Terminal, PromptEditingCompletionInterruptAndQuit) {
  Terminal t(temp_dir("pty_home"));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("set player 0 name alice\n");
  ASSERT_TRUE(t.expect("Player 0 is now known as `alice'.")) << t.output();
  t.send("set player 1 name bob\nset player 0 human\nset seed 1\nnew session\n");
  ASSERT_TRUE(t.expect("alice rolls 3, bob rolls 6.")) << t.output();
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  // Ctrl-C at the prompt drops the line being typed; the shell goes on.
  t.send("show nonsense");
  t.send("\x03");
  t.send("show turn\n");
  ASSERT_TRUE(t.expect("bob in on move.")) << t.output();
  EXPECT_EQ(t.output().find("Unknown keyword `nonsense'"), std::string::npos) << t.output();
  // Tab completes command words.
  t.send("show pipc\t\n");
  ASSERT_TRUE(t.expect("The pip counts are: bob 167, alice 167.")) << t.output();
  // Line editing: DEL erases the last character typed.
  t.send(
      "show dicx\x7f"
      "e\n");
  ASSERT_TRUE(t.expect("bob has rolled 6 and 3.")) << t.output();
  // Quitting a game in progress asks first.
  t.send("quit\n");
  ASSERT_TRUE(t.expect("Are you sure you want to discard the current match? ")) << t.output();
  t.send("n\n");
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  t.send("quit\n");
  ASSERT_TRUE(t.expect("Are you sure you want to discard the current match? ")) << t.output();
  t.send("y\n");
  EXPECT_EQ(t.wait_exit(), 0) << t.output();
}

// Ctrl-C during a long computation (a 4-ply hint, a rollout) stops it and returns to the prompt,
// as gnubg does; the session goes on.
TEST(Terminal, InterruptStopsLongHintAndRollout) {
  TAVLA_REQUIRE_WEIGHTS();
  Terminal t(temp_dir("pty_home3"));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("set player 0 name alice\nset player 1 name bob\nset player 0 human\nset seed 1\n");
  t.send("set evaluation chequerplay evaluation plies 4\nnew session\n");
  ASSERT_TRUE(t.expect("alice rolls 3, bob rolls 6.")) << t.output();
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  t.send("hint\n");
  // Give the shell a moment to leave the prompt (a 4-ply hint takes far longer), then interrupt.
  usleep(300 * 1000);
  t.send("\x03");
  ASSERT_TRUE(t.expect("(Interrupted)")) << t.output();
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  EXPECT_EQ(t.output().find("Cubeful 4-ply"), std::string::npos) << t.output();
  t.send("show turn\n");
  ASSERT_TRUE(t.expect("bob in on move.")) << t.output();
  // A rollout (1296 trials of five plays) stops too, and reports the trials done. It stops
  // after the trials in flight, each a whole game of five plays with 2-ply cube decisions: under
  // the sanitizers on a loaded machine that took over 20 s, hence the longer wait.
  t.send("rollout\n");
  usleep(300 * 1000);
  t.send("\x03");
  ASSERT_TRUE(t.expect("Full cubeful rollout with variance reduction", 180)) << t.output();
  ASSERT_TRUE(t.expect("(Interrupted)")) << t.output();
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  EXPECT_EQ(t.output().find("1296 games, "), std::string::npos) << t.output();
  t.send("show turn\n");
  ASSERT_TRUE(t.expect("bob in on move.")) << t.output();
}

// The sum of the two players' figures in the last "Unforced moves" row of `text`, or -1.
int unforced_moves(const std::string& text) {
  const size_t p = text.rfind("Unforced moves");
  int a = -1, b = -1;
  if (p == std::string::npos ||
      std::sscanf(text.c_str() + p + std::strlen("Unforced moves"), "%d %d", &a, &b) != 2)
    return -1;
  return a + b;
}

// Ctrl-C during `analyse match` stops it, says so and keeps what was analysed: `show statistics
// match` then counts as unforced (analysed) fewer moves than a whole analysis does, but some.
TEST(Terminal, InterruptKeepsPartialMatchAnalysis) {
  TAVLA_REQUIRE_WEIGHTS();
  const std::string match = shell_fixtures() + "/../mat/match7.sgf";
  const std::string whole =
      run("\"" + tavla_binary() + "\" analyze \"" + match + "\" --plies 0", ".");
  const int all = unforced_moves(whole);
  ASSERT_GT(all, 0) << whole;
  Terminal t(temp_dir("pty_home4"));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("load match " + match + "\n");
  ASSERT_TRUE(t.expect("Match ID")) << t.output();
  // gnubg's default analysis (2 ply) of its 397 moves takes about 30 s of CPU; stop it after
  // 2 s (opening the analyser takes a fraction of a second, a move about 0.1 s), early enough
  // for machines with several times more cores than this test was written on.
  t.send("analyse match\n");
  ASSERT_TRUE(t.expect("analyse match")) << t.output();
  sleep(2);
  t.send("\x03");
  ASSERT_TRUE(t.expect("(Interrupted)")) << t.output();
  t.send("show statistics match\n");
  ASSERT_TRUE(t.expect("Cube decision rating")) << t.output();
  ASSERT_TRUE(t.expect("Overall rating")) << t.output();
  const int partial = unforced_moves(t.output());
  EXPECT_GT(partial, 0) << t.output();
  EXPECT_LT(partial, all) << t.output();
  // The shell goes on.
  t.send("show analysis\n");
  ASSERT_TRUE(t.expect("Chequer play will be analysed.")) << t.output();
}

// gnubg's `history' lists the lines typed at the prompt (gnubg 1.07 on a terminal, asked with
// the same lines: "     1 show turn", "     2   ", "     3 history"; a blank line is kept, an
// empty one is not).
TEST(Terminal, HistoryListsTypedLines) {
  Terminal t(temp_dir("pty_home6"));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("show turn\r");
  ASSERT_TRUE(t.expect("No game is being played.")) << t.output();
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("  \r");
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("\r");
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("history\r");
  EXPECT_TRUE(t.expect("     1 show turn\r\n     2   \r\n     3 history\r\n")) << t.output();
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("quit\r");
  EXPECT_EQ(t.wait_exit(), 0) << t.output();
}

// An action at an earlier position of the record asks first (gnubg 1.07 on a terminal asks the
// same two lines, "Continue?" without a blank after it, and takes "n" as no).
TEST(Terminal, ActionBeforeTheEndAsks) {
  Terminal t(temp_dir("pty_home5"));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("load match " + shell_fixtures() + "/gnubg_human.sgf\r");
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  t.send("set player both human\r");
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  t.send("previous 2\r");
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  t.send("roll\r");
  ASSERT_TRUE(t.expect("The current move is not the last in the match.\r\n"
                       "Continuing will destroy the remainder of the match. Continue?"))
      << t.output();
  t.send("x\r");
  ASSERT_TRUE(t.expect("Please answer `y' or `n'.")) << t.output();
  t.send("n\r");
  ASSERT_TRUE(t.expect("(bob) ")) << t.output();
  t.send("show dice\r");  // nothing was rolled
  ASSERT_TRUE(t.expect("bob has not yet rolled the dice.")) << t.output();
  t.send("quit\r");
  ASSERT_TRUE(t.expect("discard the current match?")) << t.output();
  t.send("y\r");
  EXPECT_EQ(t.wait_exit(), 0) << t.output();
}

TEST(Terminal, EndOfInputLeaves) {
  Terminal t(temp_dir("pty_home2"));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("(No game) ")) << t.output();
  t.send("\x04");  // Ctrl-D
  EXPECT_EQ(t.wait_exit(), 0) << t.output();
}

}  // namespace
}  // namespace tavla::test
