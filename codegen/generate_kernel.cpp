// The generated translation unit: a comment with the source program, then in `namespace
// <name>` the mu / nu structs, the helpers (folds, unfolds, maps, the ABI's readers and
// writers), one function per `def` (primal mode) or the target program (fwd, rev), and the
// extern "C" kernel over normal forms (codegen/runtime/chad_kernel_abi.h).
#include "codegen/generate_kernel.hpp"

#include "chad/transformer.hpp"
#include "codegen/kernel_abi_emitter.hpp"
#include "codegen/scalar_binding.hpp"
#include "codegen/standalone_main.hpp"
#include "syntax/location.hpp"
#include "syntax/printer.hpp"

namespace chad {

const char* kernel_mode_name(KernelMode mode) {
  switch (mode) {
    case KernelMode::Primal: return "primal";
    case KernelMode::Forward: return "fwd";
    case KernelMode::Reverse: return "rev";
  }
  return "?";
}

namespace {

std::string commented(const std::string& text) {
  std::string out = "//   ";
  for (char c : text) {
    out += c;
    if (c == '\n') out += "//   ";
  }
  return out + "\n";
}

// The body of `program<S>()`: the closed term's value. In primal mode the defs, let-bound in
// front of main, become functions of their own (taking the earlier defs they may call).
std::string emit_program(Emitter& e, const TermP& term, const CheckedProgram& program, bool primal,
                         std::string& functions) {
  TermP t = term;
  std::vector<std::string> def_names, def_functions;  // C++ names (fresh: a def may be called `new`)
  std::vector<TypeP> def_types;
  if (primal) {
    for (const Def& def : program.program.defs) {
      if (t->kind != TermKind::Let || t->name != def.name) break;
      std::string params;
      for (std::size_t i = 0; i < def_names.size(); ++i)
        params += std::string(i ? ", " : "") + "const " + e.type(def_types[i]) + "& " + def_names[i];
      e.env.clear();
      for (const std::string& name : def_names) e.env.push(name);
      std::string value = e.emit(t->args[0]);
      e.line("return " + value + ";");
      const std::string fn = "def_" + cpp_identifier(def.name);
      functions += "// def " + def.name + "\ntemplate <class S>\n" + e.type(t->args[0]->type) + " " + fn + "(" +
                   params + ") {\n" + e.take() + "}\n\n";
      def_names.push_back(e.fresh(def.name));
      def_functions.push_back(fn);
      def_types.push_back(t->args[0]->type);
      t = t->args[1];
    }
  }
  // The program: bind each def by calling its function, then the rest.
  e.env.clear();
  for (std::size_t i = 0; i < def_names.size(); ++i) {
    std::string args;
    for (std::size_t j = 0; j < i; ++j) args += (j ? ", " : "") + def_names[j];
    e.bind_as(def_names[i], def_types[i], def_functions[i] + "<S>(" + args + ")");
    e.env.push(def_names[i]);
  }
  std::string value = e.emit(t);
  e.line("return " + value + ";");
  e.env.clear();
  return e.take();
}

// The kernel's body, `kernel_body<S>(call)` in the kernel's namespace: read the input, run the
// program, write its output and, in fwd and rev, the derivative at each seed (the seed loop and
// the exception handling are the runtime's, shared by every kernel of a unit).
std::string kernel_body(KernelMode mode, const std::string& read_input, const std::string& write_output,
                        const std::string& read_seed, const std::string& write_result) {
  std::string s = "// The kernel's call: the input from the call, the program's results to its sink.\n";
  s += "template <class S>\nvoid kernel_body(chad_kernel_call* call) {\n";
  s += "  chad_rt::InputReader in(*call);\n";
  s += "  const auto x = " + read_input + "<S>(in);\n";
  s += "  in.finish();\n";
  if (mode == KernelMode::Primal) {
    s += "  const auto y = program<S>()(x);\n";
  } else {
    s += "  const auto result = program<S>()(x);\n";
    s += "  const auto& y = result.fst;\n";
  }
  s += "  chad_rt::OutputWriter out;\n";
  s += "  " + write_output + "<S>(out, y);\n";
  s += "  out.send_index(*call);\n";
  if (mode == KernelMode::Primal) {
    s += "  out.send_vector(*call);\n";
  } else {
    const bool fwd = mode == KernelMode::Forward;
    s += "  const std::size_t output_dimension = out.coords.size();\n";
    s += "  out.send_vector(*call);\n";
    // fwd: seeds are input tangents (at x), results output tangents (at y); rev: the converse.
    s += "  const auto at_seed = [&](const double* c, std::vector<double>& coords) {\n";
    s += std::string("    ") + write_result + "<S>(coords, " + (fwd ? "y" : "x") + ", result.snd(" + read_seed + "<S>(" +
         (fwd ? "x" : "y") + ", c)));\n";
    s += "  };\n";
    s += std::string("  chad_rt::send_seed_results(call, ") + (fwd ? "call->input_dimension" : "output_dimension") +
         ",\n      [](const void* f, const double* c, std::vector<double>& coords) {\n"
         "        (*static_cast<const decltype(at_seed)*>(f))(c, coords);\n      },\n      &at_seed);\n";
  }
  s += "}\n\n";
  return s;
}

std::string entry_point(const std::string& symbol) {
  return "extern \"C\" int " + symbol + "(chad_kernel_call* call) {\n  using S = double;\n  return chad_rt::run_kernel(call, &" +
         symbol + "_code::kernel_body<S>);\n}\n";
}

// The program on flat coordinates, generic in the scalar type (the C++ translation's entry for AD
// tools: `chad-oracle translate --to cpp`).
std::string generic_entry(const std::string& read_input, const std::string& write_output) {
  std::string s;
  s += "// main on the Euclidean normal forms, generic in the scalar S (double, ADOL-C's adouble,\n";
  s += "// Ceres's Jet, ...): the input's index as its constructor tags in pre-order and its coordinates\n";
  s += "// (left to right, arrays row-major) in, the output's likewise out. Throws chad_rt::BadInput\n";
  s += "// on an input of the wrong shape, chad_rt::DomainError where a primitive is undefined.\n";
  s += "template <class S>\nvoid run_main(const std::vector<int>& input_tags, const std::vector<S>& x,\n";
  s += "              std::vector<int>& output_tags, std::vector<S>& y) {\n";
  s += "  auto in = chad_rt::InputReader::typed<S>(input_tags.data(), input_tags.size(), x.data(), x.size());\n";
  s += "  const auto input = " + read_input + "<S>(in);\n";
  s += "  in.finish();\n";
  s += "  chad_rt::OutputWriter out;\n";
  s += "  y.clear();\n";
  s += "  out.typed_coords = &y;\n";
  s += "  " + write_output + "<S>(out, program<S>()(input));\n";
  s += "  output_tags = out.tags;\n";
  s += "}\n\n";
  return s;
}

}  // namespace

namespace {

std::string generate_unit(const CheckedProgram& program, const KernelOptions& options) {
  CppTypes types(options.double_only);  // bound kernels share a unit's types
  Emitter e(types);
  e.sums = options.sums;
  e.functions = options.functions;
  e.fault = options.fault;
  e.mode = options.mode == KernelMode::Forward ? ChadMode::Forward : ChadMode::Reverse;
  const bool primal = options.mode == KernelMode::Primal;
  if (!is_data_type(program.input_type) || !is_data_type(program.output_type))
    throw UnsupportedByCodegen("a program whose input or output is not a data type (the kernel ABI is over normal forms)");
  TermP term = program.main_function;
  if (!primal) {
    ChadOptions chad;
    chad.mode = e.mode;
    chad.sums = options.sums;
    chad.rules = options.rules;
    chad.functions = options.functions;
    term = chad_program(program, chad).target;
  }
  std::string functions;
  std::string body = emit_program(e, term, program, primal, functions);
  const TypeP input = primal ? program.input_type : primal_type(program.input_type, e.mode, e.sums, e.functions);
  const TypeP output = primal ? program.output_type : primal_type(program.output_type, e.mode, e.sums, e.functions);
  AbiEmitter abi(e);
  const std::string read_input = abi.reader(input), write_output = abi.writer(output);
  std::string read_seed, write_result;
  if (options.mode == KernelMode::Forward) {
    read_seed = abi.tangent_reader(program.input_type);
    write_result = abi.tangent_writer(program.output_type);
  } else if (options.mode == KernelMode::Reverse) {
    read_seed = abi.tangent_reader(program.output_type);
    write_result = abi.tangent_writer(program.input_type);
  }
  const std::string program_type = e.type(term->type);

  std::string s;
  s += "// ==== kernel " + options.name + ": mode " + kernel_mode_name(options.mode);
  if (options.fault != CodegenFault::None) s += std::string(", with the injected fault ") + codegen_fault_name(options.fault);
  if (!primal) s += std::string(", sums ") + sums_strategy_name(options.sums);
  s += ", generated by chad-oracle from\n";
  s += commented(print_program(program.program));
  const std::string ns = options.name + "_code";
  // The kernel's own code has internal linkage (the inner unnamed namespace): only the entry point
  // is exported, so the compiler keeps no weak copy or comdat group of each closure's code.
  if (types.shared_names()) s += types.declarations(e.shared_helpers());
  s += "namespace " + ns + " {\n";
  if (types.shared_names()) s += std::string("using namespace ") + CppTypes::kSharedNamespace + ";\n";
  s += "namespace {\n\n";
  s += "// An unfold's node: its seed's body runs once, its children are made when first needed.\n";
  s += "template <class Seed, class Children, class D>\nstruct UnfoldState {\n  Seed seed;\n  bool done = false;\n"
       "  Children children{};\n  D derivative{};\n};\n\n";
  if (!types.shared_names()) s += types.declarations() + "\n";
  s += e.helpers();
  s += functions;
  s += "// The program: " + std::string(primal ? "main" : "CHAD's transformation of main") + ", of type\n//   " +
       print_type(term->type) + "\ntemplate <class S>\n" + program_type + " program() {\n" + body + "}\n\n";
  if (primal) s += generic_entry(read_input, write_output);
  s += kernel_body(options.mode, read_input, write_output, read_seed, write_result);
  s += "}  // namespace\n}  // namespace " + ns + "\n\n";
  s += entry_point(options.name);
  return s;
}

}  // namespace

std::string generate_kernel_unit(const CheckedProgram& program, const KernelOptions& options) {
  try {
    std::string unit = generate_unit(program, options);
    return options.double_only ? bind_scalar_to_double(unit, options.name + "_code") : unit;
  } catch (const UnsupportedByCodegen& e) {  // located at the entry point
    Loc loc;
    for (const Def& def : program.program.defs)
      if (def.name == program.entry) loc = def.loc;
    throw UnsupportedByCodegen(e.construct(), loc);
  }
}

std::string generate_kernel_source(const CheckedProgram& program, const KernelOptions& options) {
  std::string s = "// Generated by chad-oracle (issue 13's compiled kernel path). Compile with\n"
                  "//   c++ -std=c++20 -O2 [-DCHAD_KERNEL_MAIN] this.cpp\n";
  s += kernel_runtime_source();
  s += "\n#include <algorithm>\n#include <vector>\n\n";
  s += generate_kernel_unit(program, options);
  if (options.standalone_main) s += standalone_main(program.input_type, options);
  return s;
}

}  // namespace chad
