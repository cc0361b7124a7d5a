// Files the oracle writes (reports, pictures, kernels), checked: a full disk, a read-only folder
// or any other failed write is an OutputError naming the file and the reason (exit 3), never an
// empty or cut file that looks written. A file is written beside its final name and renamed into
// place, so a reader never sees half of it.
#pragma once
#include <filesystem>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace chad {

// A file or standard output could not be written: the environment's fault, not the input's or ours.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes `text` to `path` (replacing it); OutputError when that fails.
void write_text_file(const std::filesystem::path& path, const std::string& text);
// Writes what `write` puts on its stream to `path`, as write_text_file.
void write_text_file_with(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

// Throws OutputError when standard output could not be written (flushes it first): a command's
// last step, so that `eval ... > /dev/full` fails instead of exiting 0.
void check_standard_output();

}  // namespace chad
