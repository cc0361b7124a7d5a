// The adapter side of the oracle's adapter protocol (docs/adapter-protocol.md), shared by the
// C++ adapters (ADOL-C, Ceres): the JSON Lines loop on stdin/stdout, the handshake, requests
// parsed with nlohmann-json (the program from its "json" translation, numbers as hex floats),
// answers written with "%a", and every failure turned into an error answer of a stated kind.
// A tool supplies only `differentiate`. A bad request is answered, never fatal; `bye` or the
// end of the input ends the loop (status 0). A request with "timing" is answered with "seconds":
// the program interpreted in double, and `differentiate` for the first seed, each the fastest of
// repeated runs.
#pragma once
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_program_interpreter.hpp"

namespace chad_adapter {

constexpr int kProtocolVersion = 1;

// The handshake's fields.
struct ToolInfo {
  std::string tool;
  std::string version;
  std::string precision = "float64";
  std::string notes;  // optional; sent when not empty
  // The declared fragment's "primitives" (op names of docs/program-json.md that the interpreter
  // translates for this tool); sent when not empty (an absent field would declare every primitive).
  std::vector<std::string> primitives;
};

enum class Ask { Jacobian, Jvp, Vjp };

// One `differentiate` request, parsed.
struct Request {
  nlohmann::json id;
  Program program;
  nlohmann::json input_index;
  std::vector<double> input_coords;
  Ask ask = Ask::Jacobian;
  std::vector<std::vector<double>> seeds;
};

// What a tool computes: the output's index and coordinates, and the rows asked for (the
// Jacobian's rows, or one JVP / VJP per seed).
struct Answer {
  nlohmann::json output_index;
  std::vector<double> output_coords;
  std::vector<std::vector<double>> rows;
};

// An error answer of a protocol kind: "unsupported", "domain" or "crash".
class AdapterError : public std::runtime_error {
 public:
  AdapterError(std::string kind, const std::string& message)
      : std::runtime_error(message), kind_(std::move(kind)) {}
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
};

using Differentiate = std::function<Answer(const Request&)>;

// The protocol loop. Returns the process's exit status (0).
int serve(const ToolInfo& info, const Differentiate& differentiate, std::istream& in, std::ostream& out);

// A number of the protocol: a hex-float string (or "nan", "inf", "-inf") or a JSON number.
double parse_number(const nlohmann::json& j);
// The exact hex float ("%a") of x; "nan", "inf", "-inf" for non-finite values.
std::string hex_float(double x);

// Throws a "crash" error unless every seed of a vjp request has m entries (the output's dimension,
// known once the tool has evaluated the program).
void check_vjp_seeds(const Request& request, std::size_t m);

// The answer to one request line (the loop's body, exposed for tests).
nlohmann::json answer_line(const ToolInfo& info, const Differentiate& differentiate, const std::string& line);

// The request's input as a value of the program's input type, with coordinates `coords` (in
// the tool's scalar type, one per input coordinate).
template <class S>
ValueP<S> input_value(const Request& request, const std::vector<S>& coords) {
  std::size_t pos = 0;
  TypeBinders binders;
  ValueP<S> v = value_from_index<S>(request.program.input_type, request.input_index, coords, pos, binders);
  if (pos != coords.size()) throw MalformedProgram("too many input coordinates for the index");
  return v;
}

// The output value's index; its coordinates appended to `coords`.
template <class S>
nlohmann::json output_index(const Request& request, const ValueP<S>& output, std::vector<S>& coords) {
  TypeBinders binders;
  return index_of_value<S>(request.program.output_type, output, coords, binders);
}

}  // namespace chad_adapter
