// `chad-oracle compile FILE --mode primal|fwd|rev [--sums S] [--functions F] [--name NAME] [-o kernel.cpp]
// [--no-main]`: the C++ the code generator emits for main (the source program, or CHAD's forward
// or reverse target program): one translation unit that compiles on its own
// (`c++ -std=c++20 -O2 kernel.cpp`), with a `main` that reads --at unless
// --no-main. Written to -o FILE, else to standard output.
#include <cctype>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "codegen/generate_kernel.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "point_option.hpp"

namespace chad {
namespace {

bool is_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

KernelMode parse_kernel_mode(const std::string& mode) {
  if (mode == "fwd") return KernelMode::Forward;
  if (mode == "rev") return KernelMode::Reverse;
  return KernelMode::Primal;
}

}  // namespace

void add_compile_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto mode = std::make_shared<std::string>("rev");
  auto sums = std::make_shared<std::string>("biproduct");
  auto name = std::make_shared<std::string>("chad_kernel");
  auto output = std::make_shared<std::string>();
  auto with_main = std::make_shared<bool>(true);
  CLI::App* cmd = app.add_subcommand(
      "compile", "Emit C++ for main: the program itself (primal) or CHAD's forward or reverse derivative");
  cmd->add_option("FILE", options->file, "program file (- for standard input)")->required();
  cmd->add_option("--mode", *mode, "primal (the program), fwd or rev (CHAD's derivative)")
      ->check(CLI::IsMember({"primal", "fwd", "rev"}))
      ->capture_default_str();
  add_sums_option(*cmd, *sums);
  auto functions = std::make_shared<std::string>();
  add_functions_option(*cmd, *functions);
  cmd->add_option("--name", *name, "the kernel's name: its extern \"C\" symbol and C++ namespace")
      ->capture_default_str();
  cmd->add_option("-o,--output", *output, "write the source to this file (default: standard output)");
  cmd->add_flag("--main,!--no-main", *with_main,
                "add a `main` reading --at VALUE and printing the output (and Jacobian); default on");
  cmd->add_flag("--json", options->json, "print one JSON object (with the source when there is no -o)");
  cmd->callback([cmd, options, mode, sums, functions, name, output, with_main, &exit_code] {
    exit_code = run_command(*options, [&] {
      if (!is_identifier(*name))
        throw SourceError(Loc{intern_file_name("<--name>"), 0, 0},
                          "the kernel name `" + *name + "` is not a C identifier");
      CheckedProgram program = load_program(options->file);
      KernelOptions kernel;
      kernel.functions = functions_option_value(*functions);
      kernel.name = *name;
      kernel.mode = parse_kernel_mode(*mode);
      kernel.sums = *parse_sums_strategy(*sums);
      kernel.standalone_main = *with_main;
      const std::string source = generate_kernel_source(program, kernel);
      if (!output->empty()) {
        std::ofstream out(*output, std::ios::binary);
        out << source;
        out.close();
        if (!out) throw SourceError(Loc{intern_file_name(*output), 0, 0}, "cannot write the kernel source");
      }
      if (options->json) {
        nlohmann::json j{{"file", options->file}, {"kernel", *name},  {"mode", *mode},
                         {"sums", *sums},         {"main", *with_main}, {"bytes", source.size()}};
        j["functions"] = functions_strategy_name(kernel.functions);
        j["source"] = output->empty() ? nlohmann::json(source) : nlohmann::json();
        j["output"] = output->empty() ? nlohmann::json() : nlohmann::json(*output);
        std::cout << j.dump(2) << "\n";
      } else if (output->empty()) {
        std::cout << source;
      } else {
        std::cerr << "wrote kernel `" << *name << "` (" << *mode << ") to " << *output << "\n";
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
