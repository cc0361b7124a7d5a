#include "adapter_client/adapter_order2_check.hpp"

#include <cmath>
#include <sstream>

#include "logrel/agreement.hpp"
#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_client.hpp"
#include "references/hessian.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// Inside [lo, hi] widened by `band` relative (the tool's declared second_order_band, else the
// band of oracle/order2_check.cpp, ScreenTolerance::relative).
bool within_band(double got, double lo, double hi, double band) {
  if (!std::isfinite(got) || !std::isfinite(lo) || !std::isfinite(hi)) return false;
  const double slack = band * std::fmax(1.0, std::fabs(got));
  return got >= lo - slack && got <= hi + slack;
}

std::string band_text(const AdapterHello& hello, double band) {
  std::ostringstream text;
  text << "the band: relative " << band << (hello.second_order_band ? ", declared by the tool" : ", the default");
  return text.str();
}

// One judged number of an answer: its name, the tool's value, the screen's, the certified enclosure's.
struct Order2Entry {
  std::string name;
  double got = 0, screen = 0;
  Enclosure certified{NAN, NAN};
};

std::string hessian_entry_name(std::size_t i, std::size_t j, std::size_t k) {
  return "d2 output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "] d input[" + std::to_string(k) + "]";
}

bool declared(const AdapterHello& hello, AdapterAsk ask) { return !hello.asks || hello.asks->count(ask_name(ask)); }

}  // namespace

CheckOutcome check_order2_by_adapter(Case& k, const CampaignOptions& options) {
  CheckOutcome c{ChadMode::Reverse, SumsStrategy::Biproduct, Verdict::Pass, false, 0, {}};
  c.implementation = Implementation::Adapter;
  const CheckedProgram& program = k.program();
  const NormalForm<double>& input = k.input();
  HessianResult screen;
  try {
    screen = hessian_by_taylor(program, input);
  } catch (const SourceError& e) {  // a domain error or overflow at the point: nothing to judge
    c.verdict = Verdict::Skip;
    c.detail = std::string("no second derivative here: ") + e.what();
    return c;
  }
  if (!screen.differentiable) {
    c.verdict = Verdict::Skip;
    c.detail = "not differentiable here: " + screen.reason;
    return c;
  }
  AdapterClient& client = *options.adapter;
  const AdapterHello& hello = client.hello();
  const std::string tool = hello.name();
  const double band = hello.second_order_band.value_or(ScreenTolerance::relative);
  const std::size_t n = input.coords.size(), m = screen.output_coords.size();
  std::vector<AdapterAsk> asks;
  for (AdapterAsk ask : {AdapterAsk::Hessian, AdapterAsk::Hvp})
    if (declared(hello, ask) && (ask == AdapterAsk::Hessian || (n > 0 && m > 0))) asks.push_back(ask);
  if (asks.empty()) {
    c.verdict = Verdict::Unsupported;
    c.detail = tool + " declares no second-order ask (hvp, hessian)";
    return c;
  }
  for (const auto& h : screen.hessian)  // a fault could show in a nonzero entry
    for (const auto& row : h)
      for (double x : row) c.informative = c.informative || x != 0;
  std::optional<HessianResult> certified;  // computed when the screen disagrees
  for (AdapterAsk ask : asks) {
    AdapterRequest request{k.text().program, &program, input, screen.output_index, ask, {}};
    if (ask == AdapterAsk::Hvp) {
      request.cotangent = adapter_seed(m, 1);
      request.seeds.push_back(adapter_seed(n, 0));
    }
    const std::string asked = std::string("the ") + ask_name(ask) + " request";
    AdapterExchange exchanged = exchange_and_read(client, differentiate_request(request, 0, hello), request);
    if (!exchanged.answer) {
      c.verdict = Verdict::Fault;
      c.detail = exchange_failure(tool, exchanged, asked);
      return c;
    }
    const AdapterAnswer& answer = *exchanged.answer;
    if (answer.error) {
      c.verdict = answer.error_kind == "unsupported" ? Verdict::Unsupported
                  : answer.error_kind == "crash"     ? Verdict::Fault
                                                     : Verdict::Fail;
      c.detail = answer.error_kind == "domain"
                     ? tool + " reports a domain error where the program is twice differentiable (" + asked + "): " + answer.message
                     : tool + " (" + asked + "): " + answer.error_kind + ": " + answer.message;
      return c;
    }
    // The entries, with the screen's value; the certified enclosure filled in only when needed.
    std::vector<Order2Entry> entries;
    HessianVectorProduct hvp_screen;
    if (ask == AdapterAsk::Hessian) {
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j)
          for (std::size_t l = 0; l < n; ++l)
            entries.push_back({hessian_entry_name(i, j, l), answer.hessians[i][j][l], screen.hessian[i][j][l]});
    } else {
      hvp_screen = hessian_vector_product(HessianMethod::Taylor, program, input, request.cotangent, request.seeds[0]);
      for (std::size_t j = 0; j < n; ++j)
        entries.push_back({"hvp[" + std::to_string(j) + "] (H_w v, input[" + std::to_string(j) + "])", answer.rows[0][j],
                           hvp_screen.product[j]});
    }
    bool screen_agrees = true;
    for (const Order2Entry& e : entries) {
      c.error = std::fmax(c.error, relative_error(e.got, e.screen));
      screen_agrees = screen_agrees && within_band(e.got, e.screen, e.screen, band);
    }
    if (screen_agrees) continue;
    // The certified enclosures: the Hessian's entries, or the HVP's.
    std::vector<Enclosure> enclosures;
    try {
      if (ask == AdapterAsk::Hessian) {
        if (!certified) certified = hessian_by_interval(program, input);
        if (!certified->differentiable) {
          c.verdict = certified->cannot_certify ? Verdict::FailNumeric : Verdict::Skip;
          c.detail = (certified->cannot_certify ? "" : "not differentiable here: ") + certified->reason;
          return c;
        }
        for (std::size_t i = 0; i < m; ++i)
          for (std::size_t j = 0; j < n; ++j)
            for (std::size_t l = 0; l < n; ++l) enclosures.push_back(certified->enclosure[i][j][l]);
      } else {
        const HessianVectorProduct h =
            hessian_vector_product(HessianMethod::Interval, program, input, request.cotangent, request.seeds[0]);
        if (!h.differentiable) {
          c.verdict = Verdict::Skip;
          c.detail = "not differentiable here: " + h.reason;
          return c;
        }
        enclosures = h.enclosure;
      }
    } catch (const SourceError& e) {
      c.verdict = Verdict::FailNumeric;
      c.detail = std::string("the screen disagrees and the certified Hessian fails: ") + e.what();
      return c;
    }
    for (std::size_t x = 0; x < entries.size(); ++x) {
      const Enclosure& e = enclosures[x];
      if (within_band(entries[x].got, e.lo, e.hi, band)) continue;
      c.verdict = Verdict::Fail;
      c.detail = entries[x].name + ": " + tool + " (" + ask_name(ask) + ") gives " + print_real(entries[x].got) +
                 ", the certified reference encloses [" + print_real(e.lo) + ", " + print_real(e.hi) + "] (" +
                 band_text(hello, band) + ")";
      return c;
    }
    c.screen_cleared = true;
  }
  return c;
}

}  // namespace chad
