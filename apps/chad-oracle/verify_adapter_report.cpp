#include "verify_adapter_report.hpp"

#include "oracle/input_shrink.hpp"
#include "oracle/shrink.hpp"
#include "oracle/verdict.hpp"
#include "reports/counterexample.hpp"
#include "syntax/location.hpp"
#include "syntax/parser.hpp"

namespace chad {

std::optional<AdapterInputReport> write_adapter_input_report(const CampaignOptions& campaign,
                                                             const std::string& program_text,
                                                             const std::vector<AdapterPointReport>& points,
                                                             const std::string& out, const std::string& regenerate) {
  std::size_t first = points.size();
  for (std::size_t k = 0; k < points.size() && first == points.size(); ++k)
    if (points[k].skipped.empty() && is_failure(points[k].outcome.verdict)) first = k;
  if (first == points.size()) return std::nullopt;
  const auto fails = [&](const std::string& input) {
    try {
      return is_failure(check_case(campaign, GeneratedCase{program_text, input}).verdict);
    } catch (const SourceError&) {  // outside a primitive's domain, or the reference overflows
      return false;
    }
  };
  AdapterInputReport r;
  r.point = first;
  r.original = points[first].at;
  r.input = r.original;
  r.original_nodes = r.nodes = term_size(parse_term(r.original, "<--at>"));
  if (fails(r.original)) {  // (a tool that fails only now and then is reported unshrunk)
    const InputShrinkResult shrunk = shrink_input(program_text, r.original, fails);
    r.input = shrunk.input;
    r.original_nodes = shrunk.original_nodes;
    r.nodes = shrunk.nodes;
    r.candidates = shrunk.candidates;
  }
  const GeneratedCase shrunk_case{program_text, r.input};
  const std::size_t size = program_size(shrunk_case);
  Counterexample c{campaign.seed, first, "", campaign, check_case(campaign, shrunk_case), size, size};
  c.outcome.index = first;
  c.outcome.seed = campaign.seed;
  ReportOrigin origin;
  origin.found_by = "input " + std::to_string(first) + " of `" + regenerate + "`, `" + r.original + "` (" +
                    std::to_string(r.original_nodes) + " term nodes), shrunk to " + std::to_string(r.nodes) +
                    " term nodes, the program fixed";
  origin.regenerate = regenerate;
  write_report(out, c, origin);
  r.verdict = verdict_name(c.outcome.verdict);
  return r;
}

}  // namespace chad
