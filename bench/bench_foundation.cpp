// Benchmarks of the foundation issue:
//   - evaluating `sum` (a fold) over a 1,000,000-element list in double (target: < 0.2 s);
//   - `jacobian --method interval` on Horner with 50 coefficients (target: < 1 s).
// Run: build/bench/bench_foundation. Figures go to bench/RESULTS.md.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace {

using namespace chad;

using bench::load_example;

// A list `mu l. < Nil : unit | Cons : real * l >` of n reals (Nil is tag 0, Cons tag 1).
ValueP<double> make_list(std::size_t n) {
  ValueP<double> list = roll_value<double>(inject_value<double>(0, unit_value<double>()));
  for (std::size_t i = 0; i < n; ++i)
    list = roll_value<double>(inject_value<double>(
        1, pair_value<double>(scalar_value<double>(double(i % 7) * 0.5), list)));
  return list;
}

void BM_SumOfMillionElementList(benchmark::State& state) {
  run_with_deep_stack([&] {
    const std::string source =
        "type List = mu l. < Nil : unit | Cons : real * l >;\n"
        "def main (xs : List) : real =\n"
        "  fold xs with x -> case x of { Nil u -> 0 | Cons p -> fst p + snd p };\n";
    CheckedProgram program = check_program(parse_program(source, "<bench>"));
    ValueP<double> list = make_list(std::size_t(state.range(0)));
    for (auto _ : state) {
      ValueP<double> total = run_main<double>(program, list);
      benchmark::DoNotOptimize(total->scalar);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
  });
}
BENCHMARK(BM_SumOfMillionElementList)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(BM_SumOfMillionElementList)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_HornerIntervalJacobian(benchmark::State& state) {
  run_with_deep_stack([&] {
    CheckedProgram program = load_example("horner.chad");
    std::string list = "roll Last 0.5";
    for (int k = 1; k < state.range(0); ++k) list = "roll Cons (" + std::to_string(k) + ", " + list + ")";
    NormalForm<double> point = read_input_point(program, "(0.75, " + list + ")");
    for (auto _ : state) {
      JacobianResult r = compute_jacobian(program, point, JacobianMethod::Interval);
      benchmark::DoNotOptimize(r.jacobian.data());
    }
  });
}
BENCHMARK(BM_HornerIntervalJacobian)->Arg(50)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace

BENCHMARK_MAIN();
