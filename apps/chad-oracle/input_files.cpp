#include "input_files.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "syntax/location.hpp"

namespace chad {
namespace {

std::string read_capped(std::istream& in, const Loc& where, const std::string& what, std::size_t cap) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, std::size_t(in.gcount()));
    if (text.size() > cap)
      throw SourceError(where, what + " is larger than " + std::to_string(cap >> 20) + " MiB: not read further");
  }
  if (in.bad()) throw SourceError(where, "cannot read " + what + ": " + std::strerror(errno));
  return text;
}

}  // namespace

std::string read_input_text(const std::string& file, const std::string& what, const std::string& stdin_name,
                            std::size_t cap) {
  if (file == "-") return read_capped(std::cin, Loc{intern_file_name(stdin_name), 0, 0}, what, cap);
  const Loc where{intern_file_name(file), 0, 0};
  std::error_code error;
  if (std::filesystem::is_directory(file, error)) throw SourceError(where, what + " is a directory");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SourceError(where, "cannot open " + what);
  return read_capped(in, where, what, cap);
}

}  // namespace chad
