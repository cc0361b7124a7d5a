#include "codegen/kernel_library.hpp"

#include <dlfcn.h>

#include <mutex>

namespace chad {

namespace {

// dlerror's state is per thread, but a message read by one caller must be the one its own call
// left: the lookups and their dlerror() happen under one lock.
std::mutex& dl_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::string last_dl_error() {
  const char* message = dlerror();
  return message ? message : "unknown error";
}

}  // namespace

std::shared_ptr<const KernelLibrary> KernelLibrary::open(const std::string& path) {
  std::lock_guard<std::mutex> lock(dl_mutex());
  dlerror();  // clear a stale message
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) throw KernelLoadError(last_dl_error());
  return std::shared_ptr<KernelLibrary>(new KernelLibrary(handle, path));
}

KernelLibrary::~KernelLibrary() {
  std::lock_guard<std::mutex> lock(dl_mutex());
  dlclose(handle_);
}

KernelFunction KernelLibrary::kernel(const std::string& name) const {
  void* symbol = nullptr;
  {
    std::lock_guard<std::mutex> lock(dl_mutex());
    dlerror();
    symbol = dlsym(handle_, name.c_str());
    if (!symbol) throw KernelLoadError("no kernel `" + name + "` in " + path_ + ": " + last_dl_error());
  }
  KernelFunction f;
  f.library = shared_from_this();
  f.entry = reinterpret_cast<chad_kernel_fn>(symbol);
  f.name = name;
  return f;
}

}  // namespace chad
