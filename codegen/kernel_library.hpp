// A compiled kernel library loaded with dlopen (RTLD_NOW | RTLD_LOCAL), and its kernels looked
// up by name. A KernelFunction holds the library alive (shared_ptr), so a kernel can be called
// for as long as anyone holds it; the library is closed when the last holder goes.
#pragma once
#include <memory>
#include <string>

#include "chad_kernel_abi.h"
#include "syntax/location.hpp"

namespace chad {

// The library cannot be loaded or lacks a kernel: an internal error (a fault of the code
// generator or of the compiler's output).
class KernelLoadError : public InternalError {
 public:
  explicit KernelLoadError(const std::string& message) : InternalError("loading a kernel: " + message) {}
};

class KernelLibrary;

struct KernelFunction {
  std::shared_ptr<const KernelLibrary> library;
  chad_kernel_fn entry = nullptr;
  std::string name;
  int operator()(chad_kernel_call* call) const { return entry(call); }
};

class KernelLibrary : public std::enable_shared_from_this<KernelLibrary> {
 public:
  // Throws KernelLoadError with dlerror()'s message.
  static std::shared_ptr<const KernelLibrary> open(const std::string& path);
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  // The kernel `name` (its extern "C" symbol). Throws KernelLoadError when there is none.
  KernelFunction kernel(const std::string& name) const;
  const std::string& path() const { return path_; }

 private:
  KernelLibrary(void* handle, std::string path) : handle_(handle), path_(std::move(path)) {}
  void* handle_;
  std::string path_;
};

}  // namespace chad
