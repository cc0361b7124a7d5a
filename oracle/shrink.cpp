#include "oracle/shrink.hpp"

#include <algorithm>

#include "oracle/compiled_check.hpp"
#include "oracle/shrink_terms.hpp"
#include "syntax/parser.hpp"

namespace chad {

std::size_t program_size(const GeneratedCase& c) {
  Program p = parse_program(c.program, "<generated>");
  return term_size(entry_point(p).body);
}

namespace {

struct Candidate {
  GeneratedCase generated;
  std::vector<std::uint32_t> choices;  // canonical: what generation used
  std::size_t size;
};

Candidate regenerate(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                     int max_size) {
  ChoiceSource source(choices);
  GeneratedCase g = generate_case(source, features, max_size);
  std::vector<std::uint32_t> used = source.recording();
  while (!used.empty() && used.back() == 0) used.pop_back();  // trailing zeros are implied
  return {g, used, program_size(g)};
}

bool simpler(const Candidate& a, const Candidate& b) {
  if (a.size != b.size) return a.size < b.size;
  if (a.choices.size() != b.choices.size()) return a.choices.size() < b.choices.size();
  return a.choices < b.choices;
}

}  // namespace

ShrinkResult shrink_case(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                         int max_size, const std::function<bool(const GeneratedCase&)>& still_fails,
                         int budget) {
  Candidate best = regenerate(choices, features, max_size);
  ShrinkResult result;
  result.original_size = best.size;
  // The choice phase leaves a third of the budget to the syntactic phase, whose edits are the
  // precise ones (a long recording can otherwise spend it all on block deletions).
  const int choice_budget = budget - budget / 3;
  auto attempt = [&](std::vector<std::uint32_t> edited) {
    if (result.candidates >= choice_budget) return false;
    ++result.candidates;
    Candidate c = regenerate(edited, features, max_size);
    if (!simpler(c, best) || !still_fails(c.generated)) return false;
    best = std::move(c);
    return true;
  };
  for (bool improved = true; improved && result.candidates < choice_budget;) {
    improved = false;
    for (std::size_t block : {8, 4, 2, 1})
      for (std::size_t i = 0; i + block <= best.choices.size();) {
        std::vector<std::uint32_t> edited = best.choices;
        edited.erase(edited.begin() + std::ptrdiff_t(i), edited.begin() + std::ptrdiff_t(i + block));
        if (attempt(edited))
          improved = true;  // the same position now holds later choices: try it again
        else
          ++i;
      }
    for (std::size_t i = 0; i < best.choices.size(); ++i)
      for (int edit = 0; edit < 3 && i < best.choices.size() && best.choices[i] > 0; ++edit) {
        std::vector<std::uint32_t> edited = best.choices;
        edited[i] = edit == 0 ? 0 : edit == 1 ? edited[i] / 2 : edited[i] - 1;
        if (attempt(edited)) improved = true;
      }
  }
  result.choices = best.choices;
  // Then edit the program's terms and its input directly (oracle/shrink_terms.hpp).
  TermShrinkResult terms = shrink_terms(best.generated, still_fails, std::max(0, budget - result.candidates));
  result.candidates += terms.candidates;
  result.shrunk = terms.shrunk;
  result.size = program_size(terms.shrunk);
  return result;
}

CampaignFailure shrink_campaign_failure(const CampaignOptions& options, std::size_t index) {
  CampaignFailure f;
  ChoiceSource source(program_seed(options.seed, index));  // its recording is what shrinking edits
  f.original = check_case(options, generate_case(source, options.features, options.max_size));
  CampaignOptions narrowed = options;  // shrink against the first failing check only
  narrowed.measure_coverage = false;    // candidates need only their verdict
  for (const CheckOutcome& c : f.original.checks)
    if (c.verdict == f.original.verdict) {
      f.mode = c.mode;
      f.sums = c.sums;
      narrowed.modes = {c.mode};
      narrowed.sums = {c.sums};
      break;
    }
  // A failure found by --cross-check fd:RATE: cross-check every candidate, sampled or not.
  if (f.original.cross_check == CrossCheck::Disagreed) narrowed.cross_check_fd_rate = 1;
  const Verdict verdict = f.original.verdict;
  auto still_fails = [&](const GeneratedCase& g) { return check_case(narrowed, g).verdict == verdict; };
  const int budget = options.implementation == Implementation::ChadCompiled && options.compiled
                         ? options.compiled->shrink_budget
                         : 3000;
  f.shrunk = shrink_case(source.recording(), options.features, options.max_size, still_fails, budget);
  return f;
}

}  // namespace chad
