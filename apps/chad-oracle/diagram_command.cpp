// `chad-oracle diagram FILE [--adjoint] [--foliation SEED] -o OUT.svg [--json]`: the string
// diagram of main (issue #6), or its adjoint (forward pass blue, reverse pass red), drawn with
// Graphviz along a foliation (the maximal one, or a random one from SEED). Writes OUT.dot
// beside OUT.svg (the .dot alone when Graphviz is missing, with a note). --json prints sizes.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "commands.hpp"
#include "diagrams/adjoint.hpp"
#include "diagrams/dot.hpp"
#include "diagrams/translate.hpp"
#include "exit_codes.hpp"
#include "reports/term_graph.hpp"

namespace chad {

void add_diagram_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto adjoint = std::make_shared<bool>(false);
  auto seed = std::make_shared<std::int64_t>(-1);
  auto output = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "diagram", "Draw main as a hierarchical string diagram (or its adjoint) with Graphviz");
  cmd->add_option("FILE", options->file, "program file (- for standard input)")->required();
  cmd->add_flag("--adjoint", *adjoint, "draw the adjoint A f : X -> Y * (Y => X)");
  cmd->add_option("--foliation", *seed, "seed of a random foliation (default: the maximal one)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("-o,--output", *output, "the picture, OUT.svg (OUT.dot is written beside it)")->required();
  cmd->add_flag("--json", options->json, "print one JSON object");
  cmd->callback([options, adjoint, seed, output, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      diagrams::Diagram d = diagrams::translate_main(program);
      diagrams::Foliation f = *seed >= 0 ? diagrams::random_foliation(d, std::uint64_t(*seed))
                                         : diagrams::maximal_foliation(d);
      diagrams::Diagram drawn = d;
      if (*adjoint) {
        drawn = diagrams::adjoint(d, f);
        f = diagrams::maximal_foliation(drawn);  // the adjoint's leaves in the order they were made
      }
      std::string base = *output;
      if (base.size() > 4 && (base.ends_with(".svg") || base.ends_with(".dot")))
        base = base.substr(0, base.size() - 4);
      std::string dot_path = base + ".dot", svg_path = base + ".svg";
      std::string title = options->file + (*adjoint ? " (adjoint: forward blue, reverse red)" : "");
      bool svg = write_dot_and_svg(diagrams::diagram_dot(drawn, f, title), dot_path);
      std::vector<std::string> leaves;
      for (std::size_t i : f.order) leaves.push_back(diagrams::node_kind_name(drawn.nodes[i].kind));
      if (options->json) {
        nlohmann::json j{{"file", options->file},
                         {"adjoint", *adjoint},
                         {"nodes", diagrams::diagram_size(drawn)},
                         {"wires", diagrams::wire_count(drawn)},
                         {"source_nodes", diagrams::diagram_size(d)},
                         {"leaves", leaves},
                         {"dot", dot_path}};
        j["svg"] = svg ? nlohmann::json(svg_path) : nlohmann::json(nullptr);
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << (*adjoint ? "adjoint diagram: " : "diagram: ") << diagrams::diagram_size(drawn)
                  << " nodes (source diagram " << diagrams::diagram_size(d) << "), "
                  << diagrams::wire_count(drawn) << " wires\n"
                  << "wrote " << dot_path << "\n";
        if (svg) std::cout << "wrote " << svg_path << "\n";
        else std::cout << "note: Graphviz `dot` not found, no SVG written\n";
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
