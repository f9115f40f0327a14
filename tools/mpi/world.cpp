// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi/world.h"

#include <cstdlib>

#ifdef TAVLA_HAVE_MPI
#include <mpi.h>
#endif

namespace tavla::mpi {

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
  }
#endif
}

World::~World() {
#ifdef TAVLA_HAVE_MPI
  if (initialized_) MPI_Finalize();
#endif
}

}  // namespace tavla::mpi
