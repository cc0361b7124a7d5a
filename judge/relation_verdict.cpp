#include "judge/relation_verdict.hpp"

#include "logrel/program_relation.hpp"
#include "logrel/source_overflow.hpp"
#include "judge/informative.hpp"
#include "syntax/printer.hpp"

namespace chad {

std::vector<double> relation_direction(std::size_t dimension) {
  static const double pattern[] = {1, -0.5, 2, 0.75, -1.5, 1.25};
  std::vector<double> d(dimension);
  for (std::size_t i = 0; i < dimension; ++i) d[i] = pattern[i % 6];
  return d;
}

template <class S>
RelatedSample<S> relation_curve(const CheckedProgram& program, const NormalForm<double>& input, SumsStrategy sums) {
  return curve_through<S>(program.input_type, input, relation_direction(input.coords.size()), sums);
}

template <class S>
std::optional<RelationFailure> relation_failure(const CheckedProgram& program, const ChadProgram& chad,
                                                const NormalForm<double>& input,
                                                const std::function<void(double)>& on_compared_derivative,
                                                RelationReach reach) {
  RelationOptions options;
  options.depth = reach.depth;
  options.compare_from = reach.compare_from;
  options.sums = chad.options.sums;
  options.functions = chad.options.functions;
  options.on_compared_derivative = on_compared_derivative;
  return check_program_relation<S>(program, chad, relation_curve<S>(program, input, chad.options.sums), options);
}

#define CHAD_INSTANTIATE_RELATION_VERDICT(S)                                                                     \
  template RelatedSample<S> relation_curve<S>(const CheckedProgram&, const NormalForm<double>&, SumsStrategy);   \
  template std::optional<RelationFailure> relation_failure<S>(const CheckedProgram&, const ChadProgram&,         \
                                                              const NormalForm<double>&,                         \
                                                              const std::function<void(double)>&, RelationReach);
CHAD_INSTANTIATE_RELATION_VERDICT(double)
CHAD_INSTANTIATE_RELATION_VERDICT(Mpfi)

std::string describe_relation_failure(const RelationFailure& f) {
  return "logical relation fails at " + (f.position.empty() ? std::string("the result") : f.position) + ": " + f.detail;
}

CheckOutcome check_by_relation(const CheckedProgram& program, const NormalForm<double>& input, ChadMode mode,
                               SumsStrategy sums, const RuleTable* rules, FunctionsStrategy functions,
                               RelationReach reach) {
  CheckOutcome c{mode, sums, Verdict::Pass, false, 0, {}};
  try {
    ChadOptions chad_options{mode, sums, rules};
    chad_options.functions = functions;
    ChadProgram chad = chad_program(program, chad_options);
    RelationInformativeness informativeness(input.coords.size());
    std::optional<RelationFailure> screen =
        relation_failure<double>(program, chad, input, [&](double d) { informativeness.observe(d); }, reach);
    c.informative = informativeness.informative();
    if (!screen) return c;
    c.error = screen->error;
    try {
      std::optional<RelationFailure> certified = relation_failure<Mpfi>(program, chad, input, {}, reach);
      if (certified) {
        c.verdict = Verdict::Fail;
        c.detail = describe_relation_failure(*certified);
      } else {
        c.screen_cleared = true;
      }
    } catch (const ComparisonUndecided& e) {
      c.verdict = Verdict::FailNumeric;
      c.detail = describe_relation_failure(*screen) + " (in double; the interval check cannot decide: " + e.message() + ")";
    } catch (const DomainError& e) {
      c.verdict = Verdict::FailNumeric;
      c.detail = describe_relation_failure(*screen) + " (in double; the interval check cannot decide: " + e.message() + ")";
    }
  } catch (const InternalError& e) {  // ill-typed output, mismatched values, lifted-sum inconsistency
    c.verdict = Verdict::Fault;
    c.detail = e.what();
  } catch (const ComparisonUndecided& e) {
    c.verdict = Verdict::Skip;
    c.detail = "a comparison ties: " + e.message();
  } catch (const SourceOverflow& e) {  // the program's own value, in an application or a stream
    c.verdict = Verdict::Skip;
    c.detail = "overflow: " + e.message();
  } catch (const DomainError& e) {  // undecided: an enclosure straddles a domain's edge (inputs at the edges)
    c.verdict = e.undecided() ? Verdict::FailNumeric : Verdict::Fail;
    c.detail = e.undecided() ? "the interval check cannot decide a domain: " + e.message()
                             : "CHAD's output raises a domain error the program does not: " + e.message();
  }
  return c;
}

}  // namespace chad
