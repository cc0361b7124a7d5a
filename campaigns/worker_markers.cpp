#include "campaigns/worker_markers.hpp"

#include <sys/mman.h>

#include <atomic>
#include <cstring>
#include <new>

namespace chad {

struct WorkerMarkers::Slot {
  static constexpr std::size_t kTextBytes = 60 * 1024;
  alignas(8) std::int64_t index;  // -1: between programs (read by the parent while the worker runs: atomic)
  std::uint32_t program_bytes, input_bytes;  // 0, 0: no text (yet)
  char text[kTextBytes];                     // the program, then the input
};

WorkerMarkers::WorkerMarkers(int workers) : bytes_(sizeof(Slot) * std::size_t(workers)) {
  memory_ = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory_ == MAP_FAILED) throw std::bad_alloc();
  for (int k = 0; k < workers; ++k) end(k);
}

WorkerMarkers::~WorkerMarkers() { munmap(memory_, bytes_); }

WorkerMarkers::Slot* WorkerMarkers::slot(int worker) const {
  return static_cast<Slot*>(memory_) + worker;
}

void WorkerMarkers::begin(int worker, std::size_t index) {
  Slot* s = slot(worker);
  s->program_bytes = s->input_bytes = 0;
  std::atomic_ref<std::int64_t>(s->index).store(std::int64_t(index), std::memory_order_release);
}

void WorkerMarkers::generated(int worker, const GeneratedCase& generated) {
  Slot* s = slot(worker);
  if (generated.program.size() + generated.input.size() > Slot::kTextBytes) return;
  std::memcpy(s->text, generated.program.data(), generated.program.size());
  std::memcpy(s->text + generated.program.size(), generated.input.data(), generated.input.size());
  s->input_bytes = std::uint32_t(generated.input.size());
  s->program_bytes = std::uint32_t(generated.program.size());
}

void WorkerMarkers::end(int worker) {
  Slot* s = slot(worker);
  std::atomic_ref<std::int64_t>(s->index).store(-1, std::memory_order_release);
  s->program_bytes = s->input_bytes = 0;
}

std::optional<std::size_t> WorkerMarkers::current(int worker) const {
  Slot* s = slot(worker);
  const std::int64_t index = std::atomic_ref<std::int64_t>(s->index).load(std::memory_order_acquire);
  if (index < 0) return std::nullopt;
  return std::size_t(index);
}

GeneratedCase WorkerMarkers::current_case(int worker) const {
  const Slot* s = slot(worker);
  if (s->index < 0 || s->program_bytes == 0) return {};
  return GeneratedCase{std::string(s->text, s->program_bytes),
                       std::string(s->text + s->program_bytes, s->input_bytes)};
}

}  // namespace chad
