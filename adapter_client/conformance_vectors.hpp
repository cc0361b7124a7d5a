// Conformance vectors (`chad-oracle vectors`, whose help, manifest and README call them test
// vectors): a conformance suite an outside AD tool runs without the oracle
// (adapters/run_vectors.py). Each case is one generated program with a data output and a
// certified, differentiable Jacobian at its input: the program, its translations, the input and
// output (index, hex coordinates, labels), the certified Jacobian (midpoints, enclosures) and
// JVP/VJP seeds (adapter_seed) with their certified products, each enclosure also as the
// enclosure in a tool's precision (float64, float32) under the adapter verdict's rounding model
// (adapter_client/adapter_check.hpp). Everything is deterministic: the same arguments, the same bytes.
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "judge/campaign_options.hpp"

namespace chad {

struct ConformanceVectorOptions {
  CampaignOptions campaign;  // seed, count, max_size, features
  std::vector<std::string> translations = {"python", "json"};
};

// One program's case, or why it has none: `skipped` is a short class ("higher-order output",
// "domain error", "not differentiable", "not finite", "invalid program"), `detail` the message.
struct ConformanceVector {
  std::optional<nlohmann::json> json;
  std::string skipped, detail;
};

// The program's translations into `languages` (codegen/translate.hpp), the ones a language cannot
// express listed apart with the message: {"translations": {...}, "untranslatable": {...}}.
nlohmann::json case_translations(const CheckedProgram& program, const std::vector<std::string>& languages);

// The case of a program text and an input text (`--at` syntax); `id`, `seed` and `index` are
// left for the caller. A translation a language cannot express is listed under
// "untranslatable" with the message. Precondition: called inside run_with_deep_stack.
ConformanceVector build_conformance_vector(const std::string& program_text,
                                           const std::string& input_text,
                                           const std::vector<std::string>& translations);

// The case of program `index` of the campaign, with "id" ("S-I"), "seed" and "index".
ConformanceVector conformance_vector_at(const ConformanceVectorOptions& options, std::size_t index);

struct ConformanceVectorSummary {
  std::size_t programs = 0, written = 0;
  std::map<std::string, std::size_t> skipped;  // per class
};

// Writes DIR/cases.jsonl, DIR/order2_cases.jsonl (the second-order cases of
// oracle/conformance_vectors_order2.hpp), DIR/README.md and DIR/manifest.json (DIR is created); `on_program`
// sees the summary after each program (progress). `oracle_version` goes into the manifest.
// A file that cannot be written is a located SourceError.
ConformanceVectorSummary write_conformance_vectors(
    const ConformanceVectorOptions& options, const std::string& dir, const std::string& oracle_version,
    const std::function<void(const ConformanceVectorSummary&)>& on_program = {});

// The text of DIR/README.md: what the fields mean and how to run the runner.
const char* conformance_vectors_readme();

}  // namespace chad
