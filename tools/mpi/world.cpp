// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi/world.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>

#ifdef TAVLA_HAVE_MPI
#include <fcntl.h>
#include <mpi.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <vector>
#endif

namespace tavla::mpi {

#ifdef TAVLA_HAVE_MPI
namespace {

// Rank 0's view of the job for its SIGTERM handler, filled before the handler is installed and
// never freed (the handler may run at any time until exit). Only async-signal-safe calls below.
struct RankProcess {
  int rank;
  pid_t pid;
  char host[MPI_MAX_PROCESSOR_NAME];
};
std::vector<RankProcess>* local_ranks = nullptr;  // the other ranks on rank 0's host
std::string* elsewhere_message = nullptr;         // when none of them is gone
std::string* stop_note = nullptr;

void put(const char* s) {
  for (size_t n = std::strlen(s); n > 0;) {
    const ssize_t w = ::write(STDERR_FILENO, s, n);
    if (w <= 0) return;
    s += w;
    n -= static_cast<size_t>(w);
  }
}

void put_number(long v) {
  char buf[24];
  char* p = buf + sizeof buf;
  *--p = '\0';
  do {
    *--p = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v > 0 && p > buf);
  put(p);
}

// Gone: no such process, or a zombie its launcher has not reaped yet.
bool gone(pid_t pid) {
  if (::kill(pid, 0) != 0) return errno == ESRCH;
  char path[40] = "/proc/";
  char digits[16];
  int n = 0;
  for (long v = pid; v > 0 && n < 15; v /= 10) digits[n++] = static_cast<char>('0' + v % 10);
  char* p = path + 6;
  while (n > 0) *p++ = digits[--n];
  std::memcpy(p, "/stat", 6);
  const int fd = ::open(path, O_RDONLY);
  if (fd < 0) return true;
  char stat[256];
  const ssize_t len = ::read(fd, stat, sizeof stat - 1);
  ::close(fd);
  if (len <= 0) return true;
  stat[len] = '\0';
  const char* close_paren = std::strrchr(stat, ')');  // "pid (comm) STATE ..."
  return close_paren && close_paren[1] == ' ' && close_paren[2] == 'Z';
}

// 0: the handler acts at once; 1: a DeferStop lives; 2: a SIGTERM came while one lived.
std::atomic<int> stop_state{0};
static_assert(std::atomic<int>::is_always_lock_free, "used in a signal handler");

void report_stop_and_exit() {
  bool named = false;
  for (const RankProcess& r : *local_ranks)
    if (gone(r.pid)) {
      put("tavla: rank ");
      put_number(r.rank);
      put(" (pid ");
      put_number(r.pid);
      put(" on ");
      put(r.host);
      put(") died: the launcher is stopping the job\n");
      named = true;
    }
  if (!named) put(elsewhere_message->c_str());
  if (!stop_note->empty()) put(stop_note->c_str());
  ::_exit(1);
}

void on_stop(int) {
  int deferring = 1;
  if (stop_state.compare_exchange_strong(deferring, 2)) return;  // acted on by ~DeferStop
  report_stop_and_exit();
}

// Rank 0 learns where every rank runs and installs the handler; the others send theirs.
void watch_ranks(int rank, int size) {
  RankProcess me{rank, ::getpid(), {}};
  int len = 0;
  MPI_Get_processor_name(me.host, &len);
  std::vector<RankProcess> all(rank == 0 ? size : 0);
  MPI_Gather(&me, sizeof me, MPI_BYTE, all.data(), sizeof me, MPI_BYTE, 0, MPI_COMM_WORLD);
  if (rank != 0) return;
  local_ranks = new std::vector<RankProcess>;
  std::string others;
  for (int r = 1; r < size; ++r) {
    if (std::strncmp(all[r].host, me.host, sizeof me.host) == 0)
      local_ranks->push_back(all[r]);
    else
      others += (others.empty() ? "" : ", ") + std::to_string(r);
  }
  elsewhere_message = new std::string(
      "tavla: rank 0 was stopped (SIGTERM) and no other rank on " + std::string(me.host) +
      " died: " +
      (others.empty() ? std::string("the job was cancelled")
                      : "a rank on another host (" + others +
                            ") died or was lost, or the job was cancelled") +
      "\n");
  stop_note = new std::string;
  struct sigaction sa {};
  sa.sa_handler = on_stop;
  // While a DeferStop lives the handler returns: system calls it interrupts (writing the
  // checkpoint) resume instead of failing with EINTR.
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace
#endif

DeferStop::DeferStop() {
#ifdef TAVLA_HAVE_MPI
  stop_state.store(1);
#endif
}

DeferStop::~DeferStop() {
#ifdef TAVLA_HAVE_MPI
  if (stop_state.exchange(0) == 2) report_stop_and_exit();
#endif
}

void set_stop_note([[maybe_unused]] const std::string& note) {
#ifdef TAVLA_HAVE_MPI
  if (stop_note) {
    // Swapped in whole: the handler sees the old note or the new one.
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    *stop_note = note.empty() || note.back() == '\n' ? note : note + "\n";
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
#endif
}

int launched_size() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"}) {
    if (const char* v = std::getenv(var)) {
      const int n = std::atoi(v);
      if (n > 0) return n;
    }
  }
  return 1;
}

bool built_with_mpi() {
#ifdef TAVLA_HAVE_MPI
  return true;
#else
  return false;
#endif
}

std::optional<std::string> launch_error() {
  if (built_with_mpi() || launched_size() <= 1) return std::nullopt;
  return "this tavla was built without MPI but started as " + std::to_string(launched_size()) +
         " processes (mpirun/srun): run one process, or rebuild with Open MPI installed "
         "(tools/setup.sh installs libopenmpi-dev)";
}

World::World() {
#ifdef TAVLA_HAVE_MPI
  if (launched_size() > 1) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    initialized_ = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    watch_ranks(rank_, size_);
  }
#endif
}

World::~World() {
#ifdef TAVLA_HAVE_MPI
  // Ending: the other ranks end too, and none of them has died.
  if (initialized_ && rank_ == 0) std::signal(SIGTERM, SIG_DFL);
  if (initialized_) MPI_Finalize();
#endif
}

std::string broadcast_bytes([[maybe_unused]] const World& world, std::string bytes) {
#ifdef TAVLA_HAVE_MPI
  if (!world.distributed()) return bytes;
  unsigned long long n = bytes.size();
  MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  bytes.resize(n);
  // MPI counts are ints: large messages go in pieces of at most 1 GiB.
  constexpr unsigned long long kPiece = 1ull << 30;
  for (unsigned long long at = 0; at < n; at += kPiece)
    MPI_Bcast(bytes.data() + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, 0,
              MPI_COMM_WORLD);
#endif
  return bytes;
}

}  // namespace tavla::mpi
