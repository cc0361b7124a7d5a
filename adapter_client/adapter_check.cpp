#include "adapter_client/adapter_check.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <utility>

#include "logrel/agreement.hpp"
#include "model/coordinate_labels.hpp"
#include "model/tool_rounding.hpp"
#include "references/reverse_sweep.hpp"
#include "adapter_client/adapter_client.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// One number of an answer: what it is, the tool's value, the reference's in double.
struct Entry {
  std::string what;
  double got, expected;
};


// The enclosures of what an answer's entries should be, from an interval Jacobian (certified,
// or in the tool's precision), in the order the entries were listed.
std::vector<Enclosure> enclosures_of(const JacobianResult& r, bool with_output, AdapterAsk ask, std::size_t n,
                                     const std::vector<double>& seed) {
  std::vector<Enclosure> out;
  if (with_output) out = r.output_enclosure;
  if (ask == AdapterAsk::Jacobian) {
    for (const auto& row : r.enclosure) out.insert(out.end(), row.begin(), row.end());
  } else {
    std::vector<Enclosure> p = product_enclosures(r.enclosure, n, seed, ask);
    out.insert(out.end(), p.begin(), p.end());
  }
  return out;
}

// What the k-th entry of an answer is (docs/adapter-protocol.md): with the output sent, its m
// coordinates first; then the Jacobian's entries row by row, or the product's.
std::string entry_label(std::size_t k, bool with_output, AdapterAsk ask, std::size_t m, std::size_t n,
                        const std::vector<std::string>& out_labels, const std::vector<std::string>& in_labels) {
  if (with_output) {
    if (k < m) return out_labels[k];
    k -= m;
  }
  if (ask == AdapterAsk::Jacobian) return "d " + out_labels[k / n] + " / d " + in_labels[k % n];
  return std::string(ask_name(ask)) + "[" + std::to_string(k) + "] (" +
         (ask == AdapterAsk::Jvp ? out_labels[k] : in_labels[k]) + ")";
}

// The first entry whose enclosure in the tool's precision (`wide`) reaches beyond its largest
// finite number, where the tool may rightly give inf (and NaN from it); npos if none.
std::size_t first_beyond_range(const std::vector<Enclosure>& wide, ToolPrecision precision) {
  for (std::size_t k = 0; k < wide.size(); ++k)
    if (std::fmax(std::fabs(wide[k].lo), std::fabs(wide[k].hi)) > largest_finite(precision)) return k;
  return std::string::npos;
}

// Within an enclosure (a non-finite answer never is).
bool inside(double got, const Enclosure& e) { return got >= e.lo && got <= e.hi; }

// |got - want| / |want| (want = 0: over the smallest normal double), finite for the log.
double tool_relative_error(double got, double want) {
  const double r = std::fabs(got - want) / std::fmax(std::fabs(want), std::numeric_limits<double>::min());
  return std::isfinite(r) ? r : std::numeric_limits<double>::max();
}

// The second look before a `fail` (docs/adapter-protocol.md, the reverse order): where every
// entry outside its enclosure is a derivative the tool gives as inf or NaN (or the tool reports a
// domain error the program does not have), and the ask is one a
// tool may answer by a reverse sweep (a VJP from `seed`, a Jacobian row by row), whether an adjoint
// of that sweep may overflow the precision (references/reverse_sweep.hpp); why, or "".
std::string reverse_order_overflow_of(const CheckedProgram& program, const NormalForm<double>& input, AdapterAsk ask,
                                      const std::vector<double>& seed, std::size_t m,
                                      const std::vector<std::string>& in_labels, ToolPrecision precision,
                                      Subnormals subnormals) {
  std::vector<std::vector<double>> cotangents;
  if (ask == AdapterAsk::Vjp) cotangents.push_back(seed);
  if (ask == AdapterAsk::Jacobian)
    for (std::size_t i = 0; i < m; ++i) {
      cotangents.emplace_back(m, 0.0);
      cotangents.back()[i] = 1;
    }
  if (cotangents.empty()) return "";
  try {
    ToolRoundingScope scope = tool_rounding_scope(precision, subnormals);
    const std::optional<std::string> overflow =
        reverse_order_overflow(program, input, cotangents, largest_finite(precision), in_labels);
    return overflow ? *overflow : "";
  } catch (const SourceError&) {  // a tie or a domain error on the tape: no second look
    return "";
  }
}

}  // namespace

std::vector<Enclosure> product_enclosures(const std::vector<std::vector<Enclosure>>& j, std::size_t n,
                                          const std::vector<double>& seed, AdapterAsk ask) {
  const std::size_t m = j.size();
  const std::size_t count = ask == AdapterAsk::Jvp ? m : n, terms = ask == AdapterAsk::Jvp ? n : m;
  std::vector<Enclosure> out;
  for (std::size_t a = 0; a < count; ++a) {
    Mpfi sum = 0;
    for (std::size_t b = 0; b < terms; ++b) {
      const Enclosure& e = ask == AdapterAsk::Jvp ? j[a][b] : j[b][a];
      Mpfi term = Mpfi(e.lo, e.hi) * Mpfi(seed[b]);
      widen_for_tool(term);
      sum += term;
      widen_for_tool(sum);
    }
    out.push_back(enclose(sum));
  }
  return out;
}

ToolRoundingScope tool_rounding_scope(ToolPrecision precision, Subnormals subnormals) {
  return ToolRoundingScope(kToolRoundingsPerOperation * unit_roundoff(precision),
                           kToolRoundingsPerOperation * absolute_error_unit(precision, subnormals));
}

InPrecision jacobian_in_precision(const CheckedProgram& program, const NormalForm<double>& input,
                                  ToolPrecision precision, Subnormals subnormals) {
  InPrecision out{precision, std::nullopt, ""};
  const std::string within = "within " + rounding_name(precision, subnormals) + " of ";
  ToolRoundingScope scope = tool_rounding_scope(precision, subnormals);
  try {
    JacobianResult r = jacobian_by_interval(program, input);
    if (r.differentiable)
      out.result = std::move(r);
    else
      out.problem = within + "a tie: " + r.reason;
  } catch (const DomainError& e) {
    out.problem = within + "a domain error: " + e.message();
  } catch (const SourceError& e) {
    out.problem = std::string("the enclosure in ") + precision_name(precision) + " is not finite: " + e.what();
  }
  return out;
}

std::vector<double> jacobian_product(const std::vector<std::vector<double>>& j, std::size_t n, const std::vector<double>& seed,
                            AdapterAsk ask) {
  const std::size_t m = j.size();
  std::vector<double> out(ask == AdapterAsk::Jvp ? m : n, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t k = 0; k < n; ++k) out[ask == AdapterAsk::Jvp ? i : k] += j[i][k] * seed[ask == AdapterAsk::Jvp ? k : i];
  return out;
}

std::vector<double> adapter_seed(std::size_t dimension, int which) {
  static const double pattern[] = {1.0, -0.5, 0.25, 2.0, -1.0, 0.75, -2.0, 0.5};
  std::vector<double> seed(dimension);
  for (std::size_t k = 0; k < dimension; ++k) seed[k] = pattern[(k + std::size_t(which) * 3) % 8];
  return seed;
}

CheckOutcome check_by_adapter(const CampaignOptions& options, const std::string& program_text,
                              const CheckedProgram& program, const NormalForm<double>& input,
                              const JacobianResult& reference, std::optional<JacobianResult>& certified) {
  CheckOutcome c{ChadMode::Reverse, SumsStrategy::Biproduct, Verdict::Pass, false, 0, {}};
  c.implementation = Implementation::Adapter;
  AdapterClient& client = *options.adapter;
  const AdapterHello& hello = client.hello();
  const std::string tool = hello.tool;
  const ToolPrecision precision = hello.precision;
  const std::size_t n = input.coords.size(), m = std::size_t(reference.output_index.dimension());
  const std::vector<std::string> in_labels = input_labels(entry_point(program.program), input.index);
  const std::vector<std::string> out_labels = coordinate_labels(program.output_type, reference.output_index, "out");

  // The interval Jacobian in the tool's precision, computed when first needed.
  std::optional<InPrecision> in_precision;
  std::string rounding_problem;  // why there is none: a tie or a domain error within rounding
  auto tool_precision_reference = [&]() -> const JacobianResult* {
    if (!in_precision) {
      in_precision = jacobian_in_precision(program, input, precision, hello.subnormals);
      rounding_problem = in_precision->problem;
    }
    return in_precision->result ? &*in_precision->result : nullptr;
  };

  // The three requests differ only in what they ask: the translations are made once.
  nlohmann::json message =
      differentiate_request(AdapterRequest{program_text, &program, input, reference.output_index}, 0, hello);
  for (AdapterAsk ask : {AdapterAsk::Jacobian, AdapterAsk::Jvp, AdapterAsk::Vjp}) {
    if (ask != AdapterAsk::Jacobian && (n == 0 || m == 0)) continue;
    AdapterRequest request{program_text, &program, input, reference.output_index, ask, {}};
    std::vector<double> seed;
    message["seeds"] = nlohmann::json::array();
    if (ask != AdapterAsk::Jacobian) {
      seed = adapter_seed(ask == AdapterAsk::Jvp ? n : m, ask == AdapterAsk::Jvp ? 0 : 1);
      request.seeds.push_back(seed);
      message["seeds"].push_back(hex_floats(seed));
    }
    message["ask"] = ask_name(ask);
    const std::string asked = std::string("the ") + ask_name(ask) + " request";
    // The enclosures of the answer's entries in the tool's precision (each operation rounded),
    // and the first of them that reaches beyond its range (npos if none).
    auto enclosures_in_precision = [&](bool with_output) {
      ToolRoundingScope scope = tool_rounding_scope(precision, hello.subnormals);
      std::vector<Enclosure> wide = enclosures_of(*tool_precision_reference(), with_output, ask, n, seed);
      const std::size_t beyond = first_beyond_range(wide, precision);
      return std::pair{std::move(wide), beyond};
    };
    AdapterExchange exchanged = exchange_and_read(client, message, request);
    if (!exchanged.answer) {
      c.verdict = Verdict::Fault;
      c.detail = exchange_failure(tool, exchanged, asked);
      return c;
    }
    const AdapterAnswer& answer = *exchanged.answer;
    if (answer.error) {
      if (answer.error_kind == "unsupported") {
        c.verdict = Verdict::Unsupported;
        c.detail = "outside " + tool + "'s fragment (" + asked + "): " + answer.message;
      } else if (answer.error_kind == "crash") {
        c.verdict = Verdict::Fault;
        c.detail = tool + " failed on " + asked + ": " + answer.message;
      } else if (!tool_precision_reference()) {
        c.verdict = Verdict::Skip;
        c.detail = tool + " reports a domain error (" + answer.message + "), and the input is " + rounding_problem;
      } else if (const auto [wide, k] = enclosures_in_precision(true); k != std::string::npos) {  // inf: its rounding
        c.verdict = Verdict::Skip;
        c.detail = entry_label(k, true, ask, m, n, out_labels, in_labels) + " may overflow " +
                   precision_name(precision) + " (" + asked + ", where " + tool + " reports a domain error: " +
                   answer.message + "): its enclosure is [" + print_real(wide[k].lo) + ", " + print_real(wide[k].hi) + "]";
      } else if (const std::string overflow = reverse_order_overflow_of(program, input, ask, seed, m, in_labels,
                                                                         precision, hello.subnormals);
                 !overflow.empty()) {  // a tool (the adapter kit) may report an inf or NaN so
        c.verdict = Verdict::Skip;
        c.detail = "an adjoint in the reverse order may overflow " + std::string(precision_name(precision)) + " (" +
                   asked + ", where " + tool + " reports a domain error: " + answer.message + "): " + overflow;
      } else {
        c.verdict = Verdict::Fail;
        c.detail = tool + " reports a domain error the program does not have at this input, even within " +
                   rounding_name(precision, hello.subnormals) + ": " + answer.message;
      }
      return c;
    }

    // The entries to judge, in order: the output (when sent), then the answer's numbers.
    std::vector<Entry> entries;
    const bool with_output = answer.output.has_value();
    if (with_output) {
      if (answer.output->index != reference.output_index) {
        if (!tool_precision_reference()) {
          c.verdict = Verdict::Skip;
          c.detail = tool + "'s output has another shape, and the input is " + rounding_problem;
        } else {
          c.verdict = Verdict::Fail;
          c.detail = tool + "'s output has index " + answer.output->index.to_string() + ", the program's " +
                     reference.output_index.to_string();
        }
        return c;
      }
      for (std::size_t i = 0; i < m; ++i) entries.push_back({"", answer.output->coords[i], reference.output_coords[i]});
    }
    if (ask == AdapterAsk::Jacobian) {
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) entries.push_back({"", answer.rows[i][j], reference.jacobian[i][j]});
    } else {
      const std::vector<double> want = jacobian_product(reference.jacobian, n, seed, ask);
      for (std::size_t k = 0; k < want.size(); ++k) entries.push_back({"", answer.rows[0][k], want[k]});
    }
    for (std::size_t k = 0; k < entries.size(); ++k)
      entries[k].what = entry_label(k, with_output, ask, m, n, out_labels, in_labels);

    double error = 0;
    for (const Entry& e : entries) {
      error = std::fmax(error, tool_relative_error(e.got, e.expected));  // NaN: the largest double (logs hold numbers)
      if (std::isnan(e.got)) error = std::numeric_limits<double>::max();
    }
    c.error = std::fmax(c.error, error);
    if (error == 0) continue;  // exactly the dual-number reference

    std::string undecided;
    try {
      if (!certified) certified = jacobian_by_interval(program, input);
      if (!certified->differentiable) undecided = certified->reason;
    } catch (const SourceError& e) {  // the enclosure is not finite
      undecided = e.what();
    }
    if (!undecided.empty()) {
      // No certificate: a float64 answer is judged as CHAD's are, by the screen (within 1e-9 of
      // the dual-number reference: pass; beyond: a failure the certificate cannot settle). A
      // float32 answer never meets that screen, so an unsettled check says nothing about it.
      double screen = 0;
      for (const Entry& e : entries)
        screen = std::isfinite(e.got) ? std::fmax(screen, relative_error(e.got, e.expected)) : INFINITY;
      if (precision == ToolPrecision::Float64 && screen <= ScreenTolerance::relative) continue;
      c.verdict = precision == ToolPrecision::Float64 ? Verdict::FailNumeric : Verdict::Skip;
      c.detail = tool + " differs from dual numbers by " + print_real(error) + " (" + asked +
                 ") and the interval check cannot decide: " + undecided;
      return c;
    }
    const std::vector<Enclosure> exact = enclosures_of(*certified, with_output, ask, n, seed);
    bool all_inside = true;
    for (std::size_t k = 0; k < entries.size() && all_inside; ++k)
      all_inside = inside(entries[k].got, exact[k]);
    if (!all_inside) {
      if (!tool_precision_reference()) {
        c.verdict = Verdict::Skip;
        c.detail = tool + " differs from the certified reference (" + asked + "), and the input is " + rounding_problem;
        return c;
      }
      const auto [wide, beyond] = enclosures_in_precision(with_output);
      if (const std::size_t k = beyond; k != std::string::npos) {
        c.verdict = Verdict::Skip;
        c.detail = entries[k].what + " may overflow " + precision_name(precision) + ": its enclosure is [" +
                   print_real(wide[k].lo) + ", " + print_real(wide[k].hi) + "]";
        return c;
      }
      bool only_non_finite_derivatives = true;
      for (std::size_t k = 0; k < entries.size(); ++k)
        if (!inside(entries[k].got, wide[k]))
          only_non_finite_derivatives = only_non_finite_derivatives && (!with_output || k >= m) && !std::isfinite(entries[k].got);
      if (only_non_finite_derivatives) {
        const std::string overflow = reverse_order_overflow_of(program, input, ask, seed, m, in_labels, precision,
                                                               hello.subnormals);
        if (!overflow.empty()) {
          c.verdict = Verdict::Skip;
          c.detail = "an adjoint in the reverse order may overflow " + std::string(precision_name(precision)) + " (" +
                     asked + ", where " + tool + " gives inf or NaN): " + overflow;
          return c;
        }
      }
      for (std::size_t k = 0; k < entries.size(); ++k)
        if (!inside(entries[k].got, wide[k])) {
          c.verdict = Verdict::Fail;
          c.detail = entries[k].what + ": " + tool + " gives " + print_real(entries[k].got) +
                     "; the certified value lies in [" + print_real(exact[k].lo) + ", " + print_real(exact[k].hi) +
                     "], and any " + precision_name(precision) + " computation whose operations each err by at most " +
                     print_real(kToolRoundingsPerOperation) + " ulp" +
                     (hello.subnormals == Subnormals::Flush ? " (and flush subnormals to zero, as the tool does)" : "") +
                     " gives a value in [" + print_real(wide[k].lo) + ", " +
                     print_real(wide[k].hi) + "]";
          return c;
        }
    }
    c.screen_cleared = true;
  }
  return c;
}

}  // namespace chad
