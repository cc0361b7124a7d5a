// Reading the texts a user hands the tool (a program file, an `--at` value file, standard
// input), capped: a file larger than the cap (`check /dev/zero`), a directory, or one that cannot
// be read is a located SourceError (exit 3), never an unbounded read.
#pragma once
#include <cstddef>
#include <string>

namespace chad {

// The largest program or value text read: 256 MiB (a million-element list literal is about 25 MB).
constexpr std::size_t kMaxInputText = std::size_t(256) << 20;

// The whole text of `file` ("-": standard input, named `stdin_name` in messages); `what` names
// it in messages ("the program file", "the --at value file").
std::string read_input_text(const std::string& file, const std::string& what, const std::string& stdin_name = "<stdin>",
                            std::size_t cap = kMaxInputText);

}  // namespace chad
