// C++ type names of generated code (codegen/cpp_types.hpp): equal types share one alias however
// they were built, an alias's comment is cut short, and a long straight-line program's reverse
// kernel has no long code lines (its contexts are chains of pairs as long as the program, and
// its closures nest as deep).
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "../support/example_programs.hpp"
#include "codegen/cpp_types.hpp"
#include "codegen/generate_kernel.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// real * (real[3] * unit) has two pairs, so two aliases, however often and from however many
// separately built copies it is named.
TEST(CppTypes, StructurallyEqualTypesBuiltApartShareOneAlias) {
  CppTypes types;
  const TypeP a = prod_type(real_type(), prod_type(real_type({3}), unit_type()));
  const TypeP b = prod_type(real_type(), prod_type(real_type({3}), unit_type()));
  ASSERT_NE(a.get(), b.get());
  EXPECT_EQ(types.name(a), types.name(b));
  EXPECT_EQ(types.name(a), types.name(a));
  const std::string declarations = types.declarations();
  std::size_t aliases = 0;
  for (std::size_t at = declarations.find("using T"); at != std::string::npos; at = declarations.find("using T", at + 1))
    ++aliases;
  EXPECT_EQ(aliases, 2u) << declarations;
  EXPECT_NE(types.name(a), types.name(prod_type(real_type({3}), real_type())));
}

// mu l. < Nil : unit | Cons : real * l >, built anew each time.
TypeP real_list() {
  return mu_type("l", sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), var_type("l"))}}));
}

// Shared names (bound kernels, many to a unit): two kernels' tables, built apart, give a type the
// same name, from its spelling, not from the order met; other types other names; every
// declaration is under an include guard, so that a unit's second kernel skips what its first
// declared; all of it in the shared namespace, with the scalar bound.
TEST(CppTypes, SharedNamesAreOneKernelsAsTheNextsAndEachDeclarationIsGuarded) {
  CppTypes first(true), second(true);
  const TypeP pair_of_list = prod_type(real_type(), real_list());
  second.name(prod_type(real_type({3}), unit_type()));  // met first here only: no effect on the names
  EXPECT_EQ(first.name(pair_of_list), second.name(prod_type(real_type(), real_list())));
  EXPECT_EQ(first.struct_name(real_list()), second.struct_name(real_list()));
  EXPECT_NE(first.name(pair_of_list), first.name(prod_type(real_list(), real_type())));
  EXPECT_EQ(first.name(pair_of_list).rfind("T_", 0), 0u) << first.name(pair_of_list);
  EXPECT_EQ(first.struct_name(real_list()).rfind("Mu_", 0), 0u);

  const std::string declarations = first.declarations();
  EXPECT_EQ(declarations.rfind("namespace {\nnamespace chad_kernel_types {", 0), 0u) << declarations;
  EXPECT_NE(declarations.find("using S = double;"), std::string::npos);
  // T_ of real * list (the list's cons payload too), of the list's sum, of list * real; the
  // list's declaration and its definition: 5 guards, each closed.
  std::size_t guards = 0;
  for (std::size_t at = declarations.find("#ifndef "); at != std::string::npos; at = declarations.find("#ifndef ", at + 1))
    ++guards;
  std::size_t ends = 0;
  for (std::size_t at = declarations.find("#endif\n"); at != std::string::npos; at = declarations.find("#endif\n", at + 1))
    ++ends;
  EXPECT_EQ(guards, 5u) << declarations;
  EXPECT_EQ(ends, guards);
  const std::string list = first.struct_name(real_list()).substr(0, first.struct_name(real_list()).find('<'));
  EXPECT_NE(declarations.find("#ifndef CHAD_KD_" + list + "\n#define CHAD_KD_" + list + "\n"), std::string::npos)
      << declarations;
  // Renamed bound variables, the same type: the same name (a struct's payload spells the types
  // inside it, so every kernel must name them alike whichever spelling it met first).
  const TypeP renamed = mu_type("x", sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), var_type("x"))}}));
  EXPECT_EQ(CppTypes(true).struct_name(renamed), first.struct_name(real_list()));
  // Shadowing kept apart: in mu OUTER. mu INNER. a * b (inside mu b. < Leaf | Node : ... >), `a`
  // is the inner binder's for (a, a) and (c, a), alike; the outer one's for (a, c), another type.
  const auto nested = [](const std::string& outer, const std::string& inner) {
    return mu_type("b", sum_type({{"Leaf", unit_type()},
                                  {"Node", mu_type(outer, mu_type(inner, prod_type(var_type("a"), var_type("b"))))}}));
  };
  EXPECT_EQ(CppTypes(true).struct_name(nested("a", "a")), CppTypes(true).struct_name(nested("c", "a")));
  EXPECT_NE(CppTypes(true).struct_name(nested("a", "a")), CppTypes(true).struct_name(nested("a", "c")));
  // Numbered names stay per kernel.
  CppTypes numbered;
  EXPECT_EQ(numbered.name(pair_of_list), "T0<S>");
}

// `const auto x = NAME(in);` of a bound kernel: the name of its input's reader.
std::string input_reader(const std::string& unit) {
  const std::string before = "const auto x = ";
  const std::size_t at = unit.find(before);
  if (at == std::string::npos) return "";
  return unit.substr(at + before.size(), unit.find('(', at) - at - before.size());
}

// The ABI's readers and writers of bound kernels are shared too: the fwd and rev kernels of a
// program, in any sums strategy, read their input with one function, defined under a guard in
// the shared namespace; a (co)tangent's reader depends on the sums strategy where the type has
// sums (sums.chad's input does), so its name does too. Generic kernels keep numbered names.
TEST(CppTypes, BoundKernelsOfAProgramShareTheirInputsReader) {
  const CheckedProgram program = testing::load_example("sums.chad");
  std::vector<std::string> units;
  for (KernelMode mode : {KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : {SumsStrategy::Biproduct, SumsStrategy::Lifted}) {
      KernelOptions options;
      options.name = "k" + std::to_string(units.size());
      options.mode = mode;
      options.sums = sums;
      options.double_only = true;
      units.push_back(generate_kernel_unit(program, options));
    }
  const std::string reader = input_reader(units[0]);
  ASSERT_EQ(reader.rfind("read_", 0), 0u) << units[0];
  for (const std::string& unit : units) {
    EXPECT_EQ(input_reader(unit), reader);
    EXPECT_NE(unit.find("#ifndef CHAD_KB_" + reader + "\n"), std::string::npos);
    EXPECT_LT(unit.find("#ifndef CHAD_KB_" + reader + "\n"), unit.find("namespace k"));  // before the kernel's
  }
  // fwd: `write_tangent_...(coords, y, result.snd(read_tangent_...(x, c)))`.
  const auto seed_reader = [](const std::string& unit) {
    const std::size_t at = unit.find("result.snd(");
    return unit.substr(at + 11, unit.find('(', at + 11) - at - 11);
  };
  EXPECT_EQ(seed_reader(units[0]).rfind("read_tangent_", 0), 0u) << units[0];
  EXPECT_NE(seed_reader(units[0]), seed_reader(units[1]));  // biproduct and lifted tangents of a sum
  KernelOptions generic;
  generic.mode = KernelMode::Forward;
  EXPECT_EQ(input_reader(generate_kernel_unit(program, generic)).find("read_"), 0u);
  EXPECT_EQ(generate_kernel_unit(program, generic).find("CHAD_KB_"), std::string::npos);
}

// A chain of n pairs ((real * real) * real) * ... prints with about 7n characters; its alias's
// comment keeps 160 of them and says it was cut.
TEST(CppTypes, AnAliasCommentIsCutShort) {
  CppTypes types;
  TypeP chain = real_type();
  for (int i = 0; i < 200; ++i) chain = prod_type(chain, real_type());
  ASSERT_GT(print_type(chain).size(), 1000u);
  types.name(chain);
  const std::string declarations = types.declarations();
  const std::regex alias_line("template <class S> using T[0-9]+ = [^\n]*;  // ([^\n]*)\n");
  int aliases = 0;
  for (auto it = std::sregex_iterator(declarations.begin(), declarations.end(), alias_line); it != std::sregex_iterator();
       ++it, ++aliases)
    EXPECT_LE((*it)[1].length(), 160u + 4u) << (*it)[1];
  EXPECT_EQ(aliases, 200);  // one per pair, each named once
  EXPECT_NE(declarations.find(" ...\n"), std::string::npos);
}

// let v0 = x in let v1 = v0 * 0.999 + sin(v0) in ... : n lets.
std::string let_chain(int n) {
  std::string text = "def main (x : real) : real =\n  let v0 = x in\n";
  for (int i = 1; i < n; ++i)
    text += "  let v" + std::to_string(i) + " = v" + std::to_string(i - 1) + " * 0.999 + sin(v" + std::to_string(i - 1) +
            ") in\n";
  return text + "  v" + std::to_string(n - 1) + ";\n";
}

// 3,000 lets are past the inliner's budget (4,096 inlined applications per source), so most
// backpropagators are closures nested 3,000 deep, each typed by a context of up to 3,000
// variables. Before: alias comments spelled those contexts in full and every block was indented
// one step deeper (lines up to 122,658 characters, 21.9 MB in all). Now a code line is at most
// 64 columns of indent and short names; only the program's own text in the header comment is
// long.
TEST(CppTypes, AStraightLineProgramPastTheInlineBudgetHasNoLongCodeLines) {
  std::string source;
  run_with_deep_stack([&] {
    KernelOptions options;
    options.mode = KernelMode::Reverse;
    source = generate_kernel_source(testing::load_source(let_chain(3000)), options);
  });
  ASSERT_NE(source.find("&chad_rt::detail::call_lambda<"), std::string::npos) << "no closure: the test no longer passes the inline budget";
  std::size_t longest = 0, start = 0;
  while (start < source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    const std::string line = source.substr(start, end - start);
    if (line.rfind("//", 0) != 0) longest = std::max(longest, line.size());
    start = end + 1;
  }
  EXPECT_LE(longest, 400u);
  EXPECT_LT(source.size(), std::size_t(10'000'000));
}

}  // namespace
}  // namespace chad
