#include "command_context.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "exit_codes.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {

CheckedProgram load_program(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SourceError(Loc{intern_file_name(file), 0, 0}, "cannot open the program file");
  std::stringstream text;
  text << in.rdbuf();
  return check_program(parse_program(text.str(), file));
}

namespace {

void report_error(const CommonOptions& options, const std::string& kind, const std::string& text,
                  const Loc* loc, const std::string& message) {
  if (options.json) {
    nlohmann::json error = {{"kind", kind}, {"message", message}, {"text", text}};
    if (loc) {
      error["file"] = loc->file ? *loc->file : "";
      error["line"] = loc->line;
      error["column"] = loc->col;
    }
    std::cout << nlohmann::json{{"error", error}}.dump(2) << "\n";
  } else {
    std::cerr << text << "\n";
  }
}

}  // namespace

int run_command(const CommonOptions& options, const std::function<int()>& work) {
  int code = kExitInternalError;
  run_with_deep_stack([&] {
    try {
      code = work();
    } catch (const DomainError& e) {
      report_error(options, "domain", e.what(), &e.loc(), e.message());
      code = kExitBadInput;
    } catch (const SourceError& e) {
      report_error(options, "input", e.what(), &e.loc(), e.message());
      code = kExitBadInput;
    } catch (const InternalError& e) {
      report_error(options, "internal", e.what(), nullptr, e.what());
      code = kExitInternalError;
    } catch (const std::bad_alloc&) {
      report_error(options, "resources", "error: out of memory", nullptr, "out of memory");
      code = kExitBadInput;
    } catch (const std::exception& e) {
      report_error(options, "internal", std::string("internal error: ") + e.what(), nullptr,
                   e.what());
      code = kExitInternalError;
    }
  });
  return code;
}

}  // namespace chad
