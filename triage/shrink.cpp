#include "triage/shrink.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include "judge/case.hpp"
#include "oracle/compiled_check.hpp"
#include "oracle/size_check.hpp"
#include "triage/shrink_compiled.hpp"
#include "triage/shrink_terms.hpp"
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
  Program parsed;  // (parsed once: for its size, and checked when the predicate needs it)
};

Candidate regenerate(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                     int max_size) {
  ChoiceSource source(choices);
  GeneratedCase g = generate_case(source, features, max_size);
  std::vector<std::uint32_t> used = source.recording();
  while (!used.empty() && used.back() == 0) used.pop_back();  // trailing zeros are implied
  Program parsed = parse_program(g.program, "<generated>");
  const std::size_t size = term_size(entry_point(parsed).body);
  return {std::move(g), std::move(used), size, std::move(parsed)};
}

// Whether a candidate still fails, given its text and its program as parsed.
using CandidateFails = std::function<bool(const Candidate&)>;

bool simpler(const Candidate& a, const Candidate& b) {
  if (a.size != b.size) return a.size < b.size;
  if (a.choices.size() != b.choices.size()) return a.choices.size() < b.choices.size();
  return a.choices < b.choices;
}

// The choice phase over `candidate_fails`, then the syntactic phase (`shrink_syntax`, with the
// budget left).
ShrinkResult shrink_candidates(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                               int max_size, const CandidateFails& candidate_fails,
                               const std::function<TermShrinkResult(const GeneratedCase&, int)>& shrink_syntax,
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
    if (!simpler(c, best) || !candidate_fails(c)) return false;
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
  // Then edit the program's terms and its input directly (triage/shrink_terms.hpp).
  TermShrinkResult terms = shrink_syntax(best.generated, std::max(0, budget - result.candidates));
  result.candidates += terms.candidates;
  result.shrunk = terms.shrunk;
  result.size = program_size(terms.shrunk);
  return result;
}

}  // namespace

ShrinkResult shrink_case(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                         int max_size, const std::function<bool(const GeneratedCase&)>& still_fails,
                         int budget) {
  return shrink_candidates(
      choices, features, max_size, [&](const Candidate& c) { return still_fails(c.generated); },
      [&](const GeneratedCase& g, int left) { return shrink_terms(g, still_fails, left); }, budget);
}

ShrinkResult shrink_case(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                         int max_size, const std::function<bool(Case&)>& still_fails, int budget) {
  auto candidate_fails = [&](const Candidate& c) {
    std::optional<Case> k;
    try {
      k.emplace(c.generated, std::make_shared<const CheckedProgram>(check_program(c.parsed)));
    } catch (const SourceError&) {  // not well-typed, or its input not of its type (a generator bug)
      return false;
    }
    return still_fails(*k);
  };
  return shrink_candidates(
      choices, features, max_size, candidate_fails,
      [&](const GeneratedCase& g, int left) { return shrink_terms(g, still_fails, left); }, budget);
}

bool fault_by_timeout(const ProgramOutcome& outcome) {
  for (const CheckOutcome& c : outcome.checks)
    if (c.verdict == outcome.verdict)  // the first check of the program's verdict (what shrinking narrows to)
      return c.verdict == Verdict::Fault && c.detail.find("timed out") != std::string::npos;
  return false;
}

bool fails_alike(const ProgramOutcome& candidate, const ProgramOutcome& original) {
  return is_failure(candidate.verdict) && candidate.verdict == original.verdict &&
         (candidate.verdict != Verdict::Fault || fault_by_timeout(candidate) == fault_by_timeout(original));
}

CampaignFailure shrink_campaign_failure(const CampaignOptions& options, std::size_t index) {
  CampaignFailure f;
  ChoiceSource source(program_seed(options.seed, index));  // its recording is what shrinking edits
  f.original = check_case(options, generate_case(source, options.features, options.max_size));
  if (!is_failure(f.original.verdict)) {  // a flaky failure: nothing to shrink against
    f.reproduced = false;
    f.shrunk.shrunk = f.original.generated;
    f.shrunk.choices = source.recording();
    f.shrunk.size = f.shrunk.original_size = program_size(f.original.generated);
    return f;
  }
  CampaignOptions narrowed = options;  // shrink against the first failing check only
  bool size_failure = false;
  narrowed.measure_coverage = false;    // candidates need only their verdict
  for (const CheckOutcome& c : f.original.checks)
    if (c.verdict == f.original.verdict) {
      f.mode = c.mode;
      f.sums = c.sums;
      narrowed.modes = {c.mode};
      narrowed.sums = {c.sums};
      // A failure found by the size check: size-check every candidate, sampled or not.
      size_failure = c.mode_name.ends_with(size_check_suffix(options.size_nodes));
      if (size_failure) narrowed.size_share = 1;
      f.size_check = size_failure;
      break;
    }
  // Another check's failure: no candidate is size-checked (it would only cost: about 2 s each).
  if (!size_failure) narrowed.size_share = 0;
  // A failure found by --cross-check fd:RATE: cross-check every candidate, sampled or not.
  if (f.original.cross_check == CrossCheck::Disagreed) narrowed.cross_check_fd_rate = 1;
  const Verdict verdict = f.original.verdict;
  if (options.implementation == Implementation::ChadCompiled && options.compiled) {
    f.compiled.emplace();
    f.shrunk = shrink_compiled_failure(narrowed, source.recording(), verdict, &*f.compiled);
    return f;
  }
  const std::function<bool(Case&)> still_fails = [&](Case& k) { return fails_alike(check_case(narrowed, k), f.original); };
  // A candidate judged at 100,000 nodes costs about a second: a size check's failure gets a tenth
  // of the budget.
  const int budget = size_failure ? 300 : 3000;
  f.shrunk = shrink_case(source.recording(), options.features, options.max_size, still_fails, budget);
  return f;
}

}  // namespace chad
