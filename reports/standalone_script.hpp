// A failure against an outside tool, in the tool's own terms: the adapter (its hello says
// "standalone": true) is sent a "standalone" request (docs/adapter-protocol.md, "Standalone
// scripts") -- the shrunk program, its input as exact hex floats, the certified enclosure of every
// Jacobian entry and the enclosure in the tool's precision -- and answers with the text of a script
// that uses only its tool: the program in the tool's idiom, the input, and the tool's Jacobian
// printed entry by entry against the enclosures, "inside" or "OUTSIDE". The script is written
// beside report.md. At order 2 (`campaign --order 2`) the request says "order": 2 and carries the
// certified Hessian's enclosures and the band of the verdict: the script takes the tool's Hessian
// by the mode's nesting.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "adapter_client/adapter_protocol.hpp"
#include "oracle/campaign.hpp"

namespace chad {

struct StandaloneScript {
  std::string file;       // its name in the report's directory ("" when none was written)
  std::string paragraph;  // for report.md: how to run it, or why there is none
};

// The enclosures sent with the request: {"precision", "jacobian": [[[lo, hi], ...], ...] (certified),
// "tool_precision": the same in the tool's precision (every operation widened, as the verdict's
// rule 3) or null where there is none, "output": [[lo, hi], ...] and "tool_precision_output" (the
// output's, both ways), "subnormals": "flush" where the tool flushes them}; bounds as hex floats.
nlohmann::json standalone_enclosures(const CheckedProgram& program, const NormalForm<double>& input,
                                     ToolPrecision precision, Subnormals subnormals = Subnormals::Keep);

// Asks options.adapter for the script of `generated` and writes it to dir/FILE (FILE as the
// adapter names it, else "standalone.py"). Nothing (an empty result) when the adapter is not an
// outside tool's or writes no scripts; a paragraph saying why when it could not be had.
StandaloneScript write_standalone_script(const std::string& dir, const CampaignOptions& options,
                                         const GeneratedCase& generated);

}  // namespace chad
