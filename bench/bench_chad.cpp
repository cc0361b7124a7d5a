// Benchmarks of the CHAD issue: the Jacobian of Horner evaluation with n coefficients by
// `chad-rev` against `dual` (and one plain evaluation, the unit reverse mode is measured in),
// at n = 1,000 and 10,000. Reverse mode should cost a small constant times one evaluation;
// dual numbers need one pass per input (quadratic in n).
// Run: build/bench/bench_chad. Figures go to bench/RESULTS.md.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "oracle/chad_jacobian.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace {

using namespace chad;

using bench::load_example;

// Horner's input (x, [a0, ..., a(n-1)]) on NEList = mu l. < Last : real | Cons : real * l >.
NormalForm<double> horner_point(const CheckedProgram& program, int n) {
  ValueP<double> list = roll_value<double>(inject_value<double>(0, scalar_value<double>(0.5)));
  for (int k = 1; k < n; ++k)
    list = roll_value<double>(
        inject_value<double>(1, pair_value<double>(scalar_value<double>(1.0 / (k + 1)), list)));
  return normal_form<double>(program.input_type,
                             pair_value<double>(scalar_value<double>(0.75), list));
}

template <class Work>
void horner_benchmark(benchmark::State& state, Work work) {
  run_with_deep_stack([&] {
    CheckedProgram program = load_example("horner.chad");
    NormalForm<double> point = horner_point(program, int(state.range(0)));
    for (auto _ : state) work(program, point);
  });
}

void BM_HornerEvaluation(benchmark::State& state) {
  horner_benchmark(state, [](const CheckedProgram& program, const NormalForm<double>& point) {
    ValueP<double> y = run_main<double>(program, rebuild<double>(program.input_type, point.index, point.coords));
    benchmark::DoNotOptimize(y.get());
  });
}
BENCHMARK(BM_HornerEvaluation)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_HornerJacobianChadRev(benchmark::State& state) {
  horner_benchmark(state, [](const CheckedProgram& program, const NormalForm<double>& point) {
    JacobianResult r = jacobian_by_chad(program, point, ChadMode::Reverse, SumsStrategy::Biproduct);
    benchmark::DoNotOptimize(r.jacobian.data());
  });
}
BENCHMARK(BM_HornerJacobianChadRev)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HornerJacobianChadRev)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(1);

// The parts of chad-rev: transforming (independent of n), and the primal pass that also
// builds the backpropagators.
void BM_HornerChadTransform(benchmark::State& state) {
  horner_benchmark(state, [](const CheckedProgram& program, const NormalForm<double>&) {
    ChadProgram chad = chad_program(program, {ChadMode::Reverse, SumsStrategy::Biproduct, nullptr});
    benchmark::DoNotOptimize(chad.target.get());
  });
}
BENCHMARK(BM_HornerChadTransform)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_HornerChadPrimalPass(benchmark::State& state) {
  run_with_deep_stack([&] {
    CheckedProgram program = load_example("horner.chad");
    NormalForm<double> point = horner_point(program, int(state.range(0)));
    ChadProgram chad = chad_program(program, {ChadMode::Reverse, SumsStrategy::Biproduct, nullptr});
    ValueP<double> f = evaluate<double>(chad.target, nullptr);
    for (auto _ : state) {
      ValueP<double> y = f->call(rebuild<double>(program.input_type, point.index, point.coords));
      benchmark::DoNotOptimize(y.get());
    }
  });
}
BENCHMARK(BM_HornerChadPrimalPass)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_HornerJacobianDual(benchmark::State& state) {
  horner_benchmark(state, [](const CheckedProgram& program, const NormalForm<double>& point) {
    JacobianResult r = jacobian_by_dual(program, point);
    benchmark::DoNotOptimize(r.jacobian.data());
  });
}
BENCHMARK(BM_HornerJacobianDual)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HornerJacobianDual)->Arg(10000)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
