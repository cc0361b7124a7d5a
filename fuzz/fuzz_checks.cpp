#include "fuzz/fuzz_checks.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad::fuzz {
namespace {

// Runs `work` as the tool runs a command (on a deep stack) and classifies how it ended.
std::string run_checked(const std::function<void()>& work) {
  std::string finding;
  run_with_deep_stack([&] {
    try {
      work();
    } catch (const SourceError& e) {
      finding = location_problem(e);
    } catch (const InternalError& e) {
      finding = e.what();
    } catch (const std::exception& e) {
      finding = std::string("an exception that is not a source error: ") + e.what();
    }
  });  // the thread's kept deep stack (syntax/deep_stack.hpp), reused from input to input
  return finding;
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string location_problem(const SourceError& e) {
  const Loc& loc = e.loc();
  if (loc.file == nullptr || loc.line < 1 || loc.col < 1)
    return "a source error without a file:line:column: " + std::string(e.what());
  const std::string prefix = format_loc(loc) + ": ";
  if (std::string(e.what()).rfind(prefix, 0) != 0)
    return "a source error whose message does not start with its location: " + std::string(e.what());
  return "";
}

std::string check_program_text(const std::string& text) {
  return run_checked([&] {
    const CheckedProgram checked = check_program(parse_program(text, "<fuzz>"));
    (void)input_type(entry_point(checked.program));
  });
}

std::vector<CheckedProgram> load_example_programs(const std::string& examples_dir) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(examples_dir))
    if (entry.path().extension() == ".chad") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  std::vector<CheckedProgram> programs;
  run_with_deep_stack([&] {
    for (const auto& path : paths)
      programs.push_back(check_program(parse_program(file_text(path), path.string())));
  });
  return programs;
}

std::string check_at_value(const std::vector<CheckedProgram>& programs, const std::string& text) {
  if (text.empty() || programs.empty()) return "";
  const std::size_t n = programs.size();
  const std::size_t chosen = (static_cast<unsigned char>(text[0]) + 256 * n - 'A') % n;
  const CheckedProgram& program = programs[chosen];
  return run_checked([&] { (void)read_input_point(program, text.substr(1)); });
}

}  // namespace chad::fuzz
