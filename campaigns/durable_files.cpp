#include "campaigns/durable_files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

namespace chad {

namespace fs = std::filesystem;

StorageError::StorageError(const std::string& path, const std::string& what, int error_number)
    : SourceError(Loc{intern_file_name(path), 0, 0}, what + ": " + std::strerror(error_number)) {}

namespace {

// Writes all of `text` at the file's current position (or its end, with O_APPEND).
void write_all_checked(int fd, const std::string& text, const std::string& path) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw StorageError(path, "cannot write", errno);
    if (n == 0) throw StorageError(path, "cannot write", EIO);
    done += std::size_t(n);
  }
}

void fsync_directory_of(const std::string& path) {
  const std::string dir =
      fs::path(path).parent_path().empty() ? "." : fs::path(path).parent_path().string();
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw StorageError(dir, "cannot open the directory to sync it", errno);
  const int synced = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (synced != 0 && error != EINVAL) throw StorageError(dir, "cannot sync the directory", error);
}

}  // namespace

AppendFile::AppendFile(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw StorageError(path_, "cannot open the log for appending", errno);
}

AppendFile::~AppendFile() {
  if (fd_ >= 0) ::close(fd_);
}

void AppendFile::append_line(const std::string& line) {
  const off_t before = ::lseek(fd_, 0, SEEK_END);
  try {
    write_all_checked(fd_, line + "\n", path_);
  } catch (const StorageError&) {
    if (before >= 0 && ::ftruncate(fd_, before) != 0) {
      // Left as it is: the partial line is cut off when the campaign resumes.
    }
    throw;
  }
}

void write_file_durably(const std::string& path, const std::string& text) {
  const std::string partial = path + ".new";
  const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw StorageError(partial, "cannot create", errno);
  try {
    write_all_checked(fd, text, partial);
    if (::fsync(fd) != 0) throw StorageError(partial, "cannot sync", errno);
  } catch (...) {
    ::close(fd);
    ::unlink(partial.c_str());
    throw;
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(partial.c_str());
    throw StorageError(partial, "cannot close", error);
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(partial.c_str());
    throw StorageError(path, "cannot rename " + partial + " to it", error);
  }
  fsync_directory_of(path);
}

std::uintmax_t cut_partial_last_line(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return 0;
    throw StorageError(path, "cannot open", errno);
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    ::close(fd);
    throw StorageError(path, "cannot read its size", error);
  }
  // Read backwards for the last newline.
  off_t end = info.st_size, keep = 0;
  char buffer[4096];
  for (off_t block_end = end; block_end > 0 && keep == 0;) {
    const off_t block_start =
        block_end > off_t(sizeof buffer) ? block_end - off_t(sizeof buffer) : 0;
    const ssize_t n = ::pread(fd, buffer, std::size_t(block_end - block_start), block_start);
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      throw StorageError(path, "cannot read", error);
    }
    for (ssize_t i = n - 1; i >= 0; --i)
      if (buffer[i] == '\n') {
        keep = block_start + i + 1;
        break;
      }
    block_end = block_start;
  }
  if (keep != end && ::ftruncate(fd, keep) != 0) {
    const int error = errno;
    ::close(fd);
    throw StorageError(path, "cannot cut off its partial last line", error);
  }
  ::close(fd);
  return std::uintmax_t(end - keep);
}

void remove_file_checked(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT)
    throw StorageError(path, "cannot remove", errno);
}

DirectoryLock::DirectoryLock(const std::string& dir, double patience_seconds) {
  const std::string path = (fs::path(dir) / "campaign.lock").string();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw StorageError(path, "cannot write in the output directory", errno);
  const auto give_up =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(patience_seconds);
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    if (error != EWOULDBLOCK && error != EINTR) {
      ::close(fd_);
      throw StorageError(path, "cannot lock", error);
    }
    if (std::chrono::steady_clock::now() > give_up) {
      ::close(fd_);
      throw SourceError(Loc{intern_file_name(dir), 0, 0},
                        "another campaign or merge is running on this directory (it holds " + path +
                            "); wait for it to end, or use another --out");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace chad
