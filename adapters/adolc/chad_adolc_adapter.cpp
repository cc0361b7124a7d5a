// The ADOL-C adapter (docs/adapter-protocol.md): the program's JSON translation evaluated on
// ADOL-C's taped `adouble`, retaped at every request (so that a comparison's branch is the
// one taken at that point), then the Jacobian by ADOL-C's `jacobian` driver (reverse mode),
// JVPs by `fos_forward`, VJPs by `fos_reverse` after a zero-order forward sweep that keeps the
// Taylor values.
#include <cmath>
#include <adolc/adolc.h>

#include <filesystem>
#include <iostream>
#include <system_error>
#include <unistd.h>
#include <vector>

#include "adapter_server.hpp"

namespace chad_adapter {

template <>
struct ScalarTraits<adouble> {
  static double value_of(const adouble& x) { return x.getValue(); }
  static adouble constant(double x) { return adouble(x); }
  // ADOL-C 2.7 has no log1p, and log(1 + x) loses x's low digits (softplus(-40) was 0 instead of
  // 4.2e-18, softplus(-9) wrong in its 13th digit; docs/findings/README.md). log1p(x) =
  // 2 atanh(x / (2 + x)) keeps them: the quotient and atanh are accurate to a few ulps.
  static adouble log1p(const adouble& x) { return 2.0 * atanh(x / (2.0 + x)); }
  // The second set's elementwise primitives ADOL-C 2.7 has a function of its own for (adouble.h);
  // it has none for log1p, expm1 and hypot: those are not declared (the softplus workaround above
  // is not offered as the primitive log1p).
  static const std::vector<OwnFunction>& own_functions() {
    static const std::vector<OwnFunction> table = {
        {"atan", "atan(const badouble&)"}, {"erf", "erf(const badouble&)"}, {"abs", "fabs(const badouble&)"},
        {"^", "pow(const badouble&, double) (n >= 1; x ^ 0 is the constant 1)"}, {"pow", "pow(const badouble&, const badouble&)"},
        {"atan2", "atan2(const badouble&, const badouble&)"}, {"max", "fmax(const badouble&, const badouble&)"},
        {"min", "fmin(const badouble&, const badouble&)"}};
    return table;
  }
  // op is one of own_functions(); y is unused by the unary ones, n is ^'s exponent (1..64).
  static adouble own(Op op, const adouble& x, const adouble& y, int n) {
    switch (op) {
      case Op::Atan: return atan(x);
      case Op::Erf: return erf(x);
      case Op::Abs: return fabs(x);
      case Op::IntPow: return pow(x, double(n));
      case Op::Pow: return pow(x, y);
      case Op::Atan2: return atan2(x, y);
      case Op::Max: return fmax(x, y);
      case Op::Min: return fmin(x, y);
      default: throw std::logic_error("ADOL-C has no function of its own for " + op_name(op));
    }
  }
};

namespace {

constexpr short kTape = 1;

// The taped evaluation: fills `answer`'s output and returns the output's dimension m.
int tape(const Request& request, Answer& answer) {
  const std::size_t n = request.input_coords.size();
  trace_on(kTape);
  try {
    std::vector<adouble> x(n);
    for (std::size_t i = 0; i < n; ++i) x[i] <<= request.input_coords[i];
    std::vector<adouble> y;
    {
      ValueP<adouble> output = Interpreter<adouble>::run(request.program, input_value<adouble>(request, x));
      answer.output_index = output_index<adouble>(request, output, y);
    }
    answer.output_coords.assign(y.size(), 0.0);
    for (std::size_t i = 0; i < y.size(); ++i) y[i] >>= answer.output_coords[i];
    trace_off();
    return int(y.size());
  } catch (...) {
    trace_off();
    throw;
  }
}

Answer differentiate(const Request& request) {
  Answer answer;
  const int n = int(request.input_coords.size());
  const int m = tape(request, answer);
  const double* x = request.input_coords.data();
  if (request.ask == Ask::Jacobian) {
    answer.rows.assign(std::size_t(m), std::vector<double>(std::size_t(n), 0.0));
    if (m > 0 && n > 0) {
      std::vector<double*> rows(answer.rows.size());
      for (int i = 0; i < m; ++i) rows[std::size_t(i)] = answer.rows[std::size_t(i)].data();
      if (jacobian(kTape, m, n, x, rows.data()) < 0) throw AdapterError("crash", "ADOL-C's jacobian driver failed");
    }
  } else if (request.ask == Ask::Jvp) {
    std::vector<double> y(answer.output_coords.size());
    for (const auto& seed : request.seeds) {
      std::vector<double> dy(answer.output_coords.size(), 0.0);
      std::vector<double> dx = seed;  // fos_forward takes a non-const tangent
      if (m > 0 && n > 0 && fos_forward(kTape, m, n, 0, x, dx.data(), y.data(), dy.data()) < 0)
        throw AdapterError("crash", "ADOL-C's fos_forward failed");
      answer.rows.push_back(std::move(dy));
    }
  } else {
    check_vjp_seeds(request, std::size_t(m));
    std::vector<double> y(answer.output_coords.size());
    if (m > 0 && n > 0 && zos_forward(kTape, m, n, 1, x, y.data()) < 0)
      throw AdapterError("crash", "ADOL-C's zos_forward failed");
    for (const auto& seed : request.seeds) {
      std::vector<double> z(request.input_coords.size(), 0.0);
      std::vector<double> u = seed;  // fos_reverse takes a non-const weight vector
      if (m > 0 && n > 0 && fos_reverse(kTape, m, n, u.data(), z.data()) < 0)
        throw AdapterError("crash", "ADOL-C's fos_reverse failed");
      answer.rows.push_back(std::move(z));
    }
  }
  return answer;
}

}  // namespace
}  // namespace chad_adapter

int main() {
  std::ios::sync_with_stdio(false);
  // A tape that outgrows ADOL-C's buffers goes to files named by the tape's number in the working
  // directory: the adapters of one campaign's workers would write the same files (a timed request
  // of 512 list elements did, and ADOL-C failed from then on). Each adapter works in a directory
  // of its own, removed at exit.
  char private_dir[] = "/tmp/chad-adolc-XXXXXX";
  const bool moved = mkdtemp(private_dir) != nullptr && chdir(private_dir) == 0;
  chad_adapter::ToolInfo info;
  info.tool = "adolc";
  info.version = CHAD_ADOLC_VERSION;
  info.primitives = chad_adapter::declared_primitives<adouble>();
  info.notes = "taped adouble, retaped at every request; jacobian: reverse driver; jvp: fos_forward; vjp: fos_reverse" +
               std::string("; ") + chad_adapter::own_functions_note<adouble>();
  const int status = chad_adapter::serve(info, chad_adapter::differentiate, std::cin, std::cout);
  if (moved) {
    std::error_code ignored;
    std::filesystem::remove_all(private_dir, ignored);
  }
  return status;
}
