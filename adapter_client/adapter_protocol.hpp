// The oracle's side of the adapter protocol (docs/adapter-protocol.md, version 1): the JSON of
// its messages, built and read. Exact numbers travel as hex floats; an index (the discrete
// shape of a normal form) as a JSON tree; an answer that breaks the protocol throws
// ProtocolError with what was wrong.
#pragma once
#include <nlohmann/json.hpp>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/normal_form.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

inline constexpr int adapter_protocol_version = 1;

struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "0x1.8p+0"; "nan", "inf", "-inf" for the non-finite.
std::string hex_float(double x);
// Each as hex_float, in a JSON list.
nlohmann::json hex_floats(const std::vector<double>& xs);
// A hex-float or decimal string, "nan"/"inf"/"-inf", or a JSON number; ProtocolError otherwise.
double read_number(const nlohmann::json& j, const std::string& where);
std::vector<double> read_numbers(const nlohmann::json& j, std::size_t expected, const std::string& where);

// {"reals": n} | {"unit": true} | {"pair": [a, b]} | {"inject": {"ctor", "tag", "of"}} | {"roll": i}
nlohmann::json index_json(const Index& index);
// Reads an index of a value of the data type `type`; ProtocolError when it is not one.
Index read_index(const nlohmann::json& j, const TypeP& type, const std::string& where);

// The working precision an adapter states in its hello.
enum class ToolPrecision { Float64, Float32 };
const char* precision_name(ToolPrecision p);  // "float64", "float32"
double unit_roundoff(ToolPrecision p);        // 2^-53, 2^-24
double smallest_subnormal(ToolPrecision p);   // 2^-1074, 2^-149
double largest_finite(ToolPrecision p);       // DBL_MAX, FLT_MAX
// How a tool treats magnitudes below the smallest normal number: kept (IEEE 754), or flushed to
// zero where they are read and where they are made (FTZ/DAZ, the hello's "subnormals": "flush":
// XLA's CPU runtime under JAX and TensorFlow's kernels set it, a documented convention).
enum class Subnormals { Keep, Flush };
// The absolute error one operation may make near zero: the smallest subnormal (Keep), or the
// smallest normal (Flush: a value below it may read as 0).
double absolute_error_unit(ToolPrecision p, Subnormals s);
// "float64", or "float64, subnormals flushed to zero".
std::string arithmetic_name(ToolPrecision p, Subnormals s);
// "float64 rounding", or "float64 rounding (subnormals flushed to zero)".
std::string rounding_name(ToolPrecision p, Subnormals s);

struct AdapterHello {
  std::string tool, version;
  ToolPrecision precision = ToolPrecision::Float64;
  Subnormals subnormals = Subnormals::Keep;  // "subnormals": "keep" (the default) or "flush"
  std::vector<std::string> translations;  // "python", "cpp", "json"
  std::string notes;
  bool timing = false;  // "timing": true: it times its answers when asked (the cost check)
  std::string mode;     // the tool's mode ("jax-jit-vjp"); "" when the hello names none
  // The declared fragment: the primitives (op names of docs/program-json.md), term formers (JSON
  // tags) and asks ("jacobian", "jvp", "vjp") the adapter supports; absent when the hello does
  // not declare it (then: every one). `derived`: for each ask the mode derives, how.
  std::optional<std::set<std::string>> primitives, formers, asks;
  std::map<std::string, std::string> derived;
  // "standalone": true: it answers a "standalone" request with a script in its tool alone that
  // reproduces a failure (docs/adapter-protocol.md, "Standalone scripts"; reports/standalone_script.hpp).
  bool standalone = false;
  // "second_order_band": the relative band its second derivatives are judged in (`--order 2`,
  // adapter_client/adapter_order2_check.hpp): what its nesting in floating point may round at second
  // order, measured (bench/order2_tools.py); absent: the band of CHAD's order-2 check (1e-9).
  std::optional<double> second_order_band;
  // The implementation judged, as verdicts and reports name it: the mode, else the tool.
  const std::string& name() const { return mode.empty() ? tool : mode; }
  // "primitives sin, cos; formers var, ...; asks jacobian" (what is declared; "" when nothing).
  std::string declaration() const;
  // {"primitives": [...] | null, "formers": ..., "asks": ...}: null where nothing is declared.
  nlohmann::json declaration_json() const;
};
nlohmann::json hello_request();
// The hello read and checked; a ProtocolError names what is wrong, among it a declared name the
// oracle does not know (an unknown primitive, former or ask: the adapter's fault).
AdapterHello read_hello(const nlohmann::json& answer);
// The hello as a campaign records it (campaign.json's "tool"): in the protocol's own form, so that
// read_hello reads it back, with everything that decides what a campaign draws and asks (tool,
// version, precision, mode, translations, timing, standalone, the declared fragment), not the notes.
nlohmann::json recorded_hello(const AdapterHello& hello);

// Second order (docs/adapter-protocol.md, "Second order"): `Hvp`, one H_w v per seed (H_w the
// Hessians of the output coordinates weighted by the request's cotangent w); `Hessian`, one n x n
// matrix per output coordinate.
enum class AdapterAsk { Jacobian, Jvp, Vjp, Hvp, Hessian };
const char* ask_name(AdapterAsk ask);  // "jacobian", "jvp", "vjp", "hvp", "hessian"
bool second_order(AdapterAsk ask);     // hvp, hessian

struct AdapterRequest {
  std::string program_text;
  const CheckedProgram* program = nullptr;
  NormalForm<double> input;
  Index output_index;  // the shape of the output at the input (from the reference)
  AdapterAsk ask = AdapterAsk::Jacobian;
  std::vector<std::vector<double>> seeds{};  // jvp, hvp: input tangents; vjp: output cotangents
  bool timing = false;  // "timing": true: the answer must carry "seconds" (AdapterSeconds)
  std::vector<double> cotangent{};  // hvp: the output cotangent w (one per output coordinate)
};
// The request's JSON, with the translations the adapter asked for in its hello.
nlohmann::json differentiate_request(const AdapterRequest& request, long id, const AdapterHello& hello);

// An answer's "seconds" (asked by "timing"): the tool's own wall time for one evaluation of the
// program without derivatives and for the asked derivative, each the fastest of its repetitions,
// parsing, translation and JSON left out (docs/adapter-protocol.md, "Timing").
struct AdapterSeconds {
  double primal = 0, derivative = 0;
};

struct AdapterAnswer {
  bool error = false;
  std::string error_kind;  // "unsupported", "domain", "crash"
  std::string message;
  std::optional<NormalForm<double>> output;  // when the adapter sent it
  // jacobian: m rows of n; jvp: one output tangent per seed; vjp, hvp: one input cotangent per seed.
  std::vector<std::vector<double>> rows;
  // hessian: one n x n matrix (rows) per output coordinate.
  std::vector<std::vector<std::vector<double>>> hessians;
  std::optional<AdapterSeconds> seconds;  // when sent; a timed request's answer must have it
};
// Reads the answer to request `id`; ProtocolError when it breaks the protocol.
AdapterAnswer read_answer(const nlohmann::json& answer, long id, const AdapterRequest& request);

// ---- The adapter's side (the golden adapter `chad-oracle serve-adapter`, tests) ----

// The point of a request, read against the program's input type; ProtocolError when malformed.
NormalForm<double> read_request_input(const nlohmann::json& request, const CheckedProgram& program);
AdapterAsk read_ask(const nlohmann::json& request);
// A result answer: `rows` under the ask's name, `output` and `seconds` when given.
nlohmann::json result_answer(long id, AdapterAsk ask, const std::vector<std::vector<double>>& rows,
                             const NormalForm<double>* output, const AdapterSeconds* seconds = nullptr);
// Whether a request asks for timing ("timing": true).
bool read_timing(const nlohmann::json& request);
nlohmann::json error_answer(long id, const std::string& kind, const std::string& message);

}  // namespace chad
