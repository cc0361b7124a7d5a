#include "adapter_client/order2_conformance.hpp"

#include <cmath>

#include "generators/declared_fragment.hpp"
#include "adapter_client/adapter_client.hpp"
#include "adapter_client/adapter_order2_check.hpp"
#include "judge/case.hpp"
#include "references/input_value.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

const char* kList = "type NEList = mu l. < Last : real | Cons : real * l >;\n";

Matrix zeros(std::size_t n) { return Matrix(n, std::vector<double>(n, 0.0)); }

// The product of a list x_1 ... x_k (a fold over a non-empty list):
// d2 / dx_j dx_l = the product of the others (j != l), 0 on the diagonal.
Order2ConformanceCase product_case() {
  const std::vector<double> xs = {1.5, -2, 0.75, 3};
  return {"product",
          std::string(kList) + "def main (xs : NEList) : real =\n"
                               "  fold xs with node -> case node of { Last a -> a | Cons p -> fst p * snd p };",
          "roll Cons (1.5, roll Cons (-2, roll Cons (0.75, roll Last 3)))", [xs] {
            Matrix h = zeros(xs.size());
            for (std::size_t j = 0; j < xs.size(); ++j)
              for (std::size_t l = 0; l < xs.size(); ++l) {
                if (j == l) continue;
                double p = 1;
                for (std::size_t i = 0; i < xs.size(); ++i)
                  if (i != j && i != l) p *= xs[i];
                h[j][l] = p;
              }
            return std::vector<Matrix>{h};
          }};
}

// Horner's p(x, a) = a0 + x (a1 + x (a2 + x a3)) over the coordinates (x, a0, ..., a3):
// d2p/dx2 = sum i (i - 1) a_i x^(i-2) = 2 a2 + 6 a3 x; d2p / dx da_i = i x^(i-1); d2p / da_i da_j = 0.
Order2ConformanceCase horner_case() {
  const double x = 1.5;
  const std::vector<double> a = {0.5, -2, 3, 0.25};
  return {"horner",
          std::string(kList) + "def main (x : real) (cs : NEList) : real =\n"
                               "  fold cs with node -> case node of { Last c -> c | Cons p -> fst p + x * snd p };",
          "(1.5, roll Cons (0.5, roll Cons (-2, roll Cons (3, roll Last 0.25))))", [x, a] {
            Matrix h = zeros(5);
            h[0][0] = 2 * a[2] + 6 * a[3] * x;
            for (std::size_t i = 1; i < 4; ++i) h[0][1 + i] = h[1 + i][0] = double(i) * std::pow(x, double(i - 1));
            return std::vector<Matrix>{h};
          }};
}

// A softplus network of two outputs at (x, y):
//   out0 = 1.5 softplus(z1) - 0.75 softplus(z2), z1 = 0.5 x - y + 0.25, z2 = 2 x + 0.5 y - 1:
//          H0 = 1.5 sigmoid'(z1) a1 a1^T - 0.75 sigmoid'(z2) a2 a2^T, a1 = (0.5, -1), a2 = (2, 0.5),
//          sigmoid' = s (1 - s) (softplus'' = sigmoid');
//   out1 = tanh(x) y: d2/dx2 = -2 tanh(x) sech^2(x) y, d2/dx dy = sech^2(x), d2/dy2 = 0.
Order2ConformanceCase softplus_network_case() {
  return {"softplus network",
          "def main (x : real, y : real) : (real * real) =\n"
          "  (1.5 * softplus(0.5 * x - y + 0.25) - 0.75 * softplus(2 * x + 0.5 * y - 1), tanh(x) * y);",
          "(0.3, -0.7)", [] {
            const double x = 0.3, y = -0.7;
            auto sigmoid_prime = [](double z) {
              const double s = 1 / (1 + std::exp(-z));
              return s * (1 - s);
            };
            const double s1 = 1.5 * sigmoid_prime(0.5 * x - y + 0.25), s2 = -0.75 * sigmoid_prime(2 * x + 0.5 * y - 1);
            const double a1[2] = {0.5, -1}, a2[2] = {2, 0.5};
            Matrix h0 = zeros(2), h1 = zeros(2);
            for (std::size_t j = 0; j < 2; ++j)
              for (std::size_t l = 0; l < 2; ++l) h0[j][l] = s1 * a1[j] * a1[l] + s2 * a2[j] * a2[l];
            const double t = std::tanh(x), sech2 = 1 - t * t;
            h1[0][0] = -2 * t * sech2 * y;
            h1[0][1] = h1[1][0] = sech2;
            return std::vector<Matrix>{h0, h1};
          }};
}

// A fold that sums squares, under exp: f(xs) = exp(s / 2), s = sum x_i^2:
// d2f / dx_j dx_l = (delta_jl + x_j x_l) f.
Order2ConformanceCase fold_case() {
  const std::vector<double> xs = {0.5, -0.25, 1};
  return {"fold",
          std::string(kList) + "def main (xs : NEList) : real =\n"
                               "  let s = (fold xs with node -> case node of\n"
                               "             { Last a -> a * a | Cons p -> fst p * fst p + snd p } : real) in\n"
                               "  exp(0.5 * s);",
          "roll Cons (0.5, roll Cons (-0.25, roll Last 1))", [xs] {
            double s = 0;
            for (double x : xs) s += x * x;
            const double f = std::exp(0.5 * s);
            Matrix h = zeros(xs.size());
            for (std::size_t j = 0; j < xs.size(); ++j)
              for (std::size_t l = 0; l < xs.size(); ++l) h[j][l] = ((j == l ? 1 : 0) + xs[j] * xs[l]) * f;
            return std::vector<Matrix>{h};
          }};
}

// A case on a sum-typed input, at its Rect branch (coordinates w, h, k): f = w h exp(k);
// d2f/dw dh = e, d2f/dw dk = h e, d2f/dh dk = w e, d2f/dk2 = w h e (e = exp(k)), 0 on w's and h's diagonal.
Order2ConformanceCase case_case() {
  return {"case",
          "type Shape = < Circle : real | Rect : real * real >;\n"
          "def main (s : Shape, k : real) : real =\n"
          "  case s of { Circle r -> r * r * k | Rect p -> fst p * snd p * exp(k) };",
          "(Rect (2, 0.5), 0.3)", [] {
            const double w = 2, h = 0.5, e = std::exp(0.3);
            return std::vector<Matrix>{Matrix{{0, e, h * e}, {e, 0, w * e}, {h * e, w * e, w * h * e}}};
          }};
}

ConformanceCheck check(const std::string& name, bool passed, std::string reason) {
  return ConformanceCheck{"order 2: " + name, passed, false, std::move(reason)};
}

std::string asked(const AdapterHello& hello) {
  std::string out;
  for (const char* ask : {"hessian", "hvp"})
    if (hello.asks->count(ask)) out += std::string(out.empty() ? "" : " and ") + ask;
  return out;
}

ConformanceCheck case_check(const CampaignOptions& options, const Order2ConformanceCase& c) {
  const AdapterHello& hello = options.adapter->hello();
  try {
    if (std::string problem = hand_hessian_problem(c); !problem.empty())
      return check(c.name, false, "the suite's own case is wrong (the oracle's fault, not the tool's): " + problem);
    Case k(GeneratedCase{c.program, c.at}, "<order-2 conformance: " + c.name + ">");
    const CheckOutcome outcome = check_order2_by_adapter(k, options);
    const std::string seen = std::string(verdict_name(outcome.verdict)) + (outcome.detail.empty() ? "" : ": " + outcome.detail);
    if (outcome.verdict == Verdict::Pass)
      return check(c.name, true, asked(hello) + ": every entry inside the certified enclosure (within the band)");
    if (outcome.verdict == Verdict::Unsupported) {
      if (inside_fragment(*k.program().main_function, hello.primitives, hello.formers))
        return check(c.name, false, "declined a program inside the declared fragment (" + hello.declaration() + "): " + seen);
      ConformanceCheck out = check(c.name, true, seen);
      out.unsupported = true;
      return out;
    }
    return check(c.name, false, seen);
  } catch (const SourceError& e) {
    return check(c.name, false, std::string("the case cannot be judged here (the oracle's fault): ") + e.what());
  }
}

}  // namespace

const std::vector<Order2ConformanceCase>& order2_conformance_cases() {
  static const std::vector<Order2ConformanceCase> cases = {product_case(), horner_case(), softplus_network_case(),
                                                           fold_case(), case_case()};
  return cases;
}

std::string hand_hessian_problem(const Order2ConformanceCase& c) {
  const CheckedProgram program = check_program(parse_program(c.program, "<order-2 conformance: " + c.name + ">"));
  const NormalForm<double> input = read_input_point(program, c.at);
  const HessianResult certified = hessian_by_interval(program, input);
  if (!certified.differentiable) return "not twice differentiable at its point: " + certified.reason;
  const std::vector<Matrix> hand = c.by_hand();
  const std::size_t n = input.coords.size();
  if (hand.size() != certified.enclosure.size())
    return std::to_string(hand.size()) + " Hessians by hand, " + std::to_string(certified.enclosure.size()) + " outputs";
  for (std::size_t i = 0; i < hand.size(); ++i) {
    if (hand[i].size() != n)
      return "a Hessian by hand of " + std::to_string(hand[i].size()) + " rows, " + std::to_string(n) + " inputs";
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t l = 0; l < n; ++l) {
        const double w = hand[i][j][l], slack = 1e-14 * std::fabs(w);
        const Enclosure& e = certified.enclosure[i][j][l];
        if (!(e.lo - slack <= w && w <= e.hi + slack))
          return "d2 output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "] d input[" + std::to_string(l) +
                 "]: by hand " + print_real(w) + ", the certified reference encloses [" + print_real(e.lo) + ", " +
                 print_real(e.hi) + "]";
      }
  }
  return "";
}

bool declares_second_order(const AdapterHello& hello) {
  return hello.asks && (hello.asks->count("hvp") || hello.asks->count("hessian"));
}

std::vector<ConformanceCheck> order2_conformance_checks(const CampaignOptions& options) {
  std::vector<ConformanceCheck> out;
  if (!declares_second_order(options.adapter->hello())) return out;
  for (const Order2ConformanceCase& c : order2_conformance_cases()) out.push_back(case_check(options, c));
  return out;
}

}  // namespace chad
