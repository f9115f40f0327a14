// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi/distributed_lines.h"

#include <cstring>
#include <map>
#include <vector>

#ifdef TAVLA_HAVE_MPI
#include <mpi.h>
#endif

namespace tavla::mpi {

namespace {

#ifdef TAVLA_HAVE_MPI
enum Tag : int { kLine = 11, kAnswer = 12, kStop = 13 };

// A line or an answer as it travels: its index (4 bytes), then its text.
void send_text(int to, int tag, int index, const std::string& text) {
  std::vector<char> buf(sizeof index + text.size());
  std::memcpy(buf.data(), &index, sizeof index);
  std::memcpy(buf.data() + sizeof index, text.data(), text.size());
  MPI_Send(buf.data(), static_cast<int>(buf.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

// Waits for a message with `tag` (any tag when MPI_ANY_TAG) from `from`; returns its tag and
// source.
std::pair<int, int> receive_text(int from, int tag, int& index, std::string& text) {
  MPI_Status st;
  MPI_Probe(from, tag, MPI_COMM_WORLD, &st);
  int bytes = 0;
  MPI_Get_count(&st, MPI_BYTE, &bytes);
  std::vector<char> buf(bytes);
  MPI_Recv(buf.data(), bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  index = -1;
  text.clear();
  if (bytes >= static_cast<int>(sizeof index)) {
    std::memcpy(&index, buf.data(), sizeof index);
    text.assign(buf.data() + sizeof index, buf.size() - sizeof index);
  }
  return {st.MPI_TAG, st.MPI_SOURCE};
}
#endif

}  // namespace

void answer_lines(const World& world, const std::function<std::optional<std::string>()>& next_line,
                  const std::function<std::string(const std::string&)>& answer,
                  const std::function<void(const std::string&)>& emit, const LineHooks& hooks) {
  if (!world.distributed()) {
    for (int i = 0;; ++i) {
      auto line = next_line();
      if (!line) return;
      std::optional<std::string> a = hooks.known ? hooks.known(i, *line) : std::nullopt;
      if (!a) {
        a = answer(*line);
        if (hooks.finished) hooks.finished(i, *line, *a);
      }
      emit(*a);
    }
  }
#ifdef TAVLA_HAVE_MPI
  int index = 0;
  std::string text;
  if (world.rank() != 0) {
    for (;;) {
      if (receive_text(0, MPI_ANY_TAG, index, text).first == kStop) return;
      send_text(0, kAnswer, index, answer(text));
    }
  }
  // Rank 0: answers waiting for the ones before them, by line index; lines handed out.
  std::map<int, std::string> waiting, out;
  int next_index = 0, next_out = 0, in_flight = 0;
  bool input_left = true;
  // The next line to answer (known answers go straight to `waiting`).
  const auto read = [&]() -> std::optional<std::string> {
    while (input_left) {
      auto line = next_line();
      if (!line) {
        input_left = false;
        break;
      }
      if (hooks.known)
        if (auto a = hooks.known(next_index, *line)) {
          waiting[next_index++] = std::move(*a);
          continue;
        }
      return line;
    }
    return std::nullopt;
  };
  const auto flush = [&] {
    for (auto it = waiting.find(next_out); it != waiting.end(); it = waiting.find(next_out)) {
      emit(it->second);
      waiting.erase(it);
      ++next_out;
    }
  };
  const auto receive = [&](std::vector<int>& given) {
    const int from = receive_text(MPI_ANY_SOURCE, kAnswer, index, text).second;
    --given[from];
    --in_flight;
    if (auto it = out.find(index); it != out.end()) {
      if (hooks.finished) hooks.finished(index, it->second, text);
      out.erase(it);
    }
    waiting[index] = std::move(text);
  };
  constexpr int kQueued = 2;
  std::vector<int> given(world.size(), 0);
  for (;;) {
    for (int r = 1; r < world.size() && input_left; ++r)
      while (given[r] < kQueued) {
        auto line = read();
        if (!line) break;
        send_text(r, kLine, next_index, *line);
        out[next_index++] = std::move(*line);
        ++given[r];
        ++in_flight;
      }
    int arrived = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, kAnswer, MPI_COMM_WORLD, &arrived, MPI_STATUS_IGNORE);
    if (arrived) {
      receive(given);
    } else if (auto line = read()) {
      std::string a = answer(*line);
      if (hooks.finished) hooks.finished(next_index, *line, a);
      waiting[next_index++] = std::move(a);
    } else if (in_flight > 0) {
      receive(given);
    } else {
      break;
    }
    flush();
  }
  flush();
  for (int r = 1; r < world.size(); ++r) MPI_Send(nullptr, 0, MPI_BYTE, r, kStop, MPI_COMM_WORLD);
#endif
}

}  // namespace tavla::mpi
