// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi/distributed_rollout.h"

#include <algorithm>
#include <cstring>
#include <vector>

#ifdef TAVLA_HAVE_MPI
#include <mpi.h>
#endif

namespace tavla::mpi {

namespace {

using rollout::Outputs;

enum Tag : int { kWork = 1, kResult = 2, kStop = 3 };

// A finished chunk as it travels: count, indices, then count x alternatives outputs.
[[maybe_unused]] std::vector<char> pack(const std::vector<int>& indices, const std::vector<std::vector<Outputs>>& r,
                       int alternatives) {
  const size_t n = indices.size();
  std::vector<char> buf(sizeof(int) * (1 + n) + sizeof(Outputs) * n * alternatives);
  char* p = buf.data();
  const int count = static_cast<int>(n);
  std::memcpy(p, &count, sizeof count);
  p += sizeof count;
  std::memcpy(p, indices.data(), sizeof(int) * n);
  p += sizeof(int) * n;
  for (const auto& trial : r)
    for (const Outputs& o : trial) {
      std::memcpy(p, o.data(), sizeof o);
      p += sizeof o;
    }
  return buf;
}

[[maybe_unused]] void unpack(const std::vector<char>& buf, int alternatives, std::vector<int>& indices,
            std::vector<std::vector<Outputs>>& r) {
  const char* p = buf.data();
  int count = 0;
  std::memcpy(&count, p, sizeof count);
  p += sizeof count;
  indices.resize(count);
  std::memcpy(indices.data(), p, sizeof(int) * count);
  p += sizeof(int) * count;
  r.assign(count, std::vector<Outputs>(alternatives));
  for (auto& trial : r)
    for (Outputs& o : trial) {
      std::memcpy(o.data(), p, sizeof o);
      p += sizeof o;
    }
}

// Rank 0's bookkeeping: which trials are finished, which handed out, and the statistics' front.
class Coordinator {
 public:
  Coordinator(rollout::Rollout& ro, const DistributedRolloutOptions& o,
              const rollout::ProgressCallback& progress)
      : ro_(ro), o_(o), progress_(progress), finished_(o.trials), have_(o.trials, 0) {
    if (o.resume)
      for (const auto& t : o.resume->trials)
        if (t.index < o.trials && !have_[t.index]) {
          have_[t.index] = 1;
          finished_[t.index] = t.results;
        }
  }

  // The next `n` trials nobody has finished or been given, in index order.
  std::vector<int> next_chunk(int n) {
    std::vector<int> c;
    if (stopped_) return c;
    while (static_cast<int>(c.size()) < n && next_ < o_.trials) {
      if (!have_[next_]) c.push_back(next_);
      ++next_;
    }
    return c;
  }

  void take(const std::vector<int>& indices, std::vector<std::vector<Outputs>>& results) {
    for (size_t i = 0; i < indices.size(); ++i) {
      const int t = indices[i];
      if (t < 0 || t >= o_.trials || have_[t]) continue;
      have_[t] = 1;
      finished_[t] = std::move(results[i]);
      if (o_.save) o_.save->append(t, finished_[t]);
    }
    if (o_.save) o_.save->flush();
  }

  // Feeds the finished trials at the front to the statistics; true once the rollout is complete.
  bool advance() {
    const int every = std::max(1, o_.progress_every);
    while (!stopped_ && ro_.trials_done() < o_.trials && have_[ro_.trials_done()]) {
      stopped_ = ro_.add_trial(finished_[ro_.trials_done()]);
      const int done = ro_.trials_done();
      if (done == o_.trials) stopped_ = true;
      if (progress_ && (done % every == 0 || stopped_))
        progress_({done, stopped_ ? done : o_.trials, ro_.stats()});
    }
    return stopped_;
  }

 private:
  rollout::Rollout& ro_;
  const DistributedRolloutOptions& o_;
  const rollout::ProgressCallback& progress_;
  std::vector<std::vector<Outputs>> finished_;  // [trial][alternative]
  std::vector<char> have_;
  int next_ = 0;
  bool stopped_ = false;
};

#ifdef TAVLA_HAVE_MPI
// Waits for one finished chunk from any rank (or from `source`).
int receive_result(int source, int alternatives, std::vector<int>& indices,
                   std::vector<std::vector<Outputs>>& r, TransferCount& count) {
  MPI_Status st;
  MPI_Probe(source, kResult, MPI_COMM_WORLD, &st);
  int bytes = 0;
  MPI_Get_count(&st, MPI_BYTE, &bytes);
  std::vector<char> buf(bytes);
  MPI_Recv(buf.data(), bytes, MPI_BYTE, st.MPI_SOURCE, kResult, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  unpack(buf, alternatives, indices, r);
  ++count.messages;
  count.bytes += bytes;
  return st.MPI_SOURCE;
}

void play_given_chunks(rollout::Rollout& ro) {
  for (;;) {
    MPI_Status st;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    int n = 0;
    MPI_Get_count(&st, MPI_INT, &n);
    std::vector<int> indices(n);
    MPI_Recv(indices.data(), n, MPI_INT, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (st.MPI_TAG == kStop) return;
    const std::vector<char> buf = pack(indices, ro.play_trials(indices), ro.alternatives());
    MPI_Send(buf.data(), static_cast<int>(buf.size()), MPI_BYTE, 0, kResult, MPI_COMM_WORLD);
  }
}

// Rank 0 of several: keeps every rank fed with chunks, plays its own between their results.
void coordinate(const World& world, rollout::Rollout& ro, Coordinator& c, int chunk,
                TransferCount& count) {
  std::vector<int> indices;
  std::vector<std::vector<Outputs>> results;
  // Chunks given to each rank and not yet back; two each, so a rank has the next one queued.
  constexpr int kQueued = 2;
  std::vector<int> given(world.size(), 0);
  int in_flight = 0;
  const auto receive = [&](int source) {
    --given[receive_result(source, ro.alternatives(), indices, results, count)];
    --in_flight;
    c.take(indices, results);
  };
  bool done = c.advance();
  while (!done) {
    for (int r = 1; r < world.size(); ++r)
      while (given[r] < kQueued) {
        const std::vector<int> next = c.next_chunk(chunk);
        if (next.empty()) break;
        MPI_Send(next.data(), static_cast<int>(next.size()), MPI_INT, r, kWork, MPI_COMM_WORLD);
        ++given[r];
        ++in_flight;
      }
    int arrived = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &arrived, MPI_STATUS_IGNORE);
    if (arrived) {
      receive(MPI_ANY_SOURCE);
    } else if (const std::vector<int> own = c.next_chunk(chunk); !own.empty()) {
      results = ro.play_trials(own);
      c.take(own, results);
    } else if (in_flight > 0) {
      receive(MPI_ANY_SOURCE);
    }
    done = c.advance();
  }
  // Stopped: the chunks still out are taken (into the checkpoint: finished trials are kept), then
  // every rank is told to stop.
  for (int r = 1; r < world.size(); ++r) {
    while (given[r] > 0) receive(r);
    MPI_Send(nullptr, 0, MPI_INT, r, kStop, MPI_COMM_WORLD);
  }
}
#endif

}  // namespace

uint32_t broadcast([[maybe_unused]] const World& world, uint32_t v) {
#ifdef TAVLA_HAVE_MPI
  if (world.distributed()) MPI_Bcast(&v, 1, MPI_UINT32_T, 0, MPI_COMM_WORLD);
#endif
  return v;
}

TransferCount run_distributed([[maybe_unused]] const World& world, rollout::Rollout& ro,
                              const DistributedRolloutOptions& o,
                              const rollout::ProgressCallback& progress) {
  TransferCount count;
#ifdef TAVLA_HAVE_MPI
  if (world.rank() != 0) {
    play_given_chunks(ro);
    return count;
  }
#endif
  Coordinator c(ro, o, progress);
  const int chunk = std::max(1, o.chunk);
#ifdef TAVLA_HAVE_MPI
  if (world.distributed()) {
    coordinate(world, ro, c, chunk, count);
    return count;
  }
#endif
  // One process: its own chunks, in order (every trial is finished or played here).
  for (bool done = c.advance(); !done;) {
    const std::vector<int> own = c.next_chunk(chunk);
    if (own.empty()) break;
    std::vector<std::vector<Outputs>> results = ro.play_trials(own);
    c.take(own, results);
    done = c.advance();
  }
  return count;
}

}  // namespace tavla::mpi
