#include "references/reverse_sweep.hpp"

#include <mpfi.h>
#include <mpfr.h>

#include <cmath>

#include "model/interval_magnitude.hpp"
#include "model/reverse_tape.hpp"
#include "model/tool_rounding.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// The program's evaluation at `input`, recorded: the output coordinates' nodes (-1: constant).
std::vector<int> record(ReverseTape& tape, const CheckedProgram& program, const NormalForm<double>& input,
                        const std::vector<std::string>& labels) {
  std::vector<TapeScalar> coords;
  coords.reserve(input.coords.size());
  for (std::size_t i = 0; i < input.coords.size(); ++i)
    coords.push_back(tape.input(input.coords[i], i < labels.size() ? labels[i] : "in[" + std::to_string(i) + "]"));
  ValueP<TapeScalar> out =
      run_main<TapeScalar>(program, rebuild<TapeScalar>(program.input_type, input.index, coords));
  const NormalForm<TapeScalar> nf = normal_form<TapeScalar>(program.output_type, out);
  std::vector<int> nodes;
  for (const TapeScalar& c : nf.coords) nodes.push_back(c.node);
  return nodes;
}

// [lo, hi] rounded outward to 17 digits, beyond double's range too (adjoints may lie there).
std::string interval(const Mpfi& x) {
  char* text = nullptr;
  mpfr_asprintf(&text, "[%.17RDg, %.17RUg]", &x.backend().data()[0].left, &x.backend().data()[0].right);
  std::string out = text;
  mpfr_free_str(text);
  return out;
}

std::string adjoint_of(const TapeNode& node) {
  if (node.arguments[0] < 0) return "the adjoint of the input `" + node.what + "`";
  return "the adjoint of the result of `" + node.what + "` (its value " + interval(node.value) + ")";
}

// How far x reaches above 0 (`up`) or below it, as a point interval (0 where it
// does not; a NaN bound reaches everywhere).
Mpfi reach(const Mpfi& x, bool up) {
  const __mpfr_struct* bound = up ? &x.backend().data()[0].right : &x.backend().data()[0].left;
  Mpfi r(0);
  if (mpfr_nan_p(bound)) return Mpfi(INFINITY);
  if (up ? mpfr_sgn(bound) > 0 : mpfr_sgn(bound) < 0) {
    mpfi_set_fr(r.backend().data(), bound);
    if (!up) mpfi_neg(r.backend().data(), r.backend().data());
  }
  return r;
}

// One sweep from `cotangent`: every node's adjoint; `overflow` set at the first that may exceed
// `largest` (then the sweep stops). A partial sum of an adjoint's contributions, in whatever order
// a tool adds them, lies between minus the sum of their negative parts and the sum of their
// positive parts.
std::vector<Mpfi> sweep(const std::vector<TapeNode>& nodes, const std::vector<int>& outputs,
                        const std::vector<double>& cotangent, double largest, std::optional<std::string>& overflow) {
  std::vector<Mpfi> adjoint(nodes.size(), Mpfi(0));
  std::vector<Mpfi> above(nodes.size(), Mpfi(0)), below(nodes.size(), Mpfi(0));  // their upper bounds count
  std::vector<bool> reached(nodes.size(), false);
  auto add = [&](int to, Mpfi contribution) {
    const std::size_t t = std::size_t(to);
    widen_for_tool(contribution);
    adjoint[t] += contribution;
    widen_for_tool(adjoint[t]);
    above[t] += reach(contribution, true);
    below[t] += reach(contribution, false);
    reached[t] = true;
    return contribution;
  };
  for (std::size_t k = 0; k < outputs.size() && k < cotangent.size(); ++k)
    if (outputs[k] >= 0) add(outputs[k], Mpfi(cotangent[k]));
  for (std::size_t v = nodes.size(); v-- > 0;) {
    if (!reached[v]) continue;  // not reached from the output
    const TapeNode& node = nodes[v];
    if (magnitude_up(adjoint[v]) > largest) {
      overflow = adjoint_of(node) + " encloses " + interval(adjoint[v]);
      return adjoint;
    }
    for (const bool positive : {true, false}) {
      const Mpfi& parts = positive ? above[v] : below[v];
      if (magnitude_up(parts) > largest) {
        overflow = adjoint_of(node) + " is a sum of contributions whose " + (positive ? "positive" : "negative") +
                   " parts add up to " + interval(parts) + " (a partial sum in some order)";
        return adjoint;
      }
    }
    for (int k = 0; k < 2 && node.arguments[k] >= 0; ++k) {
      const Mpfi contribution = add(node.arguments[k], adjoint[v] * node.partials[k]);
      if (magnitude_up(contribution) > largest) {
        overflow = adjoint_of(nodes[std::size_t(node.arguments[k])]) + " has a contribution through `" + node.what +
                   "` that encloses " + interval(contribution);
        return adjoint;
      }
    }
  }
  return adjoint;
}

}  // namespace

std::optional<std::string> reverse_order_overflow(const CheckedProgram& program, const NormalForm<double>& input,
                                                  const std::vector<std::vector<double>>& cotangents, double largest,
                                                  const std::vector<std::string>& labels) {
  ReverseTape tape;
  const std::vector<int> outputs = record(tape, program, input, labels);
  std::optional<std::string> overflow;
  for (const std::vector<double>& w : cotangents) {
    sweep(tape.nodes(), outputs, w, largest, overflow);
    if (overflow) break;
  }
  take_reverse_order_allowance();  // the tape's dual numbers added to it: not a pass of the reference
  return overflow;
}

std::vector<Mpfi> reverse_sweep_adjoints(const CheckedProgram& program, const NormalForm<double>& input,
                                         const std::vector<double>& cotangent) {
  ReverseTape tape;
  const std::vector<int> outputs = record(tape, program, input, {});
  std::optional<std::string> overflow;
  const std::vector<Mpfi> all = sweep(tape.nodes(), outputs, cotangent, INFINITY, overflow);
  return std::vector<Mpfi>(all.begin(), all.begin() + std::ptrdiff_t(input.coords.size()));
}

}  // namespace chad
