#include "command_context.hpp"

#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "exit_codes.hpp"
#include "input_files.hpp"
#include "adapter_client/adapter_client.hpp"
#include "references/finite_result.hpp"
#include "reports/written_file.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {

namespace {

const char* kStdinName = "<stdin>";

// The program texts read, by the name they were read under (a process reads one or two).
std::map<std::string, std::string>& loaded_texts() {
  static std::map<std::string, std::string> texts;
  return texts;
}

}  // namespace

CheckedProgram load_program(const std::string& file) {
  const std::string name = file == "-" ? kStdinName : file;
  const std::string& stored = loaded_texts()[name] = read_input_text(file, "the program file", kStdinName);
  return check_program(parse_program(stored, name));
}

const std::string& loaded_program_text(const std::string& name) {
  static const std::string none;
  auto found = loaded_texts().find(name);
  return found == loaded_texts().end() ? none : found->second;
}

bool program_came_from_stdin() { return loaded_texts().count(kStdinName) > 0; }

namespace {

void report_error(const CommonOptions& options, const std::string& kind, const std::string& text,
                  const Loc* loc, const std::string& message) {
  if (options.json) {
    nlohmann::json error = {{"kind", kind}, {"message", message}, {"text", text},
                            {"file", nullptr}, {"line", nullptr}, {"column", nullptr}};
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
      check_standard_output();
    } catch (const OutputError& e) {  // (said on stderr too: the standard output may be what failed)
      if (options.json) report_error(options, "output", std::string("error: ") + e.what(), nullptr, e.what());
      std::cerr << "error: " << e.what() << "\n";
      code = kExitBadInput;
    } catch (const AdapterStartError& e) {  // the tool under test failed its handshake: its fault
      report_error(options, "tool", std::string("error: ") + e.what(), nullptr, e.what());
      code = kExitToolFailed;
    } catch (const ImplementationNotFinite& e) {  // CHAD's NaN where the reference is finite: its fault
      report_error(options, "tool", e.what(), &e.loc(), e.message());
      code = kExitToolFailed;
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
