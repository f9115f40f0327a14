// SPDX-License-Identifier: GPL-3.0-or-later
// The processes an MPI launcher (mpirun, srun) started for one tavla job. MPI is optional: a build
// without it (no TAVLA_HAVE_MPI) is always one process, and says so when a launcher started several.
#pragma once

#include <optional>
#include <string>

namespace tavla::mpi {

// How many processes the launcher says it started, from its environment (Open MPI's
// OMPI_COMM_WORLD_SIZE, PMI's PMI_SIZE, Slurm's SLURM_STEP_NUM_TASKS inside an srun step); 1 when
// there is no launcher.
int launched_size();

bool built_with_mpi();

// nullopt, or the message for a build without MPI started as several processes.
std::optional<std::string> launch_error();

// MPI_Init on construction and MPI_Finalize on destruction when built with MPI and launched as
// several processes; otherwise one process of rank 0. One per program (MPI allows one init).
// Only the thread that made it may call MPI (MPI_THREAD_FUNNELED).
//
// A rank that dies: the launcher (mpirun, srun) then stops the others with SIGTERM. Rank 0 learns
// every rank's host and process id on construction, and on SIGTERM says which rank of its own
// host is gone ("tavla: rank K (pid P on HOST) died ...", or that a rank elsewhere died or was
// lost), adds the note of set_stop_note, and exits with status 1 (not a crash, nothing printed on
// standard output).
class World {
 public:
  World();
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool distributed() const { return size_ > 1; }

 private:
  int rank_ = 0;
  int size_ = 1;
  bool initialized_ = false;
};

// While one lives, rank 0's stop handler waits: a SIGTERM that comes meanwhile is acted on
// (message, exit 1) when it ends, so files being written then (a checkpoint with its labels)
// are complete. One at a time, on rank 0's main thread.
class DeferStop {
 public:
  DeferStop();
  ~DeferStop();
  DeferStop(const DeferStop&) = delete;
  DeferStop& operator=(const DeferStop&) = delete;
};

// A sentence rank 0 adds when a rank died (e.g. where the finished work is kept). Call it before
// the work starts (the signal handler reads it).
void set_stop_note(const std::string& note);

// Rank 0's `bytes` on every rank (every rank calls it; one process: `bytes` as given).
std::string broadcast_bytes(const World& world, std::string bytes);

}  // namespace tavla::mpi
