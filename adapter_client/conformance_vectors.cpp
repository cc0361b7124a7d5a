#include "adapter_client/conformance_vectors.hpp"

#include <filesystem>
#include <fstream>

#include "codegen/translate.hpp"
#include "model/tool_rounding.hpp"
#include "adapter_client/adapter_check.hpp"
#include "judge/campaign_program.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "adapter_client/conformance_vectors_order2.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

using json = nlohmann::json;


json hex_enclosures(const std::vector<Enclosure>& es) {
  json out = json::array();
  for (const Enclosure& e : es) out.push_back(json::array({hex_float(e.lo), hex_float(e.hi)}));
  return out;
}

json hex_enclosure_rows(const std::vector<std::vector<Enclosure>>& rows) {
  json out = json::array();
  for (const auto& row : rows) out.push_back(hex_enclosures(row));
  return out;
}


// A JVP (`ask` Jvp) or VJP section: the seed, its certified product and the products in each
// tool precision (null where that precision has no reference).
json product_section(const JacobianResult& certified, const std::vector<InPrecision>& rounded, std::size_t n,
                     AdapterAsk ask) {
  const std::size_t m = certified.output_coords.size();
  const std::vector<double> seed = adapter_seed(ask == AdapterAsk::Jvp ? n : m, ask == AdapterAsk::Jvp ? 0 : 1);
  json section{{"seeds", json::array({hex_floats(seed)})},
               {"enclosure", json::array({hex_enclosures(product_enclosures(certified.enclosure, n, seed, ask))})}};
  for (const InPrecision& r : rounded) {
    if (!r.result) {
      section[precision_name(r.precision)] = nullptr;
      continue;
    }
    ToolRoundingScope scope = tool_rounding_scope(r.precision);
    section[precision_name(r.precision)] =
        json::array({hex_enclosures(product_enclosures(r.result->enclosure, n, seed, ask))});
  }
  return section;
}

ConformanceVector skip(const std::string& kind, const std::string& detail) {
  return {std::nullopt, kind, detail};
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw SourceError(Loc{intern_file_name(path.string()), 0, 0}, "cannot write the file");
}

}  // namespace

json case_translations(const CheckedProgram& program, const std::vector<std::string>& languages) {
  json translated = json::object(), untranslatable = json::object();
  for (const std::string& language : languages) {
    try {
      translated[language] = translation_json(program, language);
    } catch (const SourceError& e) {
      untranslatable[language] = e.what();
    }
  }
  return {{"translations", std::move(translated)}, {"untranslatable", std::move(untranslatable)}};
}

ConformanceVector build_conformance_vector(const std::string& program_text,
                                           const std::string& input_text,
                                           const std::vector<std::string>& translations) {
  CheckedProgram program;
  NormalForm<double> input;
  try {
    program = check_program(parse_program(program_text, "<vector>"));
    input = read_input_point(program, input_text);
  } catch (const SourceError& e) {
    return skip("invalid program", e.what());
  }
  if (!is_data_type(program.output_type))
    return skip("higher-order output", "the output is not a data type: it has no Jacobian");
  JacobianResult certified;
  try {
    certified = jacobian_by_interval(program, input);
  } catch (const DomainError& e) {
    return skip("domain error", e.message());
  } catch (const SourceError& e) {
    return skip("not finite", e.what());
  }
  if (!certified.differentiable) return skip("not differentiable", certified.reason);

  const std::vector<InPrecision> rounded = {jacobian_in_precision(program, input, ToolPrecision::Float64),
                                            jacobian_in_precision(program, input, ToolPrecision::Float32)};
  // The request's own JSON for the input and output (index, index_text, coordinates, labels).
  const json request = differentiate_request(
      AdapterRequest{program_text, &program, input, certified.output_index, AdapterAsk::Jacobian, {}}, 0, AdapterHello{});
  json c{{"program", program_text},
         {"input_type", request["input_type"]},
         {"output_type", request["output_type"]},
         {"features", program_features(program)},
         {"input", request["input"]},
         {"output", request["output"]}};
  json translated = case_translations(program, translations);
  c["translations"] = std::move(translated["translations"]);
  c["untranslatable"] = std::move(translated["untranslatable"]);  // {} when every language could

  c["output"]["mid"] = hex_floats(certified.output_coords);
  c["output"]["enclosure"] = hex_enclosures(certified.output_enclosure);
  json mid = json::array();
  for (const auto& row : certified.jacobian) mid.push_back(hex_floats(row));
  c["jacobian"] = {{"rows", certified.output_coords.size()},
                   {"cols", input.coords.size()},
                   {"mid", std::move(mid)},
                   {"enclosure", hex_enclosure_rows(certified.enclosure)}};
  json problems = json::object();
  for (const InPrecision& r : rounded) {
    const char* name = precision_name(r.precision);
    c["output"][name] = r.result ? hex_enclosures(r.result->output_enclosure) : json();
    c["jacobian"][name] = r.result ? hex_enclosure_rows(r.result->enclosure) : json();
    if (!r.result) problems[name] = r.problem;
  }
  c["precision_problems"] = std::move(problems);  // {} when every precision has its enclosures

  const std::size_t n = input.coords.size(), m = certified.output_coords.size();
  const bool products = n > 0 && m > 0;  // as the adapter verdict: no JVP or VJP of an empty side
  c["jvp"] = products ? product_section(certified, rounded, n, AdapterAsk::Jvp) : json();
  c["vjp"] = products ? product_section(certified, rounded, n, AdapterAsk::Vjp) : json();
  return {std::move(c), "", ""};
}

ConformanceVector conformance_vector_at(const ConformanceVectorOptions& options, std::size_t index) {
  const GeneratedCase generated = generate_program_at(options.campaign, index);
  ConformanceVector v =
      build_conformance_vector(generated.program, generated.input, options.translations);
  if (v.json) {
    json& c = *v.json;
    c["id"] = std::to_string(options.campaign.seed) + "-" + std::to_string(index);
    c["seed"] = options.campaign.seed;
    c["index"] = index;
  }
  return v;
}

ConformanceVectorSummary write_conformance_vectors(
    const ConformanceVectorOptions& options, const std::string& dir, const std::string& oracle_version,
    const std::function<void(const ConformanceVectorSummary&)>& on_program) {
  const std::filesystem::path root(dir);
  std::error_code error;
  std::filesystem::create_directories(root, error);
  if (error) throw SourceError(Loc{intern_file_name(dir), 0, 0}, "cannot create the directory: " + error.message());
  const std::filesystem::path cases_path = root / "cases.jsonl";
  std::ofstream cases(cases_path, std::ios::binary | std::ios::trunc);
  ConformanceVectorSummary summary;
  for (std::size_t i = 0; i < options.campaign.count && cases; ++i) {
    ConformanceVector v = conformance_vector_at(options, i);
    ++summary.programs;
    if (v.json) {
      cases << v.json->dump() << "\n";
      ++summary.written;
    } else {
      ++summary.skipped[v.skipped];
    }
    if (on_program) on_program(summary);
  }
  cases.close();
  if (!cases) throw SourceError(Loc{intern_file_name(cases_path.string()), 0, 0}, "cannot write the file");
  std::string order2_text;  // the second-order cases, the same whatever the seed and count
  const std::vector<json> order2 = order2_conformance_vectors(options.translations);
  for (const json& c : order2) order2_text += c.dump() + "\n";
  write_text(root / "order2_cases.jsonl", order2_text);
  write_text(root / "README.md", conformance_vectors_readme());
  const json manifest{{"format", "chad-oracle test vectors"},
                      {"format_version", 1},
                      {"protocol", adapter_protocol_version},
                      {"oracle_version", oracle_version},
                      {"seed", options.campaign.seed},
                      {"count", options.campaign.count},
                      {"max_size", options.campaign.max_size},
                      {"features", options.campaign.features.describe()},
                      {"translations", options.translations},
                      {"tool_roundings_per_operation", kToolRoundingsPerOperation},
                      {"programs", summary.programs},
                      {"cases", summary.written},
                      {"order2_cases", order2.size()},
                      {"skipped", summary.skipped}};
  write_text(root / "manifest.json", manifest.dump(2) + "\n");
  return summary;
}

}  // namespace chad
