// What each campaign worker process is checking, in memory shared with the parent: the program's
// index (set before it is generated), then its text and input, cleared once its log line is
// written. When a worker dies of a signal, the parent reads its marker to log the program as
// `crash` and restarts the worker after it (worker_pool.hpp). Writing a
// marker is a store and a copy of the program text: no system call.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "generators/program_generator.hpp"

namespace chad {

class WorkerMarkers {
 public:
  // One marker per worker, shared with the processes forked after this (anonymous shared memory).
  explicit WorkerMarkers(int workers);
  ~WorkerMarkers();
  WorkerMarkers(const WorkerMarkers&) = delete;
  WorkerMarkers& operator=(const WorkerMarkers&) = delete;

  // In a worker: starting program `index`; its generated program; its line is logged.
  void begin(int worker, std::size_t index);
  void generated(int worker, const GeneratedCase& generated);
  void end(int worker);

  // In the parent: the program the worker is on (none when it is between programs; read while
  // it runs too, by the watchdog), and, once the worker is dead, that program's text and input
  // (empty when not generated yet, or longer than a marker holds).
  std::optional<std::size_t> current(int worker) const;
  GeneratedCase current_case(int worker) const;

 private:
  struct Slot;
  Slot* slot(int worker) const;
  void* memory_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace chad
