// chad-oracle: the command-line tool of CHAD Oracle.
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "exit_codes.hpp"

int main(int argc, char** argv) {
  CLI::App app{"chad-oracle: reference derivatives and AD checking for the CHAD language"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("chad-oracle ") + CHAD_ORACLE_VERSION);
  int exit_code = chad::kExitOk;
  chad::add_check_command(app, exit_code);
  chad::add_eval_command(app, exit_code);
  chad::add_shape_command(app, exit_code);
  chad::add_jacobian_command(app, exit_code);
  chad::add_hessian_command(app, exit_code);
  chad::add_transform_command(app, exit_code);
  chad::add_verify_command(app, exit_code);
  chad::add_campaign_command(app, exit_code);
  chad::add_replay_command(app, exit_code);
  chad::add_merge_command(app, exit_code);
  chad::add_mutants_command(app, exit_code);
  chad::add_diagram_command(app, exit_code);
  chad::add_compile_command(app, exit_code);
  chad::add_serve_adapter_command(app, exit_code);
  chad::add_translate_command(app, exit_code);
  chad::add_check_adapter_command(app, exit_code);
  chad::add_vectors_command(app, exit_code);
  chad::add_cost_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? chad::kExitOk : chad::kExitBadInput;
  }
  return exit_code;
}
