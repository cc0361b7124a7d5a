// Benchmarks of issue 13 (the compiled kernel path), side by side in one run, on the programs
// of bench/programs/ (Horner in two forms, two Gaussian mixtures, an MLP, an ODE integrator),
// each at several list lengths n: the compiled primal kernel, the compiled reverse CHAD kernel
// (primal and gradient in one call), the interpreter's primal and its CHAD reverse gradient
// (n <= 10,000), a hand-written C++ function (bench/handwritten/), and ADOL-C 2.7 on the same
// function (tape reused; re-taped at every call), and (issue 33) the hand-written adjoint
// (bench/handwritten/*_adjoint.hpp, the ADBench "Manual" limit). Every variant takes the input's normal form
// (coordinates) and gives the output's (and the gradient). Counters: peak_rss_MB, the resident
// set's growth during one call (bench/peak_memory.hpp); tape_MB, ADOL-C's tape.
// Before timing, every gradient is checked against ADOL-C's (above ADOL-C's size limit, or
// without ADOL-C: against the hand-written adjoint, itself checked against the certified
// enclosures by bench/tests/ and against ADOL-C at the smallest n here) and every primal
// against the hand-written function; a
// disagreement ends the run with a message and exit code 1.
// The compiled kernels are generated at build time (`chad-oracle compile`, see
// bench/CMakeLists.txt) when CHAD_BENCH_COMPILED_KERNELS is on; ADOL-C's variants are built
// where ADOL-C was found (CHAD_HAVE_ADOLC). Figures: bench/compiled_figures.sh, bench/RESULTS.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <sys/wait.h>
#include <unistd.h>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "codegen/kernel_call.hpp"
#include "adjoint_cases.hpp"
#include "benchmark_inputs.hpp"
#include "kernel_runner.hpp"
#include "model/normal_form.hpp"
#include "oracle/chad_jacobian.hpp"
#include "peak_memory.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

#ifdef CHAD_HAVE_ADOLC
#include "adolc_gradient.hpp"
#define CHAD_IF_ADOLC(...) __VA_ARGS__
#else
#define CHAD_IF_ADOLC(...)
#endif

#if CHAD_BENCH_COMPILED_KERNELS
#define CHAD_IF_KERNELS(...) __VA_ARGS__
#define CHAD_BENCH_DECLARE_KERNELS(program)              \
  extern "C" int bench_##program##_primal(chad_kernel_call*); \
  extern "C" int bench_##program##_rev(chad_kernel_call*);
CHAD_BENCH_DECLARE_KERNELS(horner)
CHAD_BENCH_DECLARE_KERNELS(horner_closure)
CHAD_BENCH_DECLARE_KERNELS(gmm_d2_k5)
CHAD_BENCH_DECLARE_KERNELS(gmm_d10_k25)
CHAD_BENCH_DECLARE_KERNELS(mlp)
CHAD_BENCH_DECLARE_KERNELS(ode)
#define CHAD_BENCH_KERNELS(c, program) \
  (c.primal = bench_##program##_primal, c.rev = bench_##program##_rev)
#else
#define CHAD_IF_KERNELS(...)
#define CHAD_BENCH_KERNELS(c, program) ((void)0)
#endif

namespace {

using namespace chad;
using namespace chad::bench;

constexpr std::size_t kInterpreterLimit = 10000;  // the interpreter is timed up to this n
constexpr double kTolerance = 1e-9;                // relative to the vector's largest entry

struct ProgramCase {
  std::string name;  // bench/programs/<name>.chad
  InputLayout layout;
  BenchInput (*input)(std::size_t n);
  double (*handwritten)(const double*, std::size_t n);
  HandwrittenAdjoint adjoint;
  std::vector<std::size_t> sizes;  // compiled, hand-written and ADOL-C; the interpreter up to kInterpreterLimit
  std::size_t interpreted_rev_limit = kInterpreterLimit;  // interpreted CHAD's gradient up to this n
  std::size_t compiled_rev_limit = std::numeric_limits<std::size_t>::max();  // compiled CHAD's gradient
  // ADOL-C is timed (and is the reference gradient) up to this n: its tape grows about 30
  // bytes per operation, several GB for the larger programs at n = 100,000.
  std::size_t adolc_limit = std::numeric_limits<std::size_t>::max();
  CHAD_IF_ADOLC(adouble (*taped)(const adouble*, std::size_t n) = nullptr;)
  chad_kernel_fn primal = nullptr, rev = nullptr;
};

std::vector<ProgramCase> program_cases() {
  const std::vector<std::size_t> long_lists = {1000, 10000, 100000, 1000000};
  const std::vector<std::size_t> short_lists = {1000, 10000, 100000};
  std::vector<ProgramCase> cases;
  auto add = [&](ProgramCase c) { cases.push_back(std::move(c)); return &cases.back(); };
  ProgramCase* c = add({"horner", horner_layout(), horner_input, horner_value<double>, horner_adjoint, long_lists});
  CHAD_IF_ADOLC(c->taped = horner_value<adouble>;)
  CHAD_BENCH_KERNELS((*c), horner);
  c = add({"horner_closure", horner_layout(), horner_input, horner_value<double>, horner_adjoint, long_lists});
  // Interpreted CHAD's gradient of the closure-building form grows faster than n^2 (about 0.07,
  // 0.4 and 3 s at n = 250, 500, 1,000 with `jacobian --method chad-rev`): timed at 1,000 only.
  // Compiled, it grew about quadratically in the paper's functions strategy (17 s at 10,000);
  // the efficient strategy's kernels with folds as loops are linear: timed at every n.
  c->interpreted_rev_limit = 1000;
  CHAD_IF_ADOLC(c->taped = horner_value<adouble>;)
  CHAD_BENCH_KERNELS((*c), horner_closure);
  c = add({"gmm_d2_k5", gmm_layout<2, 5>(), gmm_input<2, 5>, gmm_log_likelihood<2, 5, double>, gmm_adjoint<2, 5>,
           short_lists});
  CHAD_IF_ADOLC(c->taped = gmm_log_likelihood<2, 5, adouble>;)
  CHAD_BENCH_KERNELS((*c), gmm_d2_k5);
  c = add({"gmm_d10_k25", gmm_layout<10, 25>(), gmm_input<10, 25>, gmm_log_likelihood<10, 25, double>,
           gmm_adjoint<10, 25>, short_lists});
  c->adolc_limit = 10000;
  CHAD_IF_ADOLC(c->taped = gmm_log_likelihood<10, 25, adouble>;)
  CHAD_BENCH_KERNELS((*c), gmm_d10_k25);
  c = add({"mlp", mlp_layout(), mlp_input, mlp_loss<double>, mlp_adjoint, short_lists});
  c->adolc_limit = 10000;
  CHAD_IF_ADOLC(c->taped = mlp_loss<adouble>;)
  CHAD_BENCH_KERNELS((*c), mlp);
  c = add({"ode", ode_layout(), ode_input, ode_objective<double>, ode_adjoint, long_lists});
  c->adolc_limit = 100000;
  CHAD_IF_ADOLC(c->taped = ode_objective<adouble>;)
  CHAD_BENCH_KERNELS((*c), ode);
  return cases;
}

[[noreturn]] void disagree(const std::string& what) {
  std::fprintf(stderr, "bench_compiled: %s; no benchmark of a wrong result is run\n", what.c_str());
  std::exit(1);
}

// Entry-wise |a - b| <= kTolerance * (1 + max |b|).
void expect_close(const std::vector<double>& got, const std::vector<double>& expected,
                  const std::string& what) {
  if (got.size() != expected.size())
    disagree(what + ": " + std::to_string(got.size()) + " coordinates, expected " +
             std::to_string(expected.size()));
  double scale = 1;
  for (double e : expected) scale = std::max(scale, std::abs(e));
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(std::abs(got[i] - expected[i]) <= kTolerance * scale))
      disagree(what + ": coordinate " + std::to_string(i) + " is " + std::to_string(got[i]) +
               ", expected " + std::to_string(expected[i]));
}

std::string label(const ProgramCase& c, std::size_t n) { return c.name + " at n = " + std::to_string(n); }

// The interpreter: the program's primal, and CHAD's gradient (transformed once, outside the timing).
struct Interpreted {
  CheckedProgram program;
  NormalForm<double> input;
  Interpreted(const ProgramCase& c, const BenchInput& in)
      : program(load_program_file("bench/programs/" + c.name + ".chad")),
        input(normal_form<double>(program.input_type, input_value(c.layout, in))) {}
  double primal() const {
    ValueP<double> y = run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords));
    return normal_form<double>(program.output_type, y).coords.at(0);
  }
};

ChadProgram reverse_chad(const CheckedProgram& program) {
  return chad_program(program, ChadOptions{ChadMode::Reverse, SumsStrategy::Biproduct, nullptr});
}

std::vector<double> adjoint_gradient(const ProgramCase& c, const BenchInput& input) {
  std::vector<double> g(input.coords.size()), work;
  c.adjoint(input.coords.data(), input.count, g.data(), work);
  return g;
}

// The reference gradient at `input`: ADOL-C's where it is built and n <= its limit, else the
// hand-written adjoint's (checked against the certified enclosures by bench/tests/, and
// against ADOL-C at the smallest n by check_interpreter).
std::vector<double> reference_gradient(const ProgramCase& c, const BenchInput& input) {
#ifdef CHAD_HAVE_ADOLC
  if (input.count > c.adolc_limit) return adjoint_gradient(c, input);
  // Once per program and n: Google Benchmark sets up a benchmark once per repetition.
  static std::map<std::pair<std::string, std::size_t>, std::vector<double>> known;
  if (auto found = known.find({c.name, input.count}); found != known.end()) return found->second;
  // In a child process: ADOL-C's location store keeps the size of the largest tape ever made,
  // and every later gradient sweeps over it, so a reference tape of n = 1,000,000 would slow
  // the timed ADOL-C benchmarks of small n (measured: 0.03 ms -> 7 ms at Horner n = 1,000).
  std::vector<double> g(input.coords.size());
  const std::size_t bytes = g.size() * sizeof(double);
  int channel[2];
  if (pipe(channel) != 0) disagree("no pipe for ADOL-C's reference gradient");
  const pid_t child = fork();
  if (child == 0) {
    {
      const std::size_t n = input.count;
      AdolcTape tape(1, [&](const adouble* x) { return c.taped(x, n); }, input.coords);
      tape.gradient_at(input.coords, g);
    }  // the tape's files (a large tape's first, counting pass writes some) go with it
    const char* data = reinterpret_cast<const char*>(g.data());
    for (std::size_t done = 0; done < bytes;) {
      const ssize_t written = write(channel[1], data + done, bytes - done);
      if (written <= 0) _exit(1);
      done += std::size_t(written);
    }
    _exit(0);
  }
  close(channel[1]);
  std::size_t done = 0;
  for (ssize_t got; done < bytes && (got = read(channel[0], reinterpret_cast<char*>(g.data()) + done, bytes - done)) > 0;)
    done += std::size_t(got);
  close(channel[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (done != bytes || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    disagree("ADOL-C's reference gradient failed, " + label(c, input.count));
  return known[{c.name, input.count}] = g;
#else
  return adjoint_gradient(c, input);
#endif
}

void set_memory(benchmark::State& state, std::size_t bytes) { state.counters["peak_rss_MB"] = double(bytes) / 1e6; }

#if CHAD_BENCH_COMPILED_KERNELS
void compiled_primal(benchmark::State& state, const ProgramCase& c) {
  const BenchInput input = c.input(std::size_t(state.range(0)));
  KernelRunner kernel(c.primal);
  expect_close(kernel.run(input).vectors.at(0), {c.handwritten(input.coords.data(), input.count)},
               "compiled primal against hand-written, " + label(c, input.count));
  for (auto _ : state) benchmark::DoNotOptimize(kernel.run(input).vectors[0][0]);
  set_memory(state, peak_rss_growth([&] { kernel.run(input); }));
}

void compiled_rev(benchmark::State& state, const ProgramCase& c) {
  const BenchInput input = c.input(std::size_t(state.range(0)));
  KernelRunner kernel(c.rev);
  const std::vector<double> seed = {1.0};
  const KernelOutput& out = kernel.run(input, seed);
  if (out.vectors.size() != 2) disagree("compiled rev kernel wrote " + std::to_string(out.vectors.size()) + " vectors, expected 2");
  expect_close(out.vectors[0], {c.handwritten(input.coords.data(), input.count)},
               "compiled rev's primal against hand-written, " + label(c, input.count));
  const std::vector<double> reference = reference_gradient(c, input);
  if (!reference.empty()) expect_close(out.vectors[1], reference, "compiled rev gradient, " + label(c, input.count));
  for (auto _ : state) benchmark::DoNotOptimize(kernel.run(input, seed).vectors[1].data());
  set_memory(state, peak_rss_growth([&] { kernel.run(input, seed); }));
}
#endif

void handwritten_adjoint(benchmark::State& state, const ProgramCase& c) {
  const BenchInput input = c.input(std::size_t(state.range(0)));
  std::vector<double> gradient(input.coords.size()), work;
  expect_close({c.adjoint(input.coords.data(), input.count, gradient.data(), work)},
               {c.handwritten(input.coords.data(), input.count)},
               "hand-written adjoint's value against the hand-written primal, " + label(c, input.count));
#ifdef CHAD_HAVE_ADOLC
  if (input.count <= c.adolc_limit)
    expect_close(gradient, reference_gradient(c, input), "hand-written adjoint against ADOL-C, " + label(c, input.count));
#endif
  for (auto _ : state) {
    benchmark::DoNotOptimize(c.adjoint(input.coords.data(), input.count, gradient.data(), work));
    benchmark::ClobberMemory();
  }
  set_memory(state, peak_rss_growth([&] { c.adjoint(input.coords.data(), input.count, gradient.data(), work); }));
}

void handwritten(benchmark::State& state, const ProgramCase& c) {
  const BenchInput input = c.input(std::size_t(state.range(0)));
  for (auto _ : state) {
    benchmark::DoNotOptimize(c.handwritten(input.coords.data(), input.count));
    benchmark::ClobberMemory();
  }
}

void interpreted_primal(benchmark::State& state, const ProgramCase& c) {
  run_with_deep_stack([&] {
    const BenchInput input = c.input(std::size_t(state.range(0)));
    Interpreted interpreted(c, input);
    for (auto _ : state) benchmark::DoNotOptimize(interpreted.primal());
    set_memory(state, peak_rss_growth([&] { interpreted.primal(); }));
  });
}

void interpreted_rev(benchmark::State& state, const ProgramCase& c) {
  run_with_deep_stack([&] {
    const BenchInput input = c.input(std::size_t(state.range(0)));
    Interpreted interpreted(c, input);
    const ChadProgram chad = reverse_chad(interpreted.program);
    auto gradient = [&] { return evaluate_chad_jacobian<double>(interpreted.program, chad, interpreted.input); };
    for (auto _ : state) benchmark::DoNotOptimize(gradient().jacobian.data());
    set_memory(state, peak_rss_growth([&] { gradient(); }));
  });
}

#ifdef CHAD_HAVE_ADOLC
short next_tag() {
  static short tag = 0;
  return ++tag;
}

void adolc_tape_reused(benchmark::State& state, const ProgramCase& c) {
  const BenchInput input = c.input(std::size_t(state.range(0)));
  const std::size_t n = input.count;
  AdolcTape tape(next_tag(), [&](const adouble* x) { return c.taped(x, n); }, input.coords);
  std::vector<double> g;
  for (auto _ : state) {
    tape.gradient_at(input.coords, g);
    benchmark::DoNotOptimize(g.data());
  }
  set_memory(state, peak_rss_growth([&] { tape.gradient_at(input.coords, g); }));
  state.counters["tape_MB"] = double(tape.bytes()) / 1e6;
}

void adolc_retaped(benchmark::State& state, const ProgramCase& c) {
  const BenchInput input = c.input(std::size_t(state.range(0)));
  const std::size_t n = input.count;
  AdolcTape tape(next_tag(), [&](const adouble* x) { return c.taped(x, n); }, input.coords);
  std::vector<double> g;
  auto retape_and_gradient = [&] {
    tape.record(input.coords);
    tape.gradient_at(input.coords, g);
  };
  for (auto _ : state) {
    retape_and_gradient();
    benchmark::DoNotOptimize(g.data());
  }
  set_memory(state, peak_rss_growth(retape_and_gradient));
  state.counters["tape_MB"] = double(tape.bytes()) / 1e6;
}
#endif

// Before any timing: at the smallest n, the inputs against the project's normal forms, and the
// interpreter's primal and CHAD gradient against the hand-written primal and ADOL-C's gradient. (Compiled kernels are checked in their own set-up,
// at every n they are timed at.)
void check_interpreter(const std::vector<ProgramCase>& cases) {
  run_with_deep_stack([&] {
    for (const ProgramCase& c : cases) {
      const BenchInput input = c.input(c.sizes.front());
      Interpreted interpreted(c, input);
      if (index_tags(interpreted.input.index) != input.tags || interpreted.input.coords != input.coords)
        disagree("the ABI input of " + label(c, input.count) + " is not the normal form of its value");
      const double expected = c.handwritten(input.coords.data(), input.count);
      expect_close({interpreted.primal()}, {expected}, "interpreted primal against hand-written, " + label(c, input.count));
      ChadEvaluation<double> e = evaluate_chad_jacobian<double>(interpreted.program, reverse_chad(interpreted.program),
                                                                interpreted.input);
      expect_close(e.output, {expected}, "interpreted CHAD's primal against hand-written, " + label(c, input.count));
#ifdef CHAD_HAVE_ADOLC
      expect_close(e.jacobian.at(0), reference_gradient(c, input),
                   "interpreted CHAD gradient against ADOL-C, " + label(c, input.count));
      expect_close(adjoint_gradient(c, input), reference_gradient(c, input),
                   "hand-written adjoint against ADOL-C, " + label(c, input.count));
#else
      expect_close(adjoint_gradient(c, input), e.jacobian.at(0),
                   "hand-written adjoint against interpreted CHAD, " + label(c, input.count));
#endif
    }
  });
}

using Variant = void (*)(benchmark::State&, const ProgramCase&);

void register_one(const ProgramCase& c, const char* variant, Variant run, std::size_t n) {
  benchmark::RegisterBenchmark((c.name + "/" + variant).c_str(), run, c)->Arg(int64_t(n))->Unit(benchmark::kMillisecond);
}

// limit(c): the largest n the variant is timed at.
template <class Limit>
void register_variant(const std::vector<ProgramCase>& cases, const char* variant, Variant run, Limit limit) {
  for (const ProgramCase& c : cases)
    for (std::size_t n : c.sizes)
      if (n <= limit(c)) register_one(c, variant, run, n);
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<ProgramCase> cases = program_cases();
  // The interpreter before the compiled kernels: a kernel may start a thread (its deep stack),
  // after which the interpreter's reference counts are atomic and it runs slower.
  auto interpreter = [](const ProgramCase&) { return kInterpreterLimit; };
  auto interpreted_chad = [](const ProgramCase& c) { return c.interpreted_rev_limit; };
  auto every_size = [](const ProgramCase&) { return std::numeric_limits<std::size_t>::max(); };
  CHAD_IF_KERNELS(auto compiled_chad = [](const ProgramCase& c) { return c.compiled_rev_limit; };)
  // ADOL-C first, by n (and within n, the programs by tape size): its location store only grows,
  // and a tape's sweeps cost as much as the store's size (see reference_gradient).
  CHAD_IF_ADOLC(for (std::size_t n : {1000, 10000, 100000, 1000000}) {
    for (const char* name : {"horner", "horner_closure", "ode", "gmm_d2_k5", "mlp", "gmm_d10_k25"})
      for (const ProgramCase& c : cases)
        if (c.name == name && n <= c.adolc_limit && std::find(c.sizes.begin(), c.sizes.end(), n) != c.sizes.end()) {
          register_one(c, "adolc_tape_reused", adolc_tape_reused, n);
          register_one(c, "adolc_retaped", adolc_retaped, n);
        }
  })
  register_variant(cases, "interpreted_primal", interpreted_primal, interpreter);
  register_variant(cases, "interpreted_rev", interpreted_rev, interpreted_chad);
  register_variant(cases, "handwritten", handwritten, every_size);
  register_variant(cases, "handwritten_adjoint", handwritten_adjoint, every_size);
  CHAD_IF_KERNELS(register_variant(cases, "compiled_primal", compiled_primal, every_size);
                  register_variant(cases, "compiled_rev", compiled_rev, compiled_chad);)
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
#ifndef CHAD_HAVE_ADOLC
  std::fprintf(stderr, "bench_compiled: ADOL-C not found at build time: its benchmarks are skipped, "
                       "compiled gradients are checked against interpreted CHAD\n");
#endif
#if !CHAD_BENCH_COMPILED_KERNELS
  std::fprintf(stderr, "bench_compiled: built without compiled kernels (-DCHAD_BENCH_COMPILED_KERNELS=ON): "
                       "their benchmarks are skipped\n");
#endif
  check_interpreter(cases);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
