// Benchmarks of issue #6, string-diagram reverse AD, on a family of programs of n steps
// (each step a closure over the previous value applied to it, and elementwise primitives on a
// real[64]), summed to one real:
//   - the adjoint diagram's size against the source diagram's (counters; linear growth means
//     a constant ratio as n grows);
//   - one gradient by sd-rev (forward pass of the adjoint + one backpropagator call) against
//     one evaluation of the source diagram and one run of the source evaluator.
// Run: build/bench/bench_diagrams. Figures go to bench/RESULTS.md ("## Issue #6").
#include <benchmark/benchmark.h>

#include <string>

#include "diagrams/adjoint.hpp"
#include "diagrams/evaluate_diagram.hpp"
#include "diagrams/translate.hpp"
#include "model/normal_form.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace {

using namespace chad;
using namespace chad::diagrams;

constexpr int kWidth = 64;

std::string chain_program(int n) {
  std::string t = "real[" + std::to_string(kWidth) + "]";
  std::string s = "def main (v : " + t + ") : real =\n  let y0 = v in\n";
  for (int k = 1; k <= n; ++k) {
    std::string prev = "y" + std::to_string(k - 1);
    s += "  let f" + std::to_string(k) + " = fun (z : " + t + ") -> sin(z) * " + prev + " + tanh(" + prev +
         ") in\n  let y" + std::to_string(k) + " = f" + std::to_string(k) + " (" + prev + " * " + prev +
         ") in\n";
  }
  s += "  sum(y" + std::to_string(n) + ");\n";
  return s;
}

ValueP<double> chain_input() {
  std::vector<double> data;
  for (int i = 0; i < kWidth; ++i) data.push_back(0.01 * (i + 1));
  return array_value<double>({kWidth}, std::move(data));
}

template <class Work>
void chain_benchmark(benchmark::State& state, Work work) {
  run_with_deep_stack([&] {
    CheckedProgram program = check_program(parse_program(chain_program(int(state.range(0))), "<bench>"));
    Diagram d = translate_main(program);
    Foliation f = maximal_foliation(d);
    Diagram a = adjoint(d, f);
    Foliation fa = maximal_foliation(a);
    ValueP<double> x = chain_input();
    state.counters["source_nodes"] = double(diagram_size(d));
    state.counters["adjoint_nodes"] = double(diagram_size(a));
    state.counters["size_ratio"] = double(diagram_size(a)) / double(diagram_size(d));
    for (auto _ : state) work(program, d, f, a, fa, x);
  });
}

void BM_SourceEvaluator(benchmark::State& state) {
  chain_benchmark(state, [](const CheckedProgram& p, const Diagram&, const Foliation&, const Diagram&,
                            const Foliation&, const ValueP<double>& x) {
    ValueP<double> y = run_main<double>(p, x);
    benchmark::DoNotOptimize(y.get());
  });
}
BENCHMARK(BM_SourceEvaluator)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_DiagramEvaluation(benchmark::State& state) {
  chain_benchmark(state, [](const CheckedProgram&, const Diagram& d, const Foliation& f, const Diagram&,
                            const Foliation&, const ValueP<double>& x) {
    ValueP<double> y = evaluate_diagram(d, f, {x});
    benchmark::DoNotOptimize(y.get());
  });
}
BENCHMARK(BM_DiagramEvaluation)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_SdGradient(benchmark::State& state) {
  chain_benchmark(state, [](const CheckedProgram&, const Diagram&, const Foliation&, const Diagram& a,
                            const Foliation& fa, const ValueP<double>& x) {
    ValueP<double> r = evaluate_diagram(a, fa, {x});
    ValueP<double> dx = r->second->call(scalar_value<double>(1.0));
    benchmark::DoNotOptimize(dx.get());
  });
}
BENCHMARK(BM_SdGradient)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The transformation itself (translation + adjoint), linear in n.
void BM_SdTransform(benchmark::State& state) {
  chain_benchmark(state, [](const CheckedProgram& p, const Diagram&, const Foliation&, const Diagram&,
                            const Foliation&, const ValueP<double>&) {
    Diagram d = translate_main(p);
    Diagram a = adjoint(d, maximal_foliation(d));
    benchmark::DoNotOptimize(a.nodes.data());
  });
}
BENCHMARK(BM_SdTransform)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
