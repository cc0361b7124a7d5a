#include "reports/written_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace chad {
namespace {

[[noreturn]] void fail(const std::string& path, int error) {
  throw OutputError("cannot write " + path + ": " + std::strerror(error));
}

}  // namespace

void write_text_file(const std::filesystem::path& file, const std::string& text) {
  const std::string path = file.string(), temporary = path + ".partial";
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  if (!f) fail(path, errno);
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
  const int write_error = errno;
  if (std::fclose(f) != 0 || !written) {
    const int error = written ? errno : write_error;
    std::remove(temporary.c_str());
    fail(path, error);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    fail(path, error);
  }
}

void write_text_file_with(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  std::ostringstream text;
  write(text);
  write_text_file(path, text.str());
}

void check_standard_output() {
  std::cout.flush();
  errno = 0;
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout))
    throw OutputError(std::string("cannot write the standard output: ") +
                      std::strerror(errno ? errno : EIO));
}

}  // namespace chad
