// The Ceres adapter (docs/adapter-protocol.md): the program's JSON translation evaluated on
// Ceres's forward-mode dual number `ceres::Jet<double, 1>`. A JVP is one forward pass with the
// seed as the inputs' tangent; the Jacobian is one pass per input coordinate (one column
// each). Jet has no reverse mode: a VJP is the seed times the full Jacobian (so its cost is n
// passes, and its rounding is that of the forward Jacobian); hello's "notes" says so.
#include <ceres/jet.h>
#include <ceres/version.h>

#include <iostream>
#include <vector>

#include "adapter_server.hpp"

namespace chad_adapter {

using Jet = ceres::Jet<double, 1>;

template <>
struct ScalarTraits<Jet> {
  static double value_of(const Jet& x) { return x.a; }
  static Jet constant(double x) { return Jet(x); }
  static Jet log1p(const Jet& x) { return ceres::log1p(x); }
  // The second set's elementwise primitives: ceres/jet.h has a function for each.
  static const std::vector<OwnFunction>& own_functions() {
    static const std::vector<OwnFunction> table = {
        {"log1p", "ceres::log1p(Jet)"}, {"expm1", "ceres::expm1(Jet)"}, {"atan", "ceres::atan(Jet)"},
        {"erf", "ceres::erf(Jet)"}, {"abs", "ceres::abs(Jet)"}, {"^", "ceres::pow(Jet, double) (n >= 1; x ^ 0 is the constant 1)"},
        {"pow", "ceres::pow(Jet, Jet)"}, {"atan2", "ceres::atan2(Jet, Jet)"}, {"hypot", "ceres::hypot(Jet, Jet)"},
        {"max", "ceres::fmax(Jet, Jet)"}, {"min", "ceres::fmin(Jet, Jet)"}};
    return table;
  }
  // op is one of own_functions(); y is unused by the unary ones, n is ^'s exponent (1..64).
  static Jet own(Op op, const Jet& x, const Jet& y, int n) {
    switch (op) {
      case Op::Log1p: return ceres::log1p(x);
      case Op::Expm1: return ceres::expm1(x);
      case Op::Atan: return ceres::atan(x);
      case Op::Erf: return ceres::erf(x);
      case Op::Abs: return ceres::abs(x);
      case Op::IntPow: return ceres::pow(x, double(n));
      case Op::Pow: return ceres::pow(x, y);
      case Op::Atan2: return ceres::atan2(x, y);
      case Op::Hypot: return ceres::hypot(x, y);
      case Op::Max: return ceres::fmax(x, y);
      case Op::Min: return ceres::fmin(x, y);
      default: throw std::logic_error("Ceres has no function of its own for " + op_name(op));
    }
  }
};

namespace {

// One forward pass with input tangent `tangent`: the output (into `answer`) and its tangent.
std::vector<double> forward_pass(const Request& request, const std::vector<double>& tangent, Answer& answer) {
  std::vector<Jet> x;
  for (std::size_t i = 0; i < request.input_coords.size(); ++i) x.emplace_back(request.input_coords[i], 0);
  for (std::size_t i = 0; i < x.size(); ++i) x[i].v[0] = tangent[i];
  std::vector<Jet> y;
  ValueP<Jet> output = Interpreter<Jet>::run(request.program, input_value<Jet>(request, x));
  answer.output_index = output_index<Jet>(request, output, y);
  answer.output_coords.clear();
  std::vector<double> dy;
  for (const Jet& yi : y) {
    answer.output_coords.push_back(yi.a);
    dy.push_back(yi.v[0]);
  }
  return dy;
}

// The Jacobian, column by column: rows[i][j] = d y_i / d x_j.
std::vector<std::vector<double>> jacobian(const Request& request, Answer& answer) {
  const std::size_t n = request.input_coords.size();
  std::vector<double> unit(n, 0.0);
  const std::vector<double> at_zero = forward_pass(request, unit, answer);  // the output when n = 0
  std::vector<std::vector<double>> rows(at_zero.size(), std::vector<double>(n, 0.0));
  for (std::size_t j = 0; j < n; ++j) {
    unit.assign(n, 0.0);
    unit[j] = 1.0;
    const std::vector<double> column = forward_pass(request, unit, answer);
    for (std::size_t i = 0; i < column.size(); ++i) rows[i][j] = column[i];
  }
  return rows;
}

Answer differentiate(const Request& request) {
  Answer answer;
  if (request.ask == Ask::Jacobian) {
    answer.rows = jacobian(request, answer);
  } else if (request.ask == Ask::Jvp) {
    forward_pass(request, std::vector<double>(request.input_coords.size(), 0.0), answer);
    for (const auto& seed : request.seeds) answer.rows.push_back(forward_pass(request, seed, answer));
  } else {  // vjp: seed^T J from the forward Jacobian (Jet has no reverse mode)
    const auto rows = jacobian(request, answer);
    check_vjp_seeds(request, rows.size());
    for (const auto& seed : request.seeds) {
      std::vector<double> z(request.input_coords.size(), 0.0);
      for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t j = 0; j < z.size(); ++j) z[j] += seed[i] * rows[i][j];
      answer.rows.push_back(std::move(z));
    }
  }
  return answer;
}

}  // namespace
}  // namespace chad_adapter

int main() {
  std::ios::sync_with_stdio(false);
  chad_adapter::ToolInfo info;
  info.tool = "ceres-jet";
  info.version = CERES_VERSION_STRING;
  info.primitives = chad_adapter::declared_primitives<chad_adapter::Jet>();
  info.notes = "forward mode (ceres::Jet<double, 1>): jacobian one pass per input coordinate; "
               "vjp computed as the seed times the full forward Jacobian (Jet has no reverse mode)" +
               std::string("; ") + chad_adapter::own_functions_note<chad_adapter::Jet>();
  return chad_adapter::serve(info, chad_adapter::differentiate, std::cin, std::cout);
}
