#include "input_report.hpp"

#include "triage/shrink.hpp"
#include "judge/verdict.hpp"
#include "reports/counterexample.hpp"
#include "syntax/location.hpp"
#include "syntax/parser.hpp"

namespace chad {

std::string write_shrunk_input_report(const CampaignOptions& campaign, const std::string& mutant,
                                      const std::string& program_text, std::size_t point,
                                      const std::string& original, const InputShrinkResult& shrink,
                                      const std::string& regenerate, const std::string& out) {
  const GeneratedCase shrunk_case{program_text, shrink.input};
  const std::size_t size = program_size(shrunk_case);
  Counterexample c{campaign.seed, point, mutant, campaign, check_case(campaign, shrunk_case), size, size};
  c.outcome.index = point;
  c.outcome.seed = campaign.seed;
  ReportOrigin origin;
  origin.found_by = "input " + std::to_string(point) + " of `" + regenerate + "`, `" + original + "` (" +
                    std::to_string(shrink.original_nodes) + " term nodes), shrunk to " +
                    std::to_string(shrink.nodes) + " term nodes, the program fixed";
  origin.regenerate = regenerate;
  write_report(out, c, origin);
  return verdict_name(c.outcome.verdict);
}

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
  if (fails(r.original)) {
    r.shrink = shrink_input(program_text, r.original, fails);
  } else {  // (a tool that fails only now and then is reported unshrunk)
    r.shrink.input = r.original;
    r.shrink.original_nodes = r.shrink.nodes = term_size(parse_term(r.original, "<--at>"));
  }
  r.verdict = write_shrunk_input_report(campaign, "", program_text, first, r.original, r.shrink, regenerate, out);
  return r;
}

}  // namespace chad
