#include "triage/blame_order2.hpp"

#include "judge/case.hpp"
#include "oracle/order2_check.hpp"
#include "syntax/printer.hpp"

namespace chad {

Order2SubtermCheck check_subterm_at_order2(const Context& context, const TermP& term, const std::vector<std::string>& values,
                                           const CampaignOptions& options, ChadMode mode, SumsStrategy sums) {
  Order2SubtermCheck result;
  if (context.empty() || !term->type || !is_data_type(term->type)) return result;  // nothing varies, or no Hessian
  std::string parameters, input;
  for (std::size_t i = 0; i < context.size(); ++i) {
    if (!context[i].second || !is_data_type(context[i].second)) return result;
    parameters += (i ? ", " : "") + context[i].first + " : " + print_type(context[i].second);
    input += (i ? ", " : "") + values[i];
  }
  if (context.size() > 1) input = "(" + input + ")";
  const GeneratedCase text{"def main (" + parameters + ") : " + print_type(term->type) + " =\n  " + print_term(term) + ";",
                           input};
  try {
    Case k(text, "<subterm>");
    const CheckOutcome c = check_order2(k, options, mode, sums);
    if (c.verdict == Verdict::Skip) return result;  // not twice differentiable at these values
    result.checked = true;
    result.fails = c.verdict == Verdict::Fail || c.verdict == Verdict::Fault;
    if (result.fails) result.detail = "at second order: " + c.detail;
  } catch (const SourceError&) {  // a domain error at these values, or a subterm that does not stand alone
  }
  return result;
}

}  // namespace chad
