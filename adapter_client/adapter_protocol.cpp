#include "adapter_client/adapter_protocol.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "codegen/translate.hpp"
#include "generators/declared_fragment.hpp"
#include "model/coordinate_labels.hpp"
#include "syntax/program.hpp"

namespace chad {

using nlohmann::json;

std::string hex_float(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char text[64];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

json hex_floats(const std::vector<double>& xs) {
  json out = json::array();
  for (double x : xs) out.push_back(hex_float(x));
  return out;
}

double read_number(const json& j, const std::string& where) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "nan") return NAN;
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
    char* end = nullptr;
    const double x = std::strtod(s.c_str(), &end);
    if (!s.empty() && end == s.c_str() + s.size() && !std::isnan(x) && !std::isinf(x)) return x;
  }
  throw ProtocolError(where + ": not a number: " + j.dump());
}

std::vector<double> read_numbers(const json& j, std::size_t expected, const std::string& where) {
  if (!j.is_array()) throw ProtocolError(where + ": not a list of numbers: " + j.dump().substr(0, 200));
  if (j.size() != expected)
    throw ProtocolError(where + ": " + std::to_string(j.size()) + " numbers, expected " + std::to_string(expected));
  std::vector<double> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) out.push_back(read_number(j[i], where + "[" + std::to_string(i) + "]"));
  return out;
}

json index_json(const Index& index) {
  switch (index.kind) {
    case Index::Kind::Reals: return {{"reals", index.reals}};
    case Index::Kind::Unit: return {{"unit", true}};
    case Index::Kind::Pair: return {{"pair", json::array({index_json(index.children[0]), index_json(index.children[1])})}};
    case Index::Kind::Inject:
      return {{"inject", {{"ctor", index.ctor}, {"tag", index.tag}, {"of", index_json(index.children[0])}}}};
    case Index::Kind::Roll: return {{"roll", index_json(index.children[0])}};
  }
  return {};
}

namespace {

// The index's printed form (model/normal_form.hpp), which parse_index checks against the type.
void index_text(const json& j, std::string& out, const std::string& where) {
  if (!j.is_object() || j.size() != 1) throw ProtocolError(where + ": an index is an object with one field: " + j.dump().substr(0, 200));
  // The one field (not through items(): its iteration proxy is a temporary that a structured
  // binding would outlive).
  const std::string key = j.begin().key();
  const json& value = j.begin().value();
  if (key == "reals") {
    out += "_";
  } else if (key == "unit") {
    out += "()";
  } else if (key == "pair" && value.is_array() && value.size() == 2) {
    out += "(";
    index_text(value[0], out, where);
    out += ", ";
    index_text(value[1], out, where);
    out += ")";
  } else if (key == "inject" && value.is_object() && value.contains("ctor") && value["ctor"].is_string() &&
             value.contains("of")) {
    out += "(" + value["ctor"].get<std::string>() + " ";
    index_text(value["of"], out, where);
    out += ")";
  } else if (key == "roll") {
    out += "(roll ";
    index_text(value, out, where);
    out += ")";
  } else {
    throw ProtocolError(where + ": not an index: " + j.dump().substr(0, 200));
  }
}

// `reals` counts must match the type's shapes, which the printed form leaves out.
void check_reals(const json& j, const Index& index, const std::string& where) {
  if (index.kind == Index::Kind::Reals) {
    const json& n = j["reals"];
    if (!n.is_number_integer() || n.get<long>() != index.reals)
      throw ProtocolError(where + ": an array of " + std::to_string(index.reals) + " reals has `reals` " + n.dump());
    return;
  }
  if (index.kind == Index::Kind::Pair)
    for (int k = 0; k < 2; ++k) check_reals(j["pair"][k], index.children[k], where);
  if (index.kind == Index::Kind::Inject) check_reals(j["inject"]["of"], index.children[0], where);
  if (index.kind == Index::Kind::Roll) check_reals(j["roll"], index.children[0], where);
}

}  // namespace

Index read_index(const json& j, const TypeP& type, const std::string& where) {
  std::string text;
  index_text(j, text, where);
  Index index;
  try {
    index = parse_index(type, text);
  } catch (const SourceError& e) {
    throw ProtocolError(where + ": not an index of a value of type " + print_type(type) + ": " + e.message());
  }
  check_reals(j, index, where);
  return index;
}

const char* precision_name(ToolPrecision p) { return p == ToolPrecision::Float64 ? "float64" : "float32"; }
double unit_roundoff(ToolPrecision p) { return p == ToolPrecision::Float64 ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24); }
double smallest_subnormal(ToolPrecision p) {
  return p == ToolPrecision::Float64 ? std::ldexp(1.0, -1074) : std::ldexp(1.0, -149);
}
double absolute_error_unit(ToolPrecision p, Subnormals s) {
  if (s == Subnormals::Keep) return smallest_subnormal(p);
  return p == ToolPrecision::Float64 ? std::numeric_limits<double>::min() : double(std::numeric_limits<float>::min());
}
std::string arithmetic_name(ToolPrecision p, Subnormals s) {
  return std::string(precision_name(p)) + (s == Subnormals::Flush ? ", subnormals flushed to zero" : "");
}
std::string rounding_name(ToolPrecision p, Subnormals s) {
  return std::string(precision_name(p)) + " rounding" + (s == Subnormals::Flush ? " (subnormals flushed to zero)" : "");
}
double largest_finite(ToolPrecision p) {
  return p == ToolPrecision::Float64 ? std::numeric_limits<double>::max() : double(std::numeric_limits<float>::max());
}

json hello_request() { return {{"kind", "hello"}, {"protocol", adapter_protocol_version}}; }

namespace {

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The hello's list `field` of names among `known`, or none when the field is absent.
std::optional<std::set<std::string>> declared_names(const json& answer, const char* field,
                                                    const std::vector<std::string>& known, const char* what) {
  if (!answer.contains(field)) return std::nullopt;
  const json& list = answer[field];
  if (!list.is_array())
    throw ProtocolError(std::string("the handshake: `") + field + "` must be a list of names, got " + list.dump().substr(0, 200));
  std::set<std::string> names;
  for (const json& item : list) {
    if (!item.is_string())
      throw ProtocolError(std::string("the handshake: `") + field + "` holds " + item.dump().substr(0, 100) + ", not a name");
    const std::string name = item.get<std::string>();
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw ProtocolError(std::string("the handshake: the declared fragment names an unknown ") + what + " `" + name +
                          "` (known " + field + ": " + listed(known) + ")");
    names.insert(name);
  }
  return names;
}

}  // namespace

std::string AdapterHello::declaration() const {
  std::string out;
  auto add = [&](const char* field, const std::optional<std::set<std::string>>& names) {
    if (!names) return;
    out += std::string(out.empty() ? "" : "; ") + field + " " +
           (names->empty() ? std::string("(none)") : listed({names->begin(), names->end()}));
  };
  add("primitives", primitives);
  add("formers", formers);
  add("asks", asks);
  return out;
}

json AdapterHello::declaration_json() const {
  auto names = [](const std::optional<std::set<std::string>>& set) { return set ? json(*set) : json(nullptr); };
  return {{"primitives", names(primitives)}, {"formers", names(formers)}, {"asks", names(asks)}};
}

AdapterHello read_hello(const json& answer) {
  if (!answer.is_object() || answer.value("kind", "") != "hello")
    throw ProtocolError("the handshake: expected {\"kind\": \"hello\", ...}, got " + answer.dump().substr(0, 200));
  if (answer.value("protocol", -1) != adapter_protocol_version)
    throw ProtocolError("the handshake: the adapter speaks protocol " + answer.value("protocol", json()).dump() +
                          ", the oracle version " + std::to_string(adapter_protocol_version));
  AdapterHello hello;
  try {
    hello.tool = answer.at("tool").get<std::string>();
    hello.version = answer.value("version", "");
    const std::string precision = answer.value("precision", "float64");
    if (precision != "float64" && precision != "float32")
      throw ProtocolError("the handshake: precision `" + precision + "` (float64 or float32)");
    hello.precision = precision == "float64" ? ToolPrecision::Float64 : ToolPrecision::Float32;
    const std::string subnormals = answer.value("subnormals", "keep");
    if (subnormals != "keep" && subnormals != "flush")
      throw ProtocolError("the handshake: subnormals `" + subnormals + "` (keep or flush)");
    hello.subnormals = subnormals == "flush" ? Subnormals::Flush : Subnormals::Keep;
    for (const auto& t : answer.value("translations", json::array())) {
      const std::string name = t.get<std::string>();
      if (name != "python" && name != "cpp" && name != "json")
        throw ProtocolError("the handshake: unknown translation `" + name + "` (python, cpp, json)");
      hello.translations.push_back(name);
    }
    hello.notes = answer.value("notes", "");
    hello.timing = answer.value("timing", false);
    hello.mode = answer.value("mode", "");
    hello.standalone = answer.value("standalone", false);
    if (answer.contains("second_order_band")) {
      const json& band = answer["second_order_band"];
      if (!band.is_number() || !(band.get<double>() > 0 && band.get<double>() <= 1e-6))
        throw ProtocolError("the handshake: `second_order_band` must be a number in (0, 1e-6], got " + band.dump());
      hello.second_order_band = band.get<double>();
    }
    hello.primitives = declared_names(answer, "primitives", known_primitive_names(), "primitive");
    hello.formers = declared_names(answer, "formers", known_former_names(), "former");
    hello.asks = declared_names(answer, "asks", {"jacobian", "jvp", "vjp", "hvp", "hessian"}, "ask");
    const json derived = answer.value("derived", json::object());
    if (!derived.is_object()) throw ProtocolError("the handshake: `derived` must be an object, got " + derived.dump().substr(0, 200));
    for (auto it = derived.begin(); it != derived.end(); ++it) hello.derived[it.key()] = it.value().get<std::string>();
  } catch (const json::exception& e) {
    throw ProtocolError(std::string("the handshake: ") + e.what());
  }
  return hello;
}

json recorded_hello(const AdapterHello& hello) {
  json out = {{"kind", "hello"},
              {"protocol", adapter_protocol_version},
              {"tool", hello.tool},
              {"version", hello.version},
              {"precision", precision_name(hello.precision)},
              {"translations", hello.translations},
              {"timing", hello.timing},
              {"standalone", hello.standalone},
              {"derived", hello.derived}};
  if (!hello.mode.empty()) out["mode"] = hello.mode;
  if (hello.primitives) out["primitives"] = *hello.primitives;
  if (hello.formers) out["formers"] = *hello.formers;
  if (hello.asks) out["asks"] = *hello.asks;
  if (hello.second_order_band) out["second_order_band"] = *hello.second_order_band;
  if (hello.subnormals == Subnormals::Flush) out["subnormals"] = "flush";
  return out;
}

const char* ask_name(AdapterAsk ask) {
  switch (ask) {
    case AdapterAsk::Jacobian: return "jacobian";
    case AdapterAsk::Jvp: return "jvp";
    case AdapterAsk::Vjp: return "vjp";
    case AdapterAsk::Hvp: return "hvp";
    case AdapterAsk::Hessian: return "hessian";
  }
  return "?";
}

bool second_order(AdapterAsk ask) { return ask == AdapterAsk::Hvp || ask == AdapterAsk::Hessian; }

json differentiate_request(const AdapterRequest& request, long id, const AdapterHello& hello) {
  const CheckedProgram& program = *request.program;
  json translations = json::object();
  for (const std::string& language : hello.translations) translations[language] = translation_json(program, language);
  json seeds = json::array();
  for (const auto& seed : request.seeds) seeds.push_back(hex_floats(seed));
  json out = {{"kind", "differentiate"},
              {"id", id},
              {"program", request.program_text},
              {"translations", std::move(translations)},
              {"input_type", print_type(program.input_type)},
              {"output_type", print_type(program.output_type)},
              {"input",
               {{"index", index_json(request.input.index)},
                {"index_text", request.input.index.to_string()},
                {"coords", hex_floats(request.input.coords)},
                {"labels", input_labels(entry_point(program.program), request.input.index)}}},
              {"output",
               {{"index", index_json(request.output_index)},
                {"index_text", request.output_index.to_string()},
                {"labels", coordinate_labels(program.output_type, request.output_index, "out")}}},
              {"ask", ask_name(request.ask)},
              {"seeds", std::move(seeds)}};
  if (request.ask == AdapterAsk::Hvp) out["cotangent"] = hex_floats(request.cotangent);
  if (request.timing) out["timing"] = true;
  return out;
}

// A text field of an answer: "" when absent; ProtocolError when present and not a string (json's
// value() would throw its own type_error: a tool's malformed answer taken for the oracle's bug).
static std::string answer_text(const json& answer, const char* field) {
  if (!answer.contains(field)) return "";
  if (!answer[field].is_string())
    throw ProtocolError(std::string("the answer's `") + field + "` is not a string: " + answer[field].dump().substr(0, 100));
  return answer[field].get<std::string>();
}

// `count` rows of `width` numbers each, under `field`; ProtocolError when the shape differs.
static std::vector<std::vector<double>> read_rows(const json& rows, std::size_t count, std::size_t width,
                                                  const std::string& field) {
  if (!rows.is_array() || rows.size() != count)
    throw ProtocolError(field + ": expected " + std::to_string(count) + " rows, got " +
                        (rows.is_array() ? std::to_string(rows.size()) : rows.dump().substr(0, 100)));
  std::vector<std::vector<double>> out;
  for (std::size_t i = 0; i < count; ++i) out.push_back(read_numbers(rows[i], width, field + "[" + std::to_string(i) + "]"));
  return out;
}

// A `hessian` answer: m matrices of n rows of n numbers.
static std::vector<std::vector<std::vector<double>>> read_hessians(const json& matrices, std::size_t m, std::size_t n) {
  if (!matrices.is_array() || matrices.size() != m)
    throw ProtocolError("hessian: expected " + std::to_string(m) + " matrices (one per output coordinate), got " +
                        (matrices.is_array() ? std::to_string(matrices.size()) : matrices.dump().substr(0, 100)));
  std::vector<std::vector<std::vector<double>>> out;
  for (std::size_t i = 0; i < m; ++i) out.push_back(read_rows(matrices[i], n, n, "hessian[" + std::to_string(i) + "]"));
  return out;
}

AdapterAnswer read_answer(const json& answer, long id, const AdapterRequest& request) {
  if (!answer.is_object()) throw ProtocolError("the answer is not a JSON object");
  if (!answer.contains("id") || !answer["id"].is_number_integer() || answer["id"].get<long>() != id)
    throw ProtocolError("the answer's id is " + answer.value("id", json()).dump() + ", the request's " + std::to_string(id));
  const std::string kind = answer_text(answer, "kind");
  AdapterAnswer out;
  if (kind == "error") {
    out.error = true;
    out.error_kind = answer_text(answer, "error");
    if (out.error_kind != "unsupported" && out.error_kind != "domain" && out.error_kind != "crash")
      throw ProtocolError("an error of unknown kind `" + out.error_kind + "` (unsupported, domain, crash)");
    const json& message = answer.contains("message") ? answer["message"] : json("");
    out.message = message.is_string() ? message.get<std::string>() : message.dump();
    return out;
  }
  if (kind != "result") throw ProtocolError("an answer of kind `" + kind + "` (result or error)");
  const std::size_t n = request.input.coords.size(), m = std::size_t(request.output_index.dimension());
  if (answer.contains("output")) {
    const json& o = answer["output"];
    if (!o.is_object() || !o.contains("index") || !o.contains("coords")) throw ProtocolError("output: needs index and coords");
    NormalForm<double> output;
    output.index = read_index(o["index"], request.program->output_type, "output.index");
    output.coords = read_numbers(o["coords"], std::size_t(output.index.dimension()), "output.coords");
    out.output = std::move(output);
  }
  const char* field = ask_name(request.ask);
  if (!answer.contains(field)) throw ProtocolError(std::string("the answer has no `") + field + "`");
  const json& rows = answer[field];
  if (request.ask == AdapterAsk::Hessian) {
    out.hessians = read_hessians(rows, m, n);
  } else {
    const std::size_t count = request.ask == AdapterAsk::Jacobian ? m : request.seeds.size();
    const std::size_t width = request.ask == AdapterAsk::Jvp ? m : n;
    out.rows = read_rows(rows, count, width, field);
  }
  if (answer.contains("seconds")) {
    const json& s = answer["seconds"];
    if (!s.is_object() || !s.contains("primal") || !s.contains("derivative"))
      throw ProtocolError("seconds: expected {\"primal\": s, \"derivative\": s}, got " + s.dump().substr(0, 100));
    AdapterSeconds seconds{read_number(s["primal"], "seconds.primal"), read_number(s["derivative"], "seconds.derivative")};
    if (!(seconds.primal >= 0 && seconds.derivative >= 0 && std::isfinite(seconds.primal) && std::isfinite(seconds.derivative)))
      throw ProtocolError("seconds: times must be finite and not negative, got " + s.dump().substr(0, 100));
    out.seconds = seconds;
  } else if (request.timing) {
    throw ProtocolError("the request asked for timing; the answer has no `seconds`");
  }
  return out;
}

NormalForm<double> read_request_input(const json& request, const CheckedProgram& program) {
  if (!request.contains("input") || !request["input"].is_object()) throw ProtocolError("the request has no `input`");
  const json& in = request["input"];
  NormalForm<double> input;
  input.index = read_index(in.value("index", json()), program.input_type, "input.index");
  input.coords = read_numbers(in.value("coords", json()), std::size_t(input.index.dimension()), "input.coords");
  return input;
}

AdapterAsk read_ask(const json& request) {
  const std::string ask = request.value("ask", "");
  for (AdapterAsk a : {AdapterAsk::Jacobian, AdapterAsk::Jvp, AdapterAsk::Vjp, AdapterAsk::Hvp, AdapterAsk::Hessian})
    if (ask == ask_name(a)) return a;
  throw ProtocolError("unknown ask `" + ask + "` (jacobian, jvp, vjp, hvp, hessian)");
}

json result_answer(long id, AdapterAsk ask, const std::vector<std::vector<double>>& rows, const NormalForm<double>* output,
                   const AdapterSeconds* seconds) {
  json out = {{"kind", "result"}, {"id", id}};
  json r = json::array();
  for (const auto& row : rows) r.push_back(hex_floats(row));
  out[ask_name(ask)] = std::move(r);
  if (output) {
    out["output"] = {{"index", index_json(output->index)}, {"coords", hex_floats(output->coords)}};
  }
  if (seconds) out["seconds"] = {{"primal", seconds->primal}, {"derivative", seconds->derivative}};
  return out;
}

bool read_timing(const json& request) {
  return request.contains("timing") && request["timing"].is_boolean() && request["timing"].get<bool>();
}

json error_answer(long id, const std::string& kind, const std::string& message) {
  return {{"kind", "error"}, {"id", id}, {"error", kind}, {"message", message}};
}

}  // namespace chad
