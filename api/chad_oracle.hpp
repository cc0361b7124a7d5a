// CHAD Oracle's C++ API for another project's test suite (the umbrella header of the CMake
// package: find_package(ChadOracle), link ChadOracle::api, #include "api/chad_oracle.hpp").
// It checks a gradient function of yours, for programs of the oracle's language
// (../shared/spec/language.md, README), against the oracle's references, in the style of
// RapidCheck's rc::check (generated cases, shrinking, a seed to replay) and Stan's expect_ad
// (your derivative against a reference):
//
//   chad::api::Jacobian my_gradient(const chad::api::GradientQuestion& q);  // rows: outputs
//
//   TEST(MyAD, GradientsOfGeneratedPrograms) {
//     chad::api::CheckOptions options;
//     options.name = "my-ad";
//     EXPECT_GRADIENT_CORRECT(chad::api::check_gradient(my_gradient, options));
//   }
//   TEST(MyAD, GradientOfMyProgram) {
//     EXPECT_GRADIENT_CORRECT(chad::api::check_gradient_on(
//         my_gradient, {{"def main (x : real) : real = x * sin(x);", {"0.5", "2"}}}));
//   }
//
// The verdict is the adapter verdict of `campaign --implementation adapter` (oracle/
// adapter_check.hpp, docs/adapter-protocol.md, "The verdict, and precision"), unchanged: your
// function is an adapter inside this process. Its full Jacobian is judged, and the JVP and VJP
// the verdict asks for are that Jacobian times the verdict's seeds. An entry passes when it
// equals the dual-number reference, or lies in the certified interval enclosure, or in the
// enclosure of what any computation in your precision could give (each operation erring by at
// most 8 units of roundoff); no fixed tolerance. A program your function cannot handle: throw
// Unsupported (counted, never a failure). A point where the function is not defined: throw
// NotDefinedHere (a failure unless the point is within rounding of a real domain error). Any
// other exception, or a Jacobian of the wrong shape, is a `fault`.
//
// On the first failure the program and its point (for given programs: the point only, unless
// CheckOptions::shrink_given_programs) are shrunk, a counterexample report directory is written (program.chad, report.json, report.md,
// pictures: reports/counterexample.hpp), and the result says how to re-run just that case:
// the environment variables CHAD_ORACLE_SEED=S (the seed) and CHAD_ORACLE_ONLY=I (one program
// or point) override the options, as RC_PARAMS does for RapidCheck.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "generators/program_generator.hpp"
#include "model/normal_form.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "syntax/type_checker.hpp"

namespace chad::api {

// What a gradient function is asked: the Jacobian of the program's `main` at one point.
struct GradientQuestion {
  const CheckedProgram& program;   // parsed and type-checked (its references can be computed from it)
  const std::string& program_text;
  const NormalForm<double>& input;  // the point: its discrete shape (index) and real coordinates
  const std::vector<std::string>& input_labels;   // one per input coordinate: `x`, `w[1][3]`, `cs[2].fst`
  const std::vector<std::string>& output_labels;  // one per output coordinate: `out`, `out.snd[0]`
  // The adapter protocol's request (docs/adapter-protocol.md): with CheckOptions::translations,
  // the program translated ("json": docs/program-json.md; "python"; "cpp").
  const nlohmann::json& request;
};

// output_labels.size() rows of input_labels.size() columns: d output[i] / d input[j].
using Jacobian = std::vector<std::vector<double>>;
using GradientFunction = std::function<Jacobian(const GradientQuestion&)>;

// Thrown by a gradient function: this program is outside what it handles.
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Thrown by a gradient function: the program is not defined (or not differentiable) at this point.
struct NotDefinedHere : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CheckOptions {
  std::string name = "gradient";  // your tool's name, in messages and reports
  std::uint64_t seed = 1;         // CHAD_ORACLE_SEED overrides it
  // check_gradient: programs generated; check_gradient_on: random points per given program
  // without points of its own.
  std::size_t count = 100;
  int max_size = 12;              // the generator's size budget (term nodes, about)
  // Which programs are generated. Default: the generator's, with outputs of data types only
  // (a Jacobian needs one).
  GeneratorFeatures features = [] {
    GeneratorFeatures f;
    f.higher_order = false;
    return f;
  }();
  ToolPrecision precision = ToolPrecision::Float64;  // the arithmetic your function computes in
  std::vector<std::string> translations;  // "json", "python", "cpp": put into GradientQuestion::request
  std::string report_dir = "chad-oracle-counterexample";  // written on failure; "" for none
  // check_gradient_on: shrink the given program as well as its point (off: a gradient written
  // for one program says nothing about others, so only the point is made simpler).
  bool shrink_given_programs = false;
  int shrink_budget = 1500;       // candidates tried when shrinking a given program (generated
                                  // ones: the campaign's shrinking, triage/shrink.hpp)
};

// The outcome of a check: passed, or the first failure, shrunk.
struct CheckResult {
  std::string name;
  std::uint64_t seed = 0;
  std::size_t checked = 0;                     // programs (or points) checked
  std::map<std::string, std::size_t> verdicts;  // per verdict name: pass, skip, unsupported, fail, ...
  bool failed = false;
  // The first failure (when failed):
  std::size_t index = 0;         // which program (check_gradient) or point (check_gradient_on)
  std::string verdict, detail;   // "fail", "fail-numeric" or "fault", and what was wrong (shrunk case)
  std::string original_program, original_input;
  std::string minimal_program, minimal_input;  // after shrinking
  std::size_t original_size = 0, minimal_size = 0;  // term nodes of main's body
  std::string report_dir;        // the counterexample report ("" when none was written)
  std::string replay;            // how to re-run exactly this case

  bool passed() const { return !failed; }
  explicit operator bool() const { return passed(); }
  // A readable account: counts, or the failure with its minimal program, report and replay.
  std::string message() const;
};

// (1) Your function on the oracle's generated programs 0 .. count-1 of options.seed, each at
// its generated point; stops at the first failure, shrinks it and reports it.
CheckResult check_gradient(const GradientFunction& gradient, const CheckOptions& options = {});

// (2) Your function on given programs: each at its points (`--at` syntax: "0.5",
// "(1, [2, 3])"), or at options.count random points of main's input type when it has none.
struct GivenProgram {
  std::string text;                 // one or more `def`s; `main` is checked
  std::vector<std::string> points;  // empty: random points
};
// A program that does not parse or type-check, or a point that does not fit it, throws
// chad::SourceError (located). Point indices run over all programs' points, in order.
CheckResult check_gradient_on(const GradientFunction& gradient, const std::vector<GivenProgram>& programs,
                              const CheckOptions& options = {});

// The oracle's own gradient (forward dual numbers in double): a correct GradientFunction, for
// comparisons and for trying the API out.
Jacobian dual_number_gradient(const GradientQuestion& question);

}  // namespace chad::api

// GoogleTest assertions on a CheckResult, with its message on failure. <gtest/gtest.h> must be
// included where they are used (this header does not need GoogleTest).
#define EXPECT_GRADIENT_CORRECT(check)                                                  \
  do {                                                                                  \
    const ::chad::api::CheckResult chad_oracle_result_ = (check);                      \
    EXPECT_TRUE(chad_oracle_result_.passed()) << chad_oracle_result_.message();         \
  } while (0)
#define ASSERT_GRADIENT_CORRECT(check)                                                  \
  do {                                                                                  \
    const ::chad::api::CheckResult chad_oracle_result_ = (check);                      \
    ASSERT_TRUE(chad_oracle_result_.passed()) << chad_oracle_result_.message();         \
  } while (0)
