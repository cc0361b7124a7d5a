#include "api/chad_oracle.hpp"

#include <cstdlib>
#include <optional>

#include "api/counterexample_files.hpp"
#include "api/gradient_adapter.hpp"
#include "generators/input_generator.hpp"
#include "triage/shrink.hpp"
#include "triage/shrink_terms.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/location.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad::api {
namespace {

// An unsigned number from the environment variable `name`, when it is set (CHAD_ORACLE_SEED,
// CHAD_ORACLE_ONLY); a malformed one is an error, never silently ignored.
std::optional<std::uint64_t> number_from_environment(const char* name) {
  const char* text = std::getenv(name);
  if (!text || !*text) return std::nullopt;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*end != '\0' || *text == '-')
    throw std::invalid_argument(std::string(name) + ": expected an unsigned integer, found `" + text + "`");
  return value;
}

// The campaign whose adapter is the user's function.
CampaignOptions gradient_campaign(const GradientFunction& gradient, const CheckOptions& options, std::uint64_t seed) {
  CampaignOptions c;
  c.seed = seed;
  c.count = options.count;
  c.max_size = options.max_size;
  c.features = options.features;
  c.modes = {ChadMode::Reverse};  // (an adapter's check has no mode: the reports show this one)
  c.sums = {SumsStrategy::Biproduct};
  c.implementation = Implementation::Adapter;
  c.adapter = gradient_adapter(gradient, options);
  c.measure_coverage = false;
  return c;
}

CheckResult new_result(const CheckOptions& options, std::uint64_t seed) {
  CheckResult r;
  r.name = options.name;
  r.seed = seed;
  for (Verdict v : all_verdicts()) r.verdicts[verdict_name(v)] = 0;
  return r;
}

void count(CheckResult& r, const ProgramOutcome& o) {
  ++r.checked;
  ++r.verdicts[verdict_name(o.verdict)];
}

// The failure's fields and report, from the original case and its shrunk outcome.
void record_failure(CheckResult& r, const CheckOptions& options, const CampaignOptions& campaign, std::size_t index,
                    const GeneratedCase& original, const ProgramOutcome& minimal) {
  r.failed = true;
  r.index = index;
  r.verdict = verdict_name(minimal.verdict);
  for (const CheckOutcome& k : minimal.checks)
    if (k.verdict == minimal.verdict) r.detail = k.detail;
  if (r.detail.empty()) r.detail = minimal.detail;
  r.original_program = original.program;
  r.original_input = original.input;
  r.original_size = program_size(original);
  r.minimal_program = minimal.generated.program;
  r.minimal_input = minimal.generated.input;
  r.minimal_size = program_size(minimal.generated);
  r.replay = replay_command(r.seed, index);
  if (!options.report_dir.empty()) {
    Counterexample c{r.seed, index, "", campaign, minimal, r.original_size, r.minimal_size};
    c.outcome.index = index;
    write_gradient_report(options.report_dir, c, r.replay);
    r.report_dir = options.report_dir;
  }
}

}  // namespace

CheckResult check_gradient(const GradientFunction& gradient, const CheckOptions& options) {
  const std::uint64_t seed = number_from_environment("CHAD_ORACLE_SEED").value_or(options.seed);
  const std::optional<std::uint64_t> only = number_from_environment("CHAD_ORACLE_ONLY");
  CheckResult r = new_result(options, seed);
  run_with_deep_stack([&] {
    const CampaignOptions campaign = gradient_campaign(gradient, options, seed);
    const std::size_t first = only ? *only : 0, end = only ? *only + 1 : options.count;
    for (std::size_t i = first; i < end; ++i) {
      const ProgramOutcome o = check_program_at(campaign, i);
      count(r, o);
      if (!is_failure(o.verdict)) continue;
      const CampaignFailure f = shrink_campaign_failure(campaign, i);
      record_failure(r, options, campaign, i, o.generated, check_case(campaign, f.shrunk.shrunk));
      break;
    }
  });
  return r;
}

CheckResult check_gradient_on(const GradientFunction& gradient, const std::vector<GivenProgram>& programs,
                              const CheckOptions& options) {
  const std::uint64_t seed = number_from_environment("CHAD_ORACLE_SEED").value_or(options.seed);
  const std::optional<std::uint64_t> only = number_from_environment("CHAD_ORACLE_ONLY");
  CheckResult r = new_result(options, seed);
  run_with_deep_stack([&] {
    // Every case first, so that a bad program or point is an error before anything is judged.
    std::vector<GeneratedCase> cases;
    for (std::size_t p = 0; p < programs.size(); ++p) {
      const CheckedProgram program =
          check_program(parse_program(programs[p].text, "<given program " + std::to_string(p) + ">"));
      std::vector<std::string> points = programs[p].points;
      for (std::size_t k = 0; points.empty() && k < options.count; ++k) {
        ChoiceSource choices(program_seed(seed, cases.size() + k));
        points.push_back(random_input_text(choices, program.input_type));
      }
      for (const std::string& point : points) {
        read_input_point(program, point);  // a point that does not fit: a located SourceError
        cases.push_back(GeneratedCase{programs[p].text, point});
      }
    }
    const CampaignOptions campaign = gradient_campaign(gradient, options, seed);
    const std::size_t first = only ? *only : 0, end = only ? std::min<std::size_t>(*only + 1, cases.size()) : cases.size();
    for (std::size_t i = first; i < end; ++i) {
      const ProgramOutcome o = check_case(campaign, cases[i]);
      count(r, o);
      if (!is_failure(o.verdict)) continue;
      const auto still_fails = [&](const GeneratedCase& g) {
        return (options.shrink_given_programs || g.program == cases[i].program) &&
               check_case(campaign, g).verdict == o.verdict;
      };
      // A given program stays as given unless asked: then only its point is shrunk.
      const TermShrinkResult shrunk = options.shrink_given_programs
                                          ? shrink_terms(cases[i], still_fails, options.shrink_budget)
                                          : shrink_input_terms(cases[i], still_fails, options.shrink_budget);
      record_failure(r, options, campaign, i, cases[i], check_case(campaign, shrunk.shrunk));
      break;
    }
  });
  return r;
}

Jacobian dual_number_gradient(const GradientQuestion& question) {
  try {
    JacobianResult j = jacobian_by_dual(question.program, question.input);
    if (!j.differentiable) throw NotDefinedHere(j.reason);
    return j.jacobian;
  } catch (const DomainError& e) {
    throw NotDefinedHere(e.what());
  }
}

}  // namespace chad::api
