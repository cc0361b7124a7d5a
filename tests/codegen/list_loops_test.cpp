// Folds, readers and writers over list-like types, and of their (co)tangents, compile to loops
// (codegen/emit_fold_spine.cpp, codegen/kernel_abi_emitter.cpp), trees
// keep their recursion; and a reverse gradient through those loops on a long list is the closed
// form. Horner's rule p(x) = sum_k c_k x^k at x = 1 with every c_k = 1 gives, by hand:
// p = n, dp/dc_k = 1, dp/dx = sum_k k = n(n - 1) / 2 (all exact in double).
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "../support/compiled_jacobians.hpp"
#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "codegen/generate_kernel.hpp"
#include "codegen/kernel_call.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "syntax/deep_stack.hpp"
#include "verify/verify.hpp"

namespace chad {
namespace {

// The bodies of the generated function templates whose names start with `prefix` (fold_,
// rev_fold_, read_), by name.
std::map<std::string, std::string> helper_bodies(const std::string& source, const std::string& prefix) {
  std::map<std::string, std::string> bodies;
  const std::regex head("\n[^\n]* (" + prefix + "[0-9]+)\\([^\n]*\\) \\{\n");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), head); it != std::sregex_iterator(); ++it) {
    const std::size_t start = it->position() + it->length();
    bodies[(*it)[1]] = source.substr(start, source.find("\n}\n", start) - start);
  }
  return bodies;
}

// Whether any helper named `prefix`N calls itself.
bool some_helper_recurses(const std::string& source, const std::string& prefix) {
  for (const auto& [name, body] : helper_bodies(source, prefix))
    if (body.find(name + "<S>(") != std::string::npos) return true;
  return false;
}

// Whether some helper named `prefix`N reaches itself through calls to helpers named `prefix`M.
bool some_helpers_call_in_a_cycle(const std::string& source, const std::string& prefix) {
  const auto bodies = helper_bodies(source, prefix);
  std::map<std::string, std::vector<std::string>> calls;
  for (const auto& [name, body] : bodies)
    for (const auto& [callee, unused] : bodies)
      if (body.find(callee + "<S>(") != std::string::npos) calls[name].push_back(callee);
  for (const auto& [start, unused] : bodies) {  // depth-first from each helper, looking for it
    std::vector<std::string> todo = calls[start];
    std::set<std::string> seen;
    while (!todo.empty()) {
      const std::string at = todo.back();
      todo.pop_back();
      if (at == start) return true;
      if (!seen.insert(at).second) continue;
      for (const std::string& next : calls[at]) todo.push_back(next);
    }
  }
  return false;
}

std::string kernel_source(const CheckedProgram& program, KernelMode mode, SumsStrategy sums) {
  KernelOptions options;
  options.mode = mode;
  options.sums = sums;
  return generate_kernel_source(program, options);
}
std::string kernel_source(const std::string& example, KernelMode mode, SumsStrategy sums) {
  return kernel_source(testing::load_example(example), mode, sums);
}

// Each coefficient of Horner's list times x: a list out, so the kernels write one.
const char* const kScaleEach = R"(type NEList = mu l. < Last : real | Cons : real * l >;
def main (x : real) (cs : NEList) : NEList =
  fold cs with node -> case node of { Last c -> roll Last (x * c) | Cons p -> roll Cons (x * fst p, snd p) };
)";

TEST(ListLoops, FoldsAndReadersOfListsAreLoopsInEveryModeAndSumsStrategy) {
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(kernel_mode_name(mode)) + " " + sums_strategy_name(sums));
      const std::string source = kernel_source("horner.chad", mode, sums);
      const std::string fold = mode == KernelMode::Primal ? "fold_" : mode == KernelMode::Reverse ? "rev_fold_" : "fwd_fold_";
      ASSERT_FALSE(helper_bodies(source, fold).empty()) << "no " << fold << " helper found";
      EXPECT_FALSE(some_helper_recurses(source, fold));
      ASSERT_FALSE(helper_bodies(source, "read_").empty());
      EXPECT_FALSE(some_helper_recurses(source, "read_"));
      // read_ helpers may still call each other in a cycle; the list's own reader is the loop.
      EXPECT_NE(source.find("hole = child_slot_"), std::string::npos);
    }
}

TEST(ListLoops, WritersOfListsAndOfTheirTangentsAreLoopsInEveryModeAndSumsStrategy) {
  // A recursive writer's return trip down a stack as deep as the list was most of Horner's
  // gradient at a million coefficients (bench/RESULTS.md, stop 50).
  const CheckedProgram scale_each = testing::load_source(kScaleEach);
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(kernel_mode_name(mode)) + " " + sums_strategy_name(sums));
      const std::string source = kernel_source(scale_each, mode, sums);
      ASSERT_FALSE(helper_bodies(source, "write_").empty());
      EXPECT_FALSE(some_helpers_call_in_a_cycle(source, "write_"));
      if (mode == KernelMode::Primal) continue;
      for (const std::string& program : {std::string("horner.chad"), std::string("scale_each")}) {
        const std::string text = program == "scale_each" ? source : kernel_source(program, mode, sums);
        ASSERT_FALSE(helper_bodies(text, "write_tangent_").empty()) << program;
        EXPECT_FALSE(some_helpers_call_in_a_cycle(text, "write_tangent_")) << program;
      }
    }
  // The detector sees a cycle where one is: a tree's writers still recurse.
  EXPECT_TRUE(some_helpers_call_in_a_cycle(kernel_source("tree.chad", KernelMode::Reverse, SumsStrategy::Biproduct),
                                           "write_tangent_"));
}

TEST(ListLoops, ReadersOfListTangentsAreLoopsInEveryModeAndSumsStrategy) {
  // A forward kernel reads its list input's tangent, a reverse one its list output's cotangent.
  const CheckedProgram scale_each = testing::load_source(kScaleEach);
  for (KernelMode mode : {KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(kernel_mode_name(mode)) + " " + sums_strategy_name(sums));
      const std::string source = kernel_source(scale_each, mode, sums);
      ASSERT_FALSE(helper_bodies(source, "read_tangent_").empty());
      EXPECT_FALSE(some_helpers_call_in_a_cycle(source, "read_tangent_"));
      EXPECT_NE(source.find("chad_rt::payload_to_fill("), std::string::npos) << "no list's (co)tangent read";
    }
  // The detector sees a cycle where one is: a tree's (co)tangent reader still recurses.
  EXPECT_TRUE(some_helpers_call_in_a_cycle(kernel_source("tree.chad", KernelMode::Forward, SumsStrategy::Biproduct),
                                           "read_tangent_"));
}

TEST(ListLoops, AListWrittenByALoopIsTheClosedFormInEveryModeAndSumsStrategy) {
  // out_k = x c_k: d out_k / dx = c_k, d out_k / d c_j = x when j = k, else 0 (exact in double).
  const CheckedProgram program = testing::load_source(kScaleEach);
  std::vector<CompiledProgram> compiled;  // fwd and rev, every sums strategy
  ASSERT_NO_THROW(compiled = compiled_verify_kernels(program, testing::test_kernel_compiler(),
                                                     kDefaultFunctionsStrategy));
  ASSERT_EQ(compiled.size(), 2 * std::size(kAllSumsStrategies));
  const std::size_t n = 300;
  const double x = 0.5;
  std::vector<int> tags(n - 1, 1);  // Cons n - 1 times, then Last
  tags.push_back(0);
  std::vector<double> coords{x};
  for (std::size_t k = 0; k < n; ++k) coords.push_back(double(k) + 1);
  const NormalForm<double> input{index_from_tags(program.input_type, tags), coords};
  for (std::size_t b = 0; b < compiled.size(); ++b) {
    SCOPED_TRACE(std::string(kernel_mode_name(compiled[b].mode)) + " " + sums_strategy_name(compiled[b].sums));
    const JacobianResult got = jacobian_by_compiled_kernel(program, compiled[b], input);
    ASSERT_EQ(got.output_coords.size(), n);
    ASSERT_EQ(got.jacobian.size(), n);
    std::size_t wrong = 0;
    for (std::size_t k = 0; k < n; ++k) {
      wrong += got.output_coords[k] != x * (double(k) + 1);
      ASSERT_EQ(got.jacobian[k].size(), n + 1);
      for (std::size_t j = 0; j <= n; ++j) {
        const double expected = j == 0 ? double(k) + 1 : j == k + 1 ? x : 0.0;
        wrong += got.jacobian[k][j] != expected;
      }
    }
    EXPECT_EQ(wrong, 0u) << "of the " << n << " outputs and " << n * (n + 1) << " Jacobian entries";
  }
}

TEST(ListLoops, AReverseFoldsBackpropagatorDoesNotCallItsChilds) {
  // The recursive form's backpropagator calls the child's: `.snd.snd(` on the children's
  // (w, back) pair. The loop form reads the nodes' kept derivatives instead, each node's
  // backpropagator adding into the loop's accumulator.
  const std::string source = kernel_source("horner.chad", KernelMode::Reverse, SumsStrategy::Biproduct);
  const auto bodies = helper_bodies(source, "rev_fold_");
  ASSERT_EQ(bodies.size(), 1u);
  const std::string& body = bodies.begin()->second;
  EXPECT_NE(body.find("records[j].add_into(cot, q)"), std::string::npos);
  EXPECT_EQ(body.find(".snd.snd("), std::string::npos);
}

// A list with two recursive constructors: the backward loops read each node's constructor from
// the node itself (codegen/emit_target_recursion.cpp), so Add and Mul nodes must each get their
// own rule. v_n = x; v_k = c_k + v_(k+1) (Add) or c_k v_(k+1) (Mul); p = v_0. By hand:
// dp/dv_k = the product of the Mul coefficients c_j, j < k; dp/dx = dp/dv_n;
// dp/dc_k = dp/dv_k (Add) or dp/dv_k v_(k+1) (Mul).
TEST(ListLoops, AReverseFoldOverTwoRecursiveConstructorsTakesEachNodesOwnRule) {
  const CheckedProgram program = testing::load_source(R"(
type Ops = mu l. < Nil : unit | Add : real * l | Mul : real * l >;
def main (x : real) (ops : Ops) : real =
  fold ops with node -> case node of { Nil u -> x | Add p -> fst p + snd p | Mul p -> fst p * snd p };
)");
  const double x = 1.5;
  const std::vector<int> kinds{2, 1, 2, 2, 1};  // Mul, Add, Mul, Mul, Add
  const std::vector<double> c{2, -3, 0.5, -4, 0.25};
  const std::size_t n = c.size();
  std::vector<double> v(n + 1, x);  // v[k], k = n down to 0
  for (std::size_t k = n; k-- > 0;) v[k] = kinds[k] == 1 ? c[k] + v[k + 1] : c[k] * v[k + 1];
  std::vector<double> row(n + 1, 0.0);  // columns x, c_0, ..., c_(n-1)
  double dv = 1.0;                      // dp/dv_k
  for (std::size_t k = 0; k < n; ++k) {
    row[k + 1] = kinds[k] == 1 ? dv : dv * v[k + 1];
    if (kinds[k] == 2) dv *= c[k];
  }
  row[0] = dv;
  std::vector<int> tags = kinds;
  tags.push_back(0);
  std::vector<double> coords{x};
  coords.insert(coords.end(), c.begin(), c.end());
  const NormalForm<double> input{index_from_tags(program.input_type, tags), coords};
  for (const CompiledProgram& kernel : testing::kernels_in_every_strategy(program)) {
    SCOPED_TRACE(std::string(kernel_mode_name(kernel.mode)) + " " + sums_strategy_name(kernel.sums));
    testing::expect_jacobian(program, kernel, input, {row});
  }
}

TEST(ListLoops, TreeFoldsStillRecurse) {
  // tree.chad: Node : t * real * t has two children, so no single spine.
  EXPECT_TRUE(some_helper_recurses(kernel_source("tree.chad", KernelMode::Primal, SumsStrategy::Biproduct), "fold_"));
  EXPECT_TRUE(
      some_helper_recurses(kernel_source("tree.chad", KernelMode::Reverse, SumsStrategy::Biproduct), "rev_fold_"));
}

TEST(ListLoops, AGradientOverTwoHundredThousandCoefficientsIsTheClosedForm) {
  const CheckedProgram program = testing::load_example("horner.chad");
  std::vector<ProgramToCompile> batch;
  for (SumsStrategy sums : kAllSumsStrategies) {
    KernelOptions k;
    k.name = std::string("horner_rev_") + sums_strategy_name(sums);
    for (char& c : k.name)
      if (c == '-') c = '_';
    k.mode = KernelMode::Reverse;
    k.sums = sums;
    batch.push_back({&program, k});
  }
  std::vector<CompiledProgram> compiled;
  ASSERT_NO_THROW(compiled = compile_programs(batch, testing::test_kernel_compiler()));
  const std::size_t n = 200000;
  run_with_deep_stack([&] {  // the index's destructor recurses as deep as the list
    std::vector<int> tags(n - 1, 1);  // Cons n - 1 times, then Last
    tags.push_back(0);
    NormalForm<double> input{index_from_tags(program.input_type, tags), std::vector<double>(n + 1, 1.0)};
    for (std::size_t k = 0; k < compiled.size(); ++k) {
      SCOPED_TRACE(sums_strategy_name(batch[k].options.sums));
      const JacobianResult got = jacobian_by_compiled_kernel(program, compiled[k], input);
      ASSERT_EQ(got.jacobian.size(), 1u);
      ASSERT_EQ(got.jacobian[0].size(), n + 1);
      EXPECT_EQ(got.jacobian[0][0], double(n) * double(n - 1) / 2);  // dp/dx
      std::size_t wrong = 0;
      for (std::size_t i = 1; i <= n; ++i) wrong += got.jacobian[0][i] != 1.0;
      EXPECT_EQ(wrong, 0u) << "of the " << n << " entries dp/dc_k, all 1";
    }
  });
}

}  // namespace
}  // namespace chad
