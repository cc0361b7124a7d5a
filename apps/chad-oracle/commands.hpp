// The subcommands of `chad-oracle`; each file apps/chad-oracle/<name>_command.cpp adds one.
#pragma once
#include <CLI/CLI.hpp>

namespace chad {

// Each registers its subcommand on `app`; the callback stores the exit code in `exit_code`.
void add_check_command(CLI::App& app, int& exit_code);
void add_eval_command(CLI::App& app, int& exit_code);
void add_shape_command(CLI::App& app, int& exit_code);
void add_jacobian_command(CLI::App& app, int& exit_code);
void add_hessian_command(CLI::App& app, int& exit_code);
void add_transform_command(CLI::App& app, int& exit_code);
void add_verify_command(CLI::App& app, int& exit_code);
void add_campaign_command(CLI::App& app, int& exit_code);
void add_replay_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);
void add_mutants_command(CLI::App& app, int& exit_code);
void add_diagram_command(CLI::App& app, int& exit_code);
void add_compile_command(CLI::App& app, int& exit_code);
void add_serve_adapter_command(CLI::App& app, int& exit_code);
void add_translate_command(CLI::App& app, int& exit_code);
void add_check_adapter_command(CLI::App& app, int& exit_code);
void add_vectors_command(CLI::App& app, int& exit_code);
void add_cost_command(CLI::App& app, int& exit_code);

}  // namespace chad
