// Checked, crash-safe file writing for a campaign's directory: every write, flush, fsync,
// rename and removal is checked, and a failure (a full disk, an I/O error, a read-only
// directory) is a StorageError (a SourceError located at the file: exit 3) rather than a lost
// result. A log line is appended with one write(2) and taken back when the write fails part
// way; a whole file is written to a temporary file, fsync'ed, then renamed over the old one; a
// directory is locked with flock(2), so a lock left by a killed run is released by the kernel.
#pragma once
#include <cstdint>
#include <string>

#include "syntax/location.hpp"

namespace chad {

// A file that could not be written, read, renamed or removed: "PATH: error: cannot ...: REASON".
class StorageError : public SourceError {
 public:
  StorageError(const std::string& path, const std::string& what, int error_number);
};

// An append-only log file, one line per append.
class AppendFile {
 public:
  explicit AppendFile(std::string path);  // created when missing
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;
  // Appends `line` and a newline; on failure cuts the file back to where it was, then throws.
  void append_line(const std::string& line);

 private:
  std::string path_;
  int fd_ = -1;
};

// Writes `text` to `path` atomically: PATH.new, fsync, rename, fsync of the directory. On
// failure PATH is unchanged and PATH.new removed.
void write_file_durably(const std::string& path, const std::string& text);

// Cuts off a last line without its newline (what a kill or a full disk leaves); returns the
// bytes cut.
std::uintmax_t cut_partial_last_line(const std::string& path);

// Removes a file (absent is fine).
void remove_file_checked(const std::string& path);

// An exclusive lock on DIR/campaign.lock for as long as this object (and the processes forked
// while it lives) exist. Throws StorageError when the directory cannot be written, and a
// SourceError naming the directory when another process holds the lock (after waiting
// `patience_seconds` for it: the workers of a just-killed run take a moment to die).
class DirectoryLock {
 public:
  explicit DirectoryLock(const std::string& dir, double patience_seconds = 1.0);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace chad
